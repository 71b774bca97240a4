package dev.weft.samples.structures.treiber;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * {@link TreiberStack} with one bug: {@code pop} reads {@code top} with an <em>opaque</em> load
 * instead of an acquire, on the reasoning that "the CAS validates the head anyway". The CAS does
 * check that the node is still the top, but the read of {@code head.next} came before it and is
 * not ordered after the push that wrote it: under RC11 a popper can read the node's {@code next}
 * as its initial {@code null}, swing {@code top} to null and lose every element below. (The same
 * missing acquire also leaves the element's contents unpublished.) SC and RA (where every read
 * acquires) cannot show it.
 *
 * @param <E> the element type
 */
public final class BuggyTreiberStack<E> {
    private static final VarHandle TOP;

    static {
        try {
            TOP = MethodHandles.lookup().findVarHandle(BuggyTreiberStack.class, "top", Node.class);
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
        Node<E> head = (Node<E>) TOP.getOpaque(this); // BUG: must be getAcquire (head.next is read next)
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
