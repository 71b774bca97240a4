package dev.weft.samples.structures.msqueue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The Michael–Scott lock-free queue (M. M. Michael and M. L. Scott, "Simple, Fast, and Practical
 * Non-Blocking and Blocking Concurrent Queue Algorithms", PODC 1996): a singly linked list with a
 * dummy node at {@code head}; {@code enqueue} links a node after the last one with a CAS on its
 * {@code next}, then swings {@code tail} to it; {@code dequeue} moves {@code head} to the first
 * real node with a CAS and returns that node's element, the node becoming the new dummy. A thread
 * that finds {@code tail} lagging behind the last node swings it forward itself ("helping"), so
 * no operation waits for a stalled enqueuer.
 *
 * <p><b>Access modes.</b>
 * <ul>
 *   <li>The link CAS on {@code next} is a <em>release</em>: it publishes the node and everything
 *       the enqueuing thread wrote before (the element's contents); {@code dequeue} reads
 *       {@code next} with <em>acquire</em> before it returns {@code next.item}, so the enqueue
 *       happens-before whatever the dequeuer does with the element (the contract of a concurrent
 *       queue; {@code item} itself is final, which alone would publish the element and what it
 *       reaches as of the node's construction, JLS 17.5, but not the enqueuer's other writes).</li>
 *   <li>{@code dequeue} reads {@code head} and {@code tail} with <em>acquire</em>, and both are
 *       moved only by <em>release</em> CASes. This keeps the snapshot (head, tail, head.next) a
 *       dequeuer takes at least as new as the one that justified the move it observes: a
 *       dequeuer that sees head advanced to node N also sees the tail its mover saw (never behind
 *       N), and one that sees tail swung past N also sees the link of N its swinger saw, so
 *       "head != tail" still implies that head has a successor. With relaxed loads a dequeuer can
 *       pair a new head with a stale tail and advance head past the last node.</li>
 *   <li>{@code enqueue} reads {@code tail} and {@code tail.next} <em>opaque</em>: it never reads an
 *       element, it only uses the nodes to CAS their {@code next} or {@code tail}. A stale value
 *       only makes a CAS fail, and the failed CAS, which reads the latest value, moves the next
 *       attempt forward (coherence).</li>
 * </ul>
 *
 * <p>The original re-reads {@code Q->Tail} (and {@code Q->Head}) to validate its snapshot before
 * acting on it; that check protects the counted pointers of a manually managed free list from
 * ABA. Here nodes are never reused (the garbage collector reclaims them), so a stale snapshot
 * only makes a CAS fail, and the re-check is left out. Elements are not nulled out of dequeued
 * nodes: {@code item} is final, and a dummy keeps its element reachable until the next dequeue.
 *
 * @param <E> the element type
 */
public final class MichaelScottQueue<E> {
    private static final VarHandle HEAD;
    private static final VarHandle TAIL;
    private static final VarHandle NEXT;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(MichaelScottQueue.class, "head", Node.class);
            TAIL = lookup.findVarHandle(MichaelScottQueue.class, "tail", Node.class);
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

    public MichaelScottQueue() {
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
            Node<E> next = (Node<E>) NEXT.getAcquire(first);
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
