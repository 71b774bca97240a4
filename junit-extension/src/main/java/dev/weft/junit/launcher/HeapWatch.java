package dev.weft.junit.launcher;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The peak heap of one check, for {@code weft check --heap}: the largest heap in use <em>right
 * after a garbage collection</em> between {@link #start()} and {@link #stop()}.
 *
 * <p>{@link #start()} first runs {@code System.gc()}, so that garbage left by earlier checks is not
 * counted, then listens to the JVM's garbage-collection notifications
 * ({@link GarbageCollectionNotificationInfo}). For every collection that finishes while the check
 * runs it sums {@code getMemoryUsageAfterGc()} over the heap pools (eden, survivor and old
 * generation; not metaspace or code cache) and keeps the largest sum. {@link #stop()} runs one more
 * {@code System.gc()} and counts the heap after it too, so a check during which no collection ran
 * still gets a value: the heap it leaves behind.
 *
 * <p>So this is the peak of the <em>retained</em> heap, sampled at collections: what is still
 * reachable (the check's own state and the JVM's, the launcher's and JUnit's, which every check
 * shares) when the collector looks, not the short-lived garbage allocated in eden between
 * collections, and not the heap the JVM has reserved. It is only as fine as collections are
 * frequent: {@code bin/weft check --heap} starts the JVM with a small young generation so that
 * they are. After a young collection the old generation is counted as it stands, with any garbage
 * promoted into it since the last full collection, so a sample can be somewhat above what is
 * really reachable, never below it. The heap is the whole JVM's: the launcher runs checks one
 * after another, but checks run in parallel (a {@code junit-platform.properties} that enables
 * it) would share their samples.
 *
 * <p>Notifications arrive on a JMX thread, not the one that calls {@link #start()} and
 * {@link #stop()}, and may arrive late: a notification counts only if its collection's number is
 * above the collector's count when {@link #start()} had collected, and {@link #stop()} waits
 * (at most a few seconds) until every collection up to its own has been notified. The state the
 * two threads share is guarded by this object's monitor.
 */
final class HeapWatch {
    private static final long NOTIFICATION_WAIT_MILLIS = 5_000;

    private final Set<String> heapPools;
    /** The largest heap after a counted collection, in bytes; -1 before the first. */
    private long peak = -1;
    /** Per collector, the number of collections it had done when watching began. */
    private final Map<String, Long> before = new HashMap<>();
    /** Per collector, the number of its last collection whose notification has been counted. */
    private final Map<String, Long> seen = new HashMap<>();
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final NotificationListener listener = this::collected;

    private HeapWatch() {
        heapPools = ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP)
                .map(MemoryPoolMXBean::getName).collect(Collectors.toUnmodifiableSet());
    }

    /** Collects garbage, then watches the heap after each collection until {@link #stop()}. */
    static HeapWatch start() {
        HeapWatch watch = new HeapWatch();
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (collector instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(watch.listener, null, null);
                watch.emitters.add(emitter);
            }
        }
        System.gc();
        // collections up to this one (whose notifications may still be on their way) are not the check's
        synchronized (watch) {
            watch.before.putAll(counts());
        }
        return watch;
    }

    /**
     * Collects garbage once more, stops watching and returns the peak in bytes: the largest heap in
     * use after a collection since {@link #start()}, this last one included.
     */
    long stop() {
        System.gc();
        long usedNow = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        Map<String, Long> after = counts();
        boolean allSeen = awaitNotifications(after);
        cancel();
        synchronized (this) {
            if (!allSeen || peak < 0) {
                // the last collection's notification did not come (a slow notification thread), or there
                // was no collection at all (-XX:+DisableExplicitGC): the heap in use now stands in for it
                peak = Math.max(peak, usedNow);
            }
            return peak;
        }
    }

    /** Stops watching without a last collection (for a test that turned out to publish no check). */
    void cancel() {
        for (NotificationEmitter emitter : emitters) {
            try {
                emitter.removeNotificationListener(listener);
            } catch (ListenerNotFoundException e) {
                // not registered: nothing to remove
            }
        }
        emitters.clear();
    }

    /** Bytes as MiB with one decimal, independent of the default locale: {@code 12.3MiB}. */
    static String mebibytes(long bytes) {
        return String.format(Locale.ROOT, "%.1fMiB", bytes / (1024.0 * 1024.0));
    }

    /** Waits until every collection counted in {@code after} has been notified; false on time-out. */
    private synchronized boolean awaitNotifications(Map<String, Long> after) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(NOTIFICATION_WAIT_MILLIS);
        while (!allSeen(after)) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                return false;
            }
            try {
                wait(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    private boolean allSeen(Map<String, Long> after) {
        for (Map.Entry<String, Long> collector : after.entrySet()) {
            long start = before.getOrDefault(collector.getKey(), 0L);
            if (collector.getValue() > start && seen.getOrDefault(collector.getKey(), 0L) < collector.getValue()) {
                return false;
            }
        }
        return true;
    }

    private static Map<String, Long> counts() {
        Map<String, Long> counts = new HashMap<>();
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            counts.put(collector.getName(), collector.getCollectionCount());
        }
        return counts;
    }

    /** On the JMX notification thread: counts the heap after one collection. */
    private void collected(Notification notification, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
        long used = 0;
        for (Map.Entry<String, MemoryUsage> pool : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
            if (heapPools.contains(pool.getKey())) {
                used += pool.getValue().getUsed();
            }
        }
        long id = info.getGcInfo().getId(); // the collector's number of collections, this one included
        synchronized (this) {
            Long start = before.get(info.getGcName());
            if (start == null || id <= start) {
                return; // before the check, or while start() has not yet read the counts
            }
            peak = Math.max(peak, used);
            seen.merge(info.getGcName(), id, Math::max);
            notifyAll();
        }
    }
}
