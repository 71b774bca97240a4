package dev.weft.runtime;

import java.lang.invoke.MethodHandleProxies;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Names objects by numbers that stay the same in every execution, because the graph outlives the
 * objects of one run: a write of a reference records the number, and a location is named by its
 * owner's number.
 *
 * <ul>
 *   <li>An object allocated by instrumented code in this execution is named by its allocating
 *       thread and that thread's allocation count: both repeat when the execution is replayed.</li>
 *   <li>A lambda or method reference that captures values is an allocation too, reported where
 *       instrumented code makes it; one made by other code (the JDK's {@code Consumer.andThen})
 *       is named like an allocation of the first thread that handles it.</li>
 *   <li>Any other object existed before the execution (a static, the test instance, an enum
 *       constant, a lambda that captures nothing, which the JVM makes once) and keeps one number
 *       for the whole check.</li>
 *   <li>Boxed primitives and strings are named by value, since the JDK hands out fresh or cached
 *       instances at will; a CAS on them compares values (Java compares identity).</li>
 * </ul>
 */
final class ObjectIds {
    static final long NULL = 0;
    private static final long PERSISTENT = 1L << 62;
    /** Lambda classes have instance fields only for captured values. */
    private static final ClassValue<Boolean> CAPTURING_LAMBDA = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return type.isHidden()
                    && Arrays.stream(type.getDeclaredFields()).anyMatch(f -> !Modifier.isStatic(f.getModifiers()));
        }
    };

    private final IdentityHashMap<Object, Long> fresh = new IdentityHashMap<>();
    private final HashMap<Long, Object> freshById = new HashMap<>();
    private final IdentityHashMap<Object, Long> persistent = new IdentityHashMap<>();
    private final HashMap<Object, Long> byValue = new HashMap<>();
    private final HashMap<Long, Object> persistentById = new HashMap<>();
    private long nextPersistent = PERSISTENT;
    /** Lets the current thread's replay catch up with the others; false if there was nothing to wait for. */
    private final BooleanSupplier awaitOtherThreads;

    ObjectIds(BooleanSupplier awaitOtherThreads) {
        this.awaitOtherThreads = awaitOtherThreads;
    }

    /** Forgets the objects of the previous execution. */
    void reset() {
        fresh.clear();
        freshById.clear();
    }

    /** Names a new object; false if it already has a name in this execution. */
    boolean allocated(Object o, ModelThread by) {
        if (fresh.containsKey(o) || isValueLike(o)) {
            return false;
        }
        long id = ((long) (by.id + 1) << 32) | by.allocations++;
        fresh.put(o, id);
        freshById.put(id, o);
        return true;
    }

    long idOf(Object o) {
        if (o == null) {
            return NULL;
        }
        Long id = fresh.get(o);
        if (id != null) {
            return id;
        }
        ModelThread me;
        if (CAPTURING_LAMBDA.get(o.getClass()) && !MethodHandleProxies.isWrapperInstance(o)
                && (me = ModelThread.current()) != null && !persistent.containsKey(o)) {
            // made by code that reports no allocations, and first handled by the thread that made it
            // (the captured values make it that thread's own object). A rewritten method reference's
            // proxy is hidden and holds its target from JDK 22 on, but is no such object: the agent
            // reports a capturing one where it is made, and one that captures nothing is made once
            // per site (MethodReferences)
            allocated(o, me);
            return fresh.get(o);
        }
        Map<Object, Long> table = isValueLike(o) ? byValue : persistent;
        id = table.get(o);
        if (id == null) {
            id = nextPersistent++;
            table.put(o, id);
            persistentById.put(id, o);
        }
        return id;
    }

    /** Whether this object was allocated in the current execution (its fields start at default values). */
    boolean isFresh(Object o) {
        return fresh.containsKey(o);
    }

    Object objectOf(long id) {
        if (id == NULL) {
            return null;
        }
        Object o = (id & PERSISTENT) != 0 ? persistentById.get(id) : freshById.get(id);
        if (o == null && (id & PERSISTENT) == 0 && awaitOtherThreads.getAsBoolean()) {
            o = freshById.get(id); // a replay ran this thread ahead of the one that allocates the object
        }
        if (o == null) {
            throw new IllegalStateException("no object is named " + Long.toHexString(id) + " in this execution");
        }
        return o;
    }

    /** The trace name of the object numbered {@code id}, or {@code null}. */
    String describeId(long id) {
        if (id == NULL) {
            return "null";
        }
        Object o = (id & PERSISTENT) != 0 ? persistentById.get(id) : freshById.get(id);
        if (o == null) {
            return "#" + Long.toHexString(id);
        }
        return isValueLike(o) ? (o instanceof String ? "\"" + o + "\"" : o.toString()) : describe(o);
    }

    /** A short name for traces: {@code Node#2.1} (thread 2's allocation 1), or {@code Node@7}. */
    String describe(Object o) {
        // a rewritten method reference is a proxy, whose class name changes from JVM to JVM
        String type = o.getClass().isHidden() || MethodHandleProxies.isWrapperInstance(o) ? "lambda"
                : o.getClass().getSimpleName();
        Long id = fresh.get(o);
        if (id != null) {
            return type + "#" + ((id >>> 32) - 1) + "." + (id & 0xffffffffL);
        }
        return type + "@" + (idOf(o) - PERSISTENT);
    }

    private static boolean isValueLike(Object o) {
        return o instanceof String || o instanceof Number && o.getClass().getName().startsWith("java.lang.")
                || o instanceof Boolean || o instanceof Character;
    }
}
