package dev.weft.samples.structures.striped;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.junit.ModelCheck;
import dev.weft.runtime.RacePolicy;

/**
 * {@link StripedCounter} under RC11: no increment is lost even when threads share a cell (three
 * threads, two cells: at least two of them share one), and a reader's successive sums never
 * decrease and never exceed what was added.
 */
@ModelCheck(races = RacePolicy.FAIL) // the plain accesses are claimed race-free: hold it to that
class StripedCounterTest {

    /** Three threads increment twice each on two cells: the sum afterwards is 6. */
    @ModelCheck
    void incrementsOnSharedCellsAreNotLost() throws InterruptedException {
        StripedCounter counter = new StripedCounter(2);
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
        assertEquals(6, counter.sum(), "increments lost");
    }

    /**
     * Two threads add 1 twice each while a third sums twice: each sum is between 0 and 4, the
     * second is not below the first, and after the joins the sum is 4.
     */
    @ModelCheck
    void concurrentSumsAreMonotonicAndBounded() throws InterruptedException {
        StripedCounter counter = new StripedCounter(2);
        long[] sums = new long[2];
        Runnable adder = () -> {
            counter.add(1);
            counter.add(1);
        };
        Thread a = new Thread(adder);
        Thread b = new Thread(adder);
        Thread reader = new Thread(() -> {
            sums[0] = counter.sum();
            sums[1] = counter.sum();
        });
        a.start();
        b.start();
        reader.start();
        a.join();
        b.join();
        reader.join();
        assertTrue(0 <= sums[0] && sums[0] <= sums[1] && sums[1] <= 4, "sums " + sums[0] + " then " + sums[1]);
        assertEquals(4, counter.sum(), "increments lost");
    }
}
