package dev.weft.samples.structures.treiber;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Treiber's lock-free stack (R. K. Treiber, "Systems Programming: Coping with Parallelism", IBM
 * RJ 5118, 1986): a singly linked list whose head, {@code top}, is only ever changed by a
 * compare-and-swap that expects the node it last read.
 *
 * <p><b>Access modes</b> (the weakest that are correct):
 * <ul>
 *   <li>{@code push} links its new node to the top it read and publishes it with a
 *       <em>release</em> CAS on {@code top}: the node's {@code next} and everything the pushing
 *       thread wrote before (the contents of the element) happen-before whatever a popper does
 *       after it acquired the node. The read of {@code top} in {@code push} is <em>opaque</em>:
 *       push never dereferences that node, it only stores the reference into {@code next}.</li>
 *   <li>{@code pop} reads {@code top} with <em>acquire</em>, because it then reads the node's
 *       {@code next} (a plain field, written before the node was published) and returns its
 *       element. Its CAS is an <em>acquire</em> CAS for the same reason: on failure the witness
 *       it returns is the node the next attempt dereferences.</li>
 *   <li>A pop's own CAS needs no release: every write to {@code top} is a CAS, so each push's
 *       release heads a release sequence that contains every later CAS (RC11: {@code rs =
 *       [W]; rf-rmw*}); a popper that acquires a value written by a pop still synchronises with
 *       the push that installed that node.</li>
 *   <li>{@code item} is final and a node is never reused (a fresh node per push, reclaimed by the
 *       garbage collector), so the ABA problem of the original, which recycles nodes, cannot
 *       happen: a node that was popped is never the top again.</li>
 * </ul>
 *
 * <p>The CASes are strong ({@code compareAndExchange*}) and use the witness they return as the
 * next expected value, which saves a re-read of {@code top} per failed attempt.
 *
 * @param <E> the element type
 */
public final class TreiberStack<E> {
    private static final VarHandle TOP;

    static {
        try {
            TOP = MethodHandles.lookup().findVarHandle(TreiberStack.class, "top", Node.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final class Node<E> {
        final E item;
        /** Written only by the pusher before the node is published; read after an acquire. */
        Node<E> next;

        Node(E item) {
            this.item = item;
        }
    }

    @SuppressWarnings("unused") // accessed through TOP
    private Node<E> top;

    /** Pushes {@code item} (not null). */
    @SuppressWarnings("unchecked")
    public void push(E item) {
        if (item == null) {
            throw new NullPointerException("item");
        }
        Node<E> node = new Node<>(item);
        Node<E> expected = (Node<E>) TOP.getOpaque(this);
        while (true) {
            node.next = expected;
            Node<E> witness = (Node<E>) TOP.compareAndExchangeRelease(this, expected, node);
            if (witness == expected) {
                return;
            }
            expected = witness;
        }
    }

    /** Pops the most recently pushed element, or returns null when the stack is empty. */
    @SuppressWarnings("unchecked")
    public E pop() {
        Node<E> head = (Node<E>) TOP.getAcquire(this);
        while (head != null) {
            Node<E> witness = (Node<E>) TOP.compareAndExchangeAcquire(this, head, head.next);
            if (witness == head) {
                return head.item;
            }
            head = witness;
        }
        return null;
    }
}
