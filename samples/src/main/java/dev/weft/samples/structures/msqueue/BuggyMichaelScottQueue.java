package dev.weft.samples.structures.msqueue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * {@link MichaelScottQueue} with one bug: {@code dequeue} reads {@code head.next} with an
 * <em>opaque</em> load, on the reasoning that "the CAS on head validates the snapshot, and the
 * item is final anyway". The CAS does make the snapshot consistent, and the final field does
 * publish the element and what it refers to (JLS 17.5), but nothing orders the enqueuer's other
 * writes before the dequeuer's reads any more: under RC11 a consumer can dequeue an element and
 * then miss what the producer wrote before enqueuing it, which a queue promises to publish. SC
 * and RA (where every read acquires) cannot show it.
 *
 * @param <E> the element type
 */
public final class BuggyMichaelScottQueue<E> {
    private static final VarHandle HEAD;
    private static final VarHandle TAIL;
    private static final VarHandle NEXT;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(BuggyMichaelScottQueue.class, "head", Node.class);
            TAIL = lookup.findVarHandle(BuggyMichaelScottQueue.class, "tail", Node.class);
            NEXT = lookup.findVarHandle(Node.class, "next", Node.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final class Node<E> {
        final E item;
        @SuppressWarnings("unused") // accessed through NEXT
        Node<E> next;

        Node(E item) {
            this.item = item;
        }
    }

    @SuppressWarnings("unused") // accessed through HEAD
    private Node<E> head;
    @SuppressWarnings("unused") // accessed through TAIL
    private Node<E> tail;

    public BuggyMichaelScottQueue() {
        Node<E> dummy = new Node<>(null);
        head = dummy; // plain: the queue is published safely, like any object
        tail = dummy;
    }

    /** Appends {@code item} (not null) at the tail. */
    @SuppressWarnings("unchecked")
    public void enqueue(E item) {
        if (item == null) {
            throw new NullPointerException("item");
        }
        Node<E> node = new Node<>(item);
        while (true) {
            Node<E> last = (Node<E>) TAIL.getOpaque(this);
            Node<E> next = (Node<E>) NEXT.getOpaque(last);
            if (next == null) {
                if (NEXT.compareAndExchangeRelease(last, null, node) == null) {
                    TAIL.compareAndExchangeRelease(this, last, node); // failing is fine: someone helped
                    return;
                }
            } else {
                TAIL.compareAndExchangeRelease(this, last, next); // help the lagging enqueuer
            }
        }
    }

    /** Removes and returns the element at the head, or returns null when the queue is empty. */
    @SuppressWarnings("unchecked")
    public E dequeue() {
        while (true) {
            Node<E> first = (Node<E>) HEAD.getAcquire(this);
            Node<E> last = (Node<E>) TAIL.getAcquire(this);
            Node<E> next = (Node<E>) NEXT.getOpaque(first); // BUG: must be getAcquire (enqueue hb dequeue)
            if (first == last) {
                if (next == null) {
                    return null;
                }
                TAIL.compareAndExchangeRelease(this, last, next); // tail lags behind: help
            } else if (HEAD.compareAndExchangeRelease(this, first, next) == first) {
                return next.item;
            }
        }
    }
}
