package dev.weft.runtime;

import dev.weft.models.AccessMode;
import dev.weft.models.Action;
import dev.weft.models.Action.RmwOp;
import java.lang.invoke.VarHandle;

/**
 * The access modes of VarHandles and {@code java.util.concurrent.atomic} on one location, as
 * explorer actions (DESIGN §3). A write, and an RMW that wrote, also goes to the real heap so that
 * uninstrumented code sees the co-latest value.
 */
final class AtomicAccess {
    private AtomicAccess() {}

    /** Puts a graph value into the real heap. */
    @FunctionalInterface
    interface Store {
        void put(long value) throws Throwable;
    }

    /**
     * A location accessed atomically: its graph location, how its values are kept, its real storage,
     * and the object it belongs to (the atomic, the VarHandle's receiver or array; null for a static),
     * whose reads a frozen final field may bound ({@link FinalFields}).
     */
    record Cell(int loc, ValueType type, Store store, Object owner) {}

    /**
     * The model's mode of a Java access mode: plain is non-atomic (but an RMW cannot be: its plain
     * weak CAS is relaxed), opaque relaxed, acquire and release as named, volatile SC.
     */
    static AccessMode modeOf(VarHandle.AccessMode m) {
        if (m == VarHandle.AccessMode.GET || m == VarHandle.AccessMode.SET) {
            return AccessMode.NA;
        }
        String name = m.name();
        if (name.endsWith("_ACQUIRE")) {
            return AccessMode.ACQ;
        }
        if (name.endsWith("_RELEASE")) {
            return AccessMode.REL;
        }
        if (name.endsWith("_OPAQUE") || name.endsWith("_PLAIN")) {
            return AccessMode.RLX;
        }
        return AccessMode.SC;
    }

    /**
     * Performs access mode {@code m} on the cell with the values {@code args[first..]} and returns
     * the result boxed as the access mode's return type (null for a set).
     */
    static Object access(ModelThread me, Cell c, VarHandle.AccessMode m, Object[] args, int first, String origin)
            throws Throwable {
        AccessMode mode = modeOf(m);
        ObjectIds ids = me.scheduler.ids;
        if (c.type() == ValueType.REFERENCE) {
            for (int i = first; i < args.length; i++) {
                me.scheduler.finals.stored(args[i]); // an object under construction escapes
            }
        }
        // the value written or added, or the value a CAS expects
        long operand = args.length > first ? toGraph(c.type(), args[first], ids) : 0;
        return switch (m) {
            case GET, GET_VOLATILE, GET_OPAQUE, GET_ACQUIRE -> box(me, c, read(me, c, mode, origin));
            case SET, SET_VOLATILE, SET_OPAQUE, SET_RELEASE -> {
                write(me, c, operand, mode, origin);
                yield null;
            }
            case COMPARE_AND_SET -> compareAndSet(me, c, operand, toGraph(c.type(), args[first + 1], ids), mode,
                    false, origin);
            case WEAK_COMPARE_AND_SET_PLAIN, WEAK_COMPARE_AND_SET, WEAK_COMPARE_AND_SET_ACQUIRE,
                    WEAK_COMPARE_AND_SET_RELEASE -> compareAndSet(me, c, operand,
                    toGraph(c.type(), args[first + 1], ids), mode, true, origin);
            case COMPARE_AND_EXCHANGE, COMPARE_AND_EXCHANGE_ACQUIRE, COMPARE_AND_EXCHANGE_RELEASE -> box(me, c,
                    compareAndExchange(me, c, operand, toGraph(c.type(), args[first + 1], ids), mode, origin));
            case GET_AND_SET, GET_AND_SET_ACQUIRE, GET_AND_SET_RELEASE ->
                    box(me, c, getAndOp(me, c, RmwOp.EXCHANGE, operand, mode, origin));
            case GET_AND_ADD, GET_AND_ADD_ACQUIRE, GET_AND_ADD_RELEASE ->
                    box(me, c, getAndAdd(me, c, operand, mode, origin));
            case GET_AND_BITWISE_OR, GET_AND_BITWISE_OR_ACQUIRE, GET_AND_BITWISE_OR_RELEASE ->
                    box(me, c, getAndOp(me, c, RmwOp.FETCH_OR, operand, mode, origin));
            case GET_AND_BITWISE_AND, GET_AND_BITWISE_AND_ACQUIRE, GET_AND_BITWISE_AND_RELEASE ->
                    box(me, c, getAndOp(me, c, RmwOp.FETCH_AND, operand, mode, origin));
            case GET_AND_BITWISE_XOR, GET_AND_BITWISE_XOR_ACQUIRE, GET_AND_BITWISE_XOR_RELEASE ->
                    box(me, c, getAndOp(me, c, RmwOp.FETCH_XOR, operand, mode, origin));
        };
    }

    static long read(ModelThread me, Cell c, AccessMode mode, String origin) {
        return reading(me, c, Events.read(c.loc(), mode, origin));
    }

    /**
     * Performs {@code a}, which reads the cell, and returns the value read: bounded by the freezes of
     * final fields the cell's owner was reached through, and passing them on to a reference read.
     */
    private static long reading(ModelThread me, Cell c, Action a) {
        FinalFields finals = me.scheduler.finals;
        long value = me.scheduler.perform(me, finals.bounded(me, c.owner(), a));
        if (c.type() == ValueType.REFERENCE) {
            finals.readThrough(me, c.owner(), me.scheduler.ids.objectOf(value));
        }
        return value;
    }

    static void write(ModelThread me, Cell c, long value, AccessMode mode, String origin) throws Throwable {
        me.scheduler.perform(me, Events.write(c.loc(), value, mode, origin));
        stored(me, c, value);
    }

    /**
     * A CAS; a weak one may fail although it read {@code expected} (the explorer explores both). At
     * most one spurious failure per thread and execution: a retry loop around a weak CAS would
     * otherwise have executions with any number of them, and one is enough to exercise the retry.
     */
    static boolean compareAndSet(ModelThread me, Cell c, long expected, long desired, AccessMode mode, boolean weak,
                                 String origin) throws Throwable {
        Scheduler s = me.scheduler;
        boolean mayFailSpuriously = weak && !me.spuriousFailureUsed;
        long old = reading(me, c, Events.rmw(mayFailSpuriously ? RmwOp.WEAK_CAS : RmwOp.CAS, c.loc(), expected,
                desired, mode, origin));
        boolean wrote = old == expected && (!mayFailSpuriously || s.explorer.lastRmwWrote(me.id));
        if (mayFailSpuriously && old == expected && !wrote) {
            me.spuriousFailureUsed = true;
        }
        if (wrote) {
            stored(me, c, desired);
        }
        return wrote;
    }

    /** A strong CAS that returns the value it read (the witness). */
    static long compareAndExchange(ModelThread me, Cell c, long expected, long desired, AccessMode mode, String origin)
            throws Throwable {
        long old = reading(me, c, Events.rmw(RmwOp.CAS, c.loc(), expected, desired, mode, origin));
        if (old == expected) {
            stored(me, c, desired);
        }
        return old;
    }

    /** Adds {@code delta} (a graph value of the cell's type) and returns the old value. */
    static long getAndAdd(ModelThread me, Cell c, long delta, AccessMode mode, String origin) throws Throwable {
        if (c.type() == ValueType.FLOAT || c.type() == ValueType.DOUBLE) {
            // the explorer's FETCH_ADD adds integers: a floating add is the JDK's loop of a read and a
            // CAS (strong here: a spurious failure would only repeat the loop); the JDK's acquire and
            // release variants read plainly, relaxed here so that the loop's read is no data race
            AccessMode readMode = mode == AccessMode.SC ? AccessMode.SC : AccessMode.RLX;
            while (true) {
                long old = read(me, c, readMode, origin);
                if (compareAndSet(me, c, old, addFloating(c.type(), old, delta), mode, false, origin)) {
                    return old;
                }
            }
        }
        return getAndOp(me, c, RmwOp.FETCH_ADD, delta, mode, origin);
    }

    /** An RMW that always writes: exchange, or an integral add, and, or, xor. Returns the old value. */
    static long getAndOp(ModelThread me, Cell c, RmwOp op, long operand, AccessMode mode, String origin)
            throws Throwable {
        long old = reading(me, c, Events.rmw(op, c.loc(), 0, operand, mode, origin));
        long written = switch (op) {
            case FETCH_ADD -> old + operand;
            case FETCH_AND -> old & operand;
            case FETCH_OR -> old | operand;
            case FETCH_XOR -> old ^ operand;
            default -> operand;
        };
        if (!fits(c.type(), written)) {
            // the graph keeps values as longs and does not wrap them: a CAS expecting the wrapped
            // value would then fail where Java's succeeds, a wrong answer rather than a refusal
            throw new UnsupportedByWeft("an atomic add at " + origin + " overflows its " + c.type().name().toLowerCase()
                    + " value (" + old + " + " + operand + "), and Weft does not model wrap-around of atomic adds."
                    + " Keep the values of atomic counters within their type's range in checks, or use a long.");
        }
        stored(me, c, written);
        return old;
    }

    /**
     * After a write: the real heap takes the value only if the write is co-latest, since writes do
     * not reach the heap in co order (a replay runs them in another order; an RMW's write follows
     * the write it read, which need not be the latest).
     */
    private static void stored(ModelThread me, Cell c, long value) throws Throwable {
        Scheduler s = me.scheduler;
        s.locations.written(c.loc());
        if (s.explorer.lastWriteIsCoLatest(me.id)) {
            c.store().put(value);
        }
    }

    private static boolean fits(ValueType t, long v) {
        return switch (t) {
            case BYTE -> v == (byte) v;
            case SHORT -> v == (short) v;
            case CHAR -> v == (char) v;
            case INT -> v == (int) v;
            default -> true;
        };
    }

    private static long addFloating(ValueType t, long bits, long deltaBits) {
        if (t == ValueType.FLOAT) {
            return Float.floatToRawIntBits(Float.intBitsToFloat((int) bits) + Float.intBitsToFloat((int) deltaBits));
        }
        return Double.doubleToRawLongBits(Double.longBitsToDouble(bits) + Double.longBitsToDouble(deltaBits));
    }

    /** A graph value as the boxed value of the cell's type. */
    static Object box(ModelThread me, Cell c, long v) {
        return c.type().toBoxed(v, me.scheduler.ids);
    }

    /**
     * A boxed argument as a graph value of type {@code t}. The argument may be of a narrower type
     * than the variable (a VarHandle call site widens, as {@code invoke} does).
     */
    static long toGraph(ValueType t, Object boxed, ObjectIds ids) {
        return switch (t) {
            case BOOLEAN -> (Boolean) boxed ? 1 : 0;
            case FLOAT -> Float.floatToRawIntBits(boxed instanceof Character ch ? ch : ((Number) boxed).floatValue());
            case DOUBLE -> Double.doubleToRawLongBits(boxed instanceof Character ch ? ch : ((Number) boxed).doubleValue());
            case REFERENCE -> ids.idOf(boxed);
            default -> boxed instanceof Character ch ? ch : ((Number) boxed).longValue();
        };
    }
}
