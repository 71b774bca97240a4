package dev.weft.runtime;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * What each VarHandle accesses: a field (the same location as GETFIELD/PUTFIELD of it) or an array
 * element (the same location as xALOAD/xASTORE). VarHandles created in a model thread are recorded
 * when they are made; the others, usually made in static initialisers, are resolved from their
 * coordinates when first used ({@link HandleFields}).
 */
final class VarHandleTargets {
    private enum Kind { INSTANCE_FIELD, STATIC_FIELD, ARRAY_ELEMENT }

    /** Resolved VarHandles; they are constants of the code under test, so they are kept. */
    private static final Map<VarHandle, Target> TARGETS = new IdentityHashMap<>();

    private VarHandleTargets() {}

    /**
     * What one VarHandle accesses, with its volatile setter (taking the coordinates and the value
     * in an array) to update the real heap.
     */
    static final class Target {
        private final Kind kind;
        private final FieldInfo field;
        private final ValueType type;
        private final MethodHandle setter;

        private Target(Kind kind, FieldInfo field, VarHandle vh) {
            this.kind = kind;
            this.field = field;
            this.type = ValueType.of(vh.varType());
            int arity = vh.coordinateTypes().size() + 1;
            this.setter = vh.toMethodHandle(VarHandle.AccessMode.SET_VOLATILE).asSpreader(Object[].class, arity)
                    .asType(MethodType.methodType(void.class, Object[].class));
        }

        /** How many arguments after the VarHandle name the variable (the rest are values). */
        int coordinates() {
            return kind == Kind.STATIC_FIELD ? 0 : kind == Kind.INSTANCE_FIELD ? 1 : 2;
        }

        /**
         * The cell a call with these arguments ({@code args[0]} is the VarHandle, its receiver
         * checked by {@link #of}) accesses, or null when the original call must run: it throws (an
         * index out of bounds), or it reads a final field, which is no location (JLS 17.5, as for
         * GETFIELD).
         */
        AtomicAccess.Cell cell(ModelThread me, Object[] args) {
            Locations locations = me.scheduler.locations;
            ObjectIds ids = me.scheduler.ids;
            int loc;
            if (kind == Kind.ARRAY_ELEMENT) {
                int index = (int) AtomicAccess.toGraph(ValueType.INT, args[2], ids);
                if (index < 0 || index >= Array.getLength(args[1])) {
                    return null;
                }
                loc = locations.element(args[1], index);
            } else if (field.isFinal) {
                return null;
            } else {
                loc = kind == Kind.STATIC_FIELD ? locations.staticField(field) : locations.field(args[1], field);
            }
            int n = coordinates();
            Object[] set = Arrays.copyOfRange(args, 1, n + 2); // the coordinates, and a slot for the value
            return new AtomicAccess.Cell(loc, type, v -> {
                set[n] = type.toBoxed(v, ids);
                setter.invokeExact(set);
            }, kind == Kind.STATIC_FIELD ? null : args[1]);
        }
    }

    /** Records a VarHandle on a field, made in a model thread. */
    static void registerField(VarHandle vh, Field f) {
        put(vh, new Target(Modifier.isStatic(f.getModifiers()) ? Kind.STATIC_FIELD : Kind.INSTANCE_FIELD,
                FieldInfo.of(f), vh));
    }

    /** Records a VarHandle on array elements, made in a model thread. */
    static void registerArray(VarHandle vh) {
        put(vh, new Target(Kind.ARRAY_ELEMENT, null, vh));
    }

    private static synchronized void put(VarHandle vh, Target t) {
        TARGETS.put(vh, t);
    }

    private static synchronized Target get(VarHandle vh) {
        return TARGETS.get(vh);
    }

    /**
     * The target of a VarHandle used at a site with these arguments ({@code args[0]} is the
     * VarHandle), or null if the receiver is not one the VarHandle accepts (the original call
     * throws); refuses a VarHandle Weft cannot name a location for.
     */
    static Target of(VarHandle vh, Site site, Object[] args) throws Throwable {
        List<Class<?>> coordinates = vh.coordinateTypes();
        if (!coordinates.isEmpty() && !coordinates.get(0).isInstance(args[1])) {
            return null; // a null or foreign receiver: the original call throws
        }
        Target t = get(vh);
        if (t == null) {
            t = resolve(vh, site, args);
            put(vh, t);
        }
        return t;
    }

    private static Target resolve(VarHandle vh, Site site, Object[] args) throws Throwable {
        List<Class<?>> coordinates = vh.coordinateTypes();
        Class<?> type = vh.varType();
        if (coordinates.size() == 2 && coordinates.get(0).isArray() && coordinates.get(1) == int.class
                && coordinates.get(0).getComponentType() == type) {
            return new Target(Kind.ARRAY_ELEMENT, null, vh);
        }
        Class<?> owner;
        boolean isStatic;
        if (coordinates.isEmpty()) {
            owner = HandleFields.usingClass(site);
            isStatic = true;
        } else if (coordinates.size() == 1 && !coordinates.get(0).isArray() && !coordinates.get(0).isInterface()) {
            owner = coordinates.get(0);
            isStatic = false;
        } else {
            throw new UnsupportedByWeft("a VarHandle with coordinates " + coordinates + " and variable type "
                    + type.getName() + " (a byte-array, ByteBuffer or memory view) is not modelled by Weft (called at "
                    + site.frame() + "). Use a VarHandle on a field (MethodHandles.Lookup.findVarHandle) or on the"
                    + " elements of an array of the variable's type (MethodHandles.arrayElementVarHandle).");
        }
        List<Field> typed = new ArrayList<>();
        for (Class<?> k = owner; k != null; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) == isStatic && f.getType() == type) {
                    typed.add(f);
                }
            }
        }
        // a field that does not hold the value the VarHandle reads now is not the one
        Object receiver = isStatic ? null : args[1];
        MethodHandle get = vh.toMethodHandle(VarHandle.AccessMode.GET);
        Object current = isStatic ? get.invoke() : get.invoke(receiver);
        List<Field> candidates = new ArrayList<>();
        for (Field f : typed) {
            if (HandleFields.holdsValue(f, receiver, current)) {
                candidates.add(f);
            }
        }
        List<String> holders = HandleFields.holderNames(vh, VarHandle.class, HandleFields.holders(site, isStatic ? null : owner));
        // a static field may belong to any class: only a VarHandle the using class holds points to its own
        Field f = isStatic && holders.isEmpty() ? null : HandleFields.pick(candidates, holders);
        if (f == null) {
            throw new UnsupportedByWeft("Weft cannot tell which field the VarHandle used at " + site.frame()
                    + " accesses: it was created where Weft does not see it (a static initialiser), and the "
                    + (isStatic ? "static " : "") + type.getSimpleName() + " fields of " + owner.getSimpleName()
                    + " it could access are: " + HandleFields.describe(typed) + ". Hold the VarHandle in a static"
                    + " field of the class that uses it, named after the field it accesses (for example STATE or"
                    + " STATE_HANDLE for state), or create it with MethodHandles.lookup().findVarHandle in code that"
                    + " runs in the check.");
        }
        return new Target(isStatic ? Kind.STATIC_FIELD : Kind.INSTANCE_FIELD, FieldInfo.of(f), vh);
    }
}
