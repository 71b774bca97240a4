package dev.weft.samples.classic.boundedbuffer;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * <b>Buggy</b>: {@link ConditionBoundedBuffer} with one condition for both kinds of waiter ("one
 * condition is simpler: the buffer changed"), still announced with {@code signal}.
 *
 * <p>Producers and consumers now share one wait set, and {@code signal} wakes one waiter of either
 * kind: {@link NotifyBoundedBuffer}'s lost wake-up again. With one slot, two producers and two
 * consumers, a consumer's {@code signal} can wake the other consumer instead of the waiting
 * producer, and every thread waits for good.
 *
 * @param <E> the type of the items
 */
public final class OneConditionBoundedBuffer<E> {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Object[] items;
    private int putIndex;
    private int takeIndex;
    private int count;

    /** An empty buffer with room for {@code capacity} items. */
    public OneConditionBoundedBuffer(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1: " + capacity);
        }
        items = new Object[capacity];
    }

    /** Appends {@code item}, waiting while the buffer is full. */
    public void put(E item) throws InterruptedException {
        if (item == null) {
            throw new NullPointerException("item");
        }
        lock.lock();
        try {
            while (count == items.length) {
                changed.await();
            }
            items[putIndex] = item;
            putIndex = (putIndex + 1) % items.length;
            count++;
            changed.signal(); // BUG: may wake another producer
        } finally {
            lock.unlock();
        }
    }

    /** Removes and returns the oldest item, waiting while the buffer is empty. */
    public E take() throws InterruptedException {
        lock.lock();
        try {
            while (count == 0) {
                changed.await();
            }
            @SuppressWarnings("unchecked")
            E item = (E) items[takeIndex];
            items[takeIndex] = null;
            takeIndex = (takeIndex + 1) % items.length;
            count--;
            changed.signal(); // BUG: may wake another consumer
            return item;
        } finally {
            lock.unlock();
        }
    }
}
