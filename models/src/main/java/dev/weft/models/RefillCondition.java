package dev.weft.models;

import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * When a revisit that refills failed RMWs ({@link RevisitRules#refillingPrefixOf}), or the sources
 * of a failed CAS's expected value ({@link RevisitRules#expectedValuesFreePrefixOf}), is the parent
 * of the graphs it leads to: once replay has filled those holes again, they must bring the
 * revisited read back into the revisiting write's full prefix. Otherwise the graph's unique parent
 * (TruSt) is the revisit that kept the full prefix, and visiting it from here too would visit it
 * twice. It is checked whenever a hole gets a write to read: when the last one is filled, and when
 * one takes a forward alternative or is revisited later.
 *
 * <p>A revisit that keeps dependencies only, or frees RMW sources
 * ({@link RevisitRules#rmwSourcesFreePrefixOf}, whose graphs need not bring the read back), also
 * gives its graph up when a revisit keeping a prefix tried before its own builds it from another
 * parent ({@link EarlierRevisit}); one that leaves out expected-value sources an earlier revisit
 * kept gives it up unless they, refilled, read its write ({@link #holesReadingWrite}). And while
 * holes are open, the condition refuses later revisits that would leave it nothing to check
 * ({@link #droppedOpenBy}, {@link #conflictSettledOpenBy}); one that settles a conflict on an
 * RMW's write leaves the condition behind ({@link #copiedWith}).
 */
final class RefillCondition {
    /**
     * Whether a revisit of the read by the write that keeps a prefix tried before this one's
     * applies in the graph under exploration, with a parent that builds it: the graph then
     * descends from that revisit.
     */
    @FunctionalInterface
    interface EarlierRevisit {
        boolean applies(Event read, Event write);
    }

    /** What the revisit deleted for replay to refill. */
    private enum Refills {
        /** Failed RMWs kept as pins ({@link #of}). */
        PINS,
        /** Reads before kept events of their thread ({@link #ofHoles}), dependencies only kept. */
        HOLES,
        /** The same, the full prefix kept but for a failed CAS's expected-value sources. */
        EXPECTED_VALUE_HOLES,
        /** Holes of a revisit whose write's full prefix did not hold the read ({@link #ofHolesBringingIn}). */
        HOLES_BRINGING_IN,
        /** RMW sources under kept write parts, and holes ({@link #ofRmwSources}). */
        RMW_SOURCES,
        /** The source of a CAS's expected value, which must read the write ({@link #ofCasFailingAnew}). */
        CAS_SOURCE,
        /** Open holes a completion left, which must read later threads' writes ({@link #ofHolesUnderCompletion}). */
        LATER_THREADS_WRITES;

        /** Whether these holes were left where the write's full prefix held the read ({@link #heldThroughAHole}). */
        boolean leftWhereThePrefixHeldTheRead() {
            return this == HOLES || this == EXPECTED_VALUE_HOLES;
        }
    }

    /** What a later revisit keeps, as far as the conditions it inherits care ({@link #copiedWith}). */
    enum LaterRevisit {
        /** Its write's full prefix. */
        FULL_PREFIX,
        /** The prefix freeing RMW sources ({@link RevisitRules#rmwSourcesFreePrefixOf}). */
        FREEING_RMW_SOURCES,
        /** The completion of an RMW anew ({@link RevisitRules#completionPrefixOf}). */
        COMPLETION,
        /** Another smaller prefix. */
        OTHER
    }

    /** No holes: the positions of a revisit that leaves none of a kind. */
    static final long[] NO_HOLES = new long[0];

    private final Event read;
    private final Event write;
    /** The deleted reads, as packed (thread, index) positions: replay fills them again. */
    private final long[] holes;
    /** The location of each hole, in the order of {@link #holes}: an open hole has no event to ask. */
    private final int[] holeLocations;
    private final Refills refills;
    /** Null when no earlier revisit can build this one's graphs. */
    private final EarlierRevisit earlier;
    /**
     * The holes that must read the write when refilled, as packed positions: what an earlier
     * revisiting write held only as expected-value sources and this revisit leaves out
     * ({@link RevisitRules#earlierRevisitingPrefixHoles}). Refilled with another write, they build
     * a graph of the route where the write revisits first and the earlier revisit follows.
     */
    private final long[] holesReadingWrite;
    /**
     * The holes that must not read the write when refilled, as packed positions: sources of a
     * CAS's expected value that a revisit refilling pins leaves out of an earlier revisiting
     * write's prefix ({@link RevisitRules#earlierRevisitingPrefixHoles}). Reading the write, they
     * build a graph of the write's revisit of them.
     */
    private final long[] holesAvoidingWrite;
    /**
     * For a revisit that leaves out expected-value sources: whether the write's full prefix held a
     * conflicting RMW, so that no revisit of the read by the write kept it
     * ({@link #readOfWriteAddedAgain}).
     */
    private final boolean heldAConflict;
    /**
     * For a revisit that leaves out expected-value sources: the events of the write's full prefix
     * added after the read that it deleted and that are no holes, as packed positions; replay adds
     * them again after the write ({@link #readOfWriteAddedAgain}).
     */
    private final long[] addedAgain;
    /** What later revisits did while this one's holes were open, or since it ({@link #copiedWith}). */
    private final LaterChoices laterChoices;
    /** For a revisit that made a CAS fail ({@link #ofCasFailingAnew}), what the CAS read; null otherwise. */
    private final FailedCas failedCas;

    /**
     * The value a CAS that a revisit made fail read then; the position of the read part of the RMW
     * it read it from (-1 for a plain write); and whether a later revisit completed that RMW anew
     * while the CAS's source was open: the CAS is then judged on that value
     * ({@link #sourceCouldKeepTheCasFailing}).
     */
    private record FailedCas(long valueRead, long rmwReadOfSource, boolean judgedOnValueRead) {

        /**
         * The same, judged on the value read when {@code revisited}, revisited while the
         * condition's holes are {@code open}, is the read part of the RMW the CAS read: that
         * completion changed the value the CAS reads. Not when the condition's read no longer reads
         * its write ({@code readStillOnWrite}), having been revisited again first: then the
         * expected-values-free revisit of the read, followed by the same two, builds the graph too.
         */
        FailedCas afterRevisit(Event revisited, boolean open, boolean readStillOnWrite) {
            boolean completesSource = open && readStillOnWrite && positionOf(revisited) == rmwReadOfSource;
            return completesSource ? new FailedCas(valueRead, rmwReadOfSource, true) : this;
        }
    }

    /**
     * What later revisits did to the graph of a refilling revisit, as far as its condition cares.
     *
     * @param reroutedWhileOpen whether a later revisit other than one freeing RMW sources rebuilt
     *        the graph while holes were open: the read may then be back in the write's prefix by a
     *        path that revisit made, and it counts only when a hole brings it
     *        ({@link #heldThroughAHole})
     * @param takenWhileOpen the reads that later revisits keeping their write's full prefix took
     *        while holes were open, since the last that freed RMW sources, as packed positions: a
     *        hole that holds the read only through what they now read may not bring it back
     *        ({@link #takenWithAnotherRoute})
     * @param revisitedSince for a revisit that leaves out expected-value sources, the reads other
     *        than its holes that later revisits took since, as packed positions. A read added again
     *        that reads the write shows this revisit to be the graph's only parent only if the
     *        write's prefix holds it without what they now read ({@link #readOfWriteAddedAgain}).
     *        Not the holes: the full prefix's revisit from where a hole read what a later revisit
     *        gave it has no parent, the write it reads coming later
     * @param completedWhileOpen the RMW reads that later completions ({@link LaterRevisit#COMPLETION})
     *        gave their write while holes were open, as packed positions: a hole that holds the read
     *        only through what they now read does not bring it back ({@link #heldThroughAHole})
     */
    private record LaterChoices(boolean reroutedWhileOpen, long[] takenWhileOpen, long[] revisitedSince,
                                long[] completedWhileOpen) {
        /** Before any later revisit. */
        static final LaterChoices NONE = new LaterChoices(false, NO_HOLES, NO_HOLES, NO_HOLES);

        /**
         * The same after the later revisit of {@code revisited}, keeping {@code kept}, while holes
         * were {@code open}: one freeing RMW sources does not reroute the graph and clears what
         * was taken, one keeping the full prefix records what it took, a completion the RMW it
         * completed; {@code sinceRevisited}: whether to record it in {@link #revisitedSince} too.
         */
        LaterChoices after(Event revisited, LaterRevisit kept, boolean open, boolean sinceRevisited) {
            long[] taken = !open ? takenWhileOpen : switch (kept) {
                case FULL_PREFIX -> withPosition(takenWhileOpen, revisited);
                case FREEING_RMW_SOURCES -> NO_HOLES;
                case COMPLETION, OTHER -> takenWhileOpen;
            };
            return new LaterChoices(open ? kept != LaterRevisit.FREEING_RMW_SOURCES : reroutedWhileOpen, taken,
                    sinceRevisited ? withPosition(revisitedSince, revisited) : revisitedSince,
                    open && kept == LaterRevisit.COMPLETION
                            ? withPosition(completedWhileOpen, revisited) : completedWhileOpen);
        }
    }

    private RefillCondition(Event read, Event write, ExecutionGraph parent, long[] holes, Refills refills,
                            EarlierRevisit earlier, long[] holesReadingWrite) {
        this(read, write, holes, locationsIn(parent, holes), refills, earlier, holesReadingWrite, NO_HOLES, false,
                NO_HOLES, LaterChoices.NONE, null);
    }

    private RefillCondition(Event read, Event write, long[] holes, int[] holeLocations, Refills refills,
                            EarlierRevisit earlier, long[] holesReadingWrite, long[] holesAvoidingWrite,
                            boolean heldAConflict, long[] addedAgain, LaterChoices laterChoices, FailedCas failedCas) {
        this.read = read;
        this.write = write;
        this.holes = holes;
        this.holeLocations = holeLocations;
        this.refills = refills;
        this.earlier = earlier;
        this.holesReadingWrite = holesReadingWrite;
        this.holesAvoidingWrite = holesAvoidingWrite;
        this.heldAConflict = heldAConflict;
        this.addedAgain = addedAgain;
        this.laterChoices = laterChoices;
        this.failedCas = failedCas;
    }

    /**
     * The condition of a refilling revisit in {@code parent}: the failed RMW reads of the write's
     * full prefix that it does not keep; {@code read} and {@code write} are their copies in the
     * revisited graph; {@code holesAvoidingWrite}: the deleted reads that must not read the write.
     */
    static RefillCondition of(ExecutionGraph parent, boolean[] fullPrefix, boolean[] kept, Event read, Event write,
                              long[] holesAvoidingWrite) {
        long[] pins = deleted(parent, fullPrefix, kept, Event::isRmwRead);
        return new RefillCondition(read, write, pins, locationsIn(parent, pins), Refills.PINS, null, NO_HOLES,
                holesAvoidingWrite, false, NO_HOLES, LaterChoices.NONE, null);
    }

    /**
     * The condition of a revisit in {@code parent} that leaves holes in the write's full prefix
     * ({@link RevisitRules#expectedValuesFreePrefixOf}): the reads of the full prefix it deletes
     * while keeping a later event of their thread, which replay fills again before going on.
     */
    static RefillCondition ofHoles(ExecutionGraph parent, boolean[] fullPrefix, boolean[] kept, Event read, Event write,
                                   EarlierRevisit earlier) {
        return new RefillCondition(read, write, parent, holes(parent, fullPrefix, kept), Refills.HOLES, earlier,
                NO_HOLES);
    }

    /**
     * {@link #ofHoles} for a revisit keeping dependencies only of a read the write's full prefix
     * does not hold ({@link RevisitRules#dependenciesOnlyPrefixOf}): the graphs where the refilled
     * reads bring it in through more than pins. Those it holds only through pins come from the
     * revisit that refills them ({@code r3 = fai y 1 rlx || store y 2 rlx; r0 = load z na; r1 = cas
     * y r0 3 rlx; r2 = cas y 2 4 rlx || r0 = load y acq; store z 1 rel}, two visited twice).
     */
    static RefillCondition ofHolesBringingIn(ExecutionGraph parent, boolean[] fullPrefix, boolean[] kept, Event read,
                                             Event write, EarlierRevisit earlier) {
        return new RefillCondition(read, write, parent, holes(parent, fullPrefix, kept), Refills.HOLES_BRINGING_IN,
                earlier, NO_HOLES);
    }

    /**
     * {@link #ofHoles} for a revisit that leaves out only the sources of a failed CAS's expected
     * value ({@link RevisitRules#expectedValuesFreePrefixOf}); {@code holesReadingWrite}: those of
     * the holes that must read the write; {@code heldAConflict}: whether the full prefix held a
     * conflicting RMW.
     */
    static RefillCondition ofExpectedValueHoles(ExecutionGraph parent, boolean[] fullPrefix, boolean[] kept,
                                                Event read, Event write, long[] holesReadingWrite,
                                                boolean heldAConflict) {
        int readStamp = read.stamp;
        long[] holes = holes(parent, fullPrefix, kept);
        return new RefillCondition(read, write, holes, locationsIn(parent, holes), Refills.EXPECTED_VALUE_HOLES, null,
                holesReadingWrite, NO_HOLES, heldAConflict, deleted(parent, fullPrefix, kept, e -> e.stamp > readStamp
                        && !(e.isRead() && RevisitRules.keepsLaterEventOfThread(parent, e, kept))),
                LaterChoices.NONE, null);
    }

    /**
     * The condition of a revisit in {@code parent} that refills the sources of RMWs under their
     * kept write parts ({@link RevisitRules#rmwSourcesFreePrefixOf}): its graphs need not bring the
     * read back, but those an earlier revisit builds descend from that one. The holes are as in
     * {@link #ofHoles}: the failed CAS whose write was an RMW's source, among others.
     */
    static RefillCondition ofRmwSources(ExecutionGraph parent, boolean[] fullPrefix, boolean[] kept, Event read,
                                        Event write, EarlierRevisit earlier) {
        return new RefillCondition(read, write, parent, holes(parent, fullPrefix, kept), Refills.RMW_SOURCES, earlier,
                NO_HOLES);
    }

    /**
     * The condition of a revisit in {@code parent} that makes a CAS that wrote fail
     * ({@link RevisitRules#casFailingAnewPrefixOf}): the source of its expected value, at
     * {@code source}, must read the write when refilled; the graphs need not bring the read in.
     * With the source on another write, the CAS fails (if at all) as in a parent where the source
     * read that write, and the full prefix's revisit builds the graph.
     */
    static RefillCondition ofCasFailingAnew(ExecutionGraph parent, boolean[] fullPrefix, boolean[] kept, Event read,
                                            Event write, long source) {
        long[] holes = holes(parent, fullPrefix, kept);
        Event cas = RevisitRules.casExpecting(parent, eventAt(parent, source), e -> true);
        return new RefillCondition(read, write, holes, locationsIn(parent, holes), Refills.CAS_SOURCE, null,
                new long[] {source}, NO_HOLES, false, NO_HOLES, LaterChoices.NONE, new FailedCas(cas.rf.value,
                        cas.rf.isRmwWrite() ? positionOf(CoherenceFilter.readPartOf(parent, cas.rf)) : -1, false));
    }

    /** Whether one of {@code refills} has a hole after r in its thread that replay has not filled. */
    static boolean anyOpenHoleAfter(List<RefillCondition> refills, ExecutionGraph g, Event r) {
        return openHolesAfter(refills, g, r).length > 0;
    }

    /**
     * The condition of a completion revisit in {@code parent} that settles a conflict its write's
     * prefix holds ({@code Explorer.completesConflict}) while holes of earlier revisits
     * ({@code refills}) are still open after r in its thread: filled, each must read a write that
     * comes from a thread that runs after its own ({@link #comesFromThreadAfter}), or one whose
     * other route would delete a read that could not be there
     * ({@link #laterThreadsWriteReadOutsidePrefix}). Null when none is open.
     */
    static RefillCondition ofHolesUnderCompletion(List<RefillCondition> refills, ExecutionGraph parent, Event r,
                                                  Event read, Event write) {
        long[] holes = openHolesAfter(refills, parent, r);
        if (holes.length == 0) {
            return null;
        }
        int[] locations = new int[holes.length];
        for (int k = 0; k < holes.length; k++) {
            locations[k] = locationOfHole(refills, holes[k]);
        }
        return new RefillCondition(read, write, holes, locations, Refills.LATER_THREADS_WRITES, null, NO_HOLES,
                NO_HOLES, false, NO_HOLES, LaterChoices.NONE, null);
    }

    /**
     * Whether w, read by a hole of thread t that a completion left open, comes from a thread the
     * scheduler runs after t: it is a write of one, or the write part of an RMW whose read part
     * took a write of one. On any other write, the parent where t ran after w builds the graph
     * with an unordered-sources revisit ({@code Explorer.completesConflict}). Not when w's RMW read
     * a later thread's write: t's events were added before that write, so w was not there to read
     * in that parent. In {@code r4 = load z acq; r5 = fai y 7 rlx || r3 = xchg z 2 rlx || r3 = fai
     * y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || r0 = load y acq; r1 = xchg z 1
     * rlx} the CAS thread's load of z, filled after the FAI of y 7 completed the FAI of y 2, reads
     * the exchange of z 2 on the exchange of z 1 (two graphs missed when refused). Checked on the
     * failed-CAS families and the random sweeps, not proved.
     */
    private static boolean comesFromThreadAfter(ExecutionGraph g, Event w, int t) {
        if (w.thread > t) {
            return true;
        }
        Event source = w.isRmwWrite() ? CoherenceFilter.readPartOf(g, w).rf : null;
        return source != null && !source.isInit() && source.thread > t;
    }

    /**
     * Whether a read other than the hole and outside the full prefix of the hole's write w reads
     * a write, not w, of a thread that runs after its own. The parent where the hole's thread ran
     * after w ({@link #comesFromThreadAfter}) builds the graph with w's unordered-sources revisit,
     * which deletes that read; but there it could have come after its write only through a
     * revisit, and a revisit deleting it is no maximal extension (TruSt): the completion is the
     * graph's only route. In {@code r4 = load z acq; r5 = fai y 7 rlx || r3 = fai y 1 rlx || r0 =
     * load y acq; r1 = xchg z 1 rlx || r3 = fai y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq;
     * store y 1 rlx} the FAI of y 7 completes the FAI of y 2 while the CAS thread's load of z is
     * open; filled, it reads the exchange, of a thread before its own, and the FAI of y 1 reads
     * the FAI of y 2 or the store of y 1 (two graphs missed when refused). Checked on the
     * failed-CAS families and the random sweeps, not proved.
     */
    private static boolean laterThreadsWriteReadOutsidePrefix(ExecutionGraph g, Event hole, RevisitRules rules) {
        Event w = hole.rf;
        if (w.isInit()) {
            return false;
        }
        boolean[] prefix = rules.prefixOf(g, w);
        for (int s = 0; s < g.size(); s++) {
            Event x = g.byStamp(s);
            if (x != hole && x.isRead() && !prefix[s] && x.rf != null && x.rf != w && !x.rf.isInit()
                    && x.rf.thread > x.thread) {
                return true;
            }
        }
        return false;
    }

    /** The holes of {@code refills} after r in its thread that replay has not filled, each once. */
    private static long[] openHolesAfter(List<RefillCondition> refills, ExecutionGraph g, Event r) {
        long[] open = NO_HOLES;
        for (RefillCondition refill : refills) {
            for (long h : refill.holes) {
                if (threadOf(h) == r.thread && indexOf(h) > r.index && eventAt(g, h) == null && !contains(open, h)) {
                    open = Arrays.copyOf(open, open.length + 1);
                    open[open.length - 1] = h;
                }
            }
        }
        return open;
    }

    /** The location of the open hole at {@code position}, as the condition that left it kept it. */
    private static int locationOfHole(List<RefillCondition> refills, long position) {
        for (RefillCondition refill : refills) {
            for (int k = 0; k < refill.holes.length; k++) {
                if (refill.holes[k] == position) {
                    return refill.holeLocations[k];
                }
            }
        }
        throw new IllegalArgumentException("no condition has a hole at " + position);
    }

    /**
     * The reads of the full prefix that a revisit keeping {@code kept} deletes while keeping a later
     * event of their thread: the holes replay fills again, as packed positions.
     */
    static long[] holes(ExecutionGraph parent, boolean[] fullPrefix, boolean[] kept) {
        return deleted(parent, fullPrefix, kept,
                e -> e.isRead() && RevisitRules.keepsLaterEventOfThread(parent, e, kept));
    }

    /** The locations of the events of {@code parent} at {@code positions}. */
    private static int[] locationsIn(ExecutionGraph parent, long[] positions) {
        int[] locations = new int[positions.length];
        for (int k = 0; k < positions.length; k++) {
            locations[k] = eventAt(parent, positions[k]).loc;
        }
        return locations;
    }

    /** The positions of the events of the full prefix that the revisit does not keep and that qualify. */
    private static long[] deleted(ExecutionGraph parent, boolean[] fullPrefix, boolean[] kept, Predicate<Event> hole) {
        long[] holes = new long[0];
        for (int s = 0; s < kept.length; s++) {
            Event e = parent.byStamp(s);
            if (fullPrefix[s] && !kept[s] && hole.test(e)) {
                holes = withPosition(holes, e);
            }
        }
        return holes;
    }

    /**
     * The same condition in a graph copied from g by the later revisit of {@code revisited} by
     * {@code by} ({@code map}: old stamp to copy), which still descends from this one if it keeps
     * the read and the write (a hole it deletes is filled again); null otherwise, or when the
     * revisit settles a conflict on an RMW's write ({@link #settlesConflictOnRmwWrite}). The
     * earlier revisit goes with it only when {@code revisited} was added no earlier than this read:
     * a later revisit of a read added before it runs the two revisits in the other order, and on
     * the earlier revisit's route that order is refused
     * ({@link RevisitRules#earlierRevisitingPrefixHoles}), so the graph has no other parent (a
     * fourth thread's FAI of y revisited by the CAS thread's FAI). {@code later}: what the later
     * revisit keeps, which {@link LaterChoices#after} records. A failed CAS's value is held when
     * the later revisit completes anew, while holes are open, the RMW it read
     * ({@link FailedCas#afterRevisit}).
     */
    RefillCondition copiedWith(ExecutionGraph g, Event[] map, Event revisited, Event by, LaterRevisit later) {
        Event readCopy = map[read.stamp];
        Event writeCopy = map[write.stamp];
        if (readCopy == null || writeCopy == null || settlesConflictOnRmwWrite(g, revisited, by)) {
            return null;
        }
        boolean open = !allFilled(g);
        boolean sinceRevisited = refills == Refills.EXPECTED_VALUE_HOLES && !isHole(revisited.thread, revisited.index);
        return new RefillCondition(readCopy, writeCopy, holes, holeLocations, refills,
                revisited.stamp >= read.stamp ? earlier : null, holesReadingWrite, holesAvoidingWrite, heldAConflict,
                addedAgain, laterChoices.after(revisited, later, open, sinceRevisited),
                failedCas == null ? null : failedCas.afterRevisit(revisited, open, read.rf == write));
    }

    /**
     * Whether the later revisit of r by w settles a conflict on this refilling revisit's write, the
     * write part of an RMW ({@link #settlesConflict}). r then reads w, and whether the refilled pins
     * bring it back into the write's prefix no longer tells which route built the graph. In {@code
     * r5 = xchg z 5 rlx || r3 = xchg z 2 rlx || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1
     * rlx || r0 = load y acq; r1 = xchg z 1 rlx} the exchange of z 1 revisits the exchange of z 5,
     * refilling the CAS; the exchange of z 2 takes the exchange of z 1's write too and revisits the
     * exchange of z 5; and the load of z, refilled, reads the exchange of z 2. The route that keeps
     * the full prefix would need a parent where the load of z kept the CAS failing without reading a
     * write that holds the exchange of z 5, and there is none (the CAS succeeds on the initial
     * write). This revisit is then the graph's only parent, and the condition is not carried on
     * (twelve programs of the fourth-thread family, one graph each, missed when it was, with the
     * pins open or filled). Where the write is a plain store, its revisit of the other RMW is the
     * other route ({@link #conflictSettledOpenBy}; visited twice when not carried). Checked on the
     * failed-CAS families and the random sweeps, not proved.
     */
    private boolean settlesConflictOnRmwWrite(ExecutionGraph g, Event r, Event w) {
        return write.isRmwWrite() && settlesConflict(g, r, w);
    }

    /**
     * Whether the read at (t, i), just given a write, is a hole that must read the write and does
     * not, or must not and does; or whether it is a hole, every hole is filled, and the graph does
     * not descend from this revisit: the revisited read is not back in the write's prefix, nor does
     * a refilled CAS's expected value come from the write alone, nor does a read replay added again
     * read the write; or an earlier revisit builds it.
     */
    boolean failsAfter(ExecutionGraph g, int t, int i, RevisitRules rules) {
        if (refills == Refills.LATER_THREADS_WRITES) {
            Event hole = g.event(t, i);
            return isHole(t, i) && !comesFromThreadAfter(g, hole.rf, t)
                    && !laterThreadsWriteReadOutsidePrefix(g, hole, rules);
        }
        long at = position(t, i);
        if (contains(holesReadingWrite, at) && g.event(t, i).rf != write
                || contains(holesAvoidingWrite, at) && g.event(t, i).rf == write) {
            return true;
        }
        if (!(isHole(t, i) && allFilled(g))) {
            return false;
        }
        if (refills == Refills.CAS_SOURCE) {
            return sourceCouldKeepTheCasFailing(g, rules.prefixOf(g, write));
        }
        if (refills != Refills.RMW_SOURCES) { // those graphs need not bring the read back
            boolean[] prefix = refills == Refills.HOLES_BRINGING_IN
                    ? DependencyPrefix.withoutFailedRmws(g, write, false) : rules.prefixOf(g, write);
            boolean readBack = prefix[read.stamp]
                    && !(refills.leftWhereThePrefixHeldTheRead() && laterChoices.reroutedWhileOpen()
                            && !heldThroughAHole(g, prefix, rules));
            if (!readBack) {
                return !expectedValueOnlyFromWrite(g, prefix) && !readOfWriteAddedAgain(g, prefix);
            }
        }
        return earlier != null && earlier.applies(read, write);
    }

    /**
     * For holes left where the full prefix held the read ({@link #ofHoles}, or the expected-value
     * sources of {@link #ofExpectedValueHoles}), after a later revisit rebuilt the graph while they
     * were open ({@link LaterChoices#reroutedWhileOpen}): whether a refilled hole of the write's
     * prefix holds the read, and not only through that revisit ({@link #takenWithAnotherRoute},
     * {@link #revisitableByItsSource}). Without one, the read is back only through what the later
     * revisit changed, and the graph's parent is the full prefix's revisit from where the holes
     * read what they read now, followed by that later revisit. In {@code r0 = load z na; r1 = cas
     * y r0 3 acq; store y 1 rlx || store y 5 rlx || r0 = load y acq; r1 = xchg z 1 rlx || r4 =
     * load z acq; r5 = fai y 7 rlx} the FAI of y 7 revisits the load of y keeping dependencies
     * only, the exchange revisits the CAS thread's load of z, and the fourth thread's load of z,
     * refilled, reads the initial write: the load of y is back in the FAI's prefix through the CAS
     * thread alone (visited twice; 335 repeated visits of the family with fourth threads of other
     * shapes). Not after a revisit freeing RMW sources: on the full prefix's route the refilled hole
     * turns it into one keeping dependencies only, which is refused, and this route is the only one
     * (fourteen graphs missed).
     * Expected-value sources alike: in {@code r4 = load z acq; store y 7 rel || r3 = fai y 2 rlx;
     * r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || store y 5 rlx || r0 = load y acq; r1 =
     * xchg z 1 rlx} the exchange revisits the acquire load of z leaving the CAS thread's load of z
     * open, the store of y 7, added again, completes the FAI, and the load of z, refilled, reads
     * the initial write as before: the FAI brings the acquire load back in, and the revisit keeping
     * the full prefix from that same parent, then the same completion, builds the graph (23
     * repeated visits in the family with fourth threads of other shapes, 16 in the one with other
     * fourth threads). Nor through what a completion made while the holes were open gave its RMW
     * ({@link LaterChoices#completedWhileOpen}): in {@code r3 = fai y 1 rlx || r0 = load y acq; r1 = xchg z 1
     * rlx || r3 = fai y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || r4 = load z
     * acq; store y 7 rel} the store of y 7 revisits the FAI of y 1 leaving the load of z out,
     * besides keeping its full prefix, which does not hold the FAI; the FAI of y 1 then completes
     * the FAI of y 2 while the load is open, and the load, refilled, holds the FAI of y 1 only
     * through the FAI of y 2 it comes after: the full prefix's revisit, then the same completion,
     * builds the graph (visited twice). Checked on the failed-CAS families and the random sweeps,
     * not proved.
     */
    private boolean heldThroughAHole(ExecutionGraph g, boolean[] prefix, RevisitRules rules) {
        boolean[] taken = laterChoices.takenWhileOpen().length == 0 ? null : stampsOf(g, laterChoices.takenWhileOpen());
        boolean takenWithAnotherRoute = taken != null && takenWithAnotherRoute(g);
        boolean[] completed = laterChoices.completedWhileOpen().length == 0 ? null
                : stampsOf(g, laterChoices.completedWhileOpen());
        for (long h : holes) {
            Event hole = eventAt(g, h);
            boolean onlyThroughTaken = taken != null && (takenWithAnotherRoute || revisitableByItsSource(g, hole));
            if (prefix[hole.stamp] && rules.prefixOf(g, hole)[read.stamp]
                    && (!onlyThroughTaken || DependencyPrefix.withoutSourcesOf(g, hole, taken)[read.stamp])
                    && (completed == null || DependencyPrefix.withoutSourcesOf(g, hole, completed)[read.stamp])) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether one of the reads a later revisit took while holes were open
     * ({@link LaterChoices#takenWhileOpen}) reads a write that, keeping unordered sources only
     * ({@link DependencyPrefix#withUnorderedSources}), leaves it out. A
     * refilled hole that holds the read only through what they now read does not bring it back
     * ({@link #heldThroughAHole}): the graph's parent is the full prefix's revisit from where the
     * hole read what it reads now, followed by that later revisit keeping unordered sources, the
     * hole's chain among them.
     * In {@code r3 = xchg z 2 rlx || r3 = fai y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; store y
     * 1 rlx || r0 = load y acq; r1 = xchg z 1 rlx || r4 = load z acq; r5 = fai y 7 rlx} the FAI of
     * y 7 revisits the FAI of y 2 keeping dependencies only, leaving the acquire load of z open; the
     * exchange of z 1 revisits the exchange of z 2 keeping its full prefix; and the load of z,
     * refilled, reads the exchange of z 2: it holds the FAI of y 2 only through the exchange of z 2
     * reading the exchange of z 1 (one graph visited twice). Where the later write's unordered
     * sources hold its read, that route is closed and this one is the only one (25 graphs missed
     * in the fourth-thread family when refused); after later revisits keeping smaller prefixes, the
     * program above misses a graph. Checked on the failed-CAS families and the random sweeps, not
     * proved.
     */
    private boolean takenWithAnotherRoute(ExecutionGraph g) {
        for (long p : laterChoices.takenWhileOpen()) {
            Event r = eventAt(g, p);
            if (r != null && !r.rf.isInit() && !DependencyPrefix.withUnorderedSources(g, r.rf)[r.stamp]) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the refilled hole's write, keeping unordered sources only
     * ({@link DependencyPrefix#withUnorderedSources}), leaves the hole out. The hole then holds the
     * read only through what the reads later revisits took while it was open read now (the routes
     * through them closed or not, {@link #takenWithAnotherRoute}) or it does not bring the read
     * back ({@link #heldThroughAHole}): the graph's parent is the full prefix's revisit from where
     * the hole read an earlier write, the same later revisits, and the write's revisit of the hole
     * keeping unordered sources. In {@code r3 = fai y 1 rlx || r0 = load y acq; r1 = xchg z 1 rlx ||
     * r3 = fai y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || r4 = load z acq; r5 =
     * fai y 7 rlx} the FAI of y 7 revisits the FAI of y 1 keeping dependencies only, leaving the
     * acquire load of z open; the FAI of y 2 and then the store of y 1 (leaving the expected-value
     * source out) revisit the load of y; and the load of z, refilled, reads the exchange: it holds
     * the FAI of y 1 only through the load of y reading the store of y 1, whose unordered sources
     * hold the load of y, but the exchange's leave the load of z out (one graph visited twice).
     * Checked on the failed-CAS families and the random sweeps, not proved.
     */
    private static boolean revisitableByItsSource(ExecutionGraph g, Event hole) {
        return !hole.rf.isInit() && !DependencyPrefix.withUnorderedSources(g, hole.rf)[hole.stamp];
    }

    /** The events at {@code positions} that g still has, marked by stamp. */
    private static boolean[] stampsOf(ExecutionGraph g, long[] positions) {
        boolean[] marked = new boolean[g.size()];
        for (long p : positions) {
            Event e = eventAt(g, p);
            if (e != null) {
                marked[e.stamp] = true;
            }
        }
        return marked;
    }

    /**
     * Whether the graph, its holes filled, is one a completion builds from another parent: the
     * revisit left holes where the write's full prefix held the read ({@link #ofHoles}), and an RMW
     * reads a plain write that could now complete it ({@link #completionBuilds}). The RMW is the
     * read itself, on the write: the write's revisit of it could be that completion. In {@code r3 =
     * xchg z 2 rlx || r3 = fai y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || r0 =
     * load y acq; r1 = xchg z 1 rlx || r4 = load z acq; store y 7 rlx} the store of y 7 revisits
     * the FAI keeping dependencies only where the CAS, its expected value the exchange of z 2's,
     * succeeded on the FAI's write; the load of z, added again, reads the exchange of z 1 or the
     * initial write, and the CAS fails: the route where the store of y 7 is added last and
     * completes the FAI builds those graphs too (three visited twice). Or the RMW is one of the
     * write's prefix, on a plain write after the read in its thread, which the revisit deleted and
     * replay added again: the write's revisit keeping that prefix, from where the RMW read an
     * earlier write, followed by the completion, builds the graph. In {@code r4 = load z acq; store
     * y 7 rel || r3 = xchg z 2 rlx || r3 = fai y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; store
     * y 1 rlx || r0 = load y acq; r1 = xchg z 1 rlx} the exchange of z 1 revisits the acquire load
     * of z keeping dependencies only, and the FAI, added again, reads the store of y 7 (five
     * visited twice). Not an RMW outside the write's prefix: every revisit of the read by the write
     * deletes it, and no parent has it read an earlier write before the store was added (an
     * exchange of y for the store of y 1 in place of the FAI, fourteen programs of the family with
     * other fourth threads missing a graph each). Known only once the graph is complete, as later
     * revisits change what the CAS expects, so such a graph is explored but not counted, as one
     * that owes a condition ({@link #owedIn}). Checked on the failed-CAS families and the random
     * sweeps, not proved.
     */
    boolean builtByCompletion(ExecutionGraph g, RevisitRules rules) {
        if (refills != Refills.HOLES || !allFilled(g)) {
            return false;
        }
        if (read.rf == write && !write.isRmwWrite() && completionBuilds(g, rules, read, write)) {
            return true;
        }
        boolean[] prefix = null;
        for (int i = read.index + 1; i < g.threadSize(read.thread); i++) {
            Event e = g.event(read.thread, i);
            if (e == null || !e.isWrite() || e.isRmwWrite()) {
                continue;
            }
            for (Event x : e.readers) {
                if (x.isRmwRead()) {
                    prefix = prefix != null ? prefix : rules.prefixOf(g, write);
                    if (prefix[x.stamp] && completionBuilds(g, rules, x, e)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * Whether e's revisit of x, an RMW reading it, could now be its completion
     * ({@link RevisitRules#completionPrefixOf}), and the graph where x took the write right before
     * e, which that completion starts from, exists ({@link RevisitRules#completionParentExists}).
     * A CAS reading x's write part that succeeded when the revisit was made leaves it no such
     * parent then; refilled holes or later choices may make it fail.
     */
    private static boolean completionBuilds(ExecutionGraph g, RevisitRules rules, Event x, Event e) {
        return rules.completionPrefixOf(g, e, x) != null && RevisitRules.completionParentExists(g, x, e);
    }

    /**
     * Whether an RMW that a plain store completed while the holes were open
     * ({@link LaterChoices#completedWhileOpen}) reads it still, and the graph where it took the
     * write before the store, which that completion started from, does not exist with the holes
     * refilled as they are now ({@link RevisitRules#completionParentExists}). The revisit keeping
     * dependencies only then builds the graph, and a completion does not take it from there
     * ({@link #builtByCompletion}): in the second program of {@link #builtByCompletion}, the
     * exchange of z 1 revisits the acquire load of z leaving the load of z out, the store of y 7
     * completes the FAI, and the load of z, refilled, reads the exchange of z 2, on whose value the
     * CAS would succeed had the FAI read the initial write (two visited twice when counted). Not
     * after an RMW's completion: {@link #builtByCompletion} takes no graph from the revisit keeping
     * dependencies only there, and this one is the only route (with an FAI of y 7 in place of the
     * store, two missed when refused).
     */
    private boolean completedByStoreWithoutParent(ExecutionGraph g) {
        for (long p : laterChoices.completedWhileOpen()) {
            Event x = eventAt(g, p);
            if (x != null && x.rf != null && !x.rf.isInit() && !x.rf.isRmwWrite()
                    && !RevisitRules.completionParentExists(g, x, x.rf)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the graph owes this condition: the revisit kept dependencies only of a read the
     * write's full prefix did not hold ({@link #ofHolesBringingIn}), and its holes, all filled,
     * leave the read out. Filled by their maximal choice, the graph is still the parent of the
     * graphs a later revisit makes when it deletes or revisits a hole, which replay then fills
     * again: in {@code store y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; r2 = cas y 2 4 rlx ||
     * store y 5 rlx || r0 = load y rlx; store z 1 rel || r4 = xchg y 2 rlx} the store of z revisits
     * the load of z keeping dependencies only, the store of y 5 makes the second CAS fail, and the
     * load of y, a hole, reads that store and leaves the load of z out; the exchange, reading the
     * store of y 5 too, revisits the second CAS, which now writes, and the load of y, filled again,
     * reads its write (one graph missed when the owing graph was cut: the other parents of that
     * revisit read a write co-before the store of y 5, not a maximal choice). Such a graph is
     * explored but not counted, and only such revisits may follow ({@link #owedAndNotSettledBy}).
     * Checked on the failed-CAS families and the random sweeps, not proved.
     */
    boolean owedIn(ExecutionGraph g) {
        if (refills != Refills.HOLES_BRINGING_IN || !allFilled(g)) {
            return false;
        }
        boolean[] prefix = DependencyPrefix.withoutFailedRmws(g, write, false);
        return !prefix[read.stamp] && !expectedValueOnlyFromWrite(g, prefix);
    }

    /**
     * Whether g owes the condition ({@link #owedIn}) and a later revisit of r keeping {@code keep}
     * cannot settle the debt: the explorer refuses it.
     */
    boolean owedAndNotSettledBy(ExecutionGraph g, Event r, boolean[] keep) {
        return owedIn(g) && leavesHolesAlone(g, r, keep);
    }

    /**
     * Whether a later revisit of r keeping {@code keep} leaves every hole, all filled, as it is,
     * neither deleting nor revisiting one, or drops the read or the write.
     */
    private boolean leavesHolesAlone(ExecutionGraph g, Event r, boolean[] keep) {
        if (!keep[read.stamp] || !keep[write.stamp]) {
            return true;
        }
        for (long h : holes) {
            Event hole = eventAt(g, h);
            if (hole == r || !keep[hole.stamp]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a read of the write's prefix other than the revisited one reads the write and was
     * added after it: replay added it again, a refilled source or a read the refilled sources
     * brought in. The revisit that keeps the full prefix keeps such a read with the write it read
     * before the write was added, so this revisit is the graph's only parent: in {@code r3 = fai y
     * 1 rlx || r0 = load y acq; store z 1 rel || r0 = load z na; r1 = cas y r0 3 acq; store y 1
     * rlx} the store of y revisits the FAI leaving the load of z out, and the load of y, added
     * again, reads the store of y too; in {@code r3 = xchg z 2 rlx || r0 = load z na; r1 = cas y r0
     * 3 acq; store y 1 rlx || r0 = load y acq; store z 1 rel} the load of z itself reads the store
     * of z. Not a read the prefix holds only through pins: the write's refilling revisit of it,
     * after the revisit that keeps the full prefix, builds the graph (row {@code
     * refilling-revisit-after-a-revisit-by-the-same-write}, visited twice). Unless that route does
     * not exist: the full prefix held a conflicting RMW, so the write made no revisit of the read
     * that keeps it (in {@code r4 = load z acq; store y 7 rlx || r3 = xchg z 2 rlx || r0 = load z
     * na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y acq; r1 = xchg z 1 rlx} both
     * exchanges read the initial write, and the exchange of z 2, added again, reads the exchange of
     * z 1: four missed); or the read is a hole, and an event the revisit deleted and replay added
     * again is neither in the write's prefix nor reads the write ({@link #addedAgainOutside}): on
     * that route it would stay where it was, held by nothing, and the refilling revisit is refused
     * ({@link RevisitRules#earlierRevisitsKeepTheirPrefixes}; with a store of z 1 instead, the load
     * of z, refilled, reads it while the exchange of z 2 reads the initial write, one missed). Both
     * exceptions only while the hole could not have read another write on which its CAS fails too
     * ({@link #sourceCouldHaveKeptCasFailing}). Only when the revisit kept the full prefix but for
     * the expected-value sources: after one keeping dependencies only it visited graphs twice. And
     * only a read the write's prefix holds without what the reads later revisits took now read
     * ({@link LaterChoices#revisitedSince}): held through them, it was left out of the full prefix
     * where the holes read what they read now, that revisit deleted it, replay added it again, and
     * the same later revisits built the graph. In {@code r3 = fai y 1 rlx || r0 = load y acq; r1 =
     * xchg z 1 rlx || r3 = fai y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || r4 =
     * load z acq; r5 = fai y 7 rlx} the store of y 1 revisits the FAI of y 1 leaving the load of z
     * out, the load of y, added again, reads the store too, the exchange revisits the acquire load
     * of z keeping unordered sources, and the load of z then takes the initial write: the load of y
     * is in the store's prefix only through the acquire load reading the exchange (one graph
     * visited twice). Nor after a plain store completed an RMW while the holes were open, where
     * that completion now has no parent ({@link #completedByStoreWithoutParent}).
     * Checked on the failed-CAS families and the random sweeps, not proved.
     */
    private boolean readOfWriteAddedAgain(ExecutionGraph g, boolean[] prefix) {
        if (refills != Refills.EXPECTED_VALUE_HOLES || completedByStoreWithoutParent(g)) {
            return false;
        }
        boolean[] withoutPins = null;
        boolean[] heldWithoutLaterChoices = null;
        for (Event e : write.readers) {
            if (e != read && e.stamp > write.stamp && prefix[e.stamp]) {
                if (heldWithoutLaterChoices == null) {
                    long[] revisitedSince = laterChoices.revisitedSince();
                    heldWithoutLaterChoices = revisitedSince.length == 0 ? prefix
                            : DependencyPrefix.withoutSourcesOf(g, write, stampsOf(g, revisitedSince));
                }
                if (!heldWithoutLaterChoices[e.stamp]) {
                    continue;
                }
                if (withoutPins == null) {
                    withoutPins = DependencyPrefix.withoutFailedRmws(g, write, false);
                }
                boolean hole = isHole(e.thread, e.index);
                if (withoutPins[e.stamp] || (heldAConflict || hole && addedAgainOutside(g, prefix))
                        && !(hole && sourceCouldHaveKeptCasFailing(g, e, prefix))) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether the hole {@code source}, a CAS's expected-value source that reads the write, could
     * have read another write on which the CAS fails too ({@link #otherWriteKeepsFailing}). From
     * the parent where it did, the full prefix holds neither the conflicting RMW nor the event added
     * again that this source brought in, and the revisit keeping it, followed by the write's
     * refilling revisit of the source, builds the graph. In {@code r4 = load z rlx; store y 7 rlx
     * || r3 = xchg z 2 rlx || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y
     * acq; store z 1 rel} the load of z, reading the initial write, keeps the CAS failing on the
     * store of y 7 (two graphs visited twice; with {@code r1 = xchg z 1 rlx} last, four). With an
     * acquire load of z first, the store of y 7 depends on it and the CAS reads the initial write,
     * on which only the exchange keeps it failing: this revisit stays the only parent.
     */
    private boolean sourceCouldHaveKeptCasFailing(ExecutionGraph g, Event source, boolean[] prefix) {
        Event cas = RevisitRules.casExpecting(g, source, c -> true);
        return cas != null && otherWriteKeepsFailing(g, cas, source, prefix);
    }

    /**
     * Whether an event the revisit deleted from the write's full prefix and replay added again
     * after the write is not in the write's prefix now, nor reads the write (or is the write part
     * of an RMW that does: the write's revisit of it is its route).
     */
    private boolean addedAgainOutside(ExecutionGraph g, boolean[] prefix) {
        for (long p : addedAgain) {
            Event e = eventAt(g, p);
            if (e == null || prefix[e.stamp]) {
                continue;
            }
            Event reader = e.isRmwWrite() ? CoherenceFilter.readPartOf(g, e) : e;
            if (!(reader.isRead() && reader.rf == write)) {
                return true;
            }
        }
        return false;
    }

    /**
     * For a revisit that made a CAS fail ({@link #ofCasFailingAnew}): whether its source, which
     * reads the write, could have read another write on which the kept CAS (the first after it
     * expecting its value) fails too, as in {@link #otherWriteKeepsFailing}, with no such write
     * co-after it on which the CAS would succeed. Then the full prefix's or the expected-values-free
     * revisit from the parent where it did builds the graph; with a kept write above that would
     * make the CAS succeed, that parent is not maximal, and this revisit is the only one.
     *
     * <p>After a later revisit that completed anew the RMW the CAS read, while the source was
     * open, the CAS is judged on the value it read when this revisit made it fail: the completion
     * changed it, and the parents where the source read another write came before it. In {@code
     * r4 = load z acq; r5 = fai y 7 rlx || r3 = xchg z 2 rlx || r3 = fai y 2 rlx; r0 = load z na;
     * r1 = cas y r0 3 acq; store y 1 rlx || r0 = load y acq; r1 = xchg z 1 rlx} the exchange of z
     * 1 makes the CAS fail, on the FAI of y 2's write of 2, and the FAI of y 7 then completes the
     * FAI of y 2, which writes 9: on 2, the exchange of z 2 above would make the CAS succeed (one
     * graph missed when judged on 9). After a plain store's completion too: with the release store
     * of y 7 in its place, the exchange of z 1's dependencies-only revisit of the acquire load of z
     * builds the graph as well, but a completion builds it from another parent there, and it is not
     * counted ({@link #builtByCompletion}; one missed when not held). Not after another RMW's
     * revisit, nor when the condition's read was revisited again: with a store of z 1 in place of
     * the exchange of z 1, the exchange of z 2 revisits the acquire load of z again before the
     * completion, and the expected-values-free route builds the graph too (one visited twice
     * without either limit).
     * Checked on the failed-CAS families and the random sweeps, not proved.
     */
    private boolean sourceCouldKeepTheCasFailing(ExecutionGraph g, boolean[] prefix) {
        Event source = eventAt(g, holesReadingWrite[0]);
        Event cas = RevisitRules.casExpecting(g, source, e -> true);
        long casValue = failedCas.judgedOnValueRead() ? failedCas.valueRead() : cas.rf.value;
        List<Event> co = g.co(source.loc);
        boolean succeedsAbove = false;
        for (int k = co.size() - 1; k >= -1; k--) {
            Event other = k < 0 ? g.init(source.loc) : co.get(k);
            boolean kept = other.isInit() || prefix[other.stamp] || other.stamp < read.stamp;
            boolean addedAgain = !kept && other.stamp > write.stamp;
            if (other == write || !(kept || addedAgain)) {
                continue;
            }
            if (cas.action.expectedOfSource().applyAsLong(other.value) == casValue) {
                succeedsAbove |= kept;
            } else if ((addedAgain || !succeedsAbove)
                    && (other.isInit() || !DependencyPrefix.of(g, other)[read.stamp])) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a refilled CAS takes its expected value from a read (not the revisited one) of the
     * write, and no other write it could have read there keeps the CAS failing. The revisit that
     * keeps the full prefix would then need a parent where that source read the write before it
     * was added: its one route is that revisit followed by the write's refilling revisit of the
     * source ({@code Explorer.pushRefillingRevisitsOfKeptReads}), from a parent where the source
     * read another write on which the CAS failed, not one that depends on the revisited read. With
     * none, this revisit is the graph's only parent ({@code r3 = xchg z 2 rlx || r0 = load z na; r1
     * = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y acq; store z 1 rel}: both the exchange and
     * the load read the store). Only when the revisited read's thread runs first: otherwise the
     * read, added again after the write, reads it too (a fourth thread's exchange of z).
     */
    private boolean expectedValueOnlyFromWrite(ExecutionGraph g, boolean[] prefix) {
        if (read.thread >= write.thread) {
            return false;
        }
        for (long h : holes) {
            Event cas = eventAt(g, h);
            if (GraphQueries.anyExpectedValueSource(g, cas.thread, cas.action, source -> source != null
                    && !(source.thread == read.thread && source.index == read.index) && source.rf == write
                    && !otherWriteKeepsFailing(g, cas, source, prefix))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code source} could have read a write other than {@code write} in a parent of the
     * full prefix's revisit (the initial write, one the prefix holds or one added before the
     * revisited read, none depending on it) on which the CAS could fail: it then expects another
     * value than the CAS reads, or than some write the CAS may read there ({@link #mayReadOtherThan}).
     * Unknown expected values ({@link Action#expectedOfSource}) count as such a write.
     */
    private boolean otherWriteKeepsFailing(ExecutionGraph g, Event cas, Event source, boolean[] prefix) {
        if (cas.action.expectedOfSource() == null) {
            return true;
        }
        List<Event> co = g.co(source.loc);
        for (int k = -1; k < co.size(); k++) {
            Event other = k < 0 ? g.init(source.loc) : co.get(k);
            boolean kept = other.isInit() || prefix[other.stamp] || other.stamp < read.stamp;
            if (other == write || !kept) {
                continue;
            }
            long expected = cas.action.expectedOfSource().applyAsLong(other.value);
            boolean keepsFailing = expected != cas.rf.value || mayReadOtherThan(g, cas, expected);
            // the dependency prefix last: it costs a walk of the graph
            if (keepsFailing && (other.isInit() || !DependencyPrefix.of(g, other)[read.stamp])) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a write the CAS may read, in coherence with the kept events po-after it in its
     * thread ({@link CoherenceFilter#laterCeiling}), the initial one included, writes other than
     * {@code value}. A kept later read of the CAS's location bounds it as much as a later write:
     * with a later FAI reading the initial write, the CAS can only read that write too.
     */
    private static boolean mayReadOtherThan(ExecutionGraph g, Event cas, long value) {
        List<Event> co = g.co(cas.loc);
        int ceiling = CoherenceFilter.laterCeiling(g, cas, 0, Integer.MAX_VALUE);
        for (int k = -1; k <= ceiling; k++) {
            Event u = k < 0 ? g.init(cas.loc) : co.get(k);
            if (u.value != value) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a later revisit in g that keeps {@code keep} would delete the read or the write while a
     * hole is still open. Its graphs would then descend from this revisit with nothing left to
     * check when replay fills the hole: the explorer refuses such a revisit, and its graphs come
     * from the parent where the hole was filled before (the default seed's 3259, visited twice).
     * Unless every open hole waits for the revisiting write w ({@link #openHolesWaitFor}).
     */
    boolean droppedOpenBy(ExecutionGraph g, boolean[] keep, Event w) {
        return !(keep[read.stamp] && keep[write.stamp]) && !allFilled(g) && !openHolesWaitFor(g, w);
    }

    /**
     * Whether every open hole is the expected-value source of a kept CAS that fails only when the
     * hole reads w: every other write of w's location, the initial one included, would make it
     * succeed. No parent filled such a hole before w was added with the CAS still failing, so the
     * later revisit is the only route to its graphs. In {@code r4 = load z rlx; store y 7 rlx || r3
     * = fai y 1 rlx || r0 = load y acq; store z 1 rel || r0 = load z na; r1 = cas y r0 3 acq; r2 =
     * fai y 1 rlx} the CAS thread's FAI revisits the FAI of y 1 leaving out the load of z, the
     * CAS's source; the store of z then revisits the relaxed load of z, deleting the FAI of y 1,
     * and the load of z, refilled, reads the store: the CAS reads the initial write of y and
     * expects 0 from the initial write of z (two graphs missed; with an acquire load of z and an
     * FAI of y 7 first, the store of y 1 revisits that FAI the same way: 84 graphs missed in 25
     * programs of the family with fourth threads of other shapes). Checked on the failed-CAS
     * families and the random sweeps, not proved.
     */
    private boolean openHolesWaitFor(ExecutionGraph g, Event w) {
        for (int k = 0; k < holes.length; k++) {
            if (eventAt(g, holes[k]) == null
                    && !(holeLocations[k] == w.loc && casFailsOnlyOn(g, holes[k], w))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the kept CAS expecting the value of the hole at {@code hole} fails only on w
     * ({@link #openHolesWaitFor}).
     */
    private static boolean casFailsOnlyOn(ExecutionGraph g, long hole, Event w) {
        Event cas = RevisitRules.casExpectingAt(g, threadOf(hole), indexOf(hole), e -> true);
        if (cas == null || cas.rf == null || cas.action.expectedOfSource() == null) {
            return false;
        }
        List<Event> co = g.co(w.loc);
        for (int k = -1; k < co.size(); k++) {
            Event other = k < 0 ? g.init(w.loc) : co.get(k);
            boolean fails = cas.action.expectedOfSource().applyAsLong(other.value) != cas.rf.value;
            if (fails != (other == w)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a later revisit of r by w, while a pin is still open, settles a conflict on this
     * revisit's write, a plain one ({@link #settlesConflict}). r then no longer reads the write, and
     * the condition can no longer tell whether its graphs descend from this revisit. The explorer
     * refuses it: they come from the write's revisit of r keeping the full prefix, followed by its
     * refilling revisit of the other RMW ({@code Explorer.pushRefillingRevisitsOfKeptReads}), which
     * puts the two RMWs on the write in the same way (a fourth thread's exchange of z 5, first,
     * visited two graphs twice). When the write is an RMW's, the conflicting-RMW rule of {@code
     * Explorer.calcRevisits} cuts that route, and the revisit stays (six programs missed two graphs
     * each), the condition left behind ({@link #settlesConflictOnRmwWrite}).
     */
    boolean conflictSettledOpenBy(ExecutionGraph g, Event r, Event w) {
        return !write.isRmwWrite() && !allFilled(g) && settlesConflict(g, r, w);
    }

    /**
     * Whether the later revisit of r by w settles a conflict on this refilling revisit's write: r is
     * this read, an RMW that took the write, and w the write part of another RMW that took it too
     * (GenMC's conflicting RMW). Only a revisit that refills pins: with holes left for other reasons
     * the condition still tells the routes apart (visited graphs twice when dropped).
     */
    private boolean settlesConflict(ExecutionGraph g, Event r, Event w) {
        return refills == Refills.PINS && r == read && r.isRmwRead() && r.rf == write
                && CoherenceFilter.isRmwWriteOn(g, w, write);
    }

    /**
     * Whether a later revisit of r, in a graph that descends from this one, revisits a CAS that
     * takes its expected value from the read a revisit brought in ({@link #ofHolesBringingIn}).
     * The explorer refuses it: the graphs come from the revisit of the CAS first, where it wrote,
     * followed by the one that makes it fail ({@code RevisitRules.rmwSourcesFreePrefixOf}; with a
     * fourth thread's store of z first in {@code r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx
     * || store y 5 rlx || r0 = load y acq; store z 1 rel}, two visited twice).
     */
    boolean revisitsCasExpectingRead(Event r) {
        return refills == Refills.HOLES_BRINGING_IN && r.thread == read.thread && r.index > read.index
                && r.isRmwRead() && RevisitRules.expectsValueOf(r, read);
    }

    /**
     * Whether a later revisit of r, a read added before this completed read, comes while holes
     * under the completion ({@link #ofHolesUnderCompletion}) are open. The explorer refuses it: its
     * graphs come from that revisit first, followed by the completion (one visited twice).
     */
    boolean precedesCompletionOpen(ExecutionGraph g, Event r) {
        return refills == Refills.LATER_THREADS_WRITES && r.stamp < read.stamp && !allFilled(g);
    }

    /**
     * Whether a later revisit of r by w, while holes are open, revisits this condition's read
     * again, where the write's full prefix held it ({@link #ofHoles}). r then no longer reads the
     * write, and the holes, refilled, no longer tell whether the graph descends from this revisit:
     * the explorer refuses it, and its graphs come from the write's revisit keeping the full prefix
     * from where the holes read what they read, followed by w's. In {@code r3 = fai y 1 rlx || r0
     * = load y acq; r1 = xchg z 1 rlx || r3 = fai y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq;
     * store y 1 rlx || r4 = load z acq; store y 7 rel} the store of y 7 revisits the load of y
     * leaving the acquire load of z open; the FAI of y 2, on the store of y 7, revisits the load
     * of y again, and so does the store of y 1, now refused (four visited twice). Not when w is
     * the write part of an RMW whose read took the write: on that route the RMW holds the hole's
     * thread through the write, and the hole can no longer take a later write (one missed in each
     * of 15 programs of three threads when refused, {@code r0 = load z na; r1 = cas y r0 3 acq;
     * store y 1 rlx || r3 = xchg z 2 rlx || r0 = load y acq; store z 1 rel} among them). Checked
     * on the failed-CAS families and the random sweeps, not proved.
     */
    boolean revisitedAgainOpenBy(ExecutionGraph g, Event r, Event w) {
        return refills == Refills.HOLES && r == read && !allFilled(g) && !CoherenceFilter.isRmwWriteOn(g, w, write);
    }

    /** Whether the read at (t, i) is one of the holes replay fills again. */
    boolean isHole(int t, int i) {
        return contains(holes, position(t, i));
    }

    private static boolean contains(long[] positions, long p) {
        for (long h : positions) {
            if (h == p) {
                return true;
            }
        }
        return false;
    }

    private boolean allFilled(ExecutionGraph g) {
        for (long h : holes) {
            if (eventAt(g, h) == null) {
                return false;
            }
        }
        return true;
    }

    /** {@code positions} with e's packed position appended. */
    static long[] withPosition(long[] positions, Event e) {
        long[] more = Arrays.copyOf(positions, positions.length + 1);
        more[positions.length] = positionOf(e);
        return more;
    }

    /** The event of g at a packed position ({@link #position}), null when g has none there. */
    private static Event eventAt(ExecutionGraph g, long position) {
        return g.event(threadOf(position), indexOf(position));
    }

    private static int threadOf(long position) {
        return (int) (position >>> 32);
    }

    private static int indexOf(long position) {
        return (int) position;
    }

    /** The packed position of e ({@link #position}). */
    static long positionOf(Event e) {
        return position(e.thread, e.index);
    }

    /** The packed position of the event at index i of thread t, as holes are kept. */
    static long position(int t, int i) {
        return ((long) t << 32) | i;
    }
}
