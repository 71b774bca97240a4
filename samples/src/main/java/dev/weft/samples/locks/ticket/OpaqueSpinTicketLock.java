package dev.weft.samples.locks.ticket;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * <b>Buggy</b>: {@link TicketLock} whose wait loop reads {@code serving} with an opaque load instead
 * of an acquiring one ("it is only a spin loop, and unlock already releases").
 *
 * <p>A release store only synchronises with an acquire that reads it. The opaque read that sees our
 * ticket does not, so the previous owner's critical section does not happen before ours: under
 * RC11 the critical section can read a counter value the previous owner already overwrote, and an
 * increment is lost. SC (every access SC) and RA (every access release/acquire) hide the bug.
 */
public final class OpaqueSpinTicketLock {
    private static final VarHandle NEXT;
    private static final VarHandle SERVING;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            NEXT = l.findVarHandle(OpaqueSpinTicketLock.class, "next", int.class);
            SERVING = l.findVarHandle(OpaqueSpinTicketLock.class, "serving", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // accessed through NEXT
    private int next;
    @SuppressWarnings("unused") // accessed through SERVING
    private int serving;

    /** Takes the lock, waiting for the threads that drew a ticket earlier. */
    public void lock() {
        int ticket = (int) NEXT.getAndAddAcquire(this, 1);
        // BUG: opaque, not acquire: seeing our ticket does not make the previous critical section visible
        while ((int) SERVING.getOpaque(this) != ticket) {
            Thread.onSpinWait();
        }
    }

    /** Hands the lock to the next ticket; only the thread that holds the lock may call this. */
    public void unlock() {
        SERVING.setRelease(this, (int) SERVING.get(this) + 1);
    }
}
