package dev.weft.junit.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link HeapWatch}: the heap after collections while it watches, and after its last one. */
class HeapWatchTest {
    private static final int MIB = 1 << 20;
    private static final int ARRAY = 64 * MIB;

    /** Keeps what a test allocates reachable for as long as the test wants. */
    private static volatile byte[] kept;

    @Test
    void countsWhatACollectionDuringTheWatchFoundReachableThoughItIsGoneAtTheEnd() {
        long baseline = HeapWatch.start().stop();
        HeapWatch watch = HeapWatch.start();
        kept = new byte[ARRAY];
        System.gc(); // a collection while the array is reachable
        kept = null;
        long peak = watch.stop(); // its own last collection no longer finds the array
        assertTrue(peak - baseline > 0.9 * ARRAY, () -> "peak " + peak + " bytes, baseline " + baseline);
    }

    @Test
    void withoutACollectionBetweenTheWatchHasTheHeapItsLastCollectionLeaves() {
        long baseline = HeapWatch.start().stop();
        try {
            HeapWatch watch = HeapWatch.start();
            kept = new byte[ARRAY];
            long peak = watch.stop();
            assertTrue(peak - baseline > 0.9 * ARRAY, () -> "peak " + peak + " bytes, baseline " + baseline);
        } finally {
            kept = null;
        }
    }

    @Test
    void garbageLeftBeforeTheWatchIsNotCounted() {
        long baseline = HeapWatch.start().stop();
        kept = new byte[ARRAY];
        kept = null; // garbage, not yet collected
        long peak = HeapWatch.start().stop();
        assertTrue(peak - baseline < 0.5 * ARRAY, () -> "peak " + peak + " bytes, baseline " + baseline);
    }

    @Test
    void mebibytesHaveOneDecimal() {
        assertEquals("12.3MiB", HeapWatch.mebibytes(12 * MIB + 3 * MIB / 10));
        assertEquals("0.0MiB", HeapWatch.mebibytes(0));
        assertEquals("1024.0MiB", HeapWatch.mebibytes(1024L * MIB));
    }
}
