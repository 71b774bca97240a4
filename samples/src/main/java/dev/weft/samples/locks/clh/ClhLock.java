package dev.weft.samples.locks.clh;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The CLH queue lock (Craig; Landin and Hagersten): a FIFO spin lock in which each waiter spins on
 * a flag of its own predecessor's node, so that a release touches one waiter's cache line only.
 *
 * <p>The queue is implicit: {@code tail} points to the node of the last thread that asked for the
 * lock. {@link #lock()} makes a node whose {@code locked} flag is set, swaps it into {@code tail},
 * and spins until the predecessor's node (the one it swapped out) is unlocked. {@link #unlock}
 * clears the flag of the caller's node, which lets the successor in. The lock starts with a dummy
 * node that is already unlocked. {@code lock()} returns the caller's node, which the caller passes
 * to {@code unlock} (a node per acquisition: no thread-local state, and nothing is reused while a
 * successor may still read it).
 *
 * <p>Access modes, the weakest that are correct:
 * <ul>
 *   <li>the new node's flag is set with a <b>plain</b> store before the node is shared;</li>
 *   <li>the swap into {@code tail} must both <b>release</b> (the successor that swaps our node out
 *       must see our flag set, not the default {@code false} of a fresh object, or it would enter
 *       while we wait or hold the lock) and <b>acquire</b> (we must see our predecessor's flag as
 *       set by it, for the same reason). VarHandle has no acquire-release get-and-set, so it is the
 *       volatile {@code getAndSet};</li>
 *   <li>the spin reads the predecessor's flag with <b>acquire</b> and {@link #unlock} clears ours
 *       with <b>release</b>: that pair carries the critical section's writes to the successor.</li>
 * </ul>
 */
public final class ClhLock {
    private static final VarHandle TAIL;
    private static final VarHandle LOCKED;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            TAIL = l.findVarHandle(ClhLock.class, "tail", Node.class);
            LOCKED = l.findVarHandle(Node.class, "locked", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A thread's place in the queue: {@code locked} while it waits for or holds the lock. */
    public static final class Node {
        private boolean locked; // accessed through LOCKED once shared

        private Node() {}
    }

    @SuppressWarnings("unused") // accessed through TAIL
    private Node tail = new Node();

    /** Takes the lock, after every thread that asked for it earlier; returns the node for {@link #unlock}. */
    public Node lock() {
        Node node = new Node();
        node.locked = true;
        Node pred = (Node) TAIL.getAndSet(this, node);
        while ((boolean) LOCKED.getAcquire(pred)) {
            Thread.onSpinWait();
        }
        return node;
    }

    /** Releases the lock taken by the {@link #lock()} call that returned {@code node}. */
    public void unlock(Node node) {
        LOCKED.setRelease(node, false);
    }
}
