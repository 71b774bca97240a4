package dev.weft.samples.locks.peterson;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * <b>Buggy</b>: {@link PetersonLock} with release stores and acquire loads in the entry protocol
 * ("release/acquire is what locks use, and it is cheaper than volatile").
 *
 * <p>Release/acquire orders a store after the accesses before it and a load before the accesses
 * after it, but not a store before a later load of another location. Each thread may store its flag
 * and the victim and still read the other's flag as {@code false}: the store-buffering outcome, and
 * both threads enter the critical section. Sequential consistency forbids it. Under RA and under
 * RC11 (which, for a program with only release/acquire accesses, allows exactly what RA allows) it
 * happens.
 */
public final class AcquireReleasePetersonLock {
    private static final VarHandle INTERESTED = MethodHandles.arrayElementVarHandle(boolean[].class);
    private static final VarHandle VICTIM;

    static {
        try {
            VICTIM = MethodHandles.lookup().findVarHandle(AcquireReleasePetersonLock.class, "victim", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final boolean[] interested = new boolean[2];
    @SuppressWarnings("unused") // accessed through VICTIM
    private int victim;

    /** Takes the lock for thread {@code me} (0 or 1). */
    public void lock(int me) {
        int other = 1 - me;
        // BUG: release stores then acquire loads: the loads may see the other thread's stores late
        INTERESTED.setRelease(interested, me, true);
        VICTIM.setRelease(this, me);
        while ((boolean) INTERESTED.getAcquire(interested, other) && (int) VICTIM.getAcquire(this) == me) {
            Thread.onSpinWait();
        }
    }

    /** Releases the lock held by thread {@code me}. */
    public void unlock(int me) {
        INTERESTED.setRelease(interested, me, false);
    }
}
