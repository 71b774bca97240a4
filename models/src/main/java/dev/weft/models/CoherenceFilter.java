package dev.weft.models;

import java.util.ArrayList;
import java.util.List;

/**
 * Candidate rf sources and co placements that respect coherence with respect to an event's
 * happens-before view (for IMM: program order). The lists are in co order, so the last entry is the
 * co-maximal choice, which TruSt takes first (maximal extension). For RA and RC11 without SC
 * events the filter is exact; otherwise the model's full check removes what it lets through.
 */
final class CoherenceFilter {
    private CoherenceFilter() {}

    /**
     * Co index of the co-latest write that {@code e} has observed (-1: only the initial write):
     * through happens-before, or, for a read reached through a final field, as a write that
     * happens before the field's freeze ({@link Event#floor}).
     */
    static int observedFloor(ExecutionGraph g, Event e) {
        VectorClock v = e.baseView;
        List<Event> co = g.co(e.loc);
        for (int k = co.size() - 1; k >= 0; k--) {
            Event w = co.get(k);
            if (w != e && (v.contains(w) || e.floor.contains(w))) {
                return k;
            }
            for (Event r : w.readers) {
                if (r != e && v.contains(r)) {
                    return k;
                }
            }
        }
        return -1;
    }

    /**
     * Co index bound from events po-after {@code e} in its own thread (they exist only when IMM
     * filled a hole): e must stay co-before writes po-after it, and what reads po-after it read must
     * stay co-after e's source ({@code readSlack} 0, a read may share it) or co-after e itself
     * ({@code readSlack} 1, a write). Only events added before stamp {@code addedBefore} count.
     * Returns the largest admissible co index.
     */
    static int laterCeiling(ExecutionGraph g, Event e, int readSlack, int addedBefore) {
        int ceiling = g.co(e.loc).size() - 1;
        for (int i = e.index + 1; i < g.threadSize(e.thread); i++) {
            Event p = g.event(e.thread, i);
            if (p == null || p.loc != e.loc || p.stamp >= addedBefore) {
                continue;
            }
            if (p.isWrite()) {
                ceiling = Math.min(ceiling, g.coIndex(p) - 1);
            } else if (p.isRead() && p.rf != null) {
                ceiling = Math.min(ceiling, g.coIndex(p.rf) - readSlack);
            }
        }
        return ceiling;
    }

    static List<Event> rfCandidates(ExecutionGraph g, Event r) {
        List<Event> co = g.co(r.loc);
        int floor = observedFloor(g, r);
        int ceiling = laterCeiling(g, r, 0, Integer.MAX_VALUE);
        List<Event> out = new ArrayList<>(co.size() + 1);
        for (int k = floor; k <= ceiling; k++) {
            Event w = k < 0 ? g.init(r.loc) : co.get(k);
            if (r.isLockRead() && !r.action.acquireTakes(w.value) && k != co.size() - 1) {
                continue; // a held lock (too few permits) is seen only while it is held (then it blocks)
            }
            out.add(w);
        }
        return out;
    }

    /**
     * Whether the RMW read {@code r} may take {@code w} with success: not when a settled RMW (one in
     * r's view, or no longer revisitable) already read it, since atomicity would fail for good. Under
     * IMM ({@code completable}) an RMW that is no longer revisitable may still be completed anew by a
     * revisit ({@link RevisitRules#completionPrefixOf}), so only one in r's view is settled.
     */
    static boolean consumedBySettledRmw(Event r, Event w, boolean completable) {
        for (Event other : w.readers) {
            if (other != r && other.isRmwRead() && other.rmwSucceedsReading(w, other.spuriousFailure)
                    && ((!other.revisitable && !completable) || r.baseView.contains(other))) {
                return true;
            }
        }
        return false;
    }

    /** The writes after which {@code w} may be inserted in co, in co order (last: co-maximal). */
    static List<Event> coPlacements(ExecutionGraph g, Event w) {
        List<Event> co = g.co(w.loc);
        int floor = observedFloor(g, w);
        int ceiling = laterCeiling(g, w, 1, Integer.MAX_VALUE);
        List<Event> out = new ArrayList<>();
        for (int k = floor; k <= ceiling; k++) {
            Event pred = k < 0 ? g.init(w.loc) : co.get(k);
            Event next = k + 1 < co.size() ? co.get(k + 1) : null;
            if (next != null && isRmwWriteOn(g, next, pred)) {
                continue; // would split an RMW from the write it read (atomicity)
            }
            out.add(pred);
        }
        return out;
    }

    /**
     * Whether w is the write part of an RMW whose read part took {@code source}: atomicity keeps it
     * right after {@code source} in co, and against another RMW that took it too it is GenMC's
     * conflicting RMW.
     */
    static boolean isRmwWriteOn(ExecutionGraph g, Event w, Event source) {
        return w.isRmwWrite() && readPartOf(g, w).rf == source;
    }

    static Event readPartOf(ExecutionGraph g, Event rmwWrite) {
        return g.event(rmwWrite.thread, rmwWrite.index - 1);
    }

    /** The write part of an RMW read, or null if it failed (or its write is not added yet). */
    static Event writePartOf(ExecutionGraph g, Event rmwRead) {
        Event w = g.event(rmwRead.thread, rmwRead.index + 1);
        return w != null && w.isRmwWrite() ? w : null;
    }

    /** Whether e is the read part of an RMW (or lock acquire) that failed: it has no write part. */
    static boolean isFailedRmw(ExecutionGraph g, Event e) {
        return e.isRmwRead() && writePartOf(g, e) == null;
    }
}
