package dev.weft.models;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * When a backward revisit may happen (TruSt, GenMC): the prefix a revisit keeps, and the
 * maximal-extension condition that gives every revisited graph exactly one parent, so that no set of
 * explored graphs has to be stored.
 */
final class RevisitRules {
    /** IMM: dependency prefixes and holes; otherwise porf prefixes. */
    private final boolean poOnlyViews;

    RevisitRules(boolean dependencyTracking) {
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
     * <p>{@code completes}: r is an RMW read completed anew ({@link #completionPrefixOf}); its own
     * write part and that part's readers do not bound it, and kept writes added after r (their
     * prefix holds a later event of r's thread) do not count against its old choice.
     *
     * <p>{@code refilledFrom}: w's full prefix when the revisit refills the failed RMWs it kept as
     * pins ({@link #refillingPrefixOf}), null otherwise. A pin other than r that failed spuriously
     * passes: had it succeeded, it and what it depends on or reads would be in the smaller prefix,
     * r with them, so that sibling has no such revisit and this graph is the only parent.
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
            if (!e.addedMax && !(e.isRead() && readsLatestEarlierWrite(g, e, r, prefix))
                    && !(poOnlyViews && e == r && e.spuriousFailure && keptLaterAccessForbidsWriting(g, e, r, prefix))
                    && !(poOnlyViews && e != r && e.isRead() && readsLatestWriteKeepingKeptCasFailed(g, e, r, prefix, ceiling))) {
                return false;
            }
            Event source = e.isRead() ? e.rf : e;
            List<Event> co = g.co(source.loc);
            for (int k = g.coIndex(source) + 1; k <= Math.min(ceiling, co.size() - 1); k++) {
                Event later = co.get(k);
                if (later != w && kept(later, r, prefix) && !(e == r && later == CoherenceFilter.writePartOf(g, r))
                        && !(e == r && completes && addedBefore(g, e, later))
                        && !(poOnlyViews && e != r && atomicityForbidsTaking(g, e, later, r, prefix))
                        && !(poOnlyViews && e == r && makesAcquireCasSucceed(g, r, later, w, prefix))) {
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
     * Whether the graph after the revisit of {@code revisited} is one that revisits build: every
     * other read that reads a write added after it still has, between the two, only events that
     * write's prefix holds, or reads of that same write (a refilling revisit by the same write,
     * {@code pushRefillingRevisitsOfKeptReads}). The revisit that made it read that write deleted
     * every other event there. Under porf prefixes it always holds: a revisit never changes what a
     * kept prefix holds. Under IMM a revisit may change the source of a read that an earlier
     * revisit kept in its prefix (an RMW completed anew, a pin refilled, an RMW made to fail), and
     * the prefix shrinks: the events it no longer holds (the old source and what that brought in)
     * stay where they were, and the graph then equals one where they are added after the write,
     * built from the parent that deleted them. This one is dropped (seed 8003's 12555 and 59416
     * and seed 9003's 39119 were visited twice).
     *
     * <p>Not so for the write part of an RMW whose read part this revisit refilled under it
     * ({@code refilled}, {@link #rmwSourcesFreePrefixOf}), when the revisited read's thread runs
     * before the revisiting write's. The RMW's old source, a CAS's write, held the load giving
     * that CAS its expected value, which is the revisited read; with the CAS failing, the parent
     * that deleted the load would be a revisit refilling the CAS as a pin, and the load, added
     * again after it, could read the revisiting write only if the scheduler added that write
     * first. Running the lower thread first ({@link Explorer#nextThread}), it never does when
     * that is the load's, and the graph had no other route ({@code r3 = fai y 1 rlx || r0 = load z
     * na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y rlx; store z 1 rel}); the other way
     * round it did, and was visited twice.
     *
     * <p>Nor for the revisited read itself, in a revisit that refills pins ({@code refillsPins},
     * {@link #refillingPrefixOf}), under the same condition on the threads. The earlier revisiting
     * write held the read through a failed CAS, a pin, whose expected value it gives; refilled,
     * that pin brings it back. The other route, the earlier revisit leaving the read out and the
     * read added again after it, reads the revisiting write only if the scheduler added that write
     * first ({@code r3 = fai y 1 rlx || store y 2 rlx; r0 = load z na; r1 = cas y r0 3 rlx; r2 =
     * fai y 1 rlx || r0 = load y acq; store z 1 rel}, the FAIs' revisit, then the store's).
     * Nor, by the same argument, for what the revisited read's old source ({@code oldSource}, in
     * the copy; null when deleted or initial) brought in with it, as far as the revisiting write's
     * prefix holds it: in the other route it was left out with the read. Not what that prefix
     * does not hold: it then floats where the read's old source put it, and the graph is one where
     * it comes later ({@code r3 = xchg z 2 rlx || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1
     * rlx || r0 = load y acq; store z 1 rel || store z 5 rlx}, the store of z 5 unread, visited
     * twice). Checked on random programs and the failed-CAS families, not proved.
     */
    boolean earlierRevisitsKeepTheirPrefixes(ExecutionGraph g, Event revisited, Event revisiting,
                                             List<Event> refilled, boolean refillsPins, Event oldSource) {
        if (!poOnlyViews) {
            return true;
        }
        boolean lowerThreadRevisited = revisited.thread < revisiting.thread;
        boolean revisitedExempt = lowerThreadRevisited && refillsPins;
        boolean[] broughtByOldSource = null; // computed when first needed
        // per write, its earliest reader added before it: the widest span to check
        int[] earliestReader = new int[g.size()];
        Arrays.fill(earliestReader, -1);
        for (Event y : g.events()) {
            if (y != revisited && (y.isRead() || y.kind == EventKind.JOIN) && y.rf != null && !y.rf.isInit()
                    && y.rf.stamp > y.stamp && earliestReader[y.rf.stamp] < 0) {
                earliestReader[y.rf.stamp] = y.stamp;
            }
        }
        for (int z = 0; z < earliestReader.length; z++) {
            if (earliestReader[z] < 0) {
                continue;
            }
            Event write = g.byStamp(z);
            if (lowerThreadRevisited && refilled.contains(write)) {
                continue;
            }
            boolean[] prefix = DependencyPrefix.of(g, write);
            for (int s = earliestReader[z] + 1; s < z; s++) {
                Event between = g.byStamp(s);
                if (prefix[s] || between.rf == write || (revisitedExempt && between == revisited)) {
                    continue;
                }
                if (!revisitedExempt || oldSource == null) {
                    return false;
                }
                if (broughtByOldSource == null) {
                    broughtByOldSource = heldThroughOldSource(g, oldSource, revisiting);
                }
                if (!broughtByOldSource[s]) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The revisited read's old source and its prefix, as far as the revisiting write's prefix holds them. */
    private static boolean[] heldThroughOldSource(ExecutionGraph g, Event oldSource, Event revisiting) {
        boolean[] held = DependencyPrefix.of(g, oldSource);
        held[oldSource.stamp] = true;
        boolean[] needed = DependencyPrefix.of(g, revisiting);
        for (int s = 0; s < held.length; s++) {
            held[s] &= needed[s];
        }
        return held;
    }

    /**
     * Whether a revisit of r by w that keeps {@code keep} keeps the prefix of every write that a
     * kept read took from an earlier revisit, but for failed RMWs it refills. A revisit that
     * refills pins ({@link #refillingPrefixOf}) or leaves a CAS's expected-value sources as holes
     * ({@link #expectedValuesFreePrefixOf}) may delete the source of a pin that the earlier
     * revisiting write held. Its graphs also come from the route where that earlier revisit left
     * the pin or the source out and this one keeps the full prefix, replay filling it after both
     * (the smallest wide-family duplicates, {@code r3 = xchg z 2 rlx || r0 = load y acq; store z 1
     * rel || r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx}, and with a relaxed CAS and an FAI
     * after it). Refilling only the pin itself builds graphs no other route does.
     *
     * <p>Only what the earlier revisit could have left out counts: events added after its read and
     * before its write, which it kept for its write's prefix alone. Those added before its read
     * were kept in every route, so this revisit is their graph's only parent (a fourth thread's FAI
     * of y revisiting the load of y, then the store of z refilling the CAS as it revisits the
     * exchange of z). Those added after its write it did not keep: it left them out already, so
     * the other route is this graph's own full-prefix revisit of r, which builds other graphs or,
     * with r in w's full prefix, none (a store of y revisiting an FAI of y leaving out the load of
     * z, then a fourth thread's FAI, reading the first FAI, revisiting the acquire load of y before
     * the store of z).
     *
     * <p>r itself counts when an earlier revisit gave it its write: there the same holds of what
     * does not depend on r (a load of y revisited by the CAS thread's store of y, then by a third
     * thread's FAI, the load of z left out both times or kept the first time), while what depends
     * on r goes with its new value in every route. Checked on random programs and the failed-CAS
     * families, not proved.
     */
    boolean keepsEarlierRevisitingPrefixes(ExecutionGraph g, Event r, Event w, boolean[] keep) {
        for (Event y : g.events()) {
            if (!keep[y.stamp] || !y.isRead() || y.rf == null || y.rf.isInit() || y.rf == w
                    || y.rf.stamp < y.stamp || !keep[y.rf.stamp]) {
                continue;
            }
            boolean[] held = prefixOf(g, y.rf);
            for (int s = y.stamp + 1; s < y.rf.stamp; s++) {
                Event deleted = g.byStamp(s);
                if (held[s] && !keep[s] && !CoherenceFilter.isFailedRmw(g, deleted)
                        && !(y == r && prefixOf(g, deleted)[r.stamp])) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Whether a deleted read e, the one source of a kept failed strong CAS's expected value, reads
     * the co-latest write added before it (below its ceiling) on which that CAS still fails. Its
     * other choices that keep the CAS failing give the revisit the same graph, since replay refills
     * e ({@link #expectedValuesFreePrefixOf}); those that make it succeed give another one. So among
     * the parents that keep the CAS failing this is the one with the maximal choice, even when a
     * later write, taken, would have made the CAS succeed. Needs the program to say what the CAS
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
     * ({@link #casMadeToFailPrefixOf}), which yields to the parent that revisits r first when the
     * prefix keeps an event of a later thread ({@link #keepsLaterThreadAnotherParentOrders}). In
     * {@code r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || store y 5 rlx || r0 = load y acq;
     * r1 = xchg z 1 rlx || store z 5 rlx} the exchange revisits the load of z, which read the
     * initial write, while its prefix keeps the store of z 5 (one graph missed when refused). With a
     * relaxed CAS the other parent builds the graph too (visited twice); a write of an earlier
     * thread does not make that revisit yield. Checked on the failed-CAS families and the random
     * sweeps, not proved.
     */
    private static boolean makesAcquireCasSucceed(ExecutionGraph g, Event r, Event later, Event w, boolean[] prefix) {
        Event cas = casFailingInEveryParentExpectingOnly(g, r, r, prefix);
        return cas != null && cas.mode.isAcquire() && later.thread > w.thread && succeedsExpectingFrom(cas, later);
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
     * Whether the failed strong CASes of w's full prefix that a smaller prefix ({@code kept}) leaves
     * to replay, or keeps without an expected-value source, would fail again in the graph where the
     * revisited read r still reads a write of value {@code oldValue}: a kept one still reads a
     * write of another value than it expects, and a deleted one, refilled, takes the co-latest
     * write below its ceiling that atomicity leaves it and fails there. Only then does the
     * smaller prefix's revisit have a parent that builds this graph. A CAS whose expected value
     * depends on more than one read, or in a way the program does not say
     * ({@link Action#expectedOfSource}), counts as one that may succeed.
     */
    boolean leftCasesFailWith(ExecutionGraph g, Event r, long oldValue, boolean[] full, boolean[] kept) {
        for (int s = 0; s < kept.length; s++) {
            Event cas = g.byStamp(s);
            boolean casKept = kept(cas, r, kept);
            if (!full[s] || !isFailedStrongCas(g, cas) || (casKept && keepsExpectedValueSources(g, cas, r, kept))) {
                continue;
            }
            int[] deps = cas.action.expectedDeps();
            if (deps.length > 1 || (deps.length == 1 && cas.action.expectedOfSource() == null)) {
                return false;
            }
            long expected = cas.action.expected();
            if (deps.length == 1) {
                Event source = g.event(cas.thread, deps[0]);
                expected = cas.action.expectedOfSource().applyAsLong(source == r ? oldValue : source.value);
            }
            if (casKept ? cas.rf.value == expected : !refillFails(g, cas, expected, r, kept)) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code kept} holds every source of the CAS's expected value, none of them r. */
    private static boolean keepsExpectedValueSources(ExecutionGraph g, Event cas, Event r, boolean[] kept) {
        for (int d : cas.action.expectedDeps()) {
            Event source = g.event(cas.thread, d);
            if (source == null || source == r || !kept(source, r, kept)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the deleted CAS, refilled expecting {@code expected}, fails: the co-latest write
     * between what it has observed and its ceiling that it may still take is of another value. It
     * may not succeed on a write that a kept later RMW of its thread has written on (atomicity).
     */
    private static boolean refillFails(ExecutionGraph g, Event cas, long expected, Event r, boolean[] kept) {
        Event w = latestWriteNotPassedOver(g, cas.loc, CoherenceFilter.laterCeiling(g, cas, 0, Integer.MAX_VALUE),
                CoherenceFilter.observedFloor(g, cas),
                x -> x.value == expected && keptLaterRmwOfThreadReads(g, x, cas, r, kept));
        return w != null && w.value != expected;
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
     * Whether a kept RMW po-after {@code rmw} in its thread, one that wrote, reads {@code write}. Had
     * {@code rmw} written on that write, coherence would make the later RMW read {@code rmw}'s write
     * part or a later one, so no parent has them both on it. An RMW of another thread may: the
     * parent where both took the write and the later one's write revisits (GenMC's conflicting
     * RMW) is the maximal one then (seed 4003's 18618 visited 41 graphs twice with any kept RMW).
     */
    private static boolean keptLaterRmwOfThreadReads(ExecutionGraph g, Event write, Event rmw, Event r,
                                                     boolean[] prefix) {
        for (Event reader : write.readers) {
            if (reader.thread == rmw.thread && reader.index > rmw.index && reader.isRmwRead()
                    && kept(reader, r, prefix) && CoherenceFilter.writePartOf(g, reader) != null) {
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
                w -> !w.isInit() && poOnlyViews && e != r && atomicityForbidsTaking(g, e, w, r, prefix));
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
     * The co-latest write of {@code loc} from co index {@code top} down to {@code floor} (-1 is the
     * initial write) that is not {@code passedOver}, or null if every one is.
     */
    private static Event latestWriteNotPassedOver(ExecutionGraph g, int loc, int top, int floor,
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

    static boolean kept(Event e, Event r, boolean[] prefix) {
        return e.isInit() || e.stamp <= r.stamp || prefix[e.stamp];
    }

    /** The prefix of e, by stamp: porf for porf-acyclic models, IMM's dependency prefix otherwise. */
    boolean[] prefixOf(ExecutionGraph g, Event e) {
        return poOnlyViews ? DependencyPrefix.of(g, e) : porfPrefix(g, e);
    }

    /** The prefixes w's revisits may keep, each computed when first asked ({@link WritePrefixes}). */
    WritePrefixes prefixesOf(ExecutionGraph g, Event w) {
        return new WritePrefixes(this, g, w);
    }

    /**
     * The prefix a write keeps when it revisits r, a read that its full prefix holds only through
     * failed RMWs kept to pin down the prefix: {@link DependencyPrefix#withoutFailedRmws};
     * replay refills those RMWs. The revisit is the parent only of the graphs where they bring r
     * back into the full prefix ({@link RefillCondition}). r is either such an RMW itself, or a read
     * the pins hold through their own dependencies ({@link DependencyPrefix#withPinsReadingNothing}), which no revisit
     * of a pin can take out. A read that a pin holds only through the write it reads is left alone:
     * its graph descends from the revisit that takes it while the pin reads a write that does not
     * bring it in, followed by the pin's own revisit (letting both happen visited graphs twice).
     * Null when r is neither, when an earlier revisit made it not revisitable or would lose a kept
     * read's source, or when the model orders porf.
     */
    boolean[] refillingPrefixOf(ExecutionGraph g, Event r, WritePrefixes prefixes) {
        if (!poOnlyViews || !r.revisitable) {
            return null;
        }
        boolean[] withoutFailedRmws = prefixes.get(WritePrefixes.Variant.WITHOUT_FAILED_RMWS);
        if (withoutFailedRmws[r.stamp]) {
            return null;
        }
        if (!CoherenceFilter.isFailedRmw(g, r) && !prefixes.get(WritePrefixes.Variant.PINS_READING_NOTHING)[r.stamp]) {
            return null;
        }
        return leavingOut(g, r, withoutFailedRmws);
    }

    /**
     * The events a revisit by w that keeps {@code prefix} makes not revisitable (GenMC): revisiting
     * one later would delete w, which the revisited read now reads. Under IMM the failed RMWs that
     * the prefix holds only to pin it down, and what only they bring in, stay revisitable: a later
     * write may revisit such an RMW ({@link #refillingPrefixOf}), and {@link #keepsEverySource}
     * stops any revisit that would delete w. So do RMWs that wrote and that the prefix holds only
     * through their own write part, and what only that write part brings in: a later write may make
     * such an RMW fail ({@link #failingPrefixOf}). {@code unorderedSources}: the revisit keeps
     * {@link DependencyPrefix#withUnorderedSources}. Never more than the revisit keeps: one that
     * leaves out the sources of a failed CAS's expected value refills them.
     */
    boolean[] settledBy(ExecutionGraph g, Event w, boolean[] prefix, boolean unorderedSources) {
        if (!poOnlyViews) {
            return prefix;
        }
        boolean[] settled = DependencyPrefix.withoutFailedRmws(g, w, unorderedSources);
        for (int s = 0; s < settled.length; s++) {
            settled[s] &= prefix[s];
        }
        for (int s = 0; s < settled.length; s++) {
            Event x = g.byStamp(s);
            if (settled[s] && isRmwThatWrote(g, x)) {
                boolean[] ifFailed = DependencyPrefix.withFailingRmw(g, w, x, false);
                if (!ifFailed[s]) {
                    // held only through its own write part: a later write may make it fail
                    // (failingPrefixOf), and revisit what only that write part brings in
                    for (int k = 0; k < settled.length; k++) {
                        settled[k] &= ifFailed[k];
                    }
                }
            }
        }
        return settled;
    }

    /**
     * The prefix w keeps when it revisits r, an RMW read that wrote and fails reading w (or may fail
     * spuriously, a weak CAS), when w's prefix holds r only through r's own write part: the
     * prefix of w in the graph where r failed, without the failed RMWs kept as pins, r among them
     * ({@link DependencyPrefix#withFailingRmw}). It mirrors {@link #refillingPrefixOf}: there a
     * failed pin comes to write, here a write part's RMW comes to fail. Null when that prefix holds
     * r, when r is not revisitable or would lose a kept read's source (a reader of its write part
     * among them), or when the model orders porf.
     */
    boolean[] failingPrefixOf(ExecutionGraph g, Event w, Event r) {
        if (!poOnlyViews || !r.revisitable || !isRmwThatWrote(g, r)
                || (r.action.rmwWrites(w.value) && r.action.rmwOp() != Action.RmwOp.WEAK_CAS)) {
            return null;
        }
        return leavingOut(g, r, DependencyPrefix.withFailingRmw(g, w, r, false));
    }

    /** Whether x is the read part of an RMW (not a lock) that wrote. */
    private static boolean isRmwThatWrote(ExecutionGraph g, Event x) {
        return x.isRmwRead() && x.action.kind() == Action.Kind.RMW && CoherenceFilter.writePartOf(g, x) != null;
    }

    /** Whether x is the read part of a strong CAS that failed. */
    static boolean isFailedStrongCas(ExecutionGraph g, Event x) {
        return CoherenceFilter.isFailedRmw(g, x) && x.action.rmwOp() == Action.RmwOp.CAS;
    }

    /**
     * {@code prefix}, when a revisit of r may keep it: it does not hold r, and every other read it
     * keeps still finds its write ({@link #keepsEverySource}); null otherwise.
     */
    private boolean[] leavingOut(ExecutionGraph g, Event r, boolean[] prefix) {
        return prefix[r.stamp] || !keepsEverySource(g, r, prefix) ? null : prefix;
    }

    /** w's full prefix in the graph where r, an RMW read that wrote, fails ({@link #failingPrefixOf}). */
    boolean[] prefixWithFailing(ExecutionGraph g, Event w, Event r) {
        return DependencyPrefix.withFailingRmw(g, w, r, true);
    }

    /**
     * The prefix w keeps when it revisits r, a read its prefix holds only through the write that a
     * read kept only as a source reads from another thread, with that writer's barriers
     * ({@link DependencyPrefix#withUnorderedSources}). Null when that prefix holds r too, when r
     * would lose a kept read's source, when the model orders porf, or when r is an RMW read an
     * earlier revisit settled: its revisit is the completion ({@link #completionPrefixOf}), and
     * both would visit its graphs twice (program 16884). A settled plain read may be revisited
     * here: the revisit that settled it may have kept it only through an address this prefix does
     * not follow (seed 6003's 42134). Checked on random programs, not proved.
     */
    boolean[] unorderedSourcesPrefixOf(ExecutionGraph g, WritePrefixes prefixes, Event r) {
        if (!poOnlyViews || (!r.revisitable && r.isRmwRead())) {
            return null;
        }
        return leavingOut(g, r, prefixes.get(WritePrefixes.Variant.UNORDERED_SOURCES));
    }

    /**
     * The prefix w keeps when it revisits r, a read its prefix holds only through the sources of a
     * failed strong CAS's expected value, the CAS kept by a barrier or for its value
     * ({@link DependencyPrefix#withExpectedValuesFree}), or does not hold at all
     * ({@link #lastExpectedValueHole}). Replay refills those sources: the CAS must still fail, and
     * the revisit is the parent only of the graphs where the refilled sources bring r (back) into
     * the full prefix, or a read that reads w ({@link RefillCondition#ofExpectedValueHoles});
     * otherwise the revisit that keeps them is.
     * Null when that prefix holds r too, when r is not revisitable or would lose a kept read's
     * source, or when the model orders porf.
     */
    boolean[] expectedValuesFreePrefixOf(ExecutionGraph g, WritePrefixes prefixes, Event r) {
        if (!poOnlyViews || !r.revisitable) {
            return null;
        }
        boolean[] prefix = leavingOut(g, r, prefixes.get(WritePrefixes.Variant.EXPECTED_VALUES_FREE));
        if (prefix == null || (givesKeptCasItsExpectedValue(g, r, prefix)
                && !readsWriteHoldingMoreThanDependencies(g, r, prefixes.write()))) {
            return null;
        }
        return prefix;
    }

    /**
     * Whether an earlier revisit gave r its write (not w, whose revisit this is), and that write's
     * prefix holds more than its dependencies. Then the revisit that refills r, which
     * {@link #givesKeptCasItsExpectedValue} counts on, cannot come: r keeps its place before the
     * reads that write brings in. In {@code store y 2 rel; r0 = load z na; r1 = cas y r0 3 acq;
     * store y 1 rlx || store y 5 rlx || r0 = load y acq; store z 1 rel || r5 = xchg z 5 rlx} the
     * store of z gave the load of z its write keeping dependencies only, with the load of y
     * refilled, and the exchange, taking the store of z too, revisits the load of z again (three
     * graphs missed). A write whose prefix is its dependencies leaves that to the dependencies-only
     * revisit of a read the prefix does not hold ({@link #mayBeBroughtIn}), which builds the same
     * graphs (visited twice when both applied).
     */
    private boolean readsWriteHoldingMoreThanDependencies(ExecutionGraph g, Event r, Event w) {
        return r.rf != w && r.readsWriteAddedAfter() && !prefixIsDependenciesOnly(g, r.rf);
    }

    /**
     * The prefix w keeps when it revisits r, a read its prefix holds only through the write an RMW
     * that wrote reads from its own thread, the RMW kept with a value no kept event uses
     * ({@link DependencyPrefix#withRmwSourcesFree}): its write part stays where it is in co, and its
     * read part takes the kept write right before it (atomicity). The source must be the write of
     * a strong CAS whose expected value r gives ({@link #writtenByCasExpecting}): load buffering
     * through a CAS that failed and an FAI after it that read the write the CAS read. With r's old
     * value the CAS succeeds there, so in every parent the FAI reads the CAS's write, which only
     * this revisit deletes. Null when the prefix holds r too, when r is not revisitable, when the
     * model orders porf, when a kept read other than such an RMW would lose its source, or when no
     * RMW loses its source (the revisit keeping the full prefix is then the same). When that
     * prefix holds r through the CAS itself, kept by a barrier, the CAS may be made to fail instead
     * ({@link #casMadeToFailPrefixOf}). Checked on the wide failed-CAS family and random programs,
     * not proved.
     */
    boolean[] rmwSourcesFreePrefixOf(ExecutionGraph g, WritePrefixes prefixes, Event r) {
        if (!poOnlyViews || !r.revisitable) {
            return null;
        }
        boolean[] prefix = prefixes.get(WritePrefixes.Variant.RMW_SOURCES_FREE);
        boolean refills = false;
        if (prefix[r.stamp]) {
            prefix = casMadeToFailPrefixOf(g, prefixes, r);
            if (prefix == null) {
                return null;
            }
            refills = true; // the CAS's write part is deleted
        }
        for (Event e : g.events()) {
            if (e == r || !(e.isRead() || e.kind == EventKind.JOIN) || e.rf == null || !kept(e, r, prefix)
                    || kept(e.rf, r, prefix)) {
                continue;
            }
            if (e.stamp < r.stamp || !e.isRmwRead() || e.isLockRead() || e.rf.thread != e.thread
                    || CoherenceFilter.writePartOf(g, e) == null || !writtenByCasExpecting(g, e.rf, r)) {
                return null;
            }
            refills = true;
        }
        return refills ? prefix : null;
    }

    /**
     * The prefix w keeps when it revisits r, a read its prefix holds through a strong CAS that
     * wrote with r's old value as its expected value and that bob keeps (an acquire CAS ordered
     * before what follows it): the CAS is taken as failing ({@link DependencyPrefix#withCasMadeToFail}),
     * without its write part and its expected value's sources, and an RMW after it that read its
     * write takes the write before its own write part. Replay gives the CAS r's new value, and it
     * must fail. Load buffering through an acquire CAS that succeeded in every parent: in {@code
     * r0 = load z na; r1 = cas y r0 3 acq; r2 = fai y 1 rlx || store y 5 rlx || r0 = load y acq;
     * r1 = xchg z 1 acq_rel}, the exchange's revisit of the load of z where the CAS fails on the
     * initial write. Null, as another parent builds the graph, when:
     * <ul>
     * <li>the CAS took a forward alternative (the parent where it took the latest write deletes
     *     it and replay refills it);
     * <li>the dependencies-only revisit applies and is maximal ({@link #dependenciesOnlyPrefixOf}):
     *     tried before it, this revisit would take its place and lose the graphs it builds;
     * <li>the CAS is kept only as a pin (a revisit that refills it builds the graph);
     * <li>the prefix keeps an event of a thread that runs after w's: that thread's events come after
     *     w in the parent that revisits first ({@link Explorer#nextThread}), unless that parent
     *     cannot build the graph ({@link #keepsLaterThreadAnotherParentOrders});
     * <li>a kept read passed over a deleted write whose prefix holds r: in the sibling where it
     *     took that write, w's full prefix holds r through it, and the dependencies-only revisit
     *     refills the read ({@link #passedOverWriteHolding}).
     * </ul>
     * Without any of the others, graphs were visited twice. Checked on the failed-CAS families and
     * the random sweeps, not proved.
     */
    private boolean[] casMadeToFailPrefixOf(ExecutionGraph g, WritePrefixes prefixes, Event r) {
        Event cas = casThatWroteExpecting(g, r);
        if (cas == null || !cas.addedMax) {
            return null;
        }
        boolean[] dependenciesOnly = dependenciesOnlyPrefixOf(g, prefixes, r);
        Event w = prefixes.write();
        if (dependenciesOnly != null && isMaximalExtension(g, r, w, dependenciesOnly, false, null)) {
            return null;
        }
        boolean[] prefix = DependencyPrefix.withCasMadeToFail(g, w, cas, true);
        if (prefix[r.stamp] || !DependencyPrefix.withCasMadeToFail(g, w, cas, false)[cas.stamp]
                || keepsLaterThreadAnotherParentOrders(g, prefix, w, r) || passedOverWriteHolding(g, r, prefix)) {
            return null;
        }
        return prefix;
    }

    /** The first strong CAS after r in its thread that wrote and takes its expected value from r. */
    private static Event casThatWroteExpecting(ExecutionGraph g, Event r) {
        return casExpecting(g, r, cas -> CoherenceFilter.writePartOf(g, cas) != null);
    }

    /**
     * The first strong CAS after r in its thread that takes its expected value from r and is
     * {@code which}; null if none.
     */
    private static Event casExpecting(ExecutionGraph g, Event r, Predicate<Event> which) {
        return laterOfThread(g, r, e -> e.isRmwRead() && e.action.rmwOp() == Action.RmwOp.CAS
                && expectsValueOf(e, r) && which.test(e));
    }

    /** The first event po-after e in its thread that is {@code which}; null if none. */
    private static Event laterOfThread(ExecutionGraph g, Event e, Predicate<Event> which) {
        for (int i = e.index + 1; i < g.threadSize(e.thread); i++) {
            Event later = g.event(e.thread, i);
            if (later != null && which.test(later)) {
                return later;
            }
        }
        return null;
    }

    /**
     * Whether the prefix keeps an event of a thread the scheduler runs after w's that, in the
     * parent that revisits r first, comes after w, so that parent builds the graph. It does not
     * when every such event is of another thread than r's and its prefix holds r: that thread's
     * write, which gave a kept read x its write, would then hold x through r reading w, and could
     * not revisit x. In {@code r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || store y 5
     * rlx || r0 = load y acq; store z 1 rel || r4 = fai y 2 rlx} the FAI reads the store of y 1
     * and gives the load of y its write (two graphs missed when refused). Still refused:
     * <ul>
     * <li>when the latest write added before x holds r: the dependencies-only revisit of r from
     *     the parent where x read that write refills x and builds the graph (without the store of
     *     y 5, one visited twice);
     * <li>but not when a read after r in its thread took its write from a revisit: that revisit
     *     would delete it, not maximal ({@code r2 = fai y 1 rlx} after the CAS, which the store of
     *     y 5 revisited: one graph missed).
     * </ul>
     */
    private boolean keepsLaterThreadAnotherParentOrders(ExecutionGraph g, boolean[] prefix, Event w, Event r) {
        for (int s = 0; s < prefix.length; s++) {
            Event e = g.byStamp(s);
            if (prefix[s] && e.thread > w.thread && (e.thread == r.thread || !prefixOf(g, e)[r.stamp])) {
                return true;
            }
        }
        if (laterOfThread(g, r, e -> e.isRead() && e.readsWriteAddedAfter()) != null) {
            return false; // the other parent's dependencies-only revisit would delete it, not maximal
        }
        for (int s = 0; s < prefix.length; s++) {
            Event x = g.byStamp(s);
            if (prefix[s] && x.isRead() && x.readsWriteAddedAfter() && x.rf.thread > w.thread) {
                // the co-latest write added before x, the initial write aside
                Event latest = latestWriteNotPassedOver(g, x.loc, g.co(x.loc).size() - 1, 0,
                        c -> c.stamp > x.stamp);
                if (latest != null && prefixOf(g, latest)[r.stamp]) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether a read the prefix keeps, added after r with a forward alternative, passed over a
     * write the prefix deletes and whose own prefix holds r.
     */
    private boolean passedOverWriteHolding(ExecutionGraph g, Event r, boolean[] prefix) {
        for (Event x : g.events()) {
            if (!x.isRead() || x.stamp <= r.stamp || !prefix[x.stamp] || x.addedMax || x.readsWriteAddedAfter()) {
                continue;
            }
            List<Event> co = g.co(x.loc);
            for (int k = g.coIndex(x.rf) + 1; k < co.size(); k++) {
                Event passed = co.get(k);
                if (passed.stamp < x.stamp && !prefix[passed.stamp] && prefixOf(g, passed)[r.stamp]) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether w is the write part of a strong CAS whose expected value r gives. With r's old value
     * the CAS succeeded on the write it read; with the new one it may fail there, and only then
     * may the RMW after it read that write. A weak CAS may fail spuriously whatever r reads, and a
     * CAS whose outcome r does not decide fails there in a parent of the graph too.
     */
    private static boolean writtenByCasExpecting(ExecutionGraph g, Event w, Event r) {
        if (!w.isRmwWrite() || w.thread != r.thread) {
            return false;
        }
        Event cas = CoherenceFilter.readPartOf(g, w);
        return cas.action.rmwOp() == Action.RmwOp.CAS && expectsValueOf(cas, r);
    }

    /** Whether the CAS read {@code cas} takes its expected value from {@code source}, a read po-before it. */
    static boolean expectsValueOf(Event cas, Event source) {
        for (int d : cas.action.expectedDeps()) {
            if (d == source.index) {
                return true;
            }
        }
        return false;
    }

    /**
     * The prefix w keeps when it revisits r as a last resort, with HMC's dependencies only
     * ({@link DependencyPrefix#dependenciesOnly}): load buffering through a failed CAS that bob or
     * coherence holds in every other prefix (docs/architecture.md, "Dependencies only"). Replay
     * refills what it leaves out, and the revisit is the parent only when the refilled reads bring r
     * back into the full prefix ({@link RefillCondition#ofHoles}). Null when that prefix holds r
     * too, when r is not revisitable or would lose a kept read's source, when the model orders
     * porf, when r is held only through pins (refilling them is {@link #refillingPrefixOf}), or
     * when the revisit deletes an RMW read whose thread keeps a later event (replay could not
     * refill it with the outcome those events followed).
     *
     * <p>When the full prefix does not hold r at all, the revisit may still reach graphs no other
     * revisit does: those where the reads it deletes, refilled, bring r in through bob
     * ({@link RefillCondition#ofHolesBringingIn}). In {@code store y 2 rel; r0 = load z na; r1 =
     * cas y r0 3 acq; store y 1 rlx || store y 5 rlx || r0 = load y acq; store z 1 rel} the load
     * of y, refilled, reads the store of y 1, which the acquire CAS orders after the load of z: the
     * CAS fails on its own thread's store, so the guard of {@link #expectedValuesFreePrefixOf}
     * refuses every revisit of the load of z that keeps the load of y reading it (three graphs
     * missed). Then also null when it deletes no such read ({@link #deletesReadBeforeKeptEvent}),
     * and when r's graphs come from another parent ({@link #mayBeBroughtIn}). Checked on the
     * failed-CAS families and the random sweeps, not proved.
     */
    boolean[] dependenciesOnlyPrefixOf(ExecutionGraph g, WritePrefixes prefixes, Event r) {
        if (!poOnlyViews || !r.revisitable) {
            return null;
        }
        boolean held = prefixes.full()[r.stamp];
        if (held ? !prefixes.get(WritePrefixes.Variant.WITHOUT_FAILED_RMWS)[r.stamp] : !mayBeBroughtIn(g, r)) {
            return null;
        }
        boolean[] prefix = leavingOut(g, r, prefixes.get(WritePrefixes.Variant.DEPENDENCIES_ONLY));
        if (prefix == null) {
            return null;
        }
        for (int s = r.stamp + 1; s < prefix.length; s++) {
            Event e = g.byStamp(s);
            if (!prefix[s] && e.isRmwRead() && keepsLaterEventOfThread(g, e, prefix)) {
                return null;
            }
        }
        return held || deletesReadBeforeKeptEvent(g, r, prefixes.full(), prefix) ? prefix : null;
    }

    /**
     * Whether a revisit of r, which w's full prefix does not hold, keeping w's dependencies only
     * may be the parent of graphs where refilled reads bring r in: only when r gives a failed CAS
     * its expected value ({@link #givesFailedCasItsExpectedValue}). Not when r reads a write added
     * after it whose own prefix keeps more than its dependencies: the revisit that gave r that
     * write, keeping dependencies only, builds them ({@code r0 = load z na; r1 = cas y r0 3 acq;
     * store y 1 rlx || r0 = load y acq; store z 1 rel || r3 = xchg z 2 rlx}, one visited twice).
     * A write whose prefix is its dependencies had no such revisit: in {@code r0 = load z na; r1 =
     * cas y r0 3 acq; store y 1 rlx || store y 5 rlx || r0 = load y acq; r1 = xchg z 1 rlx || r5
     * = xchg z 5 rlx} the last exchange gives the load of z its write, and the first exchange,
     * taking it too, must revisit the load of z so (two graphs missed). Nor when a CAS after r
     * that expects its value wrote: the graphs where it fails come from the revisit that makes it
     * fail ({@link #rmwSourcesFreePrefixOf}; {@code r0 = load z na; r1 = cas y r0 3 acq; store y 1
     * rlx || store y 5 rlx || r0 = load y acq; store z 1 rel}, two visited twice).
     */
    private boolean mayBeBroughtIn(ExecutionGraph g, Event r) {
        return givesFailedCasItsExpectedValue(g, r) && casThatWroteExpecting(g, r) == null
                && (!r.readsWriteAddedAfter() || prefixIsDependenciesOnly(g, r.rf));
    }

    /** Whether w's prefix holds nothing beyond HMC's dependencies (no barrier, no detour). */
    private boolean prefixIsDependenciesOnly(ExecutionGraph g, Event w) {
        WritePrefixes prefixes = prefixesOf(g, w);
        return Arrays.equals(prefixes.full(), prefixes.get(WritePrefixes.Variant.DEPENDENCIES_ONLY));
    }

    /**
     * Whether a failed strong CAS after r in its thread takes its expected value from r: the load
     * buffering the revisit of {@link #dependenciesOnlyPrefixOf} is for. Without such a CAS, other
     * revisits build its graphs (seed 6003's 42134, with no CAS on r's value, visited one twice).
     */
    private static boolean givesFailedCasItsExpectedValue(ExecutionGraph g, Event r) {
        return casExpecting(g, r, cas -> CoherenceFilter.isFailedRmw(g, cas)) != null;
    }

    /**
     * Whether the revisit of r keeping {@code kept} (and what was added up to r) deletes a read of
     * the full prefix while keeping a later event of its thread: a hole replay refills, the only
     * way its graphs can bring r in. With none, they are the graphs of the full prefix's revisit.
     */
    private static boolean deletesReadBeforeKeptEvent(ExecutionGraph g, Event r, boolean[] full, boolean[] kept) {
        boolean[] keep = Arrays.copyOf(kept, kept.length);
        Arrays.fill(keep, 0, r.stamp + 1, true);
        return RefillCondition.holes(g, full, keep).length > 0;
    }

    /** Whether {@code kept} holds an event po-after e. */
    static boolean keepsLaterEventOfThread(ExecutionGraph g, Event e, boolean[] kept) {
        return laterOfThread(g, e, later -> kept[later.stamp]) != null;
    }

    /**
     * The stamp of the latest read that w's full prefix holds and its prefix without the sources of
     * failed strong CASes' expected values does not, while that prefix keeps a later event of its
     * thread; -1 if none (no such CAS, or not IMM). A revisit by w of an earlier read it does not hold may then also keep the prefix
     * without those sources ({@link #expectedValuesFreePrefixOf}), replay refilling them: its graphs
     * are those where the refilled sources bring the read into the full prefix (load buffering
     * through the failed CAS, {@link RefillCondition#ofHoles}), which the revisit keeping the full
     * prefix never reaches, as it keeps the sources reading what they read.
     */
    int lastExpectedValueHole(ExecutionGraph g, WritePrefixes prefixes) {
        boolean[] fullPrefix = prefixes.full();
        if (!poOnlyViews || !holdsFailedCasWithExpectedSources(g, fullPrefix)) {
            return -1; // then the two prefixes are the same
        }
        boolean[] free = prefixes.get(WritePrefixes.Variant.EXPECTED_VALUES_FREE);
        for (int s = fullPrefix.length - 1; s >= 0; s--) {
            Event e = g.byStamp(s);
            if (fullPrefix[s] && !free[s] && e.isRead() && keepsLaterEventOfThread(g, e, free)) {
                return s;
            }
        }
        return -1;
    }

    private static boolean holdsFailedCasWithExpectedSources(ExecutionGraph g, boolean[] prefix) {
        for (int s = 0; s < prefix.length; s++) {
            Event x = g.byStamp(s);
            if (prefix[s] && isFailedStrongCas(g, x) && x.action.expectedDeps().length > 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether r gives a kept failed strong CAS its expected value. Its graphs where r reads w
     * descend from the revisit that refills r ({@link #expectedValuesFreePrefixOf} of a read
     * that the source of r brings in); revisiting r itself here too visited them twice (35107).
     * Not when the CAS reads a write added after it: a revisit gave it that write, and no refilling
     * revisit keeps it there while r reads w (an acquire CAS, which bob keeps in the prefix of what
     * follows it). Replay gives the CAS r's new value, and it must still fail. Counting a CAS that
     * reads a write added before it visited graphs twice. Checked on the failed-CAS families and
     * the random sweeps, not proved.
     */
    private static boolean givesKeptCasItsExpectedValue(ExecutionGraph g, Event r, boolean[] prefix) {
        return casExpecting(g, r, cas -> prefix[cas.stamp] && CoherenceFilter.isFailedRmw(g, cas)
                && !cas.readsWriteAddedAfter()) != null;
    }

    /**
     * The prefix w keeps when it revisits r, an RMW read in w's prefix only because kept reads of its
     * own thread read its write part (GenMC's completion of a revisited RMW): r then reads w and its
     * write part, kept, moves right after w with the value it now writes. Under IMM nothing orders
     * r before such a read (rfi is not in ar), so load buffering through an RMW's own write is
     * allowed. Null when r cannot be revisited so: another path brings it into the prefix, it
     * would not write reading w, a kept RMW that wrote reads its write part (the two write parts
     * must stay adjacent in co), or the model orders porf (the prefix always holds r then).
     */
    boolean[] completionPrefixOf(ExecutionGraph g, Event w, Event r) {
        if (!poOnlyViews || !isRmwThatWrote(g, r) || !r.rmwSucceedsReading(w, false)) {
            return null;
        }
        boolean[] prefix = leavingOut(g, r, DependencyPrefix.of(g, w, r));
        if (prefix == null) {
            return null;
        }
        for (Event reader : CoherenceFilter.writePartOf(g, r).readers) {
            if (reader.isRmwRead() && kept(reader, r, prefix) && CoherenceFilter.writePartOf(g, reader) != null) {
                return null; // atomicity: the write part cannot move away from a kept RMW's write part
            }
        }
        return prefix;
    }

    /**
     * Whether every kept read but r still finds the write it reads. Under porf prefixes a read that
     * an earlier revisit kept is never revisitable, so this always holds. Under IMM a failed RMW kept
     * only to pin a prefix stays revisitable ({@link #settledBy}), and so does a completed RMW (its
     * write part stays): revisiting one must not delete the write an earlier revisited read reads.
     */
    boolean keepsEverySource(ExecutionGraph g, Event r, boolean[] prefix) {
        if (!poOnlyViews) {
            return true;
        }
        for (Event e : g.events()) {
            if (e != r && (e.isRead() || e.kind == EventKind.JOIN) && e.rf != null && kept(e, r, prefix)
                    && !kept(e.rf, r, prefix)) {
                return false;
            }
        }
        return true;
    }

    private static boolean[] porfPrefix(ExecutionGraph g, Event e) {
        boolean[] in = new boolean[g.size()];
        ArrayList<Event> todo = new ArrayList<>();
        todo.add(e);
        while (!todo.isEmpty()) {
            Event x = todo.remove(todo.size() - 1);
            if (x == null || x.isInit() || in[x.stamp]) {
                continue;
            }
            in[x.stamp] = true;
            if ((x.isRead() || x.kind == EventKind.JOIN) && x.rf != null) {
                todo.add(x.rf);
            }
            Event pred = g.poPredecessor(x.thread, x.index);
            todo.add(pred != null ? pred : g.creator(x.thread));
        }
        return in;
    }
}
