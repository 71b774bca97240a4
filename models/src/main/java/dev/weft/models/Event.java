package dev.weft.models;

import java.util.ArrayList;
import java.util.List;

/**
 * A node of an execution graph: the event {@code (thread, index)} with its label and the graph
 * data the explorer keeps on it. Initial writes have {@code thread == -1} and {@code index == loc}.
 */
final class Event {
    final int thread;
    final int index;
    final EventKind kind;
    final int loc;
    final AccessMode mode;
    /**
     * The action that produced it (null for initial writes). Replaced only for a failed weak CAS
     * that replay gives a new expected value ({@link DependencyPrefix} keeps none of its sources).
     */
    Action action;
    /** Part of an RMW: the read part of a successful RMW or lock, or its write part. */
    final boolean exclusive;

    /** The order in which events were added; dense from 0 in every graph. */
    int stamp;
    /** Written value for writes; for reads, the value of the rf write (derived). */
    long value;
    /** Reads: the write read from. Joins: the FINISH event of the joined thread. */
    Event rf;
    /** Writes: the reads that read from it. */
    final List<Event> readers;
    /** The read part of a weak CAS that read the expected value and still failed. */
    boolean spuriousFailure;
    /** Whether the event took the maximal choice when added (TruSt's maximal-extension check). */
    boolean addedMax = true;
    /**
     * A refilled hole's read of the co-latest write its refilling revisits leave it
     * ({@code Explorer.latestChoiceRefillsLeave}): the writes co-after it would take the graph out
     * of their descendants, so they do not count against its maximality.
     */
    boolean latestRefillLeaves;
    /**
     * Reads in the prefix of a write that revisited are never revisited again (keeps rf in the kept
     * set); under IMM the failed RMWs that prefix holds only as pins stay revisitable
     * ({@link RevisitRules#settledBy}).
     */
    boolean revisitable = true;
    /**
     * A plain write a revisit kept without what its value depends on (IMM: only as the source of
     * reads whose values nothing kept uses): replay gives it the value the program computes now.
     */
    boolean valueFollowsReplay;
    /**
     * A failed strong CAS a revisit kept without the sources of its expected value (IMM): replay
     * refills them and gives it the new expected value, with which it must still fail.
     */
    boolean expectedFollowsReplay;
    /**
     * IMM: indices of same-thread reads that give a po-earlier access its address (ppo's addr;po),
     * fixed when the event is added, as a revisit may later delete that access and leave a hole.
     */
    int[] addressedBefore = Action.NO_DEPS;

    /**
     * Reads of objects reached through a final field (JLS 17.5): what happens before the freezes of
     * those fields, whose writes the read must not read past. Not part of happens-before: it bounds
     * this read only, so a final field publishes what it refers to and nothing else.
     */
    VectorClock floor = VectorClock.EMPTY;

    /** Happens-before (porf for SC and RA) without the event's own synchronisation through rf. */
    VectorClock baseView = VectorClock.EMPTY;
    /** Happens-before including the event. */
    VectorClock view = VectorClock.EMPTY;
    /** Views of the writes read by relaxed reads so far in this thread, for a later acquire fence. */
    VectorClock pendingAcquire = VectorClock.EMPTY;
    /** Writes: what an acquire read of this write synchronises with (release head and release sequence). */
    VectorClock message = VectorClock.EMPTY;
    /** The latest release fence's view po-before (and including) this event. */
    VectorClock releaseFence = VectorClock.EMPTY;

    Event(int thread, int index, EventKind kind, int loc, AccessMode mode, Action action, boolean exclusive) {
        this.thread = thread;
        this.index = index;
        this.kind = kind;
        this.loc = loc;
        this.mode = mode;
        this.action = action;
        this.exclusive = exclusive;
        this.readers = kind == EventKind.WRITE ? new ArrayList<>(2) : List.of();
    }

    static Event initWrite(int loc, long value) {
        Event e = new Event(-1, loc, EventKind.WRITE, loc, AccessMode.RLX, null, false);
        e.stamp = -1;
        e.value = value;
        return e;
    }

    boolean isInit() {
        return thread < 0;
    }

    boolean isRead() {
        return kind == EventKind.READ;
    }

    boolean isWrite() {
        return kind == EventKind.WRITE;
    }

    /** The write part of an RMW or lock acquire. */
    boolean isRmwWrite() {
        return exclusive && kind == EventKind.WRITE;
    }

    /** The read part of an RMW or lock, whether or not it wrote. */
    boolean isRmwRead() {
        return kind == EventKind.READ && action != null
                && (action.kind() == Action.Kind.RMW || action.kind() == Action.Kind.LOCK);
    }

    boolean isLockRead() {
        return kind == EventKind.READ && action != null && action.kind() == Action.Kind.LOCK;
    }

    /** Whether this read takes a write added after it: a backward revisit gave it that write. */
    boolean readsWriteAddedAfter() {
        return !rf.isInit() && rf.stamp > stamp;
    }

    /** Whether this RMW read, reading {@code w}, makes the RMW write. */
    boolean rmwSucceedsReading(Event w, boolean spurious) {
        if (isLockRead()) {
            return action.acquireTakes(w.value);
        }
        return isRmwRead() && !spurious && action.rmwWrites(w.value);
    }

    /** What this RMW or lock read's write part writes after reading {@code old}. */
    long rmwWritten(long old) {
        return isLockRead() ? action.acquireResult(old) : action.rmwResult(old);
    }

    String id() {
        return isInit() ? "init" : "T" + thread + "." + index;
    }

    @Override
    public String toString() {
        return id() + ":" + kind;
    }
}
