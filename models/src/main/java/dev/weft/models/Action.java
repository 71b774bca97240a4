package dev.weft.models;

import java.util.function.LongUnaryOperator;

/**
 * What a program thread asks of memory next: the one narrow interface between computation and
 * communication (seed 004). The explorer answers with a value (the value read, the old value of an
 * RMW, the id of a spawned thread) or replays it against the graph.
 *
 * @param kind       what the thread does
 * @param location   the location (reads, writes, RMWs, locks), -1 otherwise
 * @param mode       the declared access mode (the model may strengthen it)
 * @param value      the value written, the RMW operand, or the new value of a CAS
 * @param expected   the expected value of a CAS
 * @param rmwOp      the RMW operation: null unless {@code kind == RMW}, or a LOCK that takes permits
 * @param addrDeps   indices of same-thread reads this access's address depends on (IMM)
 * @param dataDeps   indices of same-thread reads the written value depends on (IMM); for a CAS also
 *                   those of its expected value
 * @param expectedDeps indices of same-thread reads a CAS's expected value depends on (IMM): they
 *                   decide whether it writes, so they matter even when it fails
 * @param ctrlDeps   indices of same-thread reads that decided a branch before this event (IMM)
 * @param floor      freezes whose happens-before a read must see (JLS 17.5: a read of an object
 *                   reached through a final field sees it at least as up to date as when the
 *                   field was frozen), each packed as {@link #freezePoint}; empty for most reads
 * @param target     the thread to join (JOIN), -1 otherwise
 * @param origin     the program point, used in traces (for example {@code "T0:3"} or a source line)
 * @param message    the error message (ERROR)
 * @param expectedOfSource a CAS's expected value as a function of the value its one expected-value
 *                   source reads, when the program can tell (a litmus expression over registers
 *                   that read loaded); null otherwise. IMM's maximality judges a deleted source by
 *                   whether its other choices would have kept a kept CAS failing.
 */
public record Action(
        Kind kind,
        int location,
        AccessMode mode,
        long value,
        long expected,
        RmwOp rmwOp,
        int[] addrDeps,
        int[] dataDeps,
        int[] expectedDeps,
        int[] ctrlDeps,
        long[] floor,
        int target,
        String origin,
        String message,
        LongUnaryOperator expectedOfSource) {

    /** No same-thread indices: shared by every action, event and prefix that has none. */
    static final int[] NO_DEPS = new int[0];

    /** No freezes: the floor of every read that was not reached through a final field. */
    static final long[] NO_FLOOR = new long[0];

    /** The kinds of actions a thread performs. */
    public enum Kind { READ, WRITE, RMW, FENCE, LOCK, UNLOCK, SPAWN, JOIN, FINISH, BLOCK, ERROR }

    /**
     * What an RMW writes; a weak CAS may fail spuriously. {@code COUNT_DOWN} is a latch's
     * count-down: it subtracts one from a positive value and writes nothing on zero (as
     * {@code CountDownLatch.countDown}'s CAS loop). {@code TAKE_PERMITS} takes {@code value} permits
     * from a semaphore's count when that many are there and writes nothing otherwise (as
     * {@code Semaphore.tryAcquire}'s CAS loop). {@code DRAIN} sets a nonzero count to zero and
     * writes nothing on zero (as {@code Semaphore.drainPermits}).
     */
    public enum RmwOp {
        FETCH_ADD, FETCH_AND, FETCH_OR, FETCH_XOR, EXCHANGE, CAS, WEAK_CAS, COUNT_DOWN, TAKE_PERMITS, DRAIN
    }

    public static Action read(int location, AccessMode mode, int[] addr, int[] ctrl, String origin) {
        return new Action(Kind.READ, location, mode, 0, 0, null,
                addr, NO_DEPS, NO_DEPS, ctrl, NO_FLOOR, -1, origin, null, null);
    }

    public static Action write(int location, long value, AccessMode mode, int[] addr, int[] data, int[] ctrl, String origin) {
        return new Action(Kind.WRITE, location, mode, value, 0, null,
                addr, data, NO_DEPS, ctrl, NO_FLOOR, -1, origin, null, null);
    }

    public static Action rmw(RmwOp op, int location, long expected, long operand, AccessMode mode,
                             int[] addr, int[] data, int[] expectedData, int[] ctrl, String origin) {
        return rmw(op, location, expected, operand, mode, addr, data, expectedData, ctrl, origin, null);
    }

    /** An RMW whose expected value the program knows as a function of its one source ({@link #expectedOfSource}). */
    public static Action rmw(RmwOp op, int location, long expected, long operand, AccessMode mode,
                             int[] addr, int[] data, int[] expectedData, int[] ctrl, String origin,
                             LongUnaryOperator expectedOfSource) {
        return new Action(Kind.RMW, location, mode, operand, expected, op,
                addr, data, expectedData, ctrl, NO_FLOOR, -1, origin, null, expectedOfSource);
    }

    public static Action fence(AccessMode mode, int[] ctrl, String origin) {
        return new Action(Kind.FENCE, -1, mode, 0, 0, null,
                NO_DEPS, NO_DEPS, NO_DEPS, ctrl, NO_FLOOR, -1, origin, null, null);
    }

    public static Action lock(int location, int[] ctrl, String origin) {
        return acquire(location, 0, 1, AccessMode.ACQ, ctrl, origin);
    }

    /**
     * A blocking acquire: proceeds by reading {@code free} and writing {@code taken} in one RMW,
     * and blocks while it reads anything else (a park consuming its permit, a wait consuming its
     * notification). A lock is {@code acquire(l, 0, 1)}.
     */
    public static Action acquire(int location, long free, long taken, AccessMode mode, int[] ctrl, String origin) {
        return new Action(Kind.LOCK, location, mode, taken, free, null,
                NO_DEPS, NO_DEPS, NO_DEPS, ctrl, NO_FLOOR, -1, origin, null, null);
    }

    /**
     * A semaphore's blocking {@code acquire(permits)}: the blocking form of the
     * {@code TAKE_PERMITS} RMW, which waits where that RMW would write nothing. It is a LOCK action
     * so that the explorer blocks it and lets later writes revisit it as it does a lock's acquire;
     * its op tells the two apart ({@link #acquireTakes}).
     */
    public static Action acquirePermits(int location, long permits, AccessMode mode, int[] ctrl, String origin) {
        return new Action(Kind.LOCK, location, mode, permits, 0, RmwOp.TAKE_PERMITS,
                NO_DEPS, NO_DEPS, NO_DEPS, ctrl, NO_FLOOR, -1, origin, null, null);
    }

    public static Action unlock(int location, int[] ctrl, String origin) {
        return new Action(Kind.UNLOCK, location, AccessMode.REL, 0, 0, null,
                NO_DEPS, NO_DEPS, NO_DEPS, ctrl, NO_FLOOR, -1, origin, null, null);
    }

    public static Action spawn(int[] ctrl, String origin) {
        return new Action(Kind.SPAWN, -1, AccessMode.NA, 0, 0, null,
                NO_DEPS, NO_DEPS, NO_DEPS, ctrl, NO_FLOOR, -1, origin, null, null);
    }

    public static Action join(int thread, int[] ctrl, String origin) {
        return new Action(Kind.JOIN, -1, AccessMode.NA, 0, 0, null,
                NO_DEPS, NO_DEPS, NO_DEPS, ctrl, NO_FLOOR, thread, origin, null, null);
    }

    public static Action finish(String origin) {
        return new Action(Kind.FINISH, -1, AccessMode.NA, 0, 0, null,
                NO_DEPS, NO_DEPS, NO_DEPS, NO_DEPS, NO_FLOOR, -1, origin, null, null);
    }

    public static Action block(int[] ctrl, String origin) {
        return new Action(Kind.BLOCK, -1, AccessMode.NA, 0, 0, null,
                NO_DEPS, NO_DEPS, NO_DEPS, ctrl, NO_FLOOR, -1, origin, null, null);
    }

    public static Action error(String message, String origin) {
        return new Action(Kind.ERROR, -1, AccessMode.NA, 0, 0, null,
                NO_DEPS, NO_DEPS, NO_DEPS, NO_DEPS, NO_FLOOR, -1, origin, message, null);
    }

    /**
     * This read, bounded below by the freezes {@code points} ({@link #freezePoint}): it may not read
     * a write that is co-before one that happens before any of them.
     */
    public Action withFloor(long[] points) {
        return new Action(kind, location, mode, value, expected, rmwOp, addrDeps, dataDeps, expectedDeps, ctrlDeps,
                points, target, origin, message, expectedOfSource);
    }

    /**
     * A freeze (JLS 17.5) of thread {@code thread}, taken when its next event would have index
     * {@code nextIndex}: what happens before it is what happens before that thread's event just
     * before {@code nextIndex}, or its creation if it has none.
     */
    public static long freezePoint(int thread, int nextIndex) {
        return ((long) thread << 32) | nextIndex;
    }

    /** The value an RMW writes after reading {@code old}. */
    long rmwResult(long old) {
        return switch (rmwOp) {
            case FETCH_ADD -> old + value;
            case COUNT_DOWN -> old - 1;
            case TAKE_PERMITS -> old - value;
            case DRAIN -> 0;
            case FETCH_AND -> old & value;
            case FETCH_OR -> old | value;
            case FETCH_XOR -> old ^ value;
            case EXCHANGE, CAS, WEAK_CAS -> value;
        };
    }

    /** Whether an RMW that reads {@code old} writes (a CAS writes only when it reads the expected value). */
    boolean rmwWrites(long old) {
        return switch (rmwOp) {
            case FETCH_ADD, FETCH_AND, FETCH_OR, FETCH_XOR, EXCHANGE -> true;
            case CAS, WEAK_CAS -> old == expected;
            case COUNT_DOWN -> old > 0;
            case TAKE_PERMITS -> old >= value;
            case DRAIN -> old != 0;
        };
    }

    /**
     * Whether a blocking acquire (a LOCK action) that reads {@code old} takes what it waits for: a
     * lock its free value, a semaphore's acquire enough permits. Otherwise it blocks.
     */
    boolean acquireTakes(long old) {
        return rmwOp == null ? old == expected : rmwWrites(old);
    }

    /** The value a blocking acquire writes when it takes after reading {@code old}. */
    long acquireResult(long old) {
        return rmwOp == null ? value : rmwResult(old);
    }
}
