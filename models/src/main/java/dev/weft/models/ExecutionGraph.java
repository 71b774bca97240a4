package dev.weft.models;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToLongFunction;

/**
 * An execution graph: events per thread (po from indices; a null slot is a hole that IMM's
 * out-of-order revisits leave), rf per read, co per location, and the insertion order (stamps).
 */
final class ExecutionGraph {
    private final IntToLongFunction initialValues;
    private final List<ArrayList<Event>> threads = new ArrayList<>();
    private final ArrayList<Event> byStamp = new ArrayList<>();
    private final ArrayList<Location> locations = new ArrayList<>();
    /** For each thread, the CREATE event that spawned it (null for threads that start with the program). */
    private final ArrayList<Event> creators = new ArrayList<>();

    /** Per location: the initial write and the coherence order of the other writes. */
    static final class Location {
        final Event init;
        final ArrayList<Event> co = new ArrayList<>();

        Location(Event init) {
            this.init = init;
        }
    }

    ExecutionGraph(IntToLongFunction initialValues) {
        this.initialValues = initialValues;
    }

    int size() {
        return byStamp.size();
    }

    Event byStamp(int stamp) {
        return byStamp.get(stamp);
    }

    int threadSlots() {
        return threads.size();
    }

    /** Number of slots of a thread, holes included. */
    int threadSize(int thread) {
        return thread < threads.size() ? threads.get(thread).size() : 0;
    }

    Event event(int thread, int index) {
        if (thread >= threads.size()) {
            return null;
        }
        ArrayList<Event> t = threads.get(thread);
        return index < t.size() ? t.get(index) : null;
    }

    /** The closest existing event po-before {@code index} in {@code thread}, or null. */
    Event poPredecessor(int thread, int index) {
        for (int i = Math.min(index, threadSize(thread)) - 1; i >= 0; i--) {
            Event e = event(thread, i);
            if (e != null) {
                return e;
            }
        }
        return null;
    }

    /** The first event of the thread after index, null if none (under IMM, after a hole). */
    Event poSuccessor(int thread, int index) {
        for (int i = index + 1; i < threadSize(thread); i++) {
            Event e = event(thread, i);
            if (e != null) {
                return e;
            }
        }
        return null;
    }

    Event lastOf(int thread) {
        return poPredecessor(thread, threadSize(thread));
    }

    Event creator(int thread) {
        return thread < creators.size() ? creators.get(thread) : null;
    }

    void setCreator(int thread, Event create) {
        ensureThread(thread);
        creators.set(thread, create);
    }

    Location location(int loc) {
        while (locations.size() <= loc) {
            locations.add(null);
        }
        Location l = locations.get(loc);
        if (l == null) {
            l = new Location(Event.initWrite(loc, initialValues.applyAsLong(loc)));
            locations.set(loc, l);
        }
        return l;
    }

    /** One more than the largest location number the graph has seen (locations are numbered densely). */
    int locationSlots() {
        return locations.size();
    }

    /** Locations that have been touched, in id order (null entries skipped). */
    List<Location> locations() {
        List<Location> out = new ArrayList<>();
        for (Location l : locations) {
            if (l != null) {
                out.add(l);
            }
        }
        return out;
    }

    private void ensureThread(int thread) {
        while (threads.size() <= thread) {
            threads.add(new ArrayList<>());
            creators.add(null);
        }
    }

    /** Adds an event at its (thread, index) slot and gives it the next stamp. */
    void add(Event e) {
        ensureThread(e.thread);
        ArrayList<Event> t = threads.get(e.thread);
        while (t.size() <= e.index) {
            t.add(null);
        }
        if (t.get(e.index) != null) {
            throw new IllegalStateException("slot taken: " + e.id());
        }
        t.set(e.index, e);
        e.stamp = byStamp.size();
        byStamp.add(e);
        if (e.loc >= 0) {
            location(e.loc);
        }
    }

    void setRf(Event read, Event write) {
        if (read.rf != null && read.rf.isWrite()) {
            read.rf.readers.remove(read);
        }
        read.rf = write;
        if (write.isWrite()) {
            write.readers.add(read);
            read.value = write.value;
        }
    }

    /** Gives write w a new value, which the reads that read it see too. */
    void setValue(Event w, long value) {
        w.value = value;
        for (Event r : w.readers) {
            r.value = value;
        }
    }

    /** The writes to {@code loc} in coherence order, the initial write excluded. */
    List<Event> co(int loc) {
        return location(loc).co;
    }

    Event init(int loc) {
        return location(loc).init;
    }

    /** Position in co: -1 for the initial write. */
    int coIndex(Event w) {
        return w.isInit() ? -1 : co(w.loc).indexOf(w);
    }

    Event coMax(int loc) {
        List<Event> co = co(loc);
        return co.isEmpty() ? init(loc) : co.get(co.size() - 1);
    }

    /** The immediate co-successor of {@code w}, or null when it is co-maximal. */
    Event coSuccessor(Event w) {
        List<Event> co = co(w.loc);
        int next = coIndex(w) + 1;
        return next < co.size() ? co.get(next) : null;
    }

    /** The immediate co-predecessor of {@code w}, the initial write when w is first. */
    Event coPredecessor(Event w) {
        int k = coIndex(w);
        return k <= 0 ? init(w.loc) : co(w.loc).get(k - 1);
    }

    /** Places {@code w} in co immediately after {@code pred} (the initial write: first). */
    void insertCoAfter(Event w, Event pred) {
        co(w.loc).add(coIndex(pred) + 1, w);
    }

    void moveCoAfter(Event w, Event pred) {
        co(w.loc).remove(w);
        insertCoAfter(w, pred);
    }

    /** Removes every event with a stamp above {@code stamp}, newest first. */
    void restrictTo(int stamp) {
        for (int s = byStamp.size() - 1; s > stamp; s--) {
            remove(byStamp.get(s));
        }
    }

    /** Removes an event that nothing kept depends on (the newest, or a read nobody reads). */
    void remove(Event e) {
        if (e.stamp != byStamp.size() - 1) {
            byStamp.remove(e.stamp);
            for (int s = e.stamp; s < byStamp.size(); s++) {
                byStamp.get(s).stamp = s;
            }
        } else {
            byStamp.remove(byStamp.size() - 1);
        }
        ArrayList<Event> t = threads.get(e.thread);
        t.set(e.index, null);
        while (!t.isEmpty() && t.get(t.size() - 1) == null) {
            t.remove(t.size() - 1);
        }
        if (e.kind == EventKind.READ && e.rf != null && e.rf.isWrite()) {
            e.rf.readers.remove(e);
        }
        if (e.kind == EventKind.WRITE) {
            co(e.loc).remove(e);
        }
        if (e.kind == EventKind.CREATE) {
            for (int c = 0; c < creators.size(); c++) {
                if (creators.get(c) == e) {
                    creators.set(c, null);
                }
            }
        }
    }

    /**
     * A copy that holds only the events marked in {@code kept} (indexed by stamp), in the same
     * insertion order, re-stamped densely. {@code map} receives, per old stamp, the copy (or null).
     * A kept read whose write is not kept reads nothing in the copy: an RMW read that the revisit
     * refills ({@link RevisitRules#rmwSourcesFreePrefixOf}).
     */
    ExecutionGraph copyKept(boolean[] kept, Event[] map) {
        ExecutionGraph g = new ExecutionGraph(initialValues);
        for (Location l : locations) {
            if (l != null) {
                g.location(l.init.loc);
            }
        }
        for (Event e : byStamp) {
            if (!kept[e.stamp]) {
                continue;
            }
            Event c = new Event(e.thread, e.index, e.kind, e.loc, e.mode, e.action, e.exclusive);
            c.value = e.value;
            c.spuriousFailure = e.spuriousFailure;
            c.addedMax = e.addedMax;
            c.latestRefillLeaves = e.latestRefillLeaves;
            c.revisitable = e.revisitable;
            c.valueFollowsReplay = e.valueFollowsReplay;
            c.expectedFollowsReplay = e.expectedFollowsReplay;
            c.addressedBefore = e.addressedBefore;
            c.floor = e.floor;
            c.baseView = e.baseView;
            c.view = e.view;
            c.pendingAcquire = e.pendingAcquire;
            c.message = e.message;
            c.releaseFence = e.releaseFence;
            map[e.stamp] = c;
            g.add(c);
            if (e.kind == EventKind.CREATE) {
                for (int child = 0; child < creators.size(); child++) {
                    if (creators.get(child) == e) {
                        g.setCreator(child, c);
                    }
                }
            }
        }
        for (Event e : byStamp) {
            Event c = map[e.stamp];
            if (c != null && e.rf != null && (e.rf.isInit() || map[e.rf.stamp] != null)) {
                g.setRf(c, e.rf.isInit() ? g.init(e.rf.loc) : map[e.rf.stamp]);
            }
        }
        for (Location l : locations) {
            if (l == null) {
                continue;
            }
            List<Event> co = g.co(l.init.loc);
            for (Event w : l.co) {
                if (map[w.stamp] != null) {
                    co.add(map[w.stamp]);
                }
            }
        }
        for (int t = 0; t < threads.size(); t++) {
            g.ensureThread(t);
        }
        return g;
    }

    /** Every event in insertion order (a live view: do not modify the graph while iterating). */
    List<Event> events() {
        return byStamp;
    }
}
