package dev.weft.samples.locks.ttas;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A test-and-test-and-set spin lock.
 *
 * <p>{@link #lock()} <em>tests</em> the flag, spinning on reads while it is set, which keeps the
 * waiting core reading its cached copy instead of pulling the line over with failing CASes; once
 * the lock looks free it <em>test-and-sets</em> the flag with a CAS, and starts over if another
 * thread won that race. An uncontended {@code lock()} is one read and one CAS. {@link #unlock()}
 * clears the flag.
 *
 * <p>Access modes, the weakest that are correct:
 * <ul>
 *   <li>the spin read is <b>opaque</b>: it only decides when to try the CAS, it orders nothing
 *       (a stale value just means one more spin or one failed CAS);</li>
 *   <li>the CAS is <b>acquire</b> ({@code compareAndExchangeAcquire}): the critical section must not
 *       start before the lock is taken, and must see the writes of the previous holder's critical
 *       section, which the successful CAS synchronises with;</li>
 *   <li>the unlocking store is <b>release</b>: every write of the critical section happens before
 *       it, so the next thread whose CAS reads it sees them.</li>
 * </ul>
 * The CAS is a strong one, so that a lock that is free is taken at the first attempt
 * ({@code weakCompareAndSetAcquire} would be correct too: a spurious failure only goes round the
 * loop once more).
 */
public final class TtasSpinLock {
    private static final VarHandle LOCKED;

    static {
        try {
            LOCKED = MethodHandles.lookup().findVarHandle(TtasSpinLock.class, "locked", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // accessed through LOCKED
    private boolean locked;

    /** Takes the lock, spinning while another thread holds it. */
    public void lock() {
        while (true) {
            while ((boolean) LOCKED.getOpaque(this)) {
                Thread.onSpinWait();
            }
            if (!(boolean) LOCKED.compareAndExchangeAcquire(this, false, true)) {
                return;
            }
        }
    }

    /** Releases the lock; only the thread that holds it may call this. */
    public void unlock() {
        LOCKED.setRelease(this, false);
    }
}
