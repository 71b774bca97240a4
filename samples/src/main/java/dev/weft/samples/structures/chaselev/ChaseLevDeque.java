package dev.weft.samples.structures.chaselev;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The Chase–Lev work-stealing deque (D. Chase and Y. Lev, "Dynamic Circular Work-Stealing Deque",
 * SPAA 2005) with the access modes and fences of its C11 version (N. M. Lê, A. Pop, A. Cohen and
 * F. Zappa Nardelli, "Correct and Efficient Work-Stealing for Weak Memory Models", PPoPP 2013).
 *
 * <p>One thread, the <em>owner</em>, pushes and takes at the bottom (LIFO); any other thread, a
 * <em>thief</em>, steals at the top (FIFO). Elements live in a circular array at indices
 * {@code top .. bottom-1}. Only the owner writes {@code bottom}; thieves advance {@code top} with
 * a CAS; owner and thieves race only for the last element, which the owner, too, then takes with
 * a CAS on {@code top}.
 *
 * <p><b>Fixed capacity.</b> Unlike the papers, the array is not grown: {@link #push} returns
 * false when the deque is full. The capacity is a power of two and indices wrap around, so a slot
 * is reused once its element has been taken or stolen. Taken slots are not cleared (a thief may
 * still be reading them), so an element stays reachable until its slot is overwritten.
 *
 * <p><b>Access modes</b> (those of Lê et al., mapped to VarHandles):
 * <ul>
 *   <li>{@code push} stores the element <em>opaque</em> (a thief may read the slot while the owner
 *       writes it, after wrapping around), then, as in the paper, a <em>release fence</em> and
 *       {@code bottom} opaque: a thief that reads this {@code bottom} (or a later one) with acquire
 *       sees the slot and the element's contents.</li>
 *   <li>{@code push} reads {@code top} with <em>acquire</em>: when the owner reuses a slot, the
 *       thief's CAS that freed it synchronises with this read, so the thief's read of the old
 *       element happens-before the owner's overwrite and cannot see the new one. (That needs the
 *       thief's read, its CAS, the owner's read of {@code top} and its overwrite to form a
 *       load-buffering cycle, which C11, Java's opaque mode and Arm or POWER hardware allow but
 *       RC11 forbids for all accesses: under RC11, and so in Weft, an opaque read would pass.)</li>
 *   <li>{@code take} publishes the decremented {@code bottom} and then reads {@code top}, while
 *       {@code steal} reads {@code top} and then {@code bottom}: a store-buffering shape that no
 *       release/acquire ordering forbids. The <em>SC fences</em> in both ({@code fullFence}) do:
 *       either the owner sees the thief's CAS on {@code top}, or the thief sees the decremented
 *       {@code bottom}; without them both can take the same element ({@link BuggyChaseLevDeque}).</li>
 *   <li>{@code steal} reads {@code bottom} with <em>acquire</em> (it pairs with the owner's release
 *       fence: the slot and the element's contents are visible) and {@code top} with acquire (as
 *       in the paper). The CASes on {@code top} are sequentially consistent (volatile
 *       {@code compareAndSet}), as in the paper.</li>
 *   <li>The owner reads its own {@code bottom} and slots with plain loads: only it writes them.</li>
 * </ul>
 *
 * @param <E> the element type
 */
public final class ChaseLevDeque<E> {
    private static final VarHandle TOP;
    private static final VarHandle BOTTOM;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            TOP = lookup.findVarHandle(ChaseLevDeque.class, "top", long.class);
            BOTTOM = lookup.findVarHandle(ChaseLevDeque.class, "bottom", long.class);
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
    public ChaseLevDeque(int capacity) {
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
        VarHandle.fullFence();
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
