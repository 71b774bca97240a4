package dev.weft.runtime;

import dev.weft.models.AccessMode;
import java.lang.invoke.MethodHandle;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * {@code ConcurrentHashMap}, one key at a time, as its javadoc specifies it: each key's mapping is
 * a location read and written with SC accesses (its nodes' values are volatile), so a value put
 * happens-before a read that returns it; retrievals take no lock; every update of a key holds that
 * key's lock (as the JDK holds the bin's), so a {@code compute} and its function run atomically with
 * respect to every other update of the key, and the function runs once. The real map is never
 * changed: a key's mapping starts as the real map's. Whole-map operations (size, iteration, bulk
 * and search methods) are refused: they would need every key's location at once.
 */
final class MapCalls implements Calls.Family {
    static final MapCalls INSTANCE = new MapCalls();

    private MapCalls() {}

    static boolean models(String owner) {
        return owner.equals("java/util/concurrent/ConcurrentHashMap") || owner.equals("java/util/concurrent/ConcurrentMap");
    }

    @Override
    public Object invoke(ModelThread me, Site site, MethodHandle original, Object[] args) throws Throwable {
        Object receiver = Calls.receiver(site, args);
        if (ConcurrentApiPolicy.runsProgramCode(receiver, site)) {
            return Calls.original(original, args);
        }
        if (!(receiver instanceof ConcurrentHashMap<?, ?> map)) {
            throw ConcurrentApiPolicy.refusal(receiver.getClass().getName() + "." + site.name(), site);
        }
        Entry e = args.length > 1 ? new Entry(me, map, Objects.requireNonNull(args[1], "key"), site) : null;
        switch (site.name() + "/" + (args.length - 1)) {
            case "get/1":
                return e.read();
            case "containsKey/1":
                return e.read() != null;
            case "getOrDefault/2": {
                Object v = e.read();
                return v != null ? v : args[2];
            }
            case "put/2": {
                Object value = Objects.requireNonNull(args[2], "value");
                return e.change(old -> value).old();
            }
            case "putIfAbsent/2": {
                Object value = Objects.requireNonNull(args[2], "value");
                return e.change(old -> old == null ? value : UNCHANGED).old();
            }
            case "remove/1":
                return e.change(old -> old != null ? null : UNCHANGED).old();
            case "remove/2":
                return e.change(old -> old != null && old.equals(args[2]) ? null : UNCHANGED).changed();
            case "replace/2": {
                Object value = Objects.requireNonNull(args[2], "value");
                return e.change(old -> old != null ? value : UNCHANGED).old();
            }
            case "replace/3": {
                Object value = Objects.requireNonNull(args[3], "value");
                return e.change(old -> old != null && old.equals(args[2]) ? value : UNCHANGED).changed();
            }
            case "computeIfAbsent/2": {
                @SuppressWarnings("unchecked")
                Function<Object, Object> f = (Function<Object, Object>) args[2];
                return e.change(old -> old != null ? UNCHANGED : orUnchanged(f.apply(args[1]))).now();
            }
            case "computeIfPresent/2": {
                @SuppressWarnings("unchecked")
                BiFunction<Object, Object, Object> f = (BiFunction<Object, Object, Object>) args[2];
                return e.change(old -> old != null ? f.apply(args[1], old) : UNCHANGED).now();
            }
            case "compute/2": {
                @SuppressWarnings("unchecked")
                BiFunction<Object, Object, Object> f = (BiFunction<Object, Object, Object>) args[2];
                return e.change(old -> {
                    Object v = f.apply(args[1], old);
                    return v == null && old == null ? UNCHANGED : v;
                }).now();
            }
            case "merge/3": {
                @SuppressWarnings("unchecked")
                BiFunction<Object, Object, Object> f = (BiFunction<Object, Object, Object>) args[3];
                Object value = Objects.requireNonNull(args[2], "value");
                return e.change(old -> old == null ? value : f.apply(old, value)).now();
            }
            default:
                throw new UnsupportedByWeft("ConcurrentHashMap." + site.name() + " is not modelled by Weft (called at "
                        + site.frame() + "): Weft models a ConcurrentHashMap one key at a time (get, getOrDefault,"
                        + " containsKey, put, putIfAbsent, remove, replace, compute, computeIfAbsent,"
                        + " computeIfPresent, merge); size, iteration and the bulk methods would need every key at"
                        + " once.");
        }
    }

    /** What an update's function returns to leave the key as it is (no write). */
    private static final Object UNCHANGED = new Object();

    private static Object orUnchanged(Object computed) {
        return computed == null ? UNCHANGED : computed;
    }

    /** An update: the value before, the value after, and whether it wrote. */
    private record Change(Object old, Object now, boolean changed) {}

    /** One key of one map: its mapping's location and its lock's. */
    private static final class Entry {
        private final ModelThread me;
        private final Scheduler s;
        private final int mapping;
        private final int lock;
        private final Site site;

        Entry(ModelThread me, ConcurrentHashMap<?, ?> map, Object key, Site site) {
            this.me = me;
            this.s = me.scheduler;
            this.mapping = s.locations.mapEntry(map, key, () -> s.ids.idOf(map.get(key)));
            this.lock = s.locations.mapEntryLock(mapping);
            this.site = site;
        }

        Object read() {
            return s.ids.objectOf(s.perform(me, Events.read(mapping, AccessMode.SC, site.frame())));
        }

        /**
         * Under the key's lock: reads the value, and writes what {@code f} makes of it (null
         * removes the key) unless {@code f} returns {@link #UNCHANGED}.
         */
        Change change(Function<Object, Object> f) {
            s.monitors.lock(me, lock, site);
            try {
                Object old = read();
                Object now = f.apply(old);
                if (now == UNCHANGED) {
                    return new Change(old, old, false);
                }
                s.perform(me, Events.write(mapping, s.ids.idOf(now), AccessMode.SC, site.frame()));
                return new Change(old, now, true);
            } finally {
                if (!s.isAborted()) {
                    s.monitors.unlock(me, lock, site);
                }
            }
        }
    }
}
