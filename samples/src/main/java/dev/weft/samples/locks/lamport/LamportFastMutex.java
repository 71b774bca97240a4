package dev.weft.samples.locks.lamport;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Lamport's fast mutual exclusion algorithm ("A Fast Mutual Exclusion Algorithm", 1987) for a fixed
 * number of threads with ids {@code 1..n}, using only loads and stores. Without contention a thread
 * enters after five accesses to shared memory, whatever {@code n} is.
 *
 * <p>A thread announces itself ({@code b[i] = true}), writes its id to {@code x}, and checks that
 * the door {@code y} is free; if not, it withdraws and waits for the door to free up. Then it closes
 * the door ({@code y = i}) and reads {@code x} back: if {@code x} is still its own id, no thread came
 * in behind it and it enters (the fast path). Otherwise another thread raced it through the door:
 * it withdraws, waits until every thread has withdrawn or left, and enters if it was the last to
 * close the door ({@code y == i}); if not, it waits for the door to open and starts over. To leave,
 * a thread opens the door ({@code y = 0}) and withdraws.
 *
 * <p>Access modes. The algorithm rests on each thread's stores being seen by the other threads
 * before its next loads: writing {@code x} then reading {@code y}, and writing {@code y} then
 * reading {@code x}, are store-buffering patterns, and the slow path's reasoning about which thread
 * wrote {@code y} last needs a single order of all of them. Release/acquire is not enough (see
 * {@link ReleaseXFastMutex}). Lamport's proof assumes sequentially consistent memory for every
 * access, so every access is <b>volatile</b>: none is weakened without a proof of its own.
 */
public final class LamportFastMutex {
    private static final VarHandle B = MethodHandles.arrayElementVarHandle(boolean[].class);
    private static final VarHandle X;
    private static final VarHandle Y;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            X = l.findVarHandle(LamportFastMutex.class, "x", int.class);
            Y = l.findVarHandle(LamportFastMutex.class, "y", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final boolean[] b; // b[i]: thread i wants to enter (index 0 unused)
    @SuppressWarnings("unused") // accessed through X
    private int x;
    @SuppressWarnings("unused") // accessed through Y
    private int y; // the door: 0 when open, else the id of the thread that closed it

    /** A mutex for threads with ids {@code 1..threads}. */
    public LamportFastMutex(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1: " + threads);
        }
        b = new boolean[threads + 1];
    }

    /** Takes the lock for thread {@code i} (in {@code 1..threads}). */
    public void lock(int i) {
        while (true) {
            B.setVolatile(b, i, true);
            X.setVolatile(this, i);
            if ((int) Y.getVolatile(this) != 0) {
                B.setVolatile(b, i, false);
                while ((int) Y.getVolatile(this) != 0) {
                    Thread.onSpinWait();
                }
                continue;
            }
            Y.setVolatile(this, i);
            if ((int) X.getVolatile(this) != i) {
                B.setVolatile(b, i, false);
                for (int j = 1; j < b.length; j++) {
                    while ((boolean) B.getVolatile(b, j)) {
                        Thread.onSpinWait();
                    }
                }
                if ((int) Y.getVolatile(this) != i) {
                    while ((int) Y.getVolatile(this) != 0) {
                        Thread.onSpinWait();
                    }
                    continue;
                }
            }
            return;
        }
    }

    /** Releases the lock held by thread {@code i}. */
    public void unlock(int i) {
        Y.setVolatile(this, 0);
        B.setVolatile(b, i, false);
    }
}
