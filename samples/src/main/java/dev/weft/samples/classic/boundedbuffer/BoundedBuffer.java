package dev.weft.samples.classic.boundedbuffer;

/**
 * A bounded blocking FIFO buffer built on the object's monitor: {@code synchronized},
 * {@code wait} and {@code notifyAll}.
 *
 * <p>{@link #put} waits while the buffer is full, {@link #take} while it is empty; both hold the
 * monitor while they change the buffer, so the plain fields need no other synchronisation (the
 * monitor's unlock and lock order every access).
 *
 * <p>Two rules make the waiting correct:
 * <ul>
 *   <li>the condition is re-checked in a {@code while} loop after every wake-up: another thread may
 *       have taken the slot or the item between the notification and the moment this thread gets
 *       the monitor back, and {@code wait} may also return spuriously (JLS 17.2.1);</li>
 *   <li>every change is announced with {@code notifyAll}: producers and consumers wait in the same
 *       wait set, and a single {@code notify} may wake a thread of the wrong kind, which goes back
 *       to waiting while the thread that could proceed sleeps on ({@link NotifyBoundedBuffer}).</li>
 * </ul>
 *
 * @param <E> the type of the items
 */
public final class BoundedBuffer<E> {
    private final Object[] items;
    private int putIndex;
    private int takeIndex;
    private int count;

    /** An empty buffer with room for {@code capacity} items. */
    public BoundedBuffer(int capacity) {
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
        while (count == items.length) {
            wait();
        }
        items[putIndex] = item;
        putIndex = (putIndex + 1) % items.length;
        count++;
        notifyAll();
    }

    /** Removes and returns the oldest item, waiting while the buffer is empty. */
    public synchronized E take() throws InterruptedException {
        while (count == 0) {
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
