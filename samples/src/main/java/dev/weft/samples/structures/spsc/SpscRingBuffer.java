package dev.weft.samples.structures.spsc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A bounded single-producer single-consumer FIFO queue in a ring buffer (L. Lamport, "Specifying
 * Concurrent Program Modules", TOPLAS 1983, the wait-free queue of one producer and one consumer;
 * the form of {@code lazySet}-published queues such as those of JCTools and the LMAX Disruptor).
 * The producer alone writes {@code tail} and fills slots; the consumer alone writes {@code head}
 * and empties them. Exactly one thread may call {@link #offer} and one {@link #poll}.
 *
 * <p><b>Access modes.</b> The slots are plain: a slot is never accessed by both threads without
 * a happens-before edge between them, which the two counters provide.
 * <ul>
 *   <li>The producer writes the element, then publishes it with a <em>release</em> store of
 *       {@code tail} ({@code setRelease}, Java's {@code lazySet}); the consumer reads {@code tail}
 *       with <em>acquire</em> before it reads the slot, so it sees the element and everything the
 *       producer wrote before offering it.</li>
 *   <li>Symmetrically, the consumer clears the slot and frees it with a release store of
 *       {@code head}; the producer reads {@code head} with acquire before it reuses the slot, so
 *       the consumer's read and clearing of the old element happen-before the producer's new
 *       write. (With an opaque read of {@code head}, the consumer's {@code null} can be ordered
 *       after the new element in the slot and erase it.)</li>
 *   <li>Each thread reads its own counter with a plain load: no one else writes it.</li>
 * </ul>
 * No CAS, no fence, no volatile store: on x86 both operations compile to plain moves.
 *
 * @param <E> the element type
 */
public final class SpscRingBuffer<E> {
    private static final VarHandle HEAD;
    private static final VarHandle TAIL;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(SpscRingBuffer.class, "head", long.class);
            TAIL = lookup.findVarHandle(SpscRingBuffer.class, "tail", long.class);
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
    public SpscRingBuffer(int capacity) {
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
        TAIL.setRelease(this, t + 1);
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
