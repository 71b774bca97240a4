package dev.weft.models;

import static dev.weft.models.GraphQueries.isFailedStrongCas;
import static dev.weft.models.GraphQueries.kept;
import static dev.weft.models.GraphQueries.keptLaterRmwOfThreadReads;
import static dev.weft.models.GraphQueries.laterOfThread;
import static dev.weft.models.GraphQueries.latestWriteNotPassedOver;

import java.util.List;
import java.util.function.Predicate;

/**
 * TruSt's maximal-extension condition (GenMC's {@code isMaximalExtension}): a backward revisit is
 * performed only from the graph that is the revisited graph's unique parent, so that every graph
 * is visited once and no set of explored graphs is stored. Under IMM, with holes and smaller
 * prefixes, it has exceptions, each documented on the test that makes it.
 */
final class MaximalExtension {
    /** IMM: dependency prefixes and holes; otherwise porf prefixes. */
    private final boolean poOnlyViews;

    MaximalExtension(boolean dependencyTracking) {
        this.poOnlyViews = dependencyTracking;
    }

    /**
     * TruSt's maximality condition (GenMC's isMaximalExtension): the graph after the revisit must
     * have this graph as its unique parent. That holds when r and every deleted access were added
     * maximally (co-maximal choice among the writes added before it, and co-after every kept write
     * but w), no deleted read had been revisited by a deleted write, and w sits right before a kept
     * write or is co-maximal.
     *
     * <p>Under IMM a deleted access may be po-before kept accesses to its location (a hole that
     * replay fills again). Coherence with those kept events bounds its choice from above, so
     * "maximal" means maximal below that ceiling: kept writes beyond the ceiling do not count, and
     * an access that sits exactly at the ceiling (a read of the kept write the ceiling names, a write
     * right before it) is the choice replay makes when it fills the hole, so it passes whatever its
     * history in this graph. Any other deleted access must pass the usual checks.
     *
     * <p>A read that filled a refilling revisit's last hole with the co-latest write that revisit's
     * condition leaves it ({@link Event#latestRefillLeaves}) made the maximal choice of its route:
     * the siblings that took a write co-after it left the revisit's descendants, so neither
     * {@code addedMax} nor the kept writes co-after its source count against it. In {@code store y
     * 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; r2 = fai y 1 rlx || store y 5 rlx || r0 = load y
     * rlx; store z 1 rel || store y 6 rlx} the store of z revisits the load of z keeping
     * dependencies only, and the load of y, refilled, must read the FAI's write to bring the load
     * of z back; the store of y 6 then revisits the FAI, deleting the load of y and the store of y
     * 5, from that graph alone (three graphs missed when either half was left out).
     *
     * <p>{@code completes}: r is an RMW read completed anew
     * ({@link RevisitRules#completionPrefixOf}); its own write part and that part's readers do not
     * bound it, and kept writes added after r (their prefix holds a later event of r's thread) do
     * not count against its old choice.
     *
     * <p>{@code refilledFrom}: w's full prefix when the revisit refills the failed RMWs it kept as
     * pins ({@link RevisitRules#refillingPrefixOf}), null otherwise. A pin other than r that failed
     * spuriously passes: had it succeeded, it and what it depends on or reads would be in the
     * smaller prefix, r with them, so that sibling has no such revisit and this graph is the only
     * parent.
     *
     * <p>r itself, a weak CAS that failed spuriously, made the maximal choice when a kept later
     * access of its location leaves it no write part ({@link #keptLaterAccessForbidsWriting}).
     *
     * <p>Under IMM the write part of a kept RMW read may be deleted: completed anew by an earlier
     * revisit, it was added after its read part. It is no choice ({@link #forcedWritePart}).
     */
    boolean isMaximalExtension(ExecutionGraph g, Event r, Event w, boolean[] prefix, boolean completes,
                               boolean[] refilledFrom) {
        if (!w.isRmwWrite()) {
            Event succ = g.coSuccessor(w);
            if (succ != null && !kept(succ, r, prefix)) {
                return false;
            }
        }
        for (Event e : g.events()) {
            if ((e != r && kept(e, r, prefix)) || !e.kind.isMemoryAccess() || forcedWritePart(g, e, r, prefix)) {
                continue;
            }
            int ceiling = keptLaterCeiling(g, e, r, prefix);
            if (ceiling != Integer.MAX_VALUE && (e.isRead()
                    ? pinsCeilingChoice(e.rf, e, r, prefix) && !e.spuriousFailure
                            && atCeiling(g, e, e.rf, ceiling, r, prefix)
                    : atCeiling(g, e, e, ceiling, r, prefix))) {
                continue;
            }
            if (refilledFrom != null && e != r && refilledFrom[e.stamp] && e.spuriousFailure) {
                // had the pin succeeded, its write would have kept r in the smaller prefix too; r
                // itself failing spuriously is a non-maximal choice like any other (39022)
                continue;
            }
            if (!e.addedMax && !e.latestRefillLeaves && !(e.isRead() && readsLatestEarlierWrite(g, e, r, prefix))
                    && !(poOnlyViews && e == r && e.spuriousFailure && keptLaterAccessForbidsWriting(g, e, r, prefix))
                    && !(poOnlyViews && e != r && e.isRead() && readsLatestWriteKeepingKeptCasFailed(g, e, r, prefix, ceiling))) {
                return false;
            }
            Event source = e.isRead() ? e.rf : e;
            List<Event> co = g.co(source.loc);
            // a refilled hole's latest choice: the writes co-after it were no choice on its route
            int last = e.latestRefillLeaves ? g.coIndex(source) : Math.min(ceiling, co.size() - 1);
            for (int k = g.coIndex(source) + 1; k <= last; k++) {
                Event later = co.get(k);
                if (later != w && kept(later, r, prefix) && !(e == r && later == CoherenceFilter.writePartOf(g, r))
                        && !(e == r && completes && addedBefore(g, e, later))
                        && !(poOnlyViews && e != r && atomicityForbidsTaking(g, e, later, r, prefix))
                        && !(poOnlyViews && e != r && e.isRead() && casWouldTakeAConsumedWrite(g, e, later, r, prefix))
                        && !(poOnlyViews && e == r && makesAcquireCasSucceed(g, r, later, w, prefix))
                        && !(poOnlyViews && e.isRead() && readingClosesCycleThroughCas(g, e, later, r, prefix))) {
                    return false;
                }
            }
            if (e.isRead() && e.readsWriteAddedAfter() && !kept(e.rf, r, prefix)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether deleted e is the write part of an RMW whose read part, not r, is kept. Replay adds it
     * again right after the write that read part reads (atomicity), where it is now, whatever
     * writes follow it in co. An RMW completed anew by an earlier revisit has its write part added
     * after that revisit's write, so a later revisit may keep the read part and delete the write
     * part: in {@code store y 6 rlx || r3 = fai y 1 rlx || store y 2 rlx; r0 = load z na; r1 = cas
     * y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y acq; store z 1 rel}, with the store of y 2 before
     * the store of y 6 in co, the first FAI, revisited by the second, goes right after it, and the
     * store of z's revisit of the load of z was refused for it (a graph missed).
     */
    private static boolean forcedWritePart(ExecutionGraph g, Event e, Event r, boolean[] prefix) {
        if (!e.isRmwWrite()) {
            return false;
        }
        Event readPart = CoherenceFilter.readPartOf(g, e);
        return readPart != r && kept(readPart, r, prefix);
    }

    /**
     * Whether a deleted read e, the one source of a kept failed strong CAS's expected value, reads
     * the co-latest write added before it (below its ceiling) on which that CAS still fails. Its
     * other choices that keep the CAS failing give the revisit the same graph, since replay refills
     * e ({@link RevisitRules#expectedValuesFreePrefixOf}); those that make it succeed give another
     * one. So among the parents that keep the CAS failing this is the one with the maximal choice,
     * even when a later write, taken, would have made the CAS succeed. Needs the program to say what the CAS
     * expects for another value of e ({@link Action#expectedOfSource}).
     */
    private static boolean readsLatestWriteKeepingKeptCasFailed(ExecutionGraph g, Event e, Event r, boolean[] prefix,
                                                                int ceiling) {
        Event cas = casFailingInEveryParentExpectingOnly(g, e, r, prefix);
        return cas != null && readsLatestEarlierWriteBelow(g, e, Math.min(ceiling, g.co(e.loc).size() - 1),
                w -> succeedsExpectingFrom(cas, w));
    }

    /**
     * Whether {@code later}, a kept write of a thread the scheduler runs after w's, would make the
     * kept failed acquire CAS whose expected value r alone gives succeed. Then r's choice counts
     * as maximal though {@code later} is co-after it: in the parent where r read {@code later} the
     * CAS succeeded, and that parent reaches this graph only by making it fail
     * ({@link RevisitRules#casMadeToFailPrefixOf}), which yields to the parent that revisits r
     * first when the prefix keeps an event of a later thread
     * ({@link RevisitRules#keepsLaterThreadAnotherParentOrders}). In
     * {@code r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || store y 5 rlx || r0 = load y acq;
     * r1 = xchg z 1 rlx || store z 5 rlx} the exchange revisits the load of z, which read the
     * initial write, while its prefix keeps the store of z 5 (one graph missed when refused). With a
     * relaxed CAS the other parent builds the graph too (visited twice); a write of an earlier
     * thread does not make that revisit yield. Checked on the failed-CAS families and the random
     * sweeps, not proved.
     */
    private static boolean makesAcquireCasSucceed(ExecutionGraph g, Event r, Event later, Event w, boolean[] prefix) {
        Event cas = casSucceedingOn(g, r, later, r, prefix);
        return cas != null && cas.mode.isAcquire() && later.thread > w.thread;
    }

    /**
     * Whether read e cannot take w: w would make the failed CAS whose expected value e alone gives
     * succeed, and w's prefix holds e. The full prefix follows a failed CAS to its expected value's
     * sources though ar does not; a CAS that succeeds writes, its expected value deciding that
     * (ppo), so a parent where e read w would close an ar cycle. The write e reads below w is then
     * its maximal choice, and this graph the parent of the revisit. In {@code r3 = xchg z 2 rlx ||
     * store y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || r0 = load y acq; r1 =
     * xchg z 1 rlx || r5 = xchg z 5 rlx} the load of z, refilled, reads the exchange of z 1 below
     * the exchange of z 2, which holds it through the load of y, the store of y 1 and the acquire
     * CAS; the exchange of z 5 then revisits it (60 programs of the fourth-thread family, one graph
     * each, missed when either use of this was left out). Checked on the failed-CAS families and
     * the random sweeps, not proved.
     */
    private static boolean readingClosesCycleThroughCas(ExecutionGraph g, Event e, Event w, Event r, boolean[] prefix) {
        return casSucceedingOn(g, e, w, r, prefix) != null && DependencyPrefix.of(g, w)[e.stamp];
    }

    /**
     * The failed CAS whose expected value e alone gives ({@link #casFailingInEveryParentExpectingOnly})
     * when it would succeed were e to read w; null otherwise.
     */
    private static Event casSucceedingOn(ExecutionGraph g, Event e, Event w, Event r, boolean[] prefix) {
        Event cas = casFailingInEveryParentExpectingOnly(g, e, r, prefix);
        return cas != null && succeedsExpectingFrom(cas, w) ? cas : null;
    }

    /** Whether the failed CAS would succeed if its expected-value source read {@code source}. */
    private static boolean succeedsExpectingFrom(Event cas, Event source) {
        return cas.action.expectedOfSource().applyAsLong(source.value) == cas.rf.value;
    }

    /**
     * The failed strong CAS po-after e whose expected value comes from e alone, as a known function,
     * and that fails in every parent of this revisit: it is kept, or a kept later RMW of its thread
     * that wrote reads the write it reads (atomicity and coherence). Null when e is a lock read or
     * a spurious failure.
     */
    private static Event casFailingInEveryParentExpectingOnly(ExecutionGraph g, Event e, Event r, boolean[] prefix) {
        if (e.spuriousFailure || e.isLockRead()) {
            return null;
        }
        return laterOfThread(g, e, x -> isFailedStrongCas(g, x) && x.action.expectedOfSource() != null
                && (kept(x, r, prefix) || keptLaterRmwOfThreadReads(g, x.rf, x, r, prefix))
                && x.action.expectedDeps().length == 1 && x.action.expectedDeps()[0] == e.index);
    }

    /**
     * Whether deleted RMW read e cannot take the kept write {@code later}: it would write on it, and
     * a kept later RMW of its thread that wrote reads it already (atomicity and coherence). Its
     * choice below {@code later} is then the maximal one that replay can refill. A weak CAS could
     * still take it by failing spuriously, so it is left to the usual test.
     */
    private static boolean atomicityForbidsTaking(ExecutionGraph g, Event e, Event later, Event r, boolean[] prefix) {
        return e.isRmwRead() && !e.isLockRead() && e.action.rmwOp() != Action.RmwOp.WEAK_CAS
                && e.rmwSucceedsReading(later, false) && keptLaterRmwOfThreadReads(g, later, e, r, prefix);
    }

    /**
     * Whether deleted read e cannot take the kept write {@code later}: the failed CAS whose expected
     * value e alone gives would then succeed on the write it reads, which a kept later CAS of its
     * thread reads and writes on, and which would fail on the first CAS's write instead. No parent
     * has e on {@code later} with the kept events (atomicity puts the later CAS on that write), so
     * its choice below is the maximal one: in {@code r4 = load z acq; store y 7 rlx || r3 = xchg
     * z 2 rlx || store y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; r2 = cas y 2 4 rlx || r0 =
     * load y rlx; r1 = xchg z 1 acq_rel} both CASes read the store of y 2, the second succeeding,
     * and the exchange of z 1, reading the exchange of z 2, revisits the acquire load leaving the
     * load of z to replay (one graph missed when refused). A later RMW that would still write
     * there (an FAI) does have that parent: the revisit that makes the first CAS fail refills it
     * under its write part ({@link RevisitRules#casFailingAnewPrefixOf}; visited twice when exempt).
     */
    private static boolean casWouldTakeAConsumedWrite(ExecutionGraph g, Event e, Event later, Event r,
                                                      boolean[] prefix) {
        Event cas = casSucceedingOn(g, e, later, r, prefix);
        if (cas == null) {
            return false;
        }
        long written = cas.rmwWritten(cas.rf.value);
        for (Event reader : cas.rf.readers) {
            if (reader.thread == cas.thread && reader.index > cas.index && reader.isRmwRead() && kept(reader, r, prefix)
                    && CoherenceFilter.writePartOf(g, reader) != null && !reader.action.rmwWrites(written)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a kept same-location event po-after e, a weak CAS that failed spuriously, leaves it
     * no way to succeed on the write it read: its write part would go right after that write, but
     * the event reads that write or one co-before it, or is a write co-before it (coherence). Then
     * failing is the only choice on that write, and the maximal one: the graph where it succeeded
     * is no parent. Only under IMM can a kept event follow a revisited read in its thread.
     */
    private static boolean keptLaterAccessForbidsWriting(ExecutionGraph g, Event e, Event r, boolean[] prefix) {
        int readFrom = g.coIndex(e.rf);
        for (int i = e.index + 1; i < g.threadSize(e.thread); i++) {
            Event x = g.event(e.thread, i);
            if (x == null || x.loc != e.loc || !x.kind.isMemoryAccess() || !kept(x, r, prefix)) {
                continue;
            }
            Event bound = x.isWrite() ? x : x.rf;
            if (bound != null && g.coIndex(bound) <= readFrom) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether read e reads the write it would take if it were added again after exactly the events
     * added before it (TruSt defines maximality on the graph): its flag says no when it was a forward
     * alternative, even after a later revisit kept it and deleted the writes it passed over, which
     * leaves its choice co-maximal and this graph the only parent of its revisits. Under IMM a
     * deleted RMW cannot take a write that a kept RMW has written on ({@link #atomicityForbidsTaking}).
     */
    private boolean readsLatestEarlierWrite(ExecutionGraph g, Event e, Event r, boolean[] prefix) {
        if (e.spuriousFailure || e.isLockRead()) {
            return false;
        }
        // IMM: same-location events po-after e but added before it bound it
        return readsLatestEarlierWriteBelow(g, e, CoherenceFilter.laterCeiling(g, e, 0, e.stamp),
                w -> !w.isInit() && poOnlyViews && (e != r && atomicityForbidsTaking(g, e, w, r, prefix)
                        || readingClosesCycleThroughCas(g, e, w, r, prefix)));
    }

    /**
     * Whether e reads the co-latest write at or below co index {@code top} that was added before it
     * and is not {@code passedOver}, and no earlier RMW may have taken it.
     */
    private static boolean readsLatestEarlierWriteBelow(ExecutionGraph g, Event e, int top, Predicate<Event> passedOver) {
        Event w = latestWriteNotPassedOver(g, e.loc, top, -1,
                x -> (!x.isInit() && x.stamp > e.stamp) || passedOver.test(x));
        return w != null && w == e.rf && !earlierRmwMayHaveTaken(e, w);
    }

    /**
     * Whether e, an RMW read that would write on w, shares w with an RMW added before it that
     * writes on it too: whether e could take w then depends on that RMW's state at the time, so
     * the choice is not known to be maximal.
     */
    private static boolean earlierRmwMayHaveTaken(Event e, Event w) {
        if (!e.isRmwRead() || !e.rmwSucceedsReading(w, false)) {
            return false;
        }
        for (Event other : w.readers) {
            if (other != e && other.stamp < e.stamp && other.isRmwRead()
                    && other.rmwSucceedsReading(w, other.spuriousFailure)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the write a deleted read e reads from makes e's choice the one at its ceiling in only
     * one parent: it is kept; or it is a po-earlier write of e's thread, which replay adds before e;
     * or it is a deleted write that existed when e was added. The placement of a deleted write is
     * judged as a deleted access of its own. A deleted write added after e (which revisited e) does
     * not pin it: the parent where e read the write below it passes the ceiling test too.
     */
    private static boolean pinsCeilingChoice(Event source, Event e, Event r, boolean[] prefix) {
        return kept(source, r, prefix) || source.stamp < e.stamp
                || (source.thread == e.thread && source.index < e.index);
    }

    /**
     * Whether a deleted access e (a read of {@code source}, or the write {@code source} itself) sits
     * at its ceiling: {@code source} is at or before it, and every write co-between them was deleted
     * and added after e, so that when e was added nothing lay between its choice and the kept event
     * that bounds it. That makes the parent unique: each hole took the co-latest write that existed.
     */
    private static boolean atCeiling(ExecutionGraph g, Event e, Event source, int ceiling, Event r, boolean[] prefix) {
        int from = g.coIndex(source);
        if (from > ceiling) {
            return false;
        }
        List<Event> co = g.co(e.loc);
        for (int k = from + 1; k <= ceiling; k++) {
            Event x = co.get(k);
            if (x.stamp < e.stamp || kept(x, r, prefix)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The largest co index a deleted access e may take once it is a hole, given the kept
     * same-location events po-after it (coherence, as {@link CoherenceFilter} bounds the refill): a
     * read at most what a later read reads and before a later write, a write before both.
     * {@code Integer.MAX_VALUE} when no kept event bounds it.
     */
    private int keptLaterCeiling(ExecutionGraph g, Event e, Event r, boolean[] prefix) {
        int ceiling = Integer.MAX_VALUE;
        if (!poOnlyViews) {
            return ceiling;
        }
        Event ownWrite = e.isRmwRead() ? CoherenceFilter.writePartOf(g, e) : null;
        for (int i = e.index + 1; i < g.threadSize(e.thread); i++) {
            Event x = g.event(e.thread, i);
            if (x == null || x == r || x.loc != e.loc || !x.kind.isMemoryAccess() || !kept(x, r, prefix)
                    || (ownWrite != null && (x == ownWrite || (x.isRead() && x.rf == ownWrite)))) {
                continue; // a completed RMW's write part moves, and its readers with it
            }
            if (x.isWrite()) {
                ceiling = Math.min(ceiling, g.coIndex(x) - 1);
            } else if (x.isRead() && x.rf != null) {
                ceiling = Math.min(ceiling, g.coIndex(x.rf) - (e.isWrite() ? 1 : 0));
            }
        }
        return ceiling;
    }

    /**
     * Whether e was added before the kept write {@code later} existed, so that {@code later} being
     * co-after e's choice does not make it non-maximal: {@code later}'s IMM prefix holds an event of
     * e's thread po-after e (GenMC's isCoBeforeSavedPrefix). Asked only for a completed RMW, which
     * exists only under IMM.
     */
    private static boolean addedBefore(ExecutionGraph g, Event e, Event later) {
        boolean[] p = DependencyPrefix.of(g, later);
        for (int i = g.threadSize(e.thread) - 1; i >= e.index; i--) {
            Event x = g.event(e.thread, i);
            if (x != null && p[x.stamp]) {
                return true;
            }
        }
        return false;
    }
}
