package dev.weft.runtime;

import dev.weft.models.Action;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * JLS 17.5 for what final fields refer to. The end of a constructor freezes the final fields its
 * class declares; a thread that reads such a field of a frozen object sees the object it refers to,
 * and everything it reaches from there, at least as up to date as at the freeze. Each model thread
 * follows its own dereference chains: an object it reached through a frozen final field carries
 * that freeze, and its reads of that object's fields and elements are bounded below by it (the
 * explorer's read floor). The frozen object's own non-final fields get no such bound, and neither
 * does the same object reached some other way, as the JLS says.
 *
 * <p>A constructor that stores {@code this} in shared memory before it ends publishes the object
 * unfrozen: JLS 17.5 then promises nothing, and no freeze is recorded. (Handing {@code this} to a
 * thread it starts is not noticed.) When constructors delegate with {@code this(...)}, each one's
 * end is a freeze, and the last one counts for every final field of that class.
 */
final class FinalFields {
    private static final long[] NONE = new long[0];
    /** Whether a class (or a superclass) declares a final instance field: only such objects freeze. */
    private static final ClassValue<Boolean> FREEZES = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (Modifier.isFinal(f.getModifiers()) && !Modifier.isStatic(f.getModifiers())) {
                        return true;
                    }
                }
            }
            return false;
        }
    };

    /** Per frozen object, the freeze point ({@link Action#freezePoint}) of each class whose constructor ended. */
    private final IdentityHashMap<Object, Map<String, Long>> freezes = new IdentityHashMap<>();
    /** Objects with final fields whose reference was stored in shared memory. */
    private final Set<Object> published = Collections.newSetFromMap(new IdentityHashMap<>());

    /** Forgets the objects of the previous execution. */
    void reset() {
        freezes.clear();
        published.clear();
    }

    /** A reference stored in shared memory: an object not frozen yet escapes its constructor. */
    void stored(Object value) {
        if (value != null && FREEZES.get(value.getClass())) {
            published.add(value);
        }
    }

    /** The end of a constructor of {@code declaringClass} (an internal name) on {@code self}, at {@code point}. */
    void freeze(Object self, String declaringClass, long point) {
        if (!published.contains(self)) {
            freezes.computeIfAbsent(self, o -> new HashMap<>(2)).put(declaringClass, point);
        }
    }

    /**
     * {@code me} read the final field {@code f} of {@code owner} and got {@code value}: if the field
     * is frozen, or {@code owner} was itself reached through one, {@code value} is reached through
     * a frozen final field too.
     */
    void readFinal(ModelThread me, Object owner, FieldInfo f, Object value) {
        if (owner == null || value == null) {
            return;
        }
        long[] floor = floorOf(me, owner);
        Map<String, Long> frozen = freezes.get(owner);
        Long freeze = frozen == null ? null : frozen.get(f.declaringClass);
        if (freeze != null) {
            floor = union(floor, new long[] {freeze});
        }
        reached(me, value, floor);
    }

    /**
     * {@code me} read {@code value}, a reference, from a field or element of {@code owner}: if
     * {@code owner} was reached through a frozen final field, so is {@code value} (the chain goes on).
     */
    void readThrough(ModelThread me, Object owner, Object value) {
        reached(me, value, floorOf(me, owner));
    }

    /** {@code read}, a read by {@code me} of a field or element of {@code owner}, with its floor if it has one. */
    Action bounded(ModelThread me, Object owner, Action read) {
        long[] floor = floorOf(me, owner);
        return floor.length == 0 ? read : read.withFloor(floor);
    }

    private void reached(ModelThread me, Object value, long[] floor) {
        if (value != null && floor.length > 0) {
            me.reachedThroughFinals.merge(value, floor, FinalFields::union);
        }
    }

    /** The freezes that bound {@code me}'s reads of {@code owner}'s fields and elements (often none). */
    private long[] floorOf(ModelThread me, Object owner) {
        if (owner == null || me.reachedThroughFinals.isEmpty()) {
            return NONE;
        }
        return me.reachedThroughFinals.getOrDefault(owner, NONE);
    }

    /** {@code a} with the points of {@code b} it lacks (usually {@code a} itself: one freeze per chain). */
    private static long[] union(long[] a, long[] b) {
        long[] out = a;
        for (long point : b) {
            if (!contains(out, point)) {
                out = Arrays.copyOf(out, out.length + 1);
                out[out.length - 1] = point;
            }
        }
        return out;
    }

    private static boolean contains(long[] points, long point) {
        for (long p : points) {
            if (p == point) {
                return true;
            }
        }
        return false;
    }
}
