package dev.weft.samples.structures.striped;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A counter striped over several cells so that threads that add at the same time mostly update
 * different cells (the idea of {@code java.util.concurrent.atomic.LongAdder}, without its dynamic
 * growth and padding): a thread adds to the cell its hash picks, and {@link #sum} adds up all the
 * cells.
 *
 * <p><b>Access modes.</b>
 * <ul>
 *   <li>{@link #add} is an atomic read-modify-write of one cell ({@code getAndAddRelease}): two
 *       threads whose hashes pick the same cell must not lose an update, whatever the memory model.
 *       A counter orders nothing else, so the RMW needs no ordering of its own, but Java has no
 *       relaxed {@code getAndAdd}: its release (or acquire) form is the weakest on offer, and
 *       cheaper than the volatile one on weakly ordered hardware.</li>
 *   <li>{@link #sum} reads each cell <em>opaque</em>: atomic (a plain {@code long} read may tear on
 *       32-bit JVMs) and coherent, so two successive sums by one thread never decrease; a sum is
 *       not a snapshot: adds that run meanwhile may or may not be counted. Once the adding threads
 *       have been joined, it is exact.</li>
 * </ul>
 */
public final class StripedCounter {
    private static final VarHandle CELL = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] cells;
    private final int mask;

    /** A counter with {@code stripes} cells, a power of two. */
    public StripedCounter(int stripes) {
        if (stripes <= 0 || Integer.bitCount(stripes) != 1) {
            throw new IllegalArgumentException("stripes must be a power of two: " + stripes);
        }
        cells = new long[stripes];
        mask = stripes - 1;
    }

    /** Adds {@code delta} to the calling thread's cell. */
    public void add(long delta) {
        CELL.getAndAddRelease(cells, stripe(), delta);
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
