package dev.weft.samples.locks.dekker;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * <b>Buggy</b>: {@link DekkerLock} with release stores for the claims and acquire loads for the tests
 * of the other thread's claim ("release/acquire is what locks use, and it is cheaper than volatile").
 *
 * <p>Claiming and then testing the other thread's claim is a store-buffering pattern. A release
 * store followed by an acquire load of another location may be reordered: each thread can read the
 * other's claim as {@code false} although both have claimed, and both enter the critical section.
 * Sequential consistency forbids it; RA and RC11 (which, for the accesses of this protocol, allow
 * the same) allow it.
 */
public final class AcquireReleaseDekkerLock {
    private static final VarHandle WANTS = MethodHandles.arrayElementVarHandle(boolean[].class);
    private static final VarHandle TURN;

    static {
        try {
            TURN = MethodHandles.lookup().findVarHandle(AcquireReleaseDekkerLock.class, "turn", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final boolean[] wants = new boolean[2];
    @SuppressWarnings("unused") // accessed through TURN
    private int turn;

    /** Takes the lock for thread {@code me} (0 or 1). */
    public void lock(int me) {
        int other = 1 - me;
        // BUG: release/acquire claims and tests: both threads may read the other's claim as false
        WANTS.setRelease(wants, me, true);
        while ((boolean) WANTS.getAcquire(wants, other)) {
            if ((int) TURN.getAcquire(this) != me) {
                // not our turn: withdraw, wait for the turn, claim again
                WANTS.setRelease(wants, me, false);
                while ((int) TURN.getAcquire(this) != me) {
                    Thread.onSpinWait();
                }
                WANTS.setRelease(wants, me, true);
            }
            // our turn: keep the claim and test the other's again, which it is about to withdraw
        }
    }

    /** Releases the lock held by thread {@code me}, giving the turn to the other thread. */
    public void unlock(int me) {
        TURN.setRelease(this, 1 - me);
        WANTS.setRelease(wants, me, false);
    }
}
