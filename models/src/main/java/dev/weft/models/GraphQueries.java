package dev.weft.models;

import java.util.List;
import java.util.function.Predicate;

/**
 * Queries on an execution graph that the maximality condition ({@link MaximalExtension}), the
 * revisit rules ({@link RevisitRules}), the refill conditions and the explorer ask: what a revisit
 * keeps, the events of a thread after one of them, the latest write a read may still take, and the
 * sources of a CAS's expected value.
 */
final class GraphQueries {
    private GraphQueries() {
    }

    /** Whether a revisit of r keeping {@code prefix} keeps e: what was added up to r, and the prefix. */
    static boolean kept(Event e, Event r, boolean[] prefix) {
        return e.isInit() || e.stamp <= r.stamp || prefix[e.stamp];
    }

    /**
     * Whether some source of the expected value of {@code cas}, a CAS of thread t (an event, or the
     * pending action of a hole), is {@code which}; a source not in the graph is passed as null.
     */
    static boolean anyExpectedValueSource(ExecutionGraph g, int t, Action cas, Predicate<Event> which) {
        for (int index : cas.expectedDeps()) {
            if (which.test(g.event(t, index))) {
                return true;
            }
        }
        return false;
    }

    /** The last event po-before e in its thread that is {@code which}; null if none. */
    static Event earlierOfThread(ExecutionGraph g, Event e, Predicate<Event> which) {
        for (int i = e.index - 1; i >= 0; i--) {
            Event earlier = g.event(e.thread, i);
            if (earlier != null && which.test(earlier)) {
                return earlier;
            }
        }
        return null;
    }

    /** The first event po-after e in its thread that is {@code which}; null if none. */
    static Event laterOfThread(ExecutionGraph g, Event e, Predicate<Event> which) {
        return laterOfThread(g, e.thread, e.index, which);
    }

    /**
     * The first event of {@code thread} after {@code index} that is {@code which}; null if none. The
     * slot at {@code index} may be empty (a hole replay has not filled yet).
     */
    static Event laterOfThread(ExecutionGraph g, int thread, int index, Predicate<Event> which) {
        for (int i = index + 1; i < g.threadSize(thread); i++) {
            Event later = g.event(thread, i);
            if (later != null && which.test(later)) {
                return later;
            }
        }
        return null;
    }

    /**
     * The co-latest write of {@code loc} from co index {@code top} down to {@code floor} (-1 is the
     * initial write) that is not {@code passedOver}, or null if every one is.
     */
    static Event latestWriteNotPassedOver(ExecutionGraph g, int loc, int top, int floor,
                                          Predicate<Event> passedOver) {
        List<Event> co = g.co(loc);
        for (int k = top; k >= floor; k--) {
            Event w = k < 0 ? g.init(loc) : co.get(k);
            if (!passedOver.test(w)) {
                return w;
            }
        }
        return null;
    }

    /**
     * Whether a kept RMW po-after {@code rmw} in its thread, one that wrote, reads {@code write}. Had
     * {@code rmw} written on that write, coherence would make the later RMW read {@code rmw}'s write
     * part or a later one, so no parent has them both on it. An RMW of another thread may: the
     * parent where both took the write and the later one's write revisits (GenMC's conflicting
     * RMW) is the maximal one then (seed 4003's 18618 visited 41 graphs twice with any kept RMW).
     */
    static boolean keptLaterRmwOfThreadReads(ExecutionGraph g, Event write, Event rmw, Event r,
                                             boolean[] prefix) {
        for (Event reader : write.readers) {
            if (reader.thread == rmw.thread && reader.index > rmw.index && reader.isRmwRead()
                    && kept(reader, r, prefix) && CoherenceFilter.writePartOf(g, reader) != null) {
                return true;
            }
        }
        return false;
    }

    /** Whether x is the read part of a strong CAS that failed. */
    static boolean isFailedStrongCas(ExecutionGraph g, Event x) {
        return CoherenceFilter.isFailedRmw(g, x) && x.action.rmwOp() == Action.RmwOp.CAS;
    }
}
