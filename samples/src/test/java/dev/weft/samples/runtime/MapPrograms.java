package dev.weft.samples.runtime;

import static dev.weft.samples.runtime.BugPrograms.startAndJoin;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Programs on {@code ConcurrentHashMap}, as caches and counters use it. */
final class MapPrograms {
    private MapPrograms() {}

    static final class Value {
        int payload;

        Value(int payload) {
            this.payload = payload;
        }
    }

    /** Two threads get a value of a cache that creates it on first use. */
    static final class Results {
        Value first;
        Value second;
    }

    /** computeIfAbsent: the value is created once, and both threads get that one. */
    static void computeIfAbsentCreatesOnce() throws InterruptedException {
        ConcurrentMap<String, Value> cache = new ConcurrentHashMap<>();
        AtomicInteger creations = new AtomicInteger();
        Results r = new Results();
        startAndJoin(() -> r.first = cache.computeIfAbsent("k", k -> new Value(creations.incrementAndGet())),
                () -> r.second = cache.computeIfAbsent("k", k -> new Value(creations.incrementAndGet())));
        if (r.first != r.second || creations.get() != 1) {
            throw new AssertionError("two values for one key: " + creations.get() + " created");
        }
    }

    /** The same cache written as check-then-act: both threads may create and put a value. */
    static void checkThenActCreatesTwice() throws InterruptedException {
        Map<String, Value> cache = new ConcurrentHashMap<>();
        Results r = new Results();
        startAndJoin(() -> r.first = getOrCreate(cache), () -> r.second = getOrCreate(cache));
        if (r.first != r.second) {
            throw new AssertionError("two values for one key");
        }
    }

    private static Value getOrCreate(Map<String, Value> cache) {
        Value v = cache.get("k");
        if (v == null) {
            v = new Value(1);
            cache.put("k", v);
        }
        return v;
    }

    /** A value put in the map is published with what was written to it before. */
    static void putPublishesTheValue() throws InterruptedException {
        ConcurrentHashMap<String, Value> map = new ConcurrentHashMap<>();
        startAndJoin(() -> map.put("k", new Value(42)), () -> {
            Value v = map.get("k");
            if (v != null && v.payload != 42) {
                throw new AssertionError("payload " + v.payload);
            }
        });
    }

    /** Counting with merge is atomic; with get and put an increment can be lost. */
    static void countWithMerge() throws InterruptedException {
        ConcurrentHashMap<String, Integer> counts = new ConcurrentHashMap<>();
        startAndJoin(() -> counts.merge("k", 1, Integer::sum), () -> counts.merge("k", 1, Integer::sum));
        if (counts.get("k") != 2) {
            throw new AssertionError("count " + counts.get("k"));
        }
    }

    static void countWithGetAndPut() throws InterruptedException {
        ConcurrentHashMap<String, Integer> counts = new ConcurrentHashMap<>();
        Runnable increment = () -> counts.put("k", counts.getOrDefault("k", 0) + 1);
        startAndJoin(increment, increment);
        if (counts.get("k") != 2) {
            throw new AssertionError("lost increment: count " + counts.get("k"));
        }
    }

    /** putIfAbsent, replace, remove and compute keep their contracts under interleaving. */
    static void conditionalUpdates() throws InterruptedException {
        ConcurrentHashMap<String, Integer> map = new ConcurrentHashMap<>();
        startAndJoin(() -> {
            Integer before = map.putIfAbsent("k", 1);
            if (before != null && before != 2 && before != 3) {
                throw new AssertionError("putIfAbsent saw " + before);
            }
        }, () -> {
            if (map.replace("k", 1, 2) && map.remove("k", 1)) {
                throw new AssertionError("removed a value replaced just before");
            }
            map.compute("k", (k, v) -> v == null ? null : v + 1);
        });
        Integer last = map.get("k");
        if (last != null && (last < 1 || last > 3)) {
            throw new AssertionError("ended with " + last);
        }
    }

    /** The real map keeps what was put before the check; the check starts from it. */
    static final ConcurrentHashMap<String, Integer> PREFILLED = new ConcurrentHashMap<>(Map.of("k", 7));

    static void startsFromTheRealMap() throws InterruptedException {
        startAndJoin(() -> {
            if (PREFILLED.get("k") != 7) {
                throw new AssertionError("the prefilled mapping is " + PREFILLED.get("k"));
            }
            PREFILLED.put("k", 8);
        });
    }

    static void sizeOfAConcurrentMap() throws InterruptedException {
        ConcurrentHashMap<String, Integer> map = new ConcurrentHashMap<>();
        startAndJoin(() -> map.put("k", 1));
        if (map.size() != 1) {
            throw new AssertionError("size");
        }
    }

    /** A concurrent queue behind the Queue interface: not modelled, refused. */
    static void concurrentQueueThroughTheQueueInterface() throws InterruptedException {
        java.util.Queue<Integer> queue = new java.util.concurrent.ConcurrentLinkedQueue<>();
        startAndJoin(() -> queue.add(1));
    }

    /** A thread waits in a spin loop for another to put the key. */
    static void spinUntilPut() throws InterruptedException {
        ConcurrentHashMap<String, Value> map = new ConcurrentHashMap<>();
        startAndJoin(() -> map.put("k", new Value(42)), () -> {
            Value v;
            while ((v = map.get("k")) == null) {
                Thread.onSpinWait();
            }
            if (v.payload != 42) {
                throw new AssertionError("payload " + v.payload);
            }
        });
    }
}
