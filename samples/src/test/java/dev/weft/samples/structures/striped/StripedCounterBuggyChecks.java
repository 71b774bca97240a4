package dev.weft.samples.structures.striped;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.junit.ModelCheck;

/**
 * The check that finds the bug of {@link BuggyStripedCounter} (a read and a write instead of an
 * atomic add): two of three threads share one of the two cells, and one of their increments is
 * lost, under every model. Not a test class of its own: {@code StructuresBuggyVariantsTest} runs
 * it under each model and checks that it fails exactly where the model allows the bug.
 */
public class StripedCounterBuggyChecks {

    /** Three threads increment twice each on two cells: the sum afterwards must be 6. */
    @ModelCheck
    void incrementsOnSharedCellsAreNotLost() throws InterruptedException {
        BuggyStripedCounter counter = new BuggyStripedCounter(2);
        Thread[] threads = new Thread[3];
        for (int i = 0; i < threads.length; i++) {
            threads[i] = new Thread(() -> {
                counter.increment();
                counter.increment();
            });
            threads[i].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        long sum = counter.sum();
        assertEquals(6, sum, "increments lost: sum " + sum);
    }
}
