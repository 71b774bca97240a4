package dev.weft.samples.locks.ttas;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * <b>Buggy</b>: {@link TtasSpinLock} with an opaque store in {@link #unlock()} instead of a release
 * store ("the flag only has to become visible eventually, and the spin reads it opaquely anyway").
 *
 * <p>An opaque store does not order the writes before it: the next owner's acquiring CAS reads the
 * cleared flag but does not synchronise with it, so the previous critical section's writes need not
 * be visible in the next one. Under RC11 a counter incremented in the critical section loses an
 * increment. Under SC every access is SC and under RA every access is release/acquire, so the bug
 * cannot be observed there.
 */
public final class OpaqueUnlockTtasSpinLock {
    private static final VarHandle LOCKED;

    static {
        try {
            LOCKED = MethodHandles.lookup().findVarHandle(OpaqueUnlockTtasSpinLock.class, "locked", boolean.class);
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

    /** Releases the lock. BUG: opaque, not release: the critical section's writes are not published. */
    public void unlock() {
        LOCKED.setOpaque(this, false);
    }
}
