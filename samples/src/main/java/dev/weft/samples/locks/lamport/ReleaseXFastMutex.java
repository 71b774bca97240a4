package dev.weft.samples.locks.lamport;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * <b>Buggy</b>: {@link LamportFastMutex} that writes its id to {@code x} with a release store
 * instead of a volatile one ("x only announces the thread; publishing it is all that is needed").
 *
 * <p>Right after writing {@code x} the thread reads the door {@code y}; later it writes {@code y}
 * and reads {@code x} back. A release store may still be invisible to another thread when this
 * thread's following volatile load runs, so two threads can both find the door open, both close
 * it, and both read their own id back from {@code x}: both take the fast path into the critical
 * section. Sequential consistency forbids it; RA and RC11 allow it.
 */
public final class ReleaseXFastMutex {
    private static final VarHandle B = MethodHandles.arrayElementVarHandle(boolean[].class);
    private static final VarHandle X;
    private static final VarHandle Y;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            X = l.findVarHandle(ReleaseXFastMutex.class, "x", int.class);
            Y = l.findVarHandle(ReleaseXFastMutex.class, "y", int.class);
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
    public ReleaseXFastMutex(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1: " + threads);
        }
        b = new boolean[threads + 1];
    }

    /** Takes the lock for thread {@code i} (in {@code 1..threads}). */
    public void lock(int i) {
        while (true) {
            B.setVolatile(b, i, true);
            X.setRelease(this, i); // BUG: release, not volatile: the load of y below may pass it
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
