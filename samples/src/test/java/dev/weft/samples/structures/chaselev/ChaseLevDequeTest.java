package dev.weft.samples.structures.chaselev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.junit.ModelCheck;
import dev.weft.runtime.RacePolicy;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link ChaseLevDeque} under RC11, with the test's main thread as the owner and one or two
 * thieves: every element pushed is taken or stolen exactly once or is still there (no loss, no
 * duplicate, in particular not of the last element that owner and thieves race for), the owner
 * takes in LIFO order and each thief steals in FIFO order, a slot reused after wrapping around
 * does not leak into a steal of the old element, and a stolen element's contents are published.
 * (Under RA, where the SC fences are only acquire/release fences, the deque is not correct: that
 * is the model, and {@code StructuresBuggyVariantsTest} shows it.)
 */
@ModelCheck(races = RacePolicy.FAIL) // the plain accesses are claimed race-free: hold it to that
class ChaseLevDequeTest {

    /** The owner takes what is left: the elements in take order. */
    static <E> List<E> drain(ChaseLevDeque<E> deque) {
        List<E> out = new ArrayList<>();
        for (E e = deque.take(); e != null; e = deque.take()) {
            out.add(e);
        }
        return out;
    }

    /** Asserts that {@code got} holds each of {@code expected} exactly once. */
    static void assertEachOnce(List<Integer> expected, List<Integer> got) {
        List<Integer> sorted = new ArrayList<>(got);
        sorted.sort(null);
        assertEquals(expected, sorted, "lost or duplicated elements: got " + got);
    }

    /** Adds {@code e} to {@code into} unless it is null. */
    static void addIfPresent(List<Integer> into, Integer e) {
        if (e != null) {
            into.add(e);
        }
    }

    /**
     * The deque holds 1 and 2; the owner takes twice while two thieves steal once each. Each
     * element is had by exactly one of them (the last one is what the SC fences protect), the
     * owner's takes come out newest first.
     */
    @ModelCheck
    void ownerAndTwoThievesTakeEachElementOnce() throws InterruptedException {
        ChaseLevDeque<Integer> deque = new ChaseLevDeque<>(4);
        deque.push(1);
        deque.push(2);
        Integer[] stolen = new Integer[2];
        Thread thief1 = new Thread(() -> stolen[0] = deque.steal());
        Thread thief2 = new Thread(() -> stolen[1] = deque.steal());
        thief1.start();
        thief2.start();
        Integer first = deque.take();
        Integer second = deque.take();
        thief1.join();
        thief2.join();
        List<Integer> all = new ArrayList<>();
        addIfPresent(all, first);
        addIfPresent(all, second);
        addIfPresent(all, stolen[0]);
        addIfPresent(all, stolen[1]);
        all.addAll(drain(deque));
        assertEachOnce(List.of(1, 2), all);
        assertFalse(first != null && second != null && first < second, "takes not LIFO: " + first + ", " + second);
    }

    /**
     * The owner pushes 1 and 2 and then takes, while two thieves steal once each: every element is
     * had exactly once, and a thief that gets 2 ran after 1 was gone.
     */
    @ModelCheck
    void pushesRaceWithTwoThieves() throws InterruptedException {
        ChaseLevDeque<Integer> deque = new ChaseLevDeque<>(4);
        Integer[] stolen = new Integer[2];
        Thread thief1 = new Thread(() -> stolen[0] = deque.steal());
        Thread thief2 = new Thread(() -> stolen[1] = deque.steal());
        thief1.start();
        thief2.start();
        deque.push(1);
        deque.push(2);
        Integer taken = deque.take();
        thief1.join();
        thief2.join();
        List<Integer> all = new ArrayList<>();
        addIfPresent(all, taken);
        addIfPresent(all, stolen[0]);
        addIfPresent(all, stolen[1]);
        all.addAll(drain(deque));
        assertEachOnce(List.of(1, 2), all);
    }

    /**
     * Everyone at least twice: the owner pushes 1 and 2 and takes twice, while two thieves steal
     * twice each. Every element is had exactly once, the owner's takes come out newest first, and
     * each thief's steals oldest first.
     */
    @ModelCheck
    void ownerAndThievesTwoOperationsEach() throws InterruptedException {
        ChaseLevDeque<Integer> deque = new ChaseLevDeque<>(4);
        List<Integer> stolen1 = new ArrayList<>();
        List<Integer> stolen2 = new ArrayList<>();
        Thread thief1 = new Thread(() -> {
            addIfPresent(stolen1, deque.steal());
            addIfPresent(stolen1, deque.steal());
        });
        Thread thief2 = new Thread(() -> {
            addIfPresent(stolen2, deque.steal());
            addIfPresent(stolen2, deque.steal());
        });
        thief1.start();
        thief2.start();
        deque.push(1);
        deque.push(2);
        List<Integer> taken = new ArrayList<>();
        addIfPresent(taken, deque.take());
        addIfPresent(taken, deque.take());
        thief1.join();
        thief2.join();
        List<Integer> all = new ArrayList<>(taken);
        all.addAll(stolen1);
        all.addAll(stolen2);
        all.addAll(drain(deque));
        assertEachOnce(List.of(1, 2), all);
        assertTrue(taken.size() < 2 || taken.get(0) > taken.get(1), "takes not LIFO: " + taken);
        assertTrue(stolen1.size() < 2 || stolen1.get(0) < stolen1.get(1), "steals not FIFO: " + stolen1);
        assertTrue(stolen2.size() < 2 || stolen2.get(0) < stolen2.get(1), "steals not FIFO: " + stolen2);
    }

    /**
     * Capacity 2: the owner fills the deque with 1 and 2, then pushes 3 (accepted only if a slot
     * was freed by a steal, and then written into the slot of 1) and takes once; a thief steals
     * twice, oldest first. Every accepted element is had exactly once: in particular the thief
     * never reads 3 from the reused slot while it steals 1.
     */
    @ModelCheck
    void wrapAroundReusesOnlyFreedSlots() throws InterruptedException {
        ChaseLevDeque<Integer> deque = new ChaseLevDeque<>(2);
        deque.push(1);
        deque.push(2);
        List<Integer> stolen = new ArrayList<>();
        Thread thief = new Thread(() -> {
            addIfPresent(stolen, deque.steal());
            addIfPresent(stolen, deque.steal());
        });
        thief.start();
        boolean accepted = deque.push(3);
        Integer taken = deque.take();
        thief.join();
        List<Integer> all = new ArrayList<>(stolen);
        addIfPresent(all, taken);
        all.addAll(drain(deque));
        assertEachOnce(accepted ? List.of(1, 2, 3) : List.of(1, 2), all);
        assertTrue(stolen.size() < 2 || stolen.get(0) < stolen.get(1), "steals not FIFO: " + stolen);
    }

    /** An element whose contents are written by plain stores before it is pushed. */
    static final class Task {
        int payload;
    }

    /**
     * The owner fills two tasks and pushes them while a thief steals twice: a stolen task shows
     * the payload the owner wrote (the release fence in push, the acquire of bottom in steal).
     */
    @ModelCheck
    void stolenElementsArePublished() throws InterruptedException {
        ChaseLevDeque<Task> deque = new ChaseLevDeque<>(2);
        Thread thief = new Thread(() -> {
            for (int i = 0; i < 2; i++) {
                Task task = deque.steal();
                if (task != null) {
                    int payload = task.payload;
                    assertTrue(payload == 1 || payload == 2, "stole a task whose payload is " + payload);
                }
            }
        });
        thief.start();
        for (int i = 1; i <= 2; i++) {
            Task task = new Task();
            task.payload = i;
            deque.push(task);
        }
        thief.join();
    }
}
