package dev.weft.samples.classic.boundedbuffer;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * {@link BoundedBuffer} on a {@code ReentrantLock} with two conditions, as in the
 * {@code Condition} javadoc: producers wait on {@code notFull}, consumers on {@code notEmpty}.
 *
 * <p>With a wait set per kind of waiter, {@code signal} is enough: every thread waiting on
 * {@code notEmpty} is a consumer, and an item put lets exactly one of them proceed. The conditions
 * are still re-checked in {@code while} loops, for the same reasons as with a monitor: another
 * thread may get the lock first, and {@code await} may return spuriously.
 *
 * @param <E> the type of the items
 */
public final class ConditionBoundedBuffer<E> {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notFull = lock.newCondition();
    private final Condition notEmpty = lock.newCondition();
    private final Object[] items;
    private int putIndex;
    private int takeIndex;
    private int count;

    /** An empty buffer with room for {@code capacity} items. */
    public ConditionBoundedBuffer(int capacity) {
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
                notFull.await();
            }
            items[putIndex] = item;
            putIndex = (putIndex + 1) % items.length;
            count++;
            notEmpty.signal();
        } finally {
            lock.unlock();
        }
    }

    /** Removes and returns the oldest item, waiting while the buffer is empty. */
    public E take() throws InterruptedException {
        lock.lock();
        try {
            while (count == 0) {
                notEmpty.await();
            }
            @SuppressWarnings("unchecked")
            E item = (E) items[takeIndex];
            items[takeIndex] = null;
            takeIndex = (takeIndex + 1) % items.length;
            count--;
            notFull.signal();
            return item;
        } finally {
            lock.unlock();
        }
    }
}
