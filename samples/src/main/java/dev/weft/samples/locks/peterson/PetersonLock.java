package dev.weft.samples.locks.peterson;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Peterson's mutual exclusion algorithm for two threads, numbered 0 and 1, with no atomic
 * read-modify-write: only loads and stores.
 *
 * <p>To enter, thread {@code me} raises its flag ({@code interested[me] = true}), then gives way
 * ({@code victim = me}) and waits while the other thread is interested <em>and</em> it is still the
 * victim. Whichever thread wrote {@code victim} last waits; the other enters. To leave, it lowers
 * its flag.
 *
 * <p>Access modes. The entry protocol is a store-buffering pattern: each thread stores (its flag,
 * the victim) and then loads what the other stored. Mutual exclusion needs a thread's stores to
 * be ordered before its subsequent loads of other locations, which only sequentially consistent
 * accesses give: a release store followed by an acquire load may be reordered (each thread reads
 * the other's flag as still {@code false}, and both enter — see {@link AcquireReleasePetersonLock}).
 * So the entry's stores and loads are <b>volatile</b>. The store that lowers the flag on exit only
 * has to publish the critical section to the thread that reads it, so it is a <b>release</b> store
 * (a volatile load of the entry reads it and synchronises with it).
 */
public final class PetersonLock {
    private static final VarHandle INTERESTED = MethodHandles.arrayElementVarHandle(boolean[].class);
    private static final VarHandle VICTIM;

    static {
        try {
            VICTIM = MethodHandles.lookup().findVarHandle(PetersonLock.class, "victim", int.class);
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
        INTERESTED.setVolatile(interested, me, true);
        VICTIM.setVolatile(this, me);
        while ((boolean) INTERESTED.getVolatile(interested, other) && (int) VICTIM.getVolatile(this) == me) {
            Thread.onSpinWait();
        }
    }

    /** Releases the lock held by thread {@code me}. */
    public void unlock(int me) {
        INTERESTED.setRelease(interested, me, false);
    }
}
