package dev.weft.samples.locks.ttas;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A test-and-test-and-set spin lock.
 *
 * <p>{@link #lock()} tries to <em>test-and-set</em> the flag with a CAS; when that fails it only
 * <em>tests</em>: it spins reading the flag until the lock looks free, which keeps the waiting core
 * reading its cached copy instead of pulling the line over with failing CASes, and then tries the
 * CAS again (another thread may win that race). An uncontended {@code lock()} is a single CAS.
 * {@link #unlock()} clears the flag.
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
 * The CAS is a strong one: after a spurious failure of {@code weakCompareAndSetAcquire} the
 * uncontended path would go through the spin and a second CAS.
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
        while ((boolean) LOCKED.compareAndExchangeAcquire(this, false, true)) {
            while ((boolean) LOCKED.getOpaque(this)) {
                Thread.onSpinWait();
            }
        }
    }

    /** Releases the lock; only the thread that holds it may call this. */
    public void unlock() {
        LOCKED.setRelease(this, false);
    }
}
