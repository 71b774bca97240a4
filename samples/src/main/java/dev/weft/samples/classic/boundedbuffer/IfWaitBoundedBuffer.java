package dev.weft.samples.classic.boundedbuffer;

/**
 * <b>Buggy</b>: {@link BoundedBuffer} that checks its condition with {@code if} instead of
 * {@code while} before waiting ("we are only woken when the condition changed").
 *
 * <p>A thread returning from {@code wait} assumes its condition now holds. But {@code wait} may
 * return spuriously, without any notification (JLS 17.2.1 allows it, and the JVM does it), and a
 * notified thread may find that another thread got the monitor first and consumed the change. The
 * consumer then takes from an empty buffer: it returns {@code null} and drives the count negative.
 * With one producer and one consumer only a spurious wake-up shows it, so the check runs with
 * spurious wake-ups enabled; the memory model does not matter.
 *
 * @param <E> the type of the items
 */
public final class IfWaitBoundedBuffer<E> {
    private final Object[] items;
    private int putIndex;
    private int takeIndex;
    private int count;

    /** An empty buffer with room for {@code capacity} items. */
    public IfWaitBoundedBuffer(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1: " + capacity);
        }
        items = new Object[capacity];
    }

    /** Appends {@code item}, waiting while the buffer is full. */
    public synchronized void put(E item) throws InterruptedException {
        if (item == null) {
            throw new NullPointerException("item");
        }
        if (count == items.length) { // BUG: not re-checked after the wait
            wait();
        }
        items[putIndex] = item;
        putIndex = (putIndex + 1) % items.length;
        count++;
        notifyAll();
    }

    /** Removes and returns the oldest item, waiting while the buffer is empty. */
    public synchronized E take() throws InterruptedException {
        if (count == 0) { // BUG: not re-checked after the wait
            wait();
        }
        @SuppressWarnings("unchecked")
        E item = (E) items[takeIndex];
        items[takeIndex] = null;
        takeIndex = (takeIndex + 1) % items.length;
        count--;
        notifyAll();
        return item;
    }
}
