package dev.weft.runtime;

import static java.lang.invoke.VarHandle.AccessMode.COMPARE_AND_EXCHANGE;
import static java.lang.invoke.VarHandle.AccessMode.COMPARE_AND_EXCHANGE_ACQUIRE;
import static java.lang.invoke.VarHandle.AccessMode.COMPARE_AND_EXCHANGE_RELEASE;
import static java.lang.invoke.VarHandle.AccessMode.COMPARE_AND_SET;
import static java.lang.invoke.VarHandle.AccessMode.GET;
import static java.lang.invoke.VarHandle.AccessMode.GET_ACQUIRE;
import static java.lang.invoke.VarHandle.AccessMode.GET_AND_ADD;
import static java.lang.invoke.VarHandle.AccessMode.GET_AND_SET;
import static java.lang.invoke.VarHandle.AccessMode.GET_OPAQUE;
import static java.lang.invoke.VarHandle.AccessMode.GET_VOLATILE;
import static java.lang.invoke.VarHandle.AccessMode.SET;
import static java.lang.invoke.VarHandle.AccessMode.SET_OPAQUE;
import static java.lang.invoke.VarHandle.AccessMode.SET_RELEASE;
import static java.lang.invoke.VarHandle.AccessMode.SET_VOLATILE;
import static java.lang.invoke.VarHandle.AccessMode.WEAK_COMPARE_AND_SET;
import static java.lang.invoke.VarHandle.AccessMode.WEAK_COMPARE_AND_SET_ACQUIRE;
import static java.lang.invoke.VarHandle.AccessMode.WEAK_COMPARE_AND_SET_PLAIN;
import static java.lang.invoke.VarHandle.AccessMode.WEAK_COMPARE_AND_SET_RELEASE;
import static java.util.Map.entry;

import dev.weft.models.AccessMode;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.Map;
import java.util.Set;
import java.util.function.BinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.function.LongUnaryOperator;
import java.util.function.UnaryOperator;

/**
 * {@code java.util.concurrent.atomic} calls of model threads: the scalar atomics, the atomic arrays
 * and the field updaters, every method that reads or writes their value. The other classes of the
 * package keep their state where Weft cannot see it, and are refused.
 */
final class AtomicCalls implements Calls.Family {
    static final AtomicCalls INSTANCE = new AtomicCalls();

    /** The JVM opcode of invokestatic. */
    private static final int INVOKESTATIC = 184;

    private static final Set<String> MODELLED = Set.of("AtomicInteger", "AtomicLong", "AtomicBoolean",
            "AtomicReference", "AtomicIntegerArray", "AtomicLongArray", "AtomicReferenceArray",
            "AtomicIntegerFieldUpdater", "AtomicLongFieldUpdater", "AtomicReferenceFieldUpdater");

    /** Methods that are one access mode of a VarHandle on the value (DESIGN §3). */
    private static final Map<String, VarHandle.AccessMode> ACCESS = Map.ofEntries(
            entry("get", GET_VOLATILE), entry("set", SET_VOLATILE), entry("lazySet", SET_RELEASE),
            entry("getPlain", GET), entry("setPlain", SET), entry("getOpaque", GET_OPAQUE),
            entry("setOpaque", SET_OPAQUE), entry("getAcquire", GET_ACQUIRE), entry("setRelease", SET_RELEASE),
            entry("compareAndSet", COMPARE_AND_SET),
            // the deprecated weakCompareAndSet has plain semantics since JDK 9
            entry("weakCompareAndSet", WEAK_COMPARE_AND_SET_PLAIN),
            entry("weakCompareAndSetPlain", WEAK_COMPARE_AND_SET_PLAIN),
            entry("weakCompareAndSetVolatile", WEAK_COMPARE_AND_SET),
            entry("weakCompareAndSetAcquire", WEAK_COMPARE_AND_SET_ACQUIRE),
            entry("weakCompareAndSetRelease", WEAK_COMPARE_AND_SET_RELEASE),
            entry("compareAndExchange", COMPARE_AND_EXCHANGE),
            entry("compareAndExchangeAcquire", COMPARE_AND_EXCHANGE_ACQUIRE),
            entry("compareAndExchangeRelease", COMPARE_AND_EXCHANGE_RELEASE),
            entry("getAndSet", GET_AND_SET), entry("getAndAdd", GET_AND_ADD));

    /** The other methods that read or write the value (built from volatile reads and RMWs). */
    private static final Set<String> DERIVED = Set.of("getAndIncrement", "getAndDecrement", "incrementAndGet",
            "decrementAndGet", "addAndGet", "getAndUpdate", "updateAndGet", "getAndAccumulate", "accumulateAndGet",
            "intValue", "longValue", "floatValue", "doubleValue", "byteValue", "shortValue", "toString");

    private AtomicCalls() {}

    /**
     * A new atomic whose constructor stored a value other than the default: that store becomes a
     * write of the model (volatile for a scalar, plain copies for an array made from a Java array),
     * so that other threads can read it.
     */
    static void allocated(ModelThread me, Object object, int site) {
        AtomicCells.Kind k = AtomicCells.kindOf(object);
        if (k == null) {
            return;
        }
        String origin = Sites.origin(site);
        if (!k.isArray) {
            initialWrite(me, k, object, -1, AccessMode.SC, origin);
            return;
        }
        for (int i = 0, n = AtomicCells.length(object); i < n; i++) {
            initialWrite(me, k, object, i, AccessMode.NA, origin);
        }
    }

    private static void initialWrite(ModelThread me, AtomicCells.Kind k, Object atomic, int i, AccessMode mode,
                                     String origin) {
        long value = k.get(atomic, i, me.scheduler.ids);
        if (value != 0) { // the real value is there already; a fresh location starts at 0
            me.scheduler.perform(me, Events.write(AtomicCells.of(me, k, atomic, i).loc(), value, mode, origin));
        }
    }

    @Override
    public Object invoke(ModelThread me, Site site, MethodHandle original, Object[] args) throws Throwable {
        String name = site.name();
        String type = site.owner().substring(site.owner().lastIndexOf('/') + 1);
        if (!MODELLED.contains(type)) {
            throw unsupported(type, site);
        }
        if (site.opcode() == INVOKESTATIC) {
            return name.equals("newUpdater") ? FieldUpdaters.created(original, args) : Calls.original(original, args);
        }
        switch (name) {
            case "wait", "notify", "notifyAll", "hashCode":
                return ObjectCalls.INSTANCE.invoke(me, site, original, args);
            default:
                break;
        }
        Object receiver = args[0];
        if (receiver == null || !ACCESS.containsKey(name) && !DERIVED.contains(name)) {
            return Calls.original(original, args); // length(), equals…, or a NullPointerException
        }
        String origin = Sites.origin(site.id());
        AtomicCells.Kind kind = AtomicCells.kindOf(receiver);
        AtomicAccess.Cell cell;
        if (kind == null) {
            cell = AtomicCells.isJdkUpdater(receiver) && !name.equals("toString")
                    ? AtomicCells.field(me, receiver, args[1], site) : null;
        } else if (AtomicCells.overrides(receiver, name)) {
            cell = null;
        } else if (!kind.isArray) {
            cell = AtomicCells.of(me, kind, receiver, -1);
        } else if (name.equals("toString")) {
            return arrayToString(me, kind, receiver, origin);
        } else {
            int i = (Integer) args[1];
            cell = i < 0 || i >= AtomicCells.length(receiver) ? null : AtomicCells.of(me, kind, receiver, i);
        }
        if (cell == null) {
            return Calls.original(original, args); // it throws, or it is the user's own code
        }
        int first = kind == null || kind.isArray ? 2 : 1;
        VarHandle.AccessMode m = ACCESS.get(name);
        if (m != null) {
            return AtomicAccess.access(me, cell, m, args, first, origin);
        }
        return derived(me, cell, name, args, first, kind == null, origin);
    }

    private static Object derived(ModelThread me, AtomicAccess.Cell c, String name, Object[] args, int first,
                                  boolean updater, String origin) throws Throwable {
        switch (name) {
            case "getAndIncrement":
                return AtomicAccess.box(me, c, AtomicAccess.getAndAdd(me, c, 1, AccessMode.SC, origin));
            case "getAndDecrement":
                return AtomicAccess.box(me, c, AtomicAccess.getAndAdd(me, c, -1, AccessMode.SC, origin));
            case "incrementAndGet":
                return AtomicAccess.box(me, c, AtomicAccess.getAndAdd(me, c, 1, AccessMode.SC, origin) + 1);
            case "decrementAndGet":
                return AtomicAccess.box(me, c, AtomicAccess.getAndAdd(me, c, -1, AccessMode.SC, origin) - 1);
            case "addAndGet": {
                long delta = AtomicAccess.toGraph(c.type(), args[first], me.scheduler.ids);
                return AtomicAccess.box(me, c, AtomicAccess.getAndAdd(me, c, delta, AccessMode.SC, origin) + delta);
            }
            case "getAndUpdate", "updateAndGet", "getAndAccumulate", "accumulateAndGet":
                return update(me, c, name, args, first, updater, origin);
            default:
                return valueAs(me, c, name, AtomicAccess.read(me, c, AccessMode.SC, origin));
        }
    }

    /** {@code intValue()}, {@code toString()}…: the value read, converted as the JDK does. */
    private static Object valueAs(ModelThread me, AtomicAccess.Cell c, String name, long v) {
        switch (name) {
            case "intValue":
                return (int) v;
            case "longValue":
                return v;
            case "floatValue":
                return (float) v;
            case "doubleValue":
                return (double) v;
            case "byteValue":
                return (byte) v;
            case "shortValue":
                return (short) v;
            default:
                return String.valueOf(AtomicAccess.box(me, c, v));
        }
    }

    /**
     * The functional updates, as the JDK writes them: a volatile read, then CAS retries, each after
     * a fresh read. The atomics re-apply the function only when that read saw another value; the
     * field updaters always do. The JDK's weak CAS is a strong one here: its spurious failures
     * would only repeat the loop, without end.
     */
    private static Object update(ModelThread me, AtomicAccess.Cell c, String name, Object[] args, int first,
                                 boolean updater, String origin) throws Throwable {
        boolean accumulate = name.equals("getAndAccumulate") || name.equals("accumulateAndGet");
        Object function = args[args.length - 1];
        Object x = accumulate ? args[first] : null;
        ObjectIds ids = me.scheduler.ids;
        long prev = AtomicAccess.read(me, c, AccessMode.SC, origin);
        long next = 0;
        boolean haveNext = false;
        while (true) {
            if (!haveNext) {
                Object applied = apply(c.type(), function, AtomicAccess.box(me, c, prev), accumulate, x);
                next = AtomicAccess.toGraph(c.type(), applied, ids);
            }
            if (AtomicAccess.compareAndSet(me, c, prev, next, AccessMode.SC, false, origin)) {
                return AtomicAccess.box(me, c, name.startsWith("getAnd") ? prev : next);
            }
            long again = AtomicAccess.read(me, c, AccessMode.SC, origin);
            haveNext = !updater && again == prev;
            prev = again;
        }
    }

    @SuppressWarnings("unchecked")
    private static Object apply(ValueType t, Object function, Object prev, boolean accumulate, Object x) {
        switch (t) {
            case INT:
                return accumulate ? ((IntBinaryOperator) function).applyAsInt((Integer) prev, (Integer) x)
                        : ((IntUnaryOperator) function).applyAsInt((Integer) prev);
            case LONG:
                return accumulate ? ((LongBinaryOperator) function).applyAsLong((Long) prev, (Long) x)
                        : ((LongUnaryOperator) function).applyAsLong((Long) prev);
            default:
                return accumulate ? ((BinaryOperator<Object>) function).apply(prev, x)
                        : ((UnaryOperator<Object>) function).apply(prev);
        }
    }

    /** {@code [a, b, c]} from volatile reads of the elements, as the JDK builds it. */
    private static String arrayToString(ModelThread me, AtomicCells.Kind kind, Object array, String origin) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0, n = AtomicCells.length(array); i < n; i++) {
            AtomicAccess.Cell c = AtomicCells.of(me, kind, array, i);
            sb.append(i == 0 ? "" : ", ").append(AtomicAccess.box(me, c, AtomicAccess.read(me, c, AccessMode.SC, origin)));
        }
        return sb.append(']').toString();
    }

    private static UnsupportedByWeft unsupported(String type, Site site) {
        String instead;
        switch (type) {
            case "AtomicStampedReference", "AtomicMarkableReference":
                instead = "it keeps the reference and its " + (type.contains("Stamped") ? "stamp" : "mark") + " in an"
                        + " internal pair Weft does not model. Use an AtomicReference to an immutable pair (a record)"
                        + " of both, which is what it does.";
                break;
            case "LongAdder", "LongAccumulator", "DoubleAdder", "DoubleAccumulator":
                instead = "it spreads its value over JDK-internal cells Weft cannot see. Use an AtomicLong (for"
                        + " doubles, an AtomicLong of Double.doubleToRawLongBits) in code under a check.";
                break;
            default:
                instead = "use AtomicInteger, AtomicLong, AtomicBoolean, AtomicReference, their arrays and field"
                        + " updaters, or VarHandles.";
                break;
        }
        return new UnsupportedByWeft("java.util.concurrent.atomic." + type + "." + site.name() + " is not modelled by"
                + " Weft (called at " + site.frame() + "): " + instead);
    }
}
