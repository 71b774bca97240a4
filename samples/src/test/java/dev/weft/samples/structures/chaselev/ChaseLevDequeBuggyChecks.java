package dev.weft.samples.structures.chaselev;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.junit.ModelCheck;
import java.util.ArrayList;
import java.util.List;

/**
 * The check that finds the bug of {@link BuggyChaseLevDeque} (no SC fence in {@code take}): one
 * thief steals 1, the owner takes 2 without a CAS because it reads the old {@code top}, and the
 * other thief, reading the old {@code bottom}, steals 2 as well. Not a test class of its own:
 * {@code StructuresBuggyVariantsTest} runs it under each model and checks that it fails exactly
 * where the model allows the bug.
 */
public class ChaseLevDequeBuggyChecks {

    /** The deque holds 1 and 2; the owner takes once while two thieves steal once each. */
    @ModelCheck
    void eachElementIsTakenOnce() throws InterruptedException {
        BuggyChaseLevDeque<Integer> deque = new BuggyChaseLevDeque<>(4);
        deque.push(1);
        deque.push(2);
        Integer[] stolen = new Integer[2];
        Thread thief1 = new Thread(() -> stolen[0] = deque.steal());
        Thread thief2 = new Thread(() -> stolen[1] = deque.steal());
        thief1.start();
        thief2.start();
        Integer taken = deque.take();
        thief1.join();
        thief2.join();
        List<Integer> all = new ArrayList<>();
        for (Integer e : new Integer[] {taken, stolen[0], stolen[1]}) {
            if (e != null) {
                all.add(e);
            }
        }
        for (Integer e = deque.take(); e != null; e = deque.take()) {
            all.add(e);
        }
        all.sort(null);
        assertEquals(List.of(1, 2), all, "an element was taken twice or lost: taken " + taken + ", stolen "
                + stolen[0] + " and " + stolen[1]);
    }
}
