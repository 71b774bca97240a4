package dev.weft.samples.locks.clh;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * <b>Buggy</b>: {@link ClhLock} whose swap into {@code tail} only releases ({@code getAndSetRelease}:
 * "it publishes my node, that is all it has to do").
 *
 * <p>The swap also has to <em>acquire</em>: it hands us our predecessor's node, and only an
 * acquire makes the predecessor's {@code locked = true} visible to us. Without it, under RC11, our
 * read of the predecessor's flag may see the default {@code false} of the freshly allocated node and
 * enter the critical section while the predecessor is still inside. SC and RA (where every access
 * is at least release/acquire) hide the bug.
 */
public final class ReleaseSwapClhLock {
    private static final VarHandle TAIL;
    private static final VarHandle LOCKED;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            TAIL = l.findVarHandle(ReleaseSwapClhLock.class, "tail", Node.class);
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

    /** Takes the lock; returns the node for {@link #unlock}. */
    public Node lock() {
        Node node = new Node();
        node.locked = true;
        // BUG: release only: the predecessor's node is not acquired, its flag may still read false
        Node pred = (Node) TAIL.getAndSetRelease(this, node);
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
