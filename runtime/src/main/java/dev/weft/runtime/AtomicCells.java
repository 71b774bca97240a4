package dev.weft.runtime;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/**
 * The locations of {@code java.util.concurrent.atomic} objects: the value of a scalar atomic, an
 * element of an atomic array (both {@link Locations#atomic}), or the field a field updater updates
 * (the field's own location, shared with GETFIELD/PUTFIELD).
 */
final class AtomicCells {
    private AtomicCells() {}

    /** Reads an atomic's real value (element i of an array) as a graph value. */
    @FunctionalInterface
    private interface Getter {
        long get(Object atomic, int i, ObjectIds ids);
    }

    /** Writes a graph value into an atomic's real value (element i of an array). */
    @FunctionalInterface
    private interface Setter {
        void set(Object atomic, int i, long v, ObjectIds ids);
    }

    /** The atomic classes with values of their own. */
    @SuppressWarnings("unchecked")
    enum Kind {
        INTEGER(AtomicInteger.class, ValueType.INT, false,
                (a, i, ids) -> ((AtomicInteger) a).get(), (a, i, v, ids) -> ((AtomicInteger) a).set((int) v)),
        LONG(AtomicLong.class, ValueType.LONG, false,
                (a, i, ids) -> ((AtomicLong) a).get(), (a, i, v, ids) -> ((AtomicLong) a).set(v)),
        BOOLEAN(AtomicBoolean.class, ValueType.BOOLEAN, false,
                (a, i, ids) -> ((AtomicBoolean) a).get() ? 1 : 0, (a, i, v, ids) -> ((AtomicBoolean) a).set(v != 0)),
        REFERENCE(AtomicReference.class, ValueType.REFERENCE, false,
                (a, i, ids) -> ids.idOf(((AtomicReference<?>) a).get()),
                (a, i, v, ids) -> ((AtomicReference<Object>) a).set(ids.objectOf(v))),
        INTEGER_ARRAY(AtomicIntegerArray.class, ValueType.INT, true,
                (a, i, ids) -> ((AtomicIntegerArray) a).get(i), (a, i, v, ids) -> ((AtomicIntegerArray) a).set(i, (int) v)),
        LONG_ARRAY(AtomicLongArray.class, ValueType.LONG, true,
                (a, i, ids) -> ((AtomicLongArray) a).get(i), (a, i, v, ids) -> ((AtomicLongArray) a).set(i, v)),
        REFERENCE_ARRAY(AtomicReferenceArray.class, ValueType.REFERENCE, true,
                (a, i, ids) -> ids.idOf(((AtomicReferenceArray<?>) a).get(i)),
                (a, i, v, ids) -> ((AtomicReferenceArray<Object>) a).set(i, ids.objectOf(v)));

        private final Class<?> type;
        final ValueType valueType;
        final boolean isArray;
        private final Getter getter;
        private final Setter setter;

        Kind(Class<?> type, ValueType valueType, boolean isArray, Getter getter, Setter setter) {
            this.type = type;
            this.valueType = valueType;
            this.isArray = isArray;
            this.getter = getter;
            this.setter = setter;
        }

        /** The real value of the atomic (element i of an array, -1 otherwise) as a graph value. */
        long get(Object atomic, int i, ObjectIds ids) {
            return getter.get(atomic, i, ids);
        }
    }

    private static final ClassValue<Optional<Kind>> KINDS = new ClassValue<>() {
        @Override
        protected Optional<Kind> computeValue(Class<?> c) {
            for (Kind k : Kind.values()) {
                if (k.type.isAssignableFrom(c)) {
                    return Optional.of(k);
                }
            }
            return Optional.empty();
        }
    };

    /** Methods a subclass in the code under test declares: for them its own code runs. */
    private static final ClassValue<Set<String>> OVERRIDDEN = new ClassValue<>() {
        @Override
        protected Set<String> computeValue(Class<?> c) {
            Set<String> names = new HashSet<>();
            for (Class<?> k = c; !isJdk(k); k = k.getSuperclass()) {
                for (Method m : k.getDeclaredMethods()) {
                    names.add(m.getName());
                }
            }
            return names;
        }
    };

    private static boolean isJdk(Class<?> c) {
        return c.getName().startsWith("java.util.concurrent.atomic.");
    }

    /** The kind of an atomic with a value of its own, or null. */
    static Kind kindOf(Object o) {
        return KINDS.get(o.getClass()).orElse(null);
    }

    /** Whether a subclass of an atomic class overrides the method (then the call runs as it is). */
    static boolean overrides(Object atomic, String method) {
        return !isJdk(atomic.getClass()) && OVERRIDDEN.get(atomic.getClass()).contains(method);
    }

    /** Whether o is one of the JDK's field updaters (an updater written by the user runs as it is). */
    static boolean isJdkUpdater(Object o) {
        return isJdk(o.getClass()) && (o instanceof AtomicIntegerFieldUpdater || o instanceof AtomicLongFieldUpdater
                || o instanceof AtomicReferenceFieldUpdater);
    }

    /** The length of an atomic array. */
    static int length(Object array) {
        return array instanceof AtomicIntegerArray a ? a.length()
                : array instanceof AtomicLongArray a ? a.length()
                : ((AtomicReferenceArray<?>) array).length();
    }

    /** The value of an atomic (element i of an array, -1 for a scalar). */
    static AtomicAccess.Cell of(ModelThread me, Kind k, Object atomic, int i) {
        ObjectIds ids = me.scheduler.ids;
        int loc = me.scheduler.locations.atomic(atomic, i, () -> k.get(atomic, i, ids),
                v -> k.setter.set(atomic, i, v, ids));
        return new AtomicAccess.Cell(loc, k.valueType, v -> k.setter.set(atomic, i, v, ids), atomic);
    }

    /** The field a JDK updater updates in obj, or null if it refuses obj (the original call throws). */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static AtomicAccess.Cell field(ModelThread me, Object updater, Object obj, Site site) {
        Field f = FieldUpdaters.fieldOf(updater, obj, site);
        if (f == null) {
            return null;
        }
        FieldInfo info = FieldInfo.of(f);
        ObjectIds ids = me.scheduler.ids;
        AtomicAccess.Store store = updater instanceof AtomicIntegerFieldUpdater u ? v -> u.set(obj, (int) v)
                : updater instanceof AtomicLongFieldUpdater u ? v -> u.set(obj, v)
                : v -> ((AtomicReferenceFieldUpdater) updater).set(obj, ids.objectOf(v));
        return new AtomicAccess.Cell(me.scheduler.locations.field(obj, info), info.type, store, obj);
    }
}
