package dev.weft.runtime;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * Numbers the memory locations of a check, stably across executions: a location is named by what
 * it is (a field of an object, an array element, a monitor, a thread's park permit) and by its
 * owner's {@link ObjectIds object number}, never by the Java object of one run.
 *
 * <p>Locations of objects that outlive an execution (statics, the test instance) start from the
 * value they had when the check first touched them, and are put back to it before every execution.
 */
final class Locations {
    private enum Kind { FIELD, STATIC, ELEMENT, MONITOR, ATOMIC, PERMIT, WAKE, INTERRUPT, SPURIOUS, WAITER_CHOICE, REENTRANT_LOCK, LATCH, SEMAPHORE, MAP_ENTRY, MAP_ENTRY_LOCK }

    private record Key(Kind kind, long owner, long part) {}

    private static final class Info {
        final String name;
        /** Whether values here are object numbers (shown as object names in traces). */
        final boolean reference;
        final long initial;
        /** Puts the initial value back into the real heap; null for locations of fresh objects. */
        final LongConsumer restore;
        boolean written;

        Info(String name, boolean reference, long initial, LongConsumer restore) {
            this.name = name;
            this.reference = reference;
            this.initial = initial;
            this.restore = restore;
        }
    }

    private final ObjectIds ids;
    private final HashMap<Key, Integer> index = new HashMap<>();
    private final List<Info> infos = new ArrayList<>();
    private final List<Info> toRestore = new ArrayList<>();
    /** Per map (by object number), the numbers of its keys ({@link #keyNumber}). */
    private final HashMap<Long, Map<Object, Integer>> mapKeys = new HashMap<>();

    Locations(ObjectIds ids) {
        this.ids = ids;
    }

    int field(Object owner, FieldInfo f) {
        return field(new Key(Kind.FIELD, ids.idOf(owner), f.index), owner, f);
    }

    int staticField(FieldInfo f) {
        return field(new Key(Kind.STATIC, 0, f.index), null, f);
    }

    private int field(Key key, Object owner, FieldInfo f) {
        Integer loc = index.get(key);
        if (loc != null) {
            return loc;
        }
        String name = owner == null ? f.name : ids.describe(owner) + "." + f.field.getName();
        return add(key, name, f.type == ValueType.REFERENCE, owner,
                () -> f.type.toLong(get(f, owner), ids), v -> set(f, owner, f.type.toBoxed(v, ids)));
    }

    private static Object get(FieldInfo f, Object owner) {
        try {
            return f.field.get(owner);
        } catch (IllegalAccessException e) {
            throw new UnsupportedByWeft("cannot read " + f.name + ": " + e.getMessage());
        }
    }

    private static void set(FieldInfo f, Object owner, Object value) {
        try {
            f.field.set(owner, value);
        } catch (IllegalAccessException e) {
            throw new UnsupportedByWeft("cannot restore " + f.name + " before an execution: " + e.getMessage());
        }
    }

    int element(Object array, int i) {
        Key key = new Key(Kind.ELEMENT, ids.idOf(array), i);
        Integer loc = index.get(key);
        if (loc != null) {
            return loc;
        }
        ValueType type = ValueType.of(array.getClass().getComponentType());
        return add(key, ids.describe(array) + "[" + i + "]", type == ValueType.REFERENCE, array,
                () -> type.toLong(Array.get(array, i), ids), v -> Array.set(array, i, type.toBoxed(v, ids)));
    }

    /**
     * The value of an {@code Atomic*} object (element {@code i} of an atomic array, -1 otherwise).
     * {@code current} reads its real value, {@code restore} writes one back.
     */
    int atomic(Object atomic, int i, LongSupplier current, LongConsumer restore) {
        Key key = new Key(Kind.ATOMIC, ids.idOf(atomic), i);
        Integer loc = index.get(key);
        if (loc != null) {
            return loc;
        }
        return add(key, ids.describe(atomic) + (i >= 0 ? "[" + i + "]" : ""), false, atomic, current, restore);
    }

    int monitor(Object o) {
        return synthetic(Kind.MONITOR, ids.idOf(o), "lock(" + ids.describe(o) + ")");
    }

    /** The state of a {@code ReentrantLock}: 1 while a thread holds it (apart from its monitor). */
    int reentrantLock(Object lock) {
        return synthetic(Kind.REENTRANT_LOCK, ids.idOf(lock), ids.describe(lock) + ".locked");
    }

    /**
     * The count of a {@code CountDownLatch}, starting at {@code count}, what its constructor set:
     * under a check the real latch is never counted down, so its count is always that one.
     */
    int latch(Object latch, long count) {
        return synchronizerState(Kind.LATCH, latch, ".count", count);
    }

    /**
     * The permits of a {@code Semaphore}, starting at {@code permits}, what it has when the check
     * first touches it: under a check the real semaphore is never acquired or released.
     */
    int semaphore(Object semaphore, long permits) {
        return synchronizerState(Kind.SEMAPHORE, semaphore, ".permits", permits);
    }

    private int synchronizerState(Kind kind, Object synchronizer, String suffix, long initial) {
        Key key = new Key(kind, ids.idOf(synchronizer), 0);
        Integer loc = index.get(key);
        return loc != null ? loc : add(key, new Info(ids.describe(synchronizer) + suffix, false, initial, null));
    }

    /**
     * The mapping of {@code key} in a {@code ConcurrentHashMap} (a reference: the value's object
     * number), starting at {@code real}, the real map's value: under a check the real map is never
     * changed. Keys are told apart by {@code equals}, as the map does.
     */
    int mapEntry(Object map, Object key, LongSupplier real) {
        Key k = new Key(Kind.MAP_ENTRY, ids.idOf(map), keyNumber(map, key));
        Integer loc = index.get(k);
        return loc != null ? loc : add(k, new Info(ids.describe(map) + "[" + ids.describeId(ids.idOf(key)) + "]",
                true, real.getAsLong(), null));
    }

    /** The lock that every update of the {@code ConcurrentHashMap} key whose mapping is {@code mapping} holds. */
    int mapEntryLock(int mapping) {
        Key k = new Key(Kind.MAP_ENTRY_LOCK, mapping, 0);
        Integer loc = index.get(k);
        return loc != null ? loc : add(k, new Info("lock(" + name(mapping) + ")", false, 0, null));
    }

    /**
     * A number for {@code key} among the keys of {@code map}, the same in every execution: by
     * {@code equals} when the key's class defines it, else by the key's object number.
     */
    private int keyNumber(Object map, Object key) {
        Map<Object, Integer> keys = mapKeys.computeIfAbsent(ids.idOf(map), m -> new HashMap<>());
        Object byEquality = definesEquals(key.getClass()) ? key : new ObjectNumber(ids.idOf(key));
        return keys.computeIfAbsent(byEquality, k -> keys.size());
    }

    private record ObjectNumber(long id) {}

    private static final ClassValue<Boolean> DEFINES_EQUALS = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> c) {
            try {
                return c.getMethod("equals", Object.class).getDeclaringClass() != Object.class;
            } catch (NoSuchMethodException e) {
                return false;
            }
        }
    };

    private static boolean definesEquals(Class<?> c) {
        return DEFINES_EQUALS.get(c);
    }

    int permit(int thread) {
        return synthetic(Kind.PERMIT, thread, "permit(T" + thread + ")");
    }

    int wake(int thread) {
        return synthetic(Kind.WAKE, thread, "notified(T" + thread + ")");
    }

    /** A thread-private location whose weak CAS the explorer may fail: the coin of a spurious wake-up. */
    int spurious(int thread) {
        return synthetic(Kind.SPURIOUS, thread, "spurious(T" + thread + ")");
    }

    /** A thread-private location whose coins choose which waiter a {@code notify} wakes. */
    int waiterChoice(int thread) {
        return synthetic(Kind.WAITER_CHOICE, thread, "which-waiter(T" + thread + ")");
    }

    int interrupt(int thread) {
        return synthetic(Kind.INTERRUPT, thread, "interrupted(T" + thread + ")");
    }

    private int synthetic(Kind kind, long owner, String name) {
        Key key = new Key(kind, owner, 0);
        Integer loc = index.get(key);
        return loc != null ? loc : add(key, new Info(name, false, 0, null));
    }

    /**
     * A new location of {@code owner}: an object allocated in this execution starts at its default
     * value; any other (a static, when {@code owner} is null) at the real value it has now, put back
     * before each execution once something writes it.
     */
    private int add(Key key, String name, boolean reference, Object owner, LongSupplier real, LongConsumer restore) {
        return add(key, ids.isFresh(owner) ? new Info(name, reference, 0, null)
                : new Info(name, reference, real.getAsLong(), restore));
    }

    private int add(Key key, Info info) {
        int loc = infos.size();
        infos.add(info);
        index.put(key, loc);
        return loc;
    }

    /** A write to a location of an object that outlives the execution must be undone before the next one. */
    void written(int loc) {
        Info info = infos.get(loc);
        if (!info.written && info.restore != null) {
            info.written = true;
            toRestore.add(info);
        }
    }

    void restorePersistentState() {
        for (Info info : toRestore) {
            info.restore.accept(info.initial);
        }
    }

    /** A value stored at {@code loc} as a trace shows it: object names for references. */
    String format(int loc, long value) {
        if (loc < 0 || loc >= infos.size() || !infos.get(loc).reference) {
            return Long.toString(value);
        }
        return ids.describeId(value);
    }

    /** Every location's name by number (a copy: reports outlive the check). */
    java.util.Map<Integer, String> names() {
        java.util.Map<Integer, String> m = new java.util.HashMap<>();
        for (int i = 0; i < infos.size(); i++) {
            m.put(i, infos.get(i).name);
        }
        return java.util.Map.copyOf(m);
    }

    long initialValue(int loc) {
        return infos.get(loc).initial;
    }

    String name(int loc) {
        return infos.get(loc).name;
    }
}
