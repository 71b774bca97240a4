package dev.weft.samples.structures.striped;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * {@link StripedCounter} with one bug: {@code add} reads and writes its cell with two separate
 * opaque accesses instead of one atomic read-modify-write, on the reasoning that "each thread has
 * its own cell". It has not: threads are spread over the cells by hash, and with more threads than
 * cells two of them share one. Two adds to the same cell can then both read the old value and
 * one update is lost: an atomicity bug, so it shows under every memory model, SC included.
 */
public final class BuggyStripedCounter {
    private static final VarHandle CELL = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] cells;
    private final int mask;

    /** A counter with {@code stripes} cells, a power of two. */
    public BuggyStripedCounter(int stripes) {
        if (stripes <= 0 || Integer.bitCount(stripes) != 1) {
            throw new IllegalArgumentException("stripes must be a power of two: " + stripes);
        }
        cells = new long[stripes];
        mask = stripes - 1;
    }

    /** Adds {@code delta} to the calling thread's cell. */
    public void add(long delta) {
        int i = stripe();
        // BUG: not atomic: two threads on the same cell can both read the old value
        CELL.setOpaque(cells, i, (long) CELL.getOpaque(cells, i) + delta);
    }

    /** Adds one. */
    public void increment() {
        add(1);
    }

    /** The sum of all cells (exact when no add runs concurrently). */
    public long sum() {
        long sum = 0;
        for (int i = 0; i < cells.length; i++) {
            sum += (long) CELL.getOpaque(cells, i);
        }
        return sum;
    }

    /** The cell of the calling thread: a mix of its identity hash, so that threads spread out. */
    private int stripe() {
        int h = System.identityHashCode(Thread.currentThread());
        h ^= h >>> 16;
        h *= 0x45d9f3b;
        h ^= h >>> 16;
        return h & mask;
    }
}
