package dev.weft.samples.structures.chaselev;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * {@link ChaseLevDeque} with one bug: {@code take} has no SC fence between its store of the
 * decremented {@code bottom} and its load of {@code top} (the fence "looks redundant": the store
 * is to the owner's own variable, and steal keeps its fence). Then the owner's store-then-load and
 * a thief's load-then-load are a store-buffering pair: the owner can read a {@code top} that a
 * thief has already advanced, while a second thief reads the old {@code bottom}; both take the
 * same element without a CAS conflict between them. Forbidden by SC, allowed by RC11 and RA.
 *
 * @param <E> the element type
 */
public final class BuggyChaseLevDeque<E> {
    private static final VarHandle TOP;
    private static final VarHandle BOTTOM;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            TOP = lookup.findVarHandle(BuggyChaseLevDeque.class, "top", long.class);
            BOTTOM = lookup.findVarHandle(BuggyChaseLevDeque.class, "bottom", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Object[] slots;
    private final int mask;
    @SuppressWarnings("unused") // accessed through TOP
    private long top;
    @SuppressWarnings("unused") // accessed through BOTTOM
    private long bottom;

    /** A deque that holds at most {@code capacity} elements, a power of two. */
    public BuggyChaseLevDeque(int capacity) {
        if (capacity <= 0 || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
        }
        slots = new Object[capacity];
        mask = capacity - 1;
    }

    /** Owner only: pushes {@code item} (not null) at the bottom; false when the deque is full. */
    public boolean push(E item) {
        if (item == null) {
            throw new NullPointerException("item");
        }
        long b = (long) BOTTOM.get(this);
        long t = (long) TOP.getAcquire(this);
        if (b - t >= slots.length) {
            return false;
        }
        SLOT.setOpaque(slots, (int) b & mask, item);
        VarHandle.releaseFence();
        BOTTOM.setOpaque(this, b + 1);
        return true;
    }

    /** Owner only: takes the most recently pushed element, or returns null when the deque is empty. */
    @SuppressWarnings("unchecked")
    public E take() {
        long b = (long) BOTTOM.get(this) - 1;
        BOTTOM.setOpaque(this, b);
        // BUG: VarHandle.fullFence() missing here: the load of top may be ordered before the store
        long t = (long) TOP.getOpaque(this);
        if (t > b) {
            BOTTOM.setOpaque(this, b + 1); // it was empty
            return null;
        }
        E item = (E) SLOT.get(slots, (int) b & mask);
        if (t == b) {
            // the last element: a thief may be stealing it; whoever moves top first has it
            boolean won = TOP.compareAndSet(this, t, t + 1);
            BOTTOM.setOpaque(this, b + 1);
            return won ? item : null;
        }
        return item;
    }

    /**
     * Any thread but the owner: steals the least recently pushed element. Returns null when the
     * deque is empty or when the thread lost the race for the top element to another thief or the
     * owner (then the caller may try again).
     */
    @SuppressWarnings("unchecked")
    public E steal() {
        long t = (long) TOP.getAcquire(this);
        VarHandle.fullFence();
        long b = (long) BOTTOM.getAcquire(this);
        if (t >= b) {
            return null;
        }
        E item = (E) SLOT.getOpaque(slots, (int) t & mask);
        return TOP.compareAndSet(this, t, t + 1) ? item : null;
    }
}
