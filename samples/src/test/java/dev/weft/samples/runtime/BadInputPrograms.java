package dev.weft.samples.runtime;

import java.util.Random;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

/** Test bodies that do something a model checker must not silently accept. */
final class BadInputPrograms {
    private BadInputPrograms() {}

    static final class Cells {
        volatile int x;
        volatile int y;
    }

    /** Branches on the clock: Weft's clock is a function of the execution, so replays agree. */
    static void branchOnNanoTime() throws InterruptedException {
        Cells c = new Cells();
        BugPrograms.startAndJoin(() -> {
            if (System.nanoTime() % 2 == 0) {
                c.x = 1;
            } else {
                c.y = 1;
            }
        }, () -> {
            int r = c.x + c.y;
        });
    }

    static void unseededRandom() throws InterruptedException {
        Cells c = new Cells();
        BugPrograms.startAndJoin(() -> c.x = new Random().nextInt(2));
    }

    /** A concurrent deque behind the Deque interface, as most code holds one. */
    static void concurrentQueueThroughTheQueueInterface() throws InterruptedException {
        java.util.Deque<Integer> work = new java.util.concurrent.ConcurrentLinkedDeque<>();
        BugPrograms.startAndJoin(() -> work.offerLast(1), () -> work.offerLast(2));
    }

    /** A plain map behind the Map interface, used by one thread: nothing to refuse. */
    static void hashMapThroughTheMapInterface() throws InterruptedException {
        java.util.Map<String, Integer> counts = new java.util.HashMap<>();
        BugPrograms.startAndJoin(() -> counts.put("a", 1));
        if (counts.get("a") != 1) {
            throw new AssertionError("map " + counts);
        }
    }

    static void cyclicBarrier() throws InterruptedException {
        CyclicBarrier barrier = new CyclicBarrier(2);
        BugPrograms.startAndJoin(() -> {
            try {
                barrier.await();
            } catch (InterruptedException | BrokenBarrierException e) {
                throw new AssertionError(e);
            }
        });
    }

    /**
     * Starts a thread through reflection, as a library or framework would from uninstrumented code:
     * Weft does not see the start, so the thread's writes happen outside the model.
     */
    static void threadStartedOutsideTheModel() throws ReflectiveOperationException {
        Cells c = new Cells();
        Thread t = new Thread(() -> c.x = 1);
        Thread.class.getMethod("start").invoke(t);
        Thread.class.getMethod("join").invoke(t);
    }

    /** Spins on a loop that also counts, so spin-assume does not apply: the event bound must stop it. */
    static void countingSpin() throws InterruptedException {
        Cells c = new Cells();
        BugPrograms.startAndJoin(() -> {
            int spins = 0;
            while (c.x == 0) {
                spins++;
            }
        });
    }
}
