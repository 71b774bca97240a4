package dev.weft.samples.locks.ticket;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A ticket lock: a FIFO spin lock.
 *
 * <p>{@link #lock()} draws the next ticket with an atomic increment of {@code next} and spins until
 * {@code serving} reaches it; {@link #unlock()} advances {@code serving} by one, handing the lock to
 * the thread holding the next ticket. Threads get the lock in the order they drew their tickets,
 * so no thread starves (unlike a test-and-set lock).
 *
 * <p>Access modes, the weakest that are correct:
 * <ul>
 *   <li>drawing a ticket only has to be atomic: two threads must not get the same number. It orders
 *       nothing, since the hand-over goes through {@code serving}; VarHandle has no relaxed
 *       get-and-add, so it is {@code getAndAddAcquire}, the weakest one there is;</li>
 *   <li>the spin reads {@code serving} with <b>acquire</b>: the read that sees our ticket
 *       synchronises with the previous owner's release, so its critical section happens before
 *       ours;</li>
 *   <li>{@link #unlock()} reads {@code serving} <b>plainly</b> (only the owner writes it, and the
 *       owner's acquire already made the last write visible) and stores the successor's ticket
 *       with <b>release</b>, publishing the critical section's writes to it.</li>
 * </ul>
 * The counters wrap around after 2<sup>32</sup> tickets, which is harmless: only equality is
 * compared.
 */
public final class TicketLock {
    private static final VarHandle NEXT;
    private static final VarHandle SERVING;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            NEXT = l.findVarHandle(TicketLock.class, "next", int.class);
            SERVING = l.findVarHandle(TicketLock.class, "serving", int.class);
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
        while ((int) SERVING.getAcquire(this) != ticket) {
            Thread.onSpinWait();
        }
    }

    /** Hands the lock to the next ticket; only the thread that holds the lock may call this. */
    public void unlock() {
        SERVING.setRelease(this, (int) SERVING.get(this) + 1);
    }
}
