package dev.weft.samples.classic.boundedbuffer;

/**
 * <b>Buggy</b>: {@link BoundedBuffer} that announces each change with {@code notify()} instead of
 * {@code notifyAll()} ("only one thread can use the change, so wake only one").
 *
 * <p>Producers and consumers wait in the one wait set of the monitor, and {@code notify} wakes a
 * waiter of either kind. With a buffer of one slot, two producers and two consumers: both consumers
 * wait on the empty buffer; a producer puts an item and wakes the first consumer; the second
 * producer finds the buffer full and waits. The woken consumer takes the item and its
 * {@code notify} wakes the longest waiter, the second consumer, not the waiting producer. That
 * consumer finds the buffer empty and waits again: the producer that could fill it is never woken,
 * and every thread waits for good — a lost wake-up, which is a deadlock under every memory model.
 *
 * @param <E> the type of the items
 */
public final class NotifyBoundedBuffer<E> {
    private final Object[] items;
    private int putIndex;
    private int takeIndex;
    private int count;

    /** An empty buffer with room for {@code capacity} items. */
    public NotifyBoundedBuffer(int capacity) {
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
        notify(); // BUG: may wake another producer, which goes back to waiting
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
        notify(); // BUG: may wake another consumer, which goes back to waiting
        return item;
    }
}
