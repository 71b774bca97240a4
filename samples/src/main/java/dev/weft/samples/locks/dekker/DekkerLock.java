package dev.weft.samples.locks.dekker;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Dekker's algorithm: the first correct mutual exclusion for two threads (numbered 0 and 1) with
 * only loads and stores.
 *
 * <p>To enter, thread {@code me} announces that it wants the lock and enters as soon as the other
 * thread does not. While the other wants it too, the {@code turn} decides: the thread whose turn it
 * is keeps its claim and waits for the other to withdraw; the other withdraws its claim, waits for
 * its turn, and claims again. On exit a thread passes the turn to the other and withdraws.
 *
 * <p>Access modes. Claiming ({@code wants[me] = true}) and then testing {@code wants[other]} is a
 * store-buffering pattern: if a thread could read the other's flag before its own store is visible
 * to the other, both would read {@code false} and both enter. Only sequentially consistent accesses
 * forbid that, so the claims and the tests of the other's flag are <b>volatile</b>. The other
 * accesses only pass information from one thread to the other and need no more than
 * release/acquire: {@code turn} is only written by the thread leaving the critical section and read
 * by a waiter (release store, acquire load), and withdrawing a claim ({@code wants[me] = false}) is a
 * release store, so that the thread whose volatile test reads it sees the critical section before it.
 */
public final class DekkerLock {
    private static final VarHandle WANTS = MethodHandles.arrayElementVarHandle(boolean[].class);
    private static final VarHandle TURN;

    static {
        try {
            TURN = MethodHandles.lookup().findVarHandle(DekkerLock.class, "turn", int.class);
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
        WANTS.setVolatile(wants, me, true);
        while ((boolean) WANTS.getVolatile(wants, other)) {
            if ((int) TURN.getAcquire(this) != me) {
                // not our turn: withdraw, wait for the turn, claim again
                WANTS.setRelease(wants, me, false);
                while ((int) TURN.getAcquire(this) != me) {
                    Thread.onSpinWait();
                }
                WANTS.setVolatile(wants, me, true);
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
