package dev.weft.runtime;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/**
 * The field each {@code Atomic*FieldUpdater} updates, so that its operations name the same location
 * as GETFIELD/PUTFIELD of that field. Updaters made in a model thread are recorded by
 * {@code newUpdater}; the others, usually made in static initialisers, are resolved when first used
 * (the JDK keeps the field in private state Weft cannot read under strong encapsulation).
 */
final class FieldUpdaters {
    /** Resolved updaters; they are constants of the code under test, so they are kept. */
    private static final Map<Object, Field> FIELDS = new IdentityHashMap<>();

    private FieldUpdaters() {}

    /** {@code newUpdater(tclass, [vclass,] fieldName)}: makes the updater and records its field. */
    static Object created(MethodHandle original, Object[] args) throws Throwable {
        Object updater = Calls.original(original, args);
        Field f = ((Class<?>) args[0]).getDeclaredField((String) args[args.length - 1]); // as the JDK finds it
        put(updater, f);
        return updater;
    }

    private static synchronized void put(Object updater, Field f) {
        FIELDS.put(updater, f);
    }

    private static synchronized Field get(Object updater) {
        return FIELDS.get(updater);
    }

    /**
     * The field {@code updater} (one of the JDK's) updates in {@code obj}: the only volatile field
     * of its type in obj's class that holds the value the updater reads, or the one named like the
     * static field that holds the updater. Null if the updater refuses obj (the original call throws).
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static Field fieldOf(Object updater, Object obj, Site site) {
        Field known = get(updater);
        if (known != null) {
            return known.getDeclaringClass().isInstance(obj) ? known : null;
        }
        Object current;
        try {
            current = updater instanceof AtomicIntegerFieldUpdater u ? (Object) u.get(obj)
                    : updater instanceof AtomicLongFieldUpdater u ? (Object) u.get(obj)
                    : ((AtomicReferenceFieldUpdater) updater).get(obj);
        } catch (RuntimeException e) {
            return null; // obj is not one the updater accepts
        }
        List<Field> typed = new ArrayList<>();
        List<Field> candidates = new ArrayList<>();
        for (Class<?> k = obj.getClass(); k != null; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                int m = f.getModifiers();
                if (!Modifier.isStatic(m) && Modifier.isVolatile(m) && updates(updater, f.getType())) {
                    typed.add(f);
                    if (HandleFields.holdsValue(f, obj, current)) {
                        candidates.add(f);
                    }
                }
            }
        }
        Class<?> family = updaterClass(updater);
        Field f = HandleFields.pick(candidates,
                HandleFields.holderNames(updater, family, HandleFields.holders(site, obj.getClass())));
        if (f == null) {
            throw new UnsupportedByWeft("Weft cannot tell which field the " + family.getSimpleName() + " used at "
                    + site.frame() + " updates: it was created where Weft does not see it (a static initialiser),"
                    + " and the volatile fields of " + obj.getClass().getSimpleName() + " it could update are: "
                    + HandleFields.describe(typed) + ". Name the static field that holds the updater after the"
                    + " field it updates (for example STATE_UPDATER for state), or create the updater with newUpdater"
                    + " in code that runs in the check.");
        }
        put(updater, f);
        return f;
    }

    private static boolean updates(Object updater, Class<?> fieldType) {
        return updater instanceof AtomicIntegerFieldUpdater ? fieldType == int.class
                : updater instanceof AtomicLongFieldUpdater ? fieldType == long.class
                : !fieldType.isPrimitive();
    }

    private static Class<?> updaterClass(Object updater) {
        return updater instanceof AtomicIntegerFieldUpdater ? AtomicIntegerFieldUpdater.class
                : updater instanceof AtomicLongFieldUpdater ? AtomicLongFieldUpdater.class
                : AtomicReferenceFieldUpdater.class;
    }
}
