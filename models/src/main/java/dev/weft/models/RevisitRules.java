package dev.weft.models;

import static dev.weft.models.GraphQueries.anyExpectedValueSource;
import static dev.weft.models.GraphQueries.earlierOfThread;
import static dev.weft.models.GraphQueries.isFailedStrongCas;
import static dev.weft.models.GraphQueries.kept;
import static dev.weft.models.GraphQueries.keptLaterRmwOfThreadReads;
import static dev.weft.models.GraphQueries.laterOfThread;
import static dev.weft.models.GraphQueries.latestWriteNotPassedOver;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * Which prefix a backward revisit keeps (TruSt, GenMC; under IMM also the smaller prefixes whose
 * holes replay refills), and when a revisit is refused because another route builds its graphs.
 * Whether the revisiting graph is the unique parent is {@link MaximalExtension}'s question.
 */
final class RevisitRules {
    /** IMM: dependency prefixes and holes; otherwise porf prefixes. */
    private final boolean poOnlyViews;
    private final MaximalExtension maximality;

    RevisitRules(boolean dependencyTracking, MaximalExtension maximality) {
        this.poOnlyViews = dependencyTracking;
        this.maximality = maximality;
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
     * twice).
     *
     * <p>Nor, in a revisit that leaves a failed CAS's expected-value sources out
     * ({@code refillsExpectedValueSources}), under the same condition on the threads, for the
     * revisited read, its write part and all that its old source brought in, held by the
     * revisiting write's prefix or not. The earlier revisiting write held them only through that
     * expected value ({@link #keptOnlyForAnEarlierRevisitsExpectedValue}), and the route where it
     * left them out refilled them before the revisiting write was added ({@code r4 = fai y 2 rlx ||
     * r3 = xchg z 2 rlx || r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || r0 = load y rlx;
     * store z 1 rel}, the load of z taking the store of z away from the exchange's write). Checked
     * on random programs and the failed-CAS families, not proved.
     */
    boolean earlierRevisitsKeepTheirPrefixes(ExecutionGraph g, Event revisited, Event revisiting,
                                             List<Event> refilled, boolean refillsPins,
                                             boolean refillsExpectedValueSources, Event oldSource) {
        if (!poOnlyViews) {
            return true;
        }
        boolean lowerThreadRevisited = revisited.thread < revisiting.thread;
        boolean revisitedExempt = lowerThreadRevisited && refillsPins;
        boolean replacedExempt = lowerThreadRevisited && refillsExpectedValueSources;
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
                if (replacedExempt && goesWithRevisited(g, between, revisited)) {
                    continue;
                }
                if (!(revisitedExempt || replacedExempt) || oldSource == null) {
                    return false;
                }
                if (broughtByOldSource == null) {
                    broughtByOldSource = replacedExempt ? withItsPrefix(g, oldSource)
                            : heldThroughOldSource(g, oldSource, revisiting);
                }
                if (!broughtByOldSource[s]) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether e is the revisited read or its write part. */
    private static boolean goesWithRevisited(ExecutionGraph g, Event e, Event revisited) {
        return e == revisited || (e.isRmwWrite() && CoherenceFilter.readPartOf(g, e) == revisited);
    }

    /** e and its prefix. */
    private static boolean[] withItsPrefix(ExecutionGraph g, Event e) {
        boolean[] held = DependencyPrefix.of(g, e);
        held[e.stamp] = true;
        return held;
    }

    /** The revisited read's old source and its prefix, as far as the revisiting write's prefix holds them. */
    private static boolean[] heldThroughOldSource(ExecutionGraph g, Event oldSource, Event revisiting) {
        boolean[] held = withItsPrefix(g, oldSource);
        boolean[] needed = DependencyPrefix.of(g, revisiting);
        for (int s = 0; s < held.length; s++) {
            held[s] &= needed[s];
        }
        return held;
    }

    /**
     * What a revisit that refills, of r by w keeping {@code keep}, leaves of the earlier revisits'
     * prefixes ({@link #earlierRevisitingPrefixHoles}): the holes that must read w when refilled,
     * and those that must not.
     */
    record EarlierRevisitHoles(long[] readingWrite, long[] avoidingWrite) {
        static final EarlierRevisitHoles NONE = new EarlierRevisitHoles(RefillCondition.NO_HOLES,
                RefillCondition.NO_HOLES);
    }

    /**
     * Null unless a revisit of r by w that keeps {@code keep} keeps the prefix of every write that
     * a kept read took from an earlier revisit, but for failed RMWs it refills; else the holes
     * that must read w when refilled and those that must not (the last two exceptions below;
     * {@code RefillCondition.holesReadingWrite}), none as a rule. A revisit that refills pins
     * ({@link #refillingPrefixOf}) or leaves a CAS's expected-value sources as holes
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
     * on r goes with its new value in every route.
     *
     * <p>Nor what depends on r in a thread the scheduler runs before w's, when the earlier read
     * was added after r. In the other route replay refilled it before w was added, reading what r
     * read then, and it brings the earlier read back in only through r reading w, so that route's
     * refill condition fails. In {@code r5 = xchg z 5 rlx || r3 = fai y 1 rlx || store y 2 rlx;
     * r0 = load z na; r1 = cas y r0 3 acq; r2 = cas y 2 4 rlx || r0 = load y acq; store z 1 rel}
     * the second CAS's write revisits the FAI, keeping the load of z, which reads the exchange's
     * write; the store of z then revisits the exchange leaving the load of z out (two graphs
     * missed when refused). Where w's thread runs first, the other route refills after w's
     * revisit and builds the graph (75 fourth-thread programs visited graphs twice without that
     * condition). Where the earlier read was added before r, it survives r's revisit by w, and the
     * other route revisits it after that one, by its write added anew (in {@code r4 = fai y 2 rlx
     * || r3 = xchg z 2 rlx || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || ...} the
     * store of z revisiting the exchange, then the CAS thread's FAI revisiting the first FAI; 10
     * programs visited graphs twice without that condition).
     *
     * <p>Nor, in a revisit that leaves expected-value sources out ({@code
     * refillsExpectedValueSources}), a read of w's location that the earlier revisiting write held
     * only as such a source, when w was added after that write in a thread that runs after the
     * read's. The route where the earlier revisit left it out refilled it before w existed, so
     * the graphs where it reads w come only from here; those where it reads another write come
     * from the route where w revisits first and the earlier revisit follows. It is returned, a
     * hole that must read w ({@code r4 = fai y 2 rlx || r3 = xchg z 2 rlx
     * || r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || r0 = load y rlx; store z 1 rel},
     * the store of z revisiting the exchange while the store of y revisited the FAI).
     *
     * <p>Such a read, when it gives a CAS its expected value, is free if the CAS could not have
     * written before the earlier revisit ({@link #sourcedCasMayHaveWritten}): the route where w
     * revisits first runs through a parent where the CAS wrote, r out of w's full prefix, and
     * there is none. With an FAI of y 7 instead of y 2 in the example above (and an acquire load of
     * y), the store of z's revisit is the graphs' only parent (two missed). A revisit that refills
     * pins, refused otherwise, then stays too, r's write part left to replay beside the source,
     * which must not read w: reading w, the graph comes from w's revisit of the source (with a
     * relaxed CAS and an FAI after it, two missed when refused, two visited twice when the source
     * read w). Checked on random programs and the failed-CAS families, not proved.
     */
    EarlierRevisitHoles earlierRevisitingPrefixHoles(ExecutionGraph g, Event r, Event w, boolean[] keep,
                                                     boolean refillsExpectedValueSources) {
        long[] readingW = RefillCondition.NO_HOLES;
        long[] avoidingW = RefillCondition.NO_HOLES;
        boolean writePartLeft = false;
        for (Event y : g.events()) {
            if (!keep[y.stamp] || !y.isRead() || y.rf == null || y.rf.isInit() || y.rf == w
                    || y.rf.stamp < y.stamp || !keep[y.rf.stamp]) {
                continue;
            }
            WritePrefixes earlier = prefixesOf(g, y.rf);
            boolean[] held = earlier.full();
            for (int s = y.stamp + 1; s < y.rf.stamp; s++) {
                Event deleted = g.byStamp(s);
                boolean goesWithR = y == r || (deleted.thread < w.thread && r.stamp < y.stamp);
                if (held[s] && !keep[s] && !CoherenceFilter.isFailedRmw(g, deleted)
                        && !(goesWithR && prefixOf(g, deleted)[r.stamp])) {
                    if (!refilledBeforeWritten(g, deleted, r, earlier, w)) {
                        return null;
                    }
                    boolean freeSource = deleted.isRead() && !sourcedCasMayHaveWritten(g, deleted, y);
                    if (refillsExpectedValueSources) {
                        if (deleted.isRead() && !freeSource) { // (r's write part is completed anew)
                            readingW = RefillCondition.withPosition(readingW, deleted);
                        }
                    } else if (freeSource) {
                        avoidingW = RefillCondition.withPosition(avoidingW, deleted);
                    } else if (deleted.isRead()) {
                        return null;
                    } else {
                        writePartLeft = true;
                    }
                }
            }
        }
        return writePartLeft && avoidingW.length == 0 ? null : new EarlierRevisitHoles(readingW, avoidingW);
    }

    /**
     * Whether the strong CAS that takes its expected value from {@code source} could have written
     * in a parent where y, the read an earlier revisit gave its write, still read an older one:
     * the initial write, a write of another thread or before the CAS in its own (not y's revisiting
     * write), or y's write part after an older write of its location carries the value the CAS
     * expects from the source's write. Without such a CAS, or with an expected value the program
     * does not say ({@link Action#expectedOfSource}), it may.
     */
    private static boolean sourcedCasMayHaveWritten(ExecutionGraph g, Event source, Event y) {
        Event cas = casExpecting(g, source, e -> true);
        if (cas == null || cas.action.expectedOfSource() == null) {
            return true;
        }
        long expected = cas.action.expectedOfSource().applyAsLong(source.rf.value);
        Event yWrite = y.isRmwRead() ? CoherenceFilter.writePartOf(g, y) : null;
        List<Event> co = g.co(cas.loc);
        for (int k = -1; k < co.size(); k++) {
            Event u = k < 0 ? g.init(cas.loc) : co.get(k);
            boolean takeable = u != y.rf && u != yWrite && !(u.thread == cas.thread && u.index > cas.index);
            if (takeable && u.value == expected) {
                return true;
            }
        }
        if (!y.isRmwRead() || y.loc != cas.loc) {
            return false;
        }
        for (int k = -1; k < co.size(); k++) {
            Event old = k < 0 ? g.init(y.loc) : co.get(k);
            if ((old.isInit() || old.stamp < y.stamp) && writesAfter(y, old, expected)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the RMW read y, reading {@code old}, would write {@code value}. */
    private static boolean writesAfter(Event y, Event old, long value) {
        return y.action.rmwWrites(old.value) && y.rmwWritten(old.value) == value;
    }

    /**
     * Whether the earlier write x's revisit, leaving its expected-value sources out, would have
     * refilled {@code deleted} before w was written: a read of w's location (or r's write part,
     * which goes with r) that x's prefix holds only as such a source, w added after x in a thread
     * that runs after the read's.
     */
    private static boolean refilledBeforeWritten(ExecutionGraph g, Event deleted, Event r, WritePrefixes x,
                                                 Event w) {
        boolean readOrRsWritePart = deleted.isRead() || goesWithRevisited(g, deleted, r);
        return readOrRsWritePart && deleted.loc == w.loc && w.stamp > x.write().stamp && w.thread > deleted.thread
                && !x.get(WritePrefixes.Variant.EXPECTED_VALUES_FREE)[deleted.stamp];
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
        return !anyExpectedValueSource(g, cas.thread, cas.action,
                source -> source == null || source == r || !kept(source, r, kept));
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
     * such an RMW fail ({@link #failingPrefixOf}). So do the sources of a failed CAS's expected
     * value that the prefix holds only as such: a later write may give one its value, leaving the
     * rest of the prefix in place ({@link #keptOnlyForAnEarlierRevisitsExpectedValue}).
     * {@code unorderedSources}: the revisit keeps {@link DependencyPrefix#withUnorderedSources}.
     * Never more than the revisit keeps: one that leaves out the sources of a failed CAS's
     * expected value refills them.
     */
    boolean[] settledBy(ExecutionGraph g, WritePrefixes prefixes, boolean[] prefix, boolean unorderedSources) {
        if (!poOnlyViews) {
            return prefix;
        }
        Event w = prefixes.write();
        boolean[] settled = DependencyPrefix.withoutFailedRmws(g, w, unorderedSources);
        // (without such a CAS, the prefix holds nothing only through an expected value)
        boolean[] withoutExpectedValueSources = holdsFailedCasWithExpectedSources(g, prefix)
                ? prefixes.get(WritePrefixes.Variant.EXPECTED_VALUES_FREE) : prefix;
        for (int s = 0; s < settled.length; s++) {
            settled[s] &= prefix[s] && withoutExpectedValueSources[s];
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
     * not follow (seed 6003's 42134). Null also when it keeps a write that a completion would give
     * instead ({@link #keepsWriteACompletionGives}). Checked on random programs, not proved.
     */
    boolean[] unorderedSourcesPrefixOf(ExecutionGraph g, WritePrefixes prefixes, Event r) {
        if (!poOnlyViews || (!r.revisitable && r.isRmwRead())) {
            return null;
        }
        boolean[] prefix = leavingOut(g, r, prefixes.get(WritePrefixes.Variant.UNORDERED_SOURCES));
        return prefix == null || keepsWriteACompletionGives(g, r, prefix) ? null : prefix;
    }

    /**
     * Whether a revisit of r keeping {@code prefix} keeps a plain write that replay puts back after
     * r, as the source of a kept RMW read that a completion could give it instead
     * ({@link #readByCompletableRmw}). The write comes after r in r's thread (bob orders it after
     * r, so the full prefix held r through it), or after an event of its own thread that the
     * revisit deletes ({@link #followsDeletedEvent}). The graph's other parent is the one where
     * that RMW took another write: the revisit of r keeping the full prefix deletes the plain
     * write, which, added again, completes the RMW ({@link #completionPrefixOf}), its prefix now
     * holding the RMW through r. In {@code r4 = load z acq; store y 7 rel || r3 = fai y 2 rlx; r0 =
     * load z na; r1 = cas y r0 3 acq; store y 1 rlx || store y 5 rlx || r0 = load y acq; r1 = xchg
     * z 1 rlx}, the exchange revisiting the acquire load of z while the FAI reads the store of y 7
     * visited three graphs twice. In {@code r3 = xchg z 2 rlx || r3 = fai y 2 rlx; r0 = load z na;
     * r1 = cas y r0 3 acq; store y 1 rlx || r0 = load y acq; r1 = xchg z 1 rlx || r4 = load z acq;
     * store y 7 rlx} the exchange of z 1 revisits the exchange of z 2 keeping unordered sources,
     * deleting the acquire load of z, which read the exchange of z 2, before the store of y 7 that
     * the FAI reads (one graph visited twice). Checked on the failed-CAS families and the random
     * sweeps, not proved.
     */
    private static boolean keepsWriteACompletionGives(ExecutionGraph g, Event r, boolean[] prefix) {
        for (Event e : g.events()) {
            if (e.stamp > r.stamp && prefix[e.stamp] && e.isWrite() && !e.isRmwWrite()
                    && (e.thread == r.thread && e.index > r.index || followsDeletedEvent(g, e, r, prefix))
                    && readByCompletableRmw(g, e, r, prefix)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a revisit of r keeping {@code prefix} deletes an event of e's thread before e, added after r. */
    private static boolean followsDeletedEvent(ExecutionGraph g, Event e, Event r, boolean[] prefix) {
        for (int i = 0; i < e.index; i++) {
            Event before = g.event(e.thread, i);
            if (before != null && before.stamp > r.stamp && !prefix[before.stamp]) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a kept RMW that wrote reads e, and either no kept RMW reads its write part, or one
     * that does is completable itself ({@link #writePartReadByCompletableRmw}). Without a reader,
     * the RMW was added after r ({@link #completable}), or before r when its graph where it took
     * the write right before e exists ({@link #completionParentExists}): r may have come before the
     * revisiting write only through the revisit that gave the RMW e, and the completion's parent
     * then has the RMW on the write before e. In {@code r3 = xchg z 2 rlx || r3 = fai y 2 rlx; r0 =
     * load z na; r1 = cas y r0 3 acq; store y 1 rlx || r0 = load y acq; r1 = xchg z 1 rlx || r4 =
     * load z acq; store y 7 rlx}, with the FAI on the store of y 7, the CAS reading its write fails
     * expecting what the load of z read; had the FAI read the initial write, it would succeed where
     * the load read the exchange of z 2 (that graph missed when every RMW added before r counted)
     * and fail elsewhere (three graphs visited twice when none counted; as many with {@code store y
     * 5 rlx} for the exchange of z 2 and a release store of y 7).
     */
    private static boolean readByCompletableRmw(ExecutionGraph g, Event e, Event r, boolean[] prefix) {
        for (Event x : e.readers) {
            if (completable(g, x, r, prefix) || completableAddedBefore(g, x, e, r, prefix)
                    || prefix[x.stamp] && isRmwThatWrote(g, x) && writePartReadByCompletableRmw(g, x, r, prefix)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether x, reading e, is a kept RMW added before r that wrote, no kept RMW reads its write
     * part, and a completion of x by e has a parent ({@link #completionParentExists}).
     */
    private static boolean completableAddedBefore(ExecutionGraph g, Event x, Event e, Event r, boolean[] prefix) {
        return x.stamp < r.stamp && keptWithFreeWritePart(g, x, r, prefix) && completionParentExists(g, x, e);
    }

    /**
     * Whether the graph where x, an RMW reading e, took the write right before e in co instead,
     * which a completion of x by e starts from, has the same events: x writes there too, and every
     * RMW that reads its write part (failed CASes, when x is kept and wrote) fails there too. A CAS
     * that would succeed there, or x failing there, leaves that completion no parent.
     */
    static boolean completionParentExists(ExecutionGraph g, Event x, Event e) {
        Event before = g.coPredecessor(e);
        if (!x.rmwSucceedsReading(before, false)) {
            return false;
        }
        long written = x.rmwWritten(before.value);
        for (Event reader : CoherenceFilter.writePartOf(g, x).readers) {
            if (reader.isRmwRead() && !reader.isLockRead() && writesReading(g, reader, written)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the RMW writes when it reads {@code old}. A strong CAS with one expected-value source
     * is judged on what that source reads now: replay may have refilled the source since the CAS
     * was kept, and the CAS's action keeps the expected value it was added with (a hole of an
     * expected-values-free revisit is checked before the CAS after it is replayed).
     */
    private static boolean writesReading(ExecutionGraph g, Event rmw, long old) {
        Action a = rmw.action;
        if (a.rmwOp() == Action.RmwOp.CAS && a.expectedDeps().length == 1 && a.expectedOfSource() != null) {
            Event source = g.event(rmw.thread, a.expectedDeps()[0]);
            if (source != null && source.rf != null) {
                return old == a.expectedOfSource().applyAsLong(source.value);
            }
        }
        return a.rmwWrites(old);
    }

    /** Whether x is a kept RMW added after r that wrote, and no kept RMW reads its write part. */
    private static boolean completable(ExecutionGraph g, Event x, Event r, boolean[] prefix) {
        return x.stamp > r.stamp && keptWithFreeWritePart(g, x, r, prefix);
    }

    /**
     * Whether x is a kept RMW that wrote and no kept RMW reads its write part: what a completion of
     * x needs, wherever x was added ({@link #completable}, {@link #completableAddedBefore}).
     */
    private static boolean keptWithFreeWritePart(ExecutionGraph g, Event x, Event r, boolean[] prefix) {
        return prefix[x.stamp] && isRmwThatWrote(g, x) && !writePartReadByKeptRmw(g, x, r, prefix);
    }

    /**
     * Whether a kept RMW added after r that wrote reads the write part of {@code rmw}, and no kept
     * RMW reads its own write part. The graph's other parent is then the one where that RMW took
     * another write: the revisit of r keeping the full prefix deletes the plain write and
     * {@code rmw}; added again, {@code rmw} reads the plain write, and its write part completes
     * the RMW. In {@code r4 = load z acq; store y 7 rel || r3 = fai y 1 rlx || r0 = load y acq; r1
     * = xchg z 1 rlx || r3 = fai y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx} the
     * exchange's unordered-sources revisit of the acquire load of z, where the FAI of y 1 reads the
     * store of y 7 and the FAI of y 2 the FAI of y 1, built two graphs that the exchange's revisit
     * from where the FAI of y 2 read the initial write, then the FAI of y 1's completion of it,
     * builds too. Whether {@code rmw} itself was added before or after r: in {@code r3 = fai y 1 rlx
     * || r0 = load y acq; r1 = xchg z 1 rlx || r3 = fai y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq;
     * store y 1 rlx || r4 = load z acq; store y 7 rel} the FAI of y 1, added first, was given the
     * store of y 7 by the store's revisit, and the route where the FAI of y 2 read the initial write,
     * the same revisit followed by the FAI of y 1's completion of the FAI of y 2, builds the graphs
     * too (two visited twice). Checked on the failed-CAS families and the random sweeps, not proved.
     */
    private static boolean writePartReadByCompletableRmw(ExecutionGraph g, Event rmw, Event r, boolean[] prefix) {
        for (Event reader : CoherenceFilter.writePartOf(g, rmw).readers) {
            if (completable(g, reader, r, prefix)) {
                return true;
            }
        }
        return false;
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
                && !readsWriteHoldingMoreThanDependencies(g, r, prefixes.write())
                && !keptOnlyForAnEarlierRevisitsExpectedValue(g, r, prefixes))) {
            return null;
        }
        return prefix;
    }

    /**
     * Whether an earlier revisit kept r only as the source of a failed CAS's expected value, and
     * neither route that {@link #givesKeptCasItsExpectedValue} leaves r's graphs to reaches those
     * where r reads w. A kept read y, added before r, reads a write x added after r and before w,
     * whose full prefix holds r but not its prefix without expected-value sources. The refilling
     * revisit is x's revisit of y leaving r out, which refills r before w's thread, running after
     * r's, adds w. The other order, w revisiting r before x revisits y, fails in one of three
     * ways. x's revisit deletes a read that a thread before r's added after y, of w's location and
     * below w in co ({@link #readBelowDeletedInTheOtherOrder}): not maximal with w kept, so that
     * revisit is refused. Or x cannot revisit y at all: w's prefix holds y in a way every revisit
     * of r by w keeps ({@link #holdsThroughALaterEventOfItsThread}), and with r reading w, x's
     * prefix holds it too. Or x's revisit cannot give a read that w holds the write it reads here
     * ({@link #holdsAReadOfWhatTheEarlierRevisitWrote}). In {@code r4 = fai y 2 rlx || r3 = xchg z
     * 2 rlx || r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || r0 = load y rlx; store z 1
     * rel} the store of y revisits the FAI, keeping the load of z that gives the CAS its expected
     * value, and the store of z then revisits that load (the exchange of z reads the initial
     * write). In {@code r3 = fai y 1 rlx || r0 = load y acq; r1 = xchg z 1 rlx || r0 = load z na;
     * r1 = cas y r0 3 acq; store y 1 rlx || r5 = xchg z 5 rlx} the store of y 1 revisits the load
     * of y, and the exchange of z 5, reading the exchange of z 1, which the acquire load orders
     * after itself, revisits the load of z (15 programs of the fourth-thread family, one graph
     * each). Checked on the failed-CAS families and the random sweeps, not proved.
     */
    private boolean keptOnlyForAnEarlierRevisitsExpectedValue(ExecutionGraph g, Event r, WritePrefixes prefixes) {
        Event w = prefixes.write();
        if (w.thread <= r.thread) {
            return false;
        }
        for (Event y : g.events()) {
            Event x = y.rf;
            if (y.stamp >= r.stamp || !y.isRead() || x == null || x.isInit() || x.stamp <= r.stamp
                    || x.stamp > w.stamp) {
                continue;
            }
            WritePrefixes earlier = prefixesOf(g, x);
            if (earlier.full()[r.stamp] && !earlier.get(WritePrefixes.Variant.EXPECTED_VALUES_FREE)[r.stamp]
                    && (readBelowDeletedInTheOtherOrder(g, y, r, w)
                            || holdsThroughALaterEventOfItsThread(g, prefixes, y)
                            || holdsAReadOfWhatTheEarlierRevisitWrote(g, prefixes, y, r))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether w's full prefix holds y, and its dependencies-only prefix, the least any revisit by w
     * keeps, an event of y's thread po-after y other than y's own write part. A revisit keeping less
     * than the full prefix deletes y or what orders it before w only as a hole; replay refills it
     * before that later event. A path through a read of y's write alone is not enough: a revisit
     * keeping dependencies only may delete that read, and refilled after x, it no longer orders y
     * before x ({@code r4 = fai y 2 rlx || r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx ||
     * store y 5 rlx || r0 = load y rlx; store z 1 rel}: 529 graphs of the fourth-thread family
     * visited twice when counted).
     */
    private static boolean holdsThroughALaterEventOfItsThread(ExecutionGraph g, WritePrefixes prefixes, Event y) {
        if (!prefixes.full()[y.stamp]) {
            return false;
        }
        boolean[] dependencies = prefixes.get(WritePrefixes.Variant.DEPENDENCIES_ONLY);
        Event writePart = CoherenceFilter.writePartOf(g, y);
        return laterOfThread(g, y, e -> e != writePart && dependencies[e.stamp]) != null;
    }

    /**
     * Whether y is an RMW whose write part x's revisit added anew, after r, x is of a thread the
     * scheduler runs after w's, and w's full prefix holds a read of that write part or of x. In
     * the other order x comes after w's revisit of r, and its prefix, holding r and so w, holds
     * that read too: the read keeps the write it had and cannot take x or y's new write part. In
     * {@code r3 = fai y 1 rlx || store y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; r2 = cas y 2 4
     * rlx || r0 = load y rlx; store z 1 rel || r4 = fai y 2 rlx} the FAI of y 2 revisits the FAI
     * of y 1, the load of y, refilled, reads either FAI's write, and the store of z, which its
     * release orders after the load of y, then revisits the load of z (15 programs of the
     * fourth-thread family, two graphs each). With x of a thread that runs before w's, the other
     * order builds those graphs (1,058 visited twice when counted).
     */
    private static boolean holdsAReadOfWhatTheEarlierRevisitWrote(ExecutionGraph g, WritePrefixes prefixes,
                                                                 Event y, Event r) {
        Event x = y.rf;
        Event writePart = CoherenceFilter.writePartOf(g, y);
        if (writePart == null || writePart.stamp < r.stamp || x.thread <= prefixes.write().thread) {
            return false;
        }
        boolean[] full = prefixes.full();
        return holdsAReaderOf(writePart, full, null) || holdsAReaderOf(x, full, y);
    }

    /** Whether {@code prefix} holds a read of {@code write} other than {@code ignoring}. */
    private static boolean holdsAReaderOf(Event write, boolean[] prefix, Event ignoring) {
        for (Event reader : write.readers) {
            if (reader != ignoring && prefix[reader.stamp]) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a read added after y, in a thread that runs before r's other than y's, reads w's
     * location from a write co-before w, and could have read w: not an RMW whose write part w's
     * read part takes (atomicity would then keep it off w).
     */
    private static boolean readBelowDeletedInTheOtherOrder(ExecutionGraph g, Event y, Event r, Event w) {
        Event wReadsFrom = w.isRmwWrite() ? CoherenceFilter.readPartOf(g, w).rf : null;
        for (int s = y.stamp + 1; s < g.size(); s++) {
            Event e = g.byStamp(s);
            if (e.isRead() && e.loc == w.loc && e.thread < r.thread && e.thread != y.thread && e.rf != null
                    && g.coIndex(e.rf) < g.coIndex(w)
                    && (wReadsFrom == null || wReadsFrom != CoherenceFilter.writePartOf(g, e))) {
                return true;
            }
        }
        return false;
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
     * value the CAS succeeds there, so the FAI reads the CAS's write, which only this revisit
     * deletes, in every parent but one where r read an earlier write. Null when the prefix holds r
     * too, when r is not revisitable, when the model orders porf, when a kept read other than such
     * an RMW would lose its source, when no RMW loses its source (the revisit keeping the full
     * prefix is then the same), or when a read of such an RMW's write came before r's source (that
     * other parent: {@link #readOfRmwPrecedesSourceOf}). When that prefix holds r through the CAS
     * itself, kept by a barrier, the CAS may be made to fail instead ({@link #casMadeToFailPrefixOf}).
     * Checked on the wide failed-CAS family and random programs, not proved.
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
            if (readOfRmwPrecedesSourceOf(g, r, e, prefix)) {
                return null;
            }
            refills = true;
        }
        return refills ? prefix : null;
    }

    /**
     * Whether a kept read other than r took the write of the RMW {@code rmw} from a revisit and was
     * added before r's source. Then a sibling builds the graph: where r read an earlier write and
     * the CAS failed, the RMW's write holds r only through the acquire CAS and r's old source, so its
     * revisit of that read deleted r's source, which replay added again after r; the revisit of r
     * keeping the full prefix but the expected-value sources follows there. In {@code r4 = cas y 0
     * 2 rlx || r3 = xchg z 2 rlx || store y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; r2 = fai y
     * 1 rlx || r0 = load y rlx; store z 1 rel} the first CAS reads the FAI's write, and the load of
     * z the exchange's or the initial write (one graph visited twice). Either condition alone gave
     * the same on the failed-CAS families; both are kept, the narrower refusal.
     */
    private static boolean readOfRmwPrecedesSourceOf(ExecutionGraph g, Event r, Event rmw, boolean[] prefix) {
        if (r.rf == null || r.rf.isInit()) {
            return false;
        }
        for (Event x : CoherenceFilter.writePartOf(g, rmw).readers) {
            if (x != r && x.readsWriteAddedAfter() && x.stamp < r.rf.stamp && kept(x, r, prefix)) {
                return true;
            }
        }
        return false;
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
        if (dependenciesOnly != null && maximality.isMaximalExtension(g, r, w, dependenciesOnly, false, null)) {
            return null;
        }
        boolean[] prefix = prefixes.withCasMadeToFail(cas);
        if (prefix[r.stamp] || !DependencyPrefix.withCasMadeToFail(g, w, cas, false)[cas.stamp]
                || keepsLaterThreadAnotherParentOrders(g, prefix, w, r) || passedOverWriteHolding(g, r, prefix)) {
            return null;
        }
        return prefix;
    }

    /**
     * The prefix w keeps when it revisits r, a read its full prefix does not hold, beside the full
     * prefix's revisit: w's prefix in the graph where a strong CAS that wrote, kept by a barrier,
     * fails because the one read giving its expected value, refilled, reads w
     * ({@link DependencyPrefix#withCasMadeToFail}). Load buffering through an acquire CAS that
     * succeeded in every parent: in {@code r4 = load z acq; store y 7 rlx || r0 = load z na; r1 =
     * cas y r0 3 acq; store y 1 rlx || store y 5 rlx || r0 = load y rlx; store z 1 rel} both loads
     * of z read the store of z, and the CAS fails on the initial write, on which it succeeds
     * wherever the load of z was added before the store (three graphs missed). The source must read
     * w ({@link RefillCondition#ofCasFailingAnew}); replay gives the CAS its value, and it must fail.
     * Null when there is no such CAS whose source was added after r, when the CAS would not fail
     * expecting w's value, or when a kept event reads its write part.
     */
    boolean[] casFailingAnewPrefixOf(ExecutionGraph g, WritePrefixes prefixes, Event r) {
        if (!poOnlyViews || !r.revisitable) {
            return null;
        }
        Event w = prefixes.write();
        boolean[] full = prefixes.full();
        for (int s = r.stamp + 1; s < full.length; s++) {
            Event cas = g.byStamp(s);
            Event source = full[s] ? soleSourceOfCasThatWrote(g, cas) : null;
            if (source == null || source.stamp <= r.stamp || source.loc != w.loc || source.thread >= w.thread
                    || !full[source.stamp]
                    || cas.action.expectedOfSource().applyAsLong(w.value) == cas.rf.value) {
                continue;
            }
            boolean[] prefix = prefixes.withCasMadeToFail(cas);
            if (prefix[cas.stamp] && !prefix[source.stamp] && !prefix[r.stamp]
                    && keptReadersRefillUnderWriteParts(g, CoherenceFilter.writePartOf(g, cas), r, prefix)) {
                return prefix;
            }
        }
        return null;
    }

    /**
     * Whether every kept read of {@code writePart}, which the revisit deletes, is an RMW of its
     * thread that wrote: its read part then takes the kept write right before its own write part
     * ({@code Explorer.refillUnderWriteParts}); any other read would lose its source.
     */
    private static boolean keptReadersRefillUnderWriteParts(ExecutionGraph g, Event writePart, Event r,
                                                            boolean[] prefix) {
        for (Event reader : writePart.readers) {
            if (kept(reader, r, prefix) && !(reader.isRmwRead() && reader.thread == writePart.thread
                    && CoherenceFilter.writePartOf(g, reader) != null)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The read that gives {@code cas}, a strong CAS that wrote, its expected value, when that is
     * its one source and the program says how ({@link Action#expectedOfSource}); null otherwise.
     */
    static Event soleSourceOfCasThatWrote(ExecutionGraph g, Event cas) {
        if (!cas.isRmwRead() || cas.action.rmwOp() != Action.RmwOp.CAS || CoherenceFilter.writePartOf(g, cas) == null
                || cas.action.expectedDeps().length != 1 || cas.action.expectedOfSource() == null) {
            return null;
        }
        Event source = g.event(cas.thread, cas.action.expectedDeps()[0]);
        return source != null && source.isRead() ? source : null;
    }

    /** The first strong CAS after r in its thread that wrote and takes its expected value from r. */
    static Event casThatWroteExpecting(ExecutionGraph g, Event r) {
        return casExpecting(g, r, cas -> CoherenceFilter.writePartOf(g, cas) != null);
    }

    /**
     * The first strong CAS after r in its thread that takes its expected value from r and is
     * {@code which}; null if none.
     */
    static Event casExpecting(ExecutionGraph g, Event r, Predicate<Event> which) {
        return casExpectingAt(g, r.thread, r.index, which);
    }

    /**
     * {@link #casExpecting} for the read at {@code index} of {@code thread}, which may be a hole
     * replay has not filled yet.
     */
    static Event casExpectingAt(ExecutionGraph g, int thread, int index, Predicate<Event> which) {
        return laterOfThread(g, thread, index, e -> e.isRmwRead() && e.action.rmwOp() == Action.RmwOp.CAS
                && expectsValueAt(e, index) && which.test(e));
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
     * Nor does an event of that thread whose write an RMW after r in r's thread takes, beside a
     * write of a third thread to that location ({@link #givesLaterRmwBesideThirdWrite}), nor an
     * event before such a write in its thread ({@link #keptBeforeWriteBesideThirdWrite}), nor an
     * acquire load that could not have read w in the other parent ({@link #acquireComingWithHolderOf}).
     */
    private boolean keepsLaterThreadAnotherParentOrders(ExecutionGraph g, boolean[] prefix, Event w, Event r) {
        for (int s = 0; s < prefix.length; s++) {
            Event e = g.byStamp(s);
            if (prefix[s] && e.thread > w.thread && (e.thread == r.thread
                    || (!prefixOf(g, e)[r.stamp] && !givesLaterRmwBesideThirdWrite(g, e, r, prefix)
                            && !keptBeforeWriteBesideThirdWrite(g, e, r, prefix)
                            && !acquireComingWithHolderOf(g, e, r, w, prefix)))) {
                return true;
            }
        }
        if (laterOfThread(g, r, e -> e.isRead() && e.readsWriteAddedAfter()) != null) {
            return false; // the other parent's dependencies-only revisit would delete it, not maximal
        }
        for (int s = 0; s < prefix.length; s++) {
            Event x = g.byStamp(s);
            if (prefix[s] && x.isRead() && x.readsWriteAddedAfter() && x.rf.thread > w.thread) {
                Event latest = latestWriteAddedBefore(g, x);
                if (latest != null && prefixOf(g, latest)[r.stamp]) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether e, an acquire read of w's location, comes with a kept later event x of its thread
     * whose prefix holds r, in a graph where the other parent cannot have e read w: w is a release
     * write, and a kept read y before w in w's thread reads a write of e's thread while x reads a
     * write co-before the one y took when it was added (the co-latest then). In that parent e read
     * w, so y happened before x (release, acquire), and x could not read its write. In {@code r0 =
     * load z na; r1 = cas y r0 3 acq; r2 = xchg y 1 rlx || store y 5 rlx || r0 = load y rlx; store
     * z 1 rel || r4 = load z acq; r5 = fai y 7 rlx} the FAI reads the exchange's write, co-before
     * the store of y 5 the load of y took before the FAI revisited it, and the store of z makes the
     * CAS fail (one graph missed when refused, two with a store of y 1 for the exchange). Where the
     * load of y had taken the exchange's write, or with a relaxed exchange of z for the store, the
     * other parent, e on w and its dependencies-only revisit leaving e out, builds the graph
     * (visited twice when either was not required). Checked on the failed-CAS families and the
     * random sweeps, not proved.
     */
    private boolean acquireComingWithHolderOf(ExecutionGraph g, Event e, Event r, Event w, boolean[] prefix) {
        if (!e.isRead() || e.loc != w.loc || !e.mode.isAcquire() || !w.mode.isRelease()) {
            return false;
        }
        return laterOfThread(g, e, x -> prefix[x.stamp] && x.isRead() && prefixOf(g, x)[r.stamp]
                && earlierOfThread(g, w, y -> prefix[y.stamp] && y.isRead() && y.loc == x.loc
                        && y.readsWriteAddedAfter() && y.rf.thread == e.thread
                        && coBeforeLatestAddedBefore(g, x.rf, y)) != null) != null;
    }

    /** Whether {@code write} is co-before the co-latest write added before y, the initial write aside. */
    private static boolean coBeforeLatestAddedBefore(ExecutionGraph g, Event write, Event y) {
        Event latest = latestWriteAddedBefore(g, y);
        return latest != null && g.coIndex(write) < g.coIndex(latest);
    }

    /** The co-latest write to x's location added before x, the initial write aside; null if none. */
    private static Event latestWriteAddedBefore(ExecutionGraph g, Event x) {
        return latestWriteNotPassedOver(g, x.loc, g.co(x.loc).size() - 1, 0, c -> c.stamp > x.stamp);
    }

    /**
     * Whether a kept later event of e's thread gives a kept RMW after r in r's thread its write
     * beside a third thread's write ({@link #givesLaterRmwBesideThirdWrite}): e, an acquire load
     * before that store, say, comes with it. With the fourth thread last in {@code r0 = load z na;
     * r1 = cas y r0 3 acq; r2 = fai y 1 rlx || store y 5 rlx || r0 = load y rlx; store z 1 rel ||
     * r4 = load z acq; store y 7 rlx} the FAI reads the store of y 7, and the prefix keeps the
     * acquire load of z too (two graphs missed when it refused).
     */
    private static boolean keptBeforeWriteBesideThirdWrite(ExecutionGraph g, Event e, Event r, boolean[] prefix) {
        return laterOfThread(g, e, x -> prefix[x.stamp] && givesLaterRmwBesideThirdWrite(g, x, r, prefix)) != null;
    }

    /**
     * Whether e, or the write part of its RMW, gives a kept RMW after r in r's thread its write
     * while a write of a third thread (neither e's nor r's) to that location is in the graph. The
     * parent that revisits r first then cannot build the graph: it keeps the RMW before w, and e's
     * write, added later, could revisit it only by deleting w, which r reads; or, revisiting r with
     * dependencies only, it refills the RMW after w, and the read of its write it deletes took the
     * co-latest write only if the RMW took the third thread's write, which is then not co-before
     * e's. In {@code r0 = load z na; r1 = cas y r0 3 acq; r2 = fai y 1 rlx || store y 5 rlx || r0
     * = load y acq; store z 1 rel || store y 6 rlx} the store of z makes the CAS fail while the
     * FAI reads the store of y 6 (two graphs missed when refused); without the store of y 5 the
     * dependencies-only route builds the graph, and counting it visited graphs twice (45
     * fourth-thread and 10 wide-family programs). Checked on the failed-CAS families and the random
     * sweeps, not proved.
     */
    private static boolean givesLaterRmwBesideThirdWrite(ExecutionGraph g, Event e, Event r, boolean[] prefix) {
        Event write = e.isRmwRead() ? CoherenceFilter.writePartOf(g, e) : e;
        if (write == null || !write.isWrite()) {
            return false;
        }
        for (Event x : write.readers) {
            if (x.thread == r.thread && x.index > r.index && x.isRmwRead() && prefix[x.stamp]) {
                Event own = CoherenceFilter.writePartOf(g, x);
                for (Event other : g.co(x.loc)) {
                    if (other != write && other != own && other.thread != e.thread && other.thread != r.thread) {
                        return true;
                    }
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
        return expectsValueAt(cas, source.index);
    }

    /** Whether the CAS read {@code cas} takes its expected value from the read at {@code index} of its thread. */
    private static boolean expectsValueAt(Event cas, int index) {
        for (int d : cas.action.expectedDeps()) {
            if (d == index) {
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
     * may be the parent of graphs where refilled reads bring r in: only when r gives a strong CAS
     * its expected value ({@link #givesCasItsExpectedValue}). Not when r reads a write added
     * after it whose own prefix keeps more than its dependencies: the revisit that gave r that
     * write, keeping dependencies only, builds them ({@code r0 = load z na; r1 = cas y r0 3 acq;
     * store y 1 rlx || r0 = load y acq; store z 1 rel || r3 = xchg z 2 rlx}, one visited twice).
     * A write whose prefix is its dependencies had no such revisit: in {@code r0 = load z na; r1 =
     * cas y r0 3 acq; store y 1 rlx || store y 5 rlx || r0 = load y acq; r1 = xchg z 1 rlx || r5
     * = xchg z 5 rlx} the last exchange gives the load of z its write, and the first exchange,
     * taking it too, must revisit the load of z so (two graphs missed). Where the CAS wrote, the
     * graphs where it fails mostly come from the revisit that makes it fail
     * ({@link #rmwSourcesFreePrefixOf}; {@code r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx
     * || store y 5 rlx || r0 = load y acq; store z 1 rel}, two visited twice when counted here):
     * this revisit's graphs owe that route a conflict ({@link OwedConflict}).
     */
    private boolean mayBeBroughtIn(ExecutionGraph g, Event r) {
        return givesCasItsExpectedValue(g, r) && (!r.readsWriteAddedAfter() || prefixIsDependenciesOnly(g, r.rf));
    }

    /** Whether w's prefix holds nothing beyond HMC's dependencies (no barrier, no detour). */
    private boolean prefixIsDependenciesOnly(ExecutionGraph g, Event w) {
        WritePrefixes prefixes = prefixesOf(g, w);
        return Arrays.equals(prefixes.full(), prefixes.get(WritePrefixes.Variant.DEPENDENCIES_ONLY));
    }

    /**
     * Whether a strong CAS after r in its thread takes its expected value from r: the load
     * buffering through a failed CAS the revisit of {@link #dependenciesOnlyPrefixOf} is for, the
     * CAS failing in the graph or made to fail by the revisit ({@link OwedConflict}). Without such
     * a CAS, other revisits build its graphs (seed 6003's 42134, with no CAS on r's value, visited
     * one twice).
     */
    private static boolean givesCasItsExpectedValue(ExecutionGraph g, Event r) {
        return casExpecting(g, r, cas -> true) != null;
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

    /**
     * Whether the unordered-sources revisit of r keeping {@code keep} deletes a hole, a read of the
     * full prefix before a kept event of its thread (a source-only write's barrier), through whose
     * source the full prefix held r. Refilled on another write, it leaves r out, and the graph is
     * the full prefix's revisit's from the parent where it read that: the revisit then keeps a
     * refill condition ({@link RefillCondition#ofHoles}). In {@code r3 = xchg z 2 rlx || r3 = fai
     * y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || r0 = load y acq; store z 1
     * rel || r4 = load z acq; store y 7 rlx} the acquire load of z, reading the exchange's write,
     * held the exchange, and refilled on the initial write it visited a graph twice. A hole that
     * held r otherwise, by a barrier of r's own thread, may leave r out when refilled (seed 3003's
     * 59213, missed when it had to bring r back).
     */
    boolean deletesHoleHoldingThroughItsSource(ExecutionGraph g, Event r, boolean[] full, boolean[] keep) {
        for (Event e : g.events()) {
            if (full[e.stamp] && !keep[e.stamp] && e.isRead() && e.rf != null && !e.rf.isInit()
                    && keepsLaterEventOfThread(g, e, keep) && prefixOf(g, e.rf)[r.stamp]) {
                return true;
            }
        }
        return false;
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
        if (writePartReadByKeptRmw(g, r, r, prefix)) {
            return null; // atomicity: the write part cannot move away from a kept RMW's write part
        }
        return prefix;
    }

    /** Whether a kept RMW that wrote (a revisit of r keeping {@code prefix}) reads the write part of {@code rmw}. */
    private static boolean writePartReadByKeptRmw(ExecutionGraph g, Event rmw, Event r, boolean[] prefix) {
        for (Event reader : CoherenceFilter.writePartOf(g, rmw).readers) {
            if (reader.isRmwRead() && kept(reader, r, prefix) && CoherenceFilter.writePartOf(g, reader) != null) {
                return true;
            }
        }
        return false;
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
