package dev.weft.samples.structures.spsc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * {@link SpscRingBuffer} with one bug: the producer publishes {@code tail} with an
 * <em>opaque</em> store ({@code setOpaque}, which some take for a cheaper {@code lazySet}: it is
 * atomic and eventually visible, but orders nothing). The consumer's acquire of {@code tail} then
 * has no release to pair with: under RC11 it can see the new {@code tail} and still read the slot
 * as it was before the producer filled it (a stale {@code null}, returned as if the buffer were
 * empty, or an element's old contents). SC and RA (where every write releases) cannot show it.
 *
 * @param <E> the element type
 */
public final class BuggySpscRingBuffer<E> {
    private static final VarHandle HEAD;
    private static final VarHandle TAIL;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(BuggySpscRingBuffer.class, "head", long.class);
            TAIL = lookup.findVarHandle(BuggySpscRingBuffer.class, "tail", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Object[] slots;
    /** The index of the next element to poll; written by the consumer only. */
    @SuppressWarnings("unused") // accessed through HEAD
    private long head;
    /** The index of the next slot to fill; written by the producer only. */
    @SuppressWarnings("unused") // accessed through TAIL
    private long tail;

    /** A buffer that holds at most {@code capacity} elements. */
    public BuggySpscRingBuffer(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        slots = new Object[capacity];
    }

    /** Producer only: appends {@code item} (not null); false when the buffer is full. */
    public boolean offer(E item) {
        if (item == null) {
            throw new NullPointerException("item");
        }
        long t = (long) TAIL.get(this);
        if (t - (long) HEAD.getAcquire(this) == slots.length) {
            return false;
        }
        slots[(int) (t % slots.length)] = item;
        TAIL.setOpaque(this, t + 1); // BUG: must be setRelease (publishes the slot)
        return true;
    }

    /** Consumer only: removes and returns the oldest element, or null when the buffer is empty. */
    @SuppressWarnings("unchecked")
    public E poll() {
        long h = (long) HEAD.get(this);
        if (h == (long) TAIL.getAcquire(this)) {
            return null;
        }
        int i = (int) (h % slots.length);
        E item = (E) slots[i];
        slots[i] = null;
        HEAD.setRelease(this, h + 1);
        return item;
    }
}
