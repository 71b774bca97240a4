package dev.weft.models;

import java.util.ArrayList;

/**
 * The prefix of an event under IMM, which a backward revisit keeps (HMC, seed 002): what the event
 * depends on through rf, address, data and control dependencies (and ppo's addr;po: what gives a
 * po-earlier access its address orders a write after it), an RMW's two parts together,
 * thread creation and join, the same-location po-predecessors that ar orders before it (detour and
 * bob's release writes), and what IMM's barrier order (bob) puts before it. Other same-location
 * po-predecessors may be deleted by a revisit and refilled: the explorer's maximality check bounds
 * them by coherence with the kept events after them. As in GenMC's
 * pporf, a write reached through an internal rf only brings its own dependencies: rfi orders
 * nothing by itself outside ppo ([R]; (deps ∪ rfi)+; [W]), so the barriers before such a write
 * stay out and load buffering through it remains revisitable.
 *
 * <p>Each kept event records why it is kept: ordered before the root by ar, its value used by a
 * kept event, or only as the source of a kept read whose value nothing kept uses. The last lets a
 * revisit change what an RMW reads while its write part, read by such a read, stays (the RMW is
 * completed anew); the first two order an RMW's read part before its write part's users (rmw is
 * in ppo). An ordered event that a kept ordered event depends on is marked as such: ppo orders what
 * it depends on in turn, while an RMW that failed and is ordered only by a barrier keeps just the
 * sources of its expected value, not those of an operand it never wrote (a weak CAS not even
 * those: it may fail whatever it expects). Variants leave out the pins ({@link #withoutFailedRmws}),
 * what they read ({@link #withPinsReadingNothing}), what source-only reads read from other threads
 * ({@link #withUnorderedSources}), an RMW's write part ({@link #withFailingRmw}), what gives a
 * failed strong CAS its expected value ({@link #withExpectedValuesFree}), what an RMW whose value
 * nothing kept uses reads from its own thread ({@link #withRmwSourcesFree}), or keep dependencies only
 * ({@link #dependenciesOnly}): the smaller prefixes that some revisits keep ({@link RevisitRules}).
 * One more leaves out what given reads read ({@link #withoutSourcesOf}), to ask what a prefix holds
 * without them.
 */
final class DependencyPrefix {
    /** Why an event is kept: ordered before the root by ar (so its barriers come too)... */
    private static final int ORDERED = 1;
    /** ...its value is used by a kept event (so its own sources keep their values)... */
    private static final int VALUED = 2;
    /** ...or only as the write a kept read reads from, whatever that read's value. */
    private static final int SOURCE = 0;
    /**
     * Added to ORDERED when a kept ordered event depends on it (ppo's [R];deps+): what it depends
     * on is ordered too. A read ordered only by a barrier orders none of its data sources.
     */
    private static final int DEPENDED_ON = 4;
    /** Added to VALUED for a failed RMW kept only to pin the prefix down ({@link #addSameLocation}). */
    private static final int PIN = 8;

    /** Variant: keep the failed RMWs {@link #addSameLocation} pins the prefix down with. */
    private static final int KEEP_PINS = 1;
    /** Variant: follow what those pins read. */
    private static final int FOLLOW_PIN_RFS = 2;
    /** Variant: {@link #withUnorderedSources}. */
    private static final int UNORDERED_SOURCES = 4;
    /** Variant: {@link #withExpectedValuesFree}. */
    private static final int EXPECTED_VALUES_FREE = 8;
    /** Variant: {@link #dependenciesOnly}. */
    private static final int DEPENDENCIES_ONLY = 16;
    /** Variant: {@link #withRmwSourcesFree}. */
    private static final int RMW_SOURCES_FREE = 32;
    private static final int FULL = KEEP_PINS | FOLLOW_PIN_RFS;

    private final ExecutionGraph g;
    private final boolean keepFailedRmws;
    private final boolean followPinnedRfs;
    private final boolean unorderedSources;
    private final boolean expectedValuesFree;
    private final boolean dependenciesOnly;
    private final boolean rmwSourcesFree;
    private final Event exempt;
    /** An RMW read that wrote, taken as failed ({@link #withFailingRmw}), and its write part, left out. */
    private final Event failing;
    private final Event failingWritePart;
    /** Reads, by stamp, whose sources the prefix does not follow ({@link #withoutSourcesOf}); null for none. */
    private final boolean[] sourcesCut;
    private final boolean[] in;
    private final byte[] reasons;
    private final ArrayList<Event> todo = new ArrayList<>();
    private final ArrayList<Integer> todoReasons = new ArrayList<>();

    private DependencyPrefix(ExecutionGraph g, int variant, Event exempt, Event failing) {
        this(g, variant, exempt, failing, null);
    }

    private DependencyPrefix(ExecutionGraph g, int variant, Event exempt, Event failing, boolean[] sourcesCut) {
        this.g = g;
        this.sourcesCut = sourcesCut;
        this.keepFailedRmws = (variant & KEEP_PINS) != 0;
        this.followPinnedRfs = (variant & FOLLOW_PIN_RFS) != 0;
        this.unorderedSources = (variant & UNORDERED_SOURCES) != 0;
        this.expectedValuesFree = (variant & EXPECTED_VALUES_FREE) != 0;
        this.dependenciesOnly = (variant & DEPENDENCIES_ONLY) != 0;
        this.rmwSourcesFree = (variant & RMW_SOURCES_FREE) != 0;
        this.exempt = exempt;
        this.failing = failing;
        this.failingWritePart = failing == null ? null : CoherenceFilter.writePartOf(g, failing);
        this.in = new boolean[g.size()];
        this.reasons = new byte[g.size()];
    }

    static boolean[] of(ExecutionGraph g, Event e) {
        return of(g, e, null);
    }

    /**
     * The prefix of e, except that {@code exemptRmwRead}, the read part of an RMW, is not brought in
     * by its own write part when that write is kept only as the source of kept reads whose values no
     * kept event uses (IMM's ar does not order an RMW's read before an internal read of its write):
     * a revisit may then change what the RMW reads and complete it with a new write part
     * ({@link RevisitRules}). The exempt read still comes in through any other path.
     */
    static boolean[] of(ExecutionGraph g, Event e, Event exemptRmwRead) {
        return new DependencyPrefix(g, FULL, exemptRmwRead, null).from(e);
    }

    /**
     * The full prefix of e where the reads marked in {@code cut} (by stamp) bring what they depend
     * on but not the writes they read: what e holds without those reads' choices of write
     * ({@link RefillCondition}: a hole that holds the read only through what a later revisit gave).
     */
    static boolean[] withoutSourcesOf(ExecutionGraph g, Event e, boolean[] cut) {
        return new DependencyPrefix(g, FULL, null, null, cut).from(e);
    }

    /**
     * The prefix of e without the failed RMWs that {@link #addSameLocation} keeps only so that
     * refilling them cannot change the prefix: the smallest prefix whose kept events still order
     * everything ar orders before e. A revisit keeps it when the full prefix holds the read it
     * revisits only through such RMWs, and replay refills them. {@code unorderedSources}: as in
     * {@link #withUnorderedSources}.
     */
    static boolean[] withoutFailedRmws(ExecutionGraph g, Event e, boolean unorderedSources) {
        return new DependencyPrefix(g, FOLLOW_PIN_RFS | (unorderedSources ? UNORDERED_SOURCES : 0), null, null)
                .from(e);
    }

    /**
     * The prefix of e where the failed RMWs {@link #addSameLocation} keeps as pins bring their own
     * dependencies but not the write they read: what it holds, the full prefix holds whatever
     * replay lets those RMWs read when it refills them.
     */
    static boolean[] withPinsReadingNothing(ExecutionGraph g, Event e) {
        return new DependencyPrefix(g, KEEP_PINS, null, null).from(e);
    }

    /**
     * The prefix of e where a read kept only as a source orders nothing, not even through the write
     * it reads from another thread: an RMW read kept only because a kept read reads its write part
     * internally is not ordered before e (rmw;rfi is not in ar), so neither are that write's writer
     * and its barriers. The full prefix keeps them, so that a revisit never deletes a barrier-ordered
     * write that was not added last (seed 6003's 3654: that graph had no parent); a revisit keeps
     * this smaller prefix only when the full one holds the read it revisits, as the barriers then
     * close a cycle IMM allows (seed 3003's 59213). Such a plain write still keeps the sources of
     * its value: were its value to follow replay, the RMW reading it would write another value
     * than its kept readers read, and a revisit that changes that value is the full prefix's
     * revisit of the RMW followed by its completion (seed 8003's 12555 threw a false
     * nondeterminism error). A write kept only for its value keeps no sources of its address: a
     * litmus address only orders (it never changes the location), and nothing orders that write
     * (seed 6003's 42134: the load that gives the source of a weak CAS its address must read a
     * store po-after the CAS).
     */
    static boolean[] withUnorderedSources(ExecutionGraph g, Event e) {
        return new DependencyPrefix(g, FULL | UNORDERED_SOURCES, null, null).from(e);
    }

    /**
     * The prefix of e where a failed strong CAS that nothing kept depends on (ordered only by a
     * barrier, or kept for its value) keeps no sources of its expected value, as a failed weak CAS
     * does: ar does not order them before it (ppo ends at writes, and a failed CAS writes nothing).
     * A revisit keeps it only when the full prefix holds the read it revisits through those
     * sources; replay refills them, and the CAS must still fail (seed 8003's 35107).
     */
    static boolean[] withExpectedValuesFree(ExecutionGraph g, Event e) {
        return new DependencyPrefix(g, FULL | EXPECTED_VALUES_FREE, null, null).from(e);
    }

    /**
     * HMC's prefix of e (seed 002): rf, address, data and control dependencies, an RMW whole, and
     * thread creation; no barriers, no same-location predecessors, no addr;po. A revisit keeps it
     * only as the last resort ({@link RevisitRules#dependenciesOnlyPrefixOf}): the events it
     * leaves out, ar-ordered before e, are deleted and replay refills them.
     */
    static boolean[] dependenciesOnly(ExecutionGraph g, Event e) {
        return new DependencyPrefix(g, FULL | DEPENDENCIES_ONLY, null, null).from(e);
    }

    /**
     * The prefix of e where an RMW that wrote, kept because ar orders its write part before e but
     * with a value no kept event uses, does not keep the write its read part reads from its own
     * thread: rfi is not in ar, and atomicity alone decides what the read part reads (the write
     * right before its write part in co). A revisit keeps it only when the full prefix holds the
     * read it revisits through such a source ({@link RevisitRules#rmwSourcesFreePrefixOf}).
     */
    static boolean[] withRmwSourcesFree(ExecutionGraph g, Event e) {
        return new DependencyPrefix(g, FULL | RMW_SOURCES_FREE, null, null).from(e);
    }

    /**
     * The prefix of e in the graph where {@code cas}, a strong CAS that wrote, fails because the
     * read giving its expected value now reads another value: its write part is gone, it keeps no
     * sources of its expected value, and an RMW whose value nothing kept uses does not keep the write
     * it reads from its own thread ({@link #withRmwSourcesFree}). {@code keepPins}: whether the
     * failed RMWs {@link #addSameLocation} pins the prefix down with are kept.
     */
    static boolean[] withCasMadeToFail(ExecutionGraph g, Event e, Event cas, boolean keepPins) {
        int variant = (keepPins ? FULL : FOLLOW_PIN_RFS) | RMW_SOURCES_FREE | EXPECTED_VALUES_FREE;
        return new DependencyPrefix(g, variant, null, cas).from(e);
    }

    /**
     * The prefix of e in the graph where {@code failingRmwRead}, an RMW read that wrote, fails
     * instead: its write part is gone, so it orders nothing as a release write, and it is a failed
     * RMW like any other, a pin where ar would order its write part ({@link #addSameLocation}).
     * {@code keepFailedRmws}: whether the pins are kept ({@link #withoutFailedRmws} without them).
     */
    static boolean[] withFailingRmw(ExecutionGraph g, Event e, Event failingRmwRead, boolean keepFailedRmws) {
        return new DependencyPrefix(g, keepFailedRmws ? FULL : FOLLOW_PIN_RFS, null, failingRmwRead).from(e);
    }

    private boolean[] from(Event e) {
        push(e, ORDERED | VALUED | DEPENDED_ON);
        run();
        return in;
    }

    private void push(Event e, int why) {
        if (e != null && !e.isInit() && e != failingWritePart) {
            todo.add(e);
            todoReasons.add(why);
        }
    }

    private void run() {
        while (!todo.isEmpty()) {
            Event x = todo.remove(todo.size() - 1);
            int why = todoReasons.remove(todoReasons.size() - 1);
            // PIN stays only while every path that keeps x is a pin
            int old = reasons[x.stamp];
            int merged = in[x.stamp] ? ((old | why) & ~PIN) | (old & why & PIN) : why;
            if (in[x.stamp] && merged == old) {
                continue;
            }
            in[x.stamp] = true;
            reasons[x.stamp] = (byte) merged;
            int dependent = (why & ORDERED) != 0 ? ORDERED | VALUED | DEPENDED_ON : VALUED;
            if ((x.isRead() || x.kind == EventKind.JOIN) && x.rf != null && !(sourcesCut != null && sourcesCut[x.stamp])
                    && (followPinnedRfs || merged != (VALUED | PIN)) && !(rmwSourcesFree && sourceFree(x, merged))) {
                push(x.rf, sourceReason(x, why));
            }
            Action a = x.action;
            if (!unorderedSources || (why & ORDERED) != 0) { // an unordered write's address only orders
                for (int d : a.addrDeps()) {
                    push(g.event(x.thread, d), dependent);
                }
            }
            if (!dependenciesOnly && (why & ORDERED) != 0 && (x.isWrite() || (why & DEPENDED_ON) != 0)) {
                // ppo's addr;po: ordered before a write po-after the access it gives an address
                for (int d : x.addressedBefore) {
                    push(g.event(x.thread, d), ORDERED | VALUED | DEPENDED_ON);
                }
            }
            for (int d : valueSources(x, why)) {
                push(g.event(x.thread, d), dependent);
            }
            for (int d : a.ctrlDeps()) {
                push(g.event(x.thread, d), dependent);
            }
            if (x.isRmwWrite()) {
                Event readPart = CoherenceFilter.readPartOf(g, x);
                if (readPart != exempt || why != SOURCE) {
                    // rmw ⊆ ppo: an RMW read whose write a kept event orders after it or uses the
                    // value of is ordered by ar, barriers included
                    push(readPart, why == SOURCE ? SOURCE
                            : ORDERED | DEPENDED_ON | (rmwSourcesFree ? why & VALUED : VALUED));
                }
            }
            if (x.isRmwRead()) {
                push(writePartOf(x), why); // an RMW is kept or deleted whole
            }
            push(g.creator(x.thread), ORDERED);
            if (dependenciesOnly) {
                continue; // no barrier or coherence edges: replay refills what only they keep
            }
            addSameLocation(x);
            if ((why & ORDERED) != 0) {
                addBarrierOrdered(x);
            }
        }
    }

    /** Whether x is an RMW read that wrote, read internally, and whose value no kept event uses. */
    private boolean sourceFree(Event x, int why) {
        return (why & VALUED) == 0 && x.isRmwRead() && !x.isLockRead() && x.rf.thread == x.thread
                && writePartOf(x) != null;
    }

    /**
     * Why x's source is kept, x being kept for {@code why}. rfe and joins order fully, rfi only
     * within ppo: a value that matters, or just a source. withUnorderedSources: a plain write that
     * a read kept only as a source reads from another thread orders nothing, but keeps its value
     * (seed 8003's 12555); an RMW's write part stays a source, its read part bringing no barriers.
     */
    private int sourceReason(Event x, int why) {
        if (x.rf.thread == x.thread) {
            return why & VALUED;
        }
        if (why != SOURCE || !unorderedSources) {
            return ORDERED;
        }
        return x.rf.exclusive ? SOURCE : VALUED;
    }

    /**
     * The reads x's data dependencies come from that the prefix must keep. A plain write kept only
     * as the source of reads whose values nothing kept uses keeps none: the explorer lets its value
     * follow replay. An RMW that failed has no write for its operand to flow into: only its expected
     * value decides what it did, and the operand's sources are ordered before it only inside a ppo
     * chain (GenMC's deps put them on the read part too), so a revisit may change them while the
     * failed RMW stays. A failed weak CAS keeps not even its expected value's sources: it may fail
     * whatever it expects, and replay gives it the new value ({@link Explorer}).
     */
    private int[] valueSources(Event x, int why) {
        Action a = x.action;
        if (x.isWrite() && !x.exclusive && why == SOURCE) {
            return Action.NO_DEPS; // only its readers' existence matters: replay recomputes its value
        }
        if (!x.isRmwRead() || writePartOf(x) != null || (why & DEPENDED_ON) != 0) {
            return a.dataDeps();
        }
        return a.rmwOp() == Action.RmwOp.WEAK_CAS || expectedValuesFree ? Action.NO_DEPS : a.expectedDeps();
    }

    /** The write part of RMW read x, null when it failed or is {@link #failing}. */
    private Event writePartOf(Event x) {
        return x == failing ? null : CoherenceFilter.writePartOf(g, x);
    }

    /**
     * Same-location po-predecessors that IMM's ar orders before x (GenMC's pporf): for a read, the
     * earlier writes to its location it does not read from (detour); for a write, the earlier
     * release writes to its location (bob's [W⊒rel];po|loc;[W]).
     */
    private void addSameLocation(Event x) {
        if (!x.kind.isMemoryAccess()) {
            return;
        }
        for (int i = 0; i < x.index; i++) {
            Event p = g.event(x.thread, i);
            if (p == null || p.loc != x.loc) {
                continue;
            }
            boolean ordered = x.isRead() || p.mode.isRelease();
            if (p.isWrite() && ordered && x.rf != p) {
                push(p, ORDERED);
            } else if (keepFailedRmws && p.isRmwRead() && ordered && writePartOf(p) == null) {
                push(p, VALUED | PIN); // a failed RMW: its write part would be ordered before x if it succeeded
            }
        }
    }

    /**
     * IMM's bob edges into x (GenMC's form: po;[E⊒rel] ∪ [E⊒acq];po ∪ po;[F] ∪ [F];po): everything
     * po-before a release access, a fence or a thread's finish; acquire accesses and fences
     * po-before x.
     */
    private void addBarrierOrdered(Event x) {
        boolean orderAll = x.kind == EventKind.FINISH || x.kind == EventKind.FENCE
                || (x.kind.isMemoryAccess() && x.mode.isRelease());
        for (int i = 0; i < x.index; i++) {
            Event p = g.event(x.thread, i);
            if (p == null) {
                continue;
            }
            boolean ordered = orderAll
                    || (p.kind.isMemoryAccess() && p.mode.isAcquire())
                    || p.kind == EventKind.FENCE;
            if (ordered) {
                push(p, ORDERED);
            }
        }
    }
}
