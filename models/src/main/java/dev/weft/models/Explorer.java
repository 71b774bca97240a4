package dev.weft.models;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Visits every consistent execution graph of a {@link Program} under a memory model exactly once,
 * following GenMC's revisit algorithm made stateless as in TruSt:
 *
 * <ul>
 *   <li>Events are added one at a time (replay first, then the lowest runnable thread). A read
 *       takes the co-maximal coherent write and pushes the other candidates (forward revisits); a
 *       write takes the co-maximal placement and pushes the others.</li>
 *   <li>After adding a write w, every same-location revisitable read r outside w's prefix may read
 *       from w instead (backward revisit): the graph keeps only the events added before r and w's
 *       prefix. Such a revisit is pushed only if the deleted events were added maximally, so that
 *       each revisited graph has exactly one parent and no set of explored graphs is stored.</li>
 *   <li>Each backward revisit runs in a copy of the restricted graph on a stack of executions;
 *       memory is the graphs on that stack, not the number of executions.</li>
 * </ul>
 *
 * The program is re-run from its initial state for every graph popped from the work lists; events
 * already in the graph are replayed and must match ({@link NondeterminismException} otherwise),
 * except for values nothing kept uses, which an IMM revisit may change: the operand of an RMW that
 * did not write, the value of a write kept only as what kept reads read, and what an RMW whose
 * value nothing kept uses reads (and so writes).
 */
public final class Explorer {
    private final Program program;
    private final ConsistencyModel model;
    private final ExplorerOptions options;
    private final boolean poOnlyViews;
    private final RevisitRules revisits;
    private final MaximalExtension maximality;
    private final ArrayDeque<Execution> stack = new ArrayDeque<>();
    private final Map<Long, Integer> spawnedThreadIds = new HashMap<>();
    private final List<Violation> violations = new ArrayList<>();
    private Consumer<ExecutionSnapshot> onComplete;

    private Execution current;
    private ExecutionGraph g;
    private int nextThreadId;
    private long complete;
    private long blocked;
    private boolean stopped;
    private long startTime;

    /** Per-run state of the program's threads. */
    private int[] position = new int[0];
    private final ReplayOrder replayOrder = new ReplayOrder();
    private Action[] pending = new Action[0];
    private boolean[] started = new boolean[0];
    private boolean[] finished = new boolean[0];
    private boolean[] stuck = new boolean[0];

    /** A graph under exploration and its pending alternatives (GenMC's execution stack entry). */
    private static final class Execution {
        final ExecutionGraph graph;
        final ArrayDeque<WorkItem> work = new ArrayDeque<>();
        /** Conditions of the revisits that refilled failed RMWs this graph descends from. */
        final List<RefillCondition> refills = new ArrayList<>(0);
        /** Conflicts its graphs owe before they are counted here rather than by a sibling's route. */
        final List<OwedConflict> owed = new ArrayList<>(0);

        Execution(ExecutionGraph graph) {
            this.graph = graph;
        }
    }

    private sealed interface WorkItem permits ReadAlternative, WriteAlternative, BackwardRevisit {}

    private record ReadAlternative(Event read, Event write, boolean spurious) implements WorkItem {}

    private record WriteAlternative(Event write, Event predecessor) implements WorkItem {}

    private record BackwardRevisit(Event read, Event write, boolean spurious, Keeps keeps) implements WorkItem {}

    /** Which prefix of the write a backward revisit keeps ({@link RevisitRules}). */
    private enum Keeps {
        /** The write's prefix. */
        PREFIX,
        /** The prefix without the read, an RMW whose kept write part is completed anew after the write. */
        COMPLETION,
        /**
         * The prefix without the failed RMWs kept as pins, through which it held the read (a pin
         * itself, or a read the pins depend on); replay refills them.
         */
        REFILLING,
        /**
         * The prefix in the graph where the read, an RMW that wrote, fails reading the write: without
         * its write part and the failed RMWs kept as pins, itself among them; replay refills them.
         */
        FAILING,
        /**
         * The prefix without the write a read kept only as a source reads from another thread, and
         * that writer's barriers, through which it held the read.
         */
        UNORDERED_SOURCES,
        /**
         * The prefix without the sources of a failed strong CAS's expected value, through which it
         * held the read (or, beside the full prefix's revisit, through which it holds the read once
         * refilled); replay refills them, and the CAS must still fail.
         */
        EXPECTED_VALUES_FREE,
        /**
         * The prefix without the writes of a CAS that the RMWs after it read, when no kept event
         * uses those RMWs' values; each such read part takes the kept write right before its write
         * part (atomicity).
         */
        RMW_SOURCES_FREE,
        /**
         * Beside the full prefix when it does not hold the read: the prefix where a CAS that wrote,
         * kept by a barrier, fails, without its write part and the source of its expected value;
         * replay refills the source, which must read the write, and the CAS must fail.
         */
        CAS_FAILING_ANEW,
        /**
         * HMC's prefix, dependencies and rf only, tried last: replay refills what bob and
         * coherence held the read through. Also beside the full prefix when it does not hold the
         * read: replay refills what bob held, and the graphs are those where that brings the read in.
         */
        DEPENDENCIES_ONLY;

        /** Whether the revisit deletes reads of the full prefix before kept events, replay refilling them. */
        boolean leavesHoles() {
            return this == EXPECTED_VALUES_FREE || this == DEPENDENCIES_ONLY;
        }

        /**
         * Whether the graphs of the revisit, once replay has refilled what it deleted, may be ones
         * that a revisit keeping a prefix tried before it builds from another parent
         * ({@link Explorer#earlierRevisitBuilds}).
         */
        boolean yieldsToEarlierRevisits() {
            return this == RMW_SOURCES_FREE || this == DEPENDENCIES_ONLY;
        }
    }

    public Explorer(Program program, MemoryModel model, ExplorerOptions options) {
        this.program = program;
        this.model = ConsistencyModel.of(model);
        this.options = options;
        this.poOnlyViews = this.model.tracksDependencies();
        this.maximality = new MaximalExtension(poOnlyViews);
        this.revisits = new RevisitRules(poOnlyViews, maximality);
    }

    /** Called with every complete execution (for tests and reports). */
    public Explorer onComplete(Consumer<ExecutionSnapshot> listener) {
        this.onComplete = listener;
        return this;
    }

    /** Explores every execution of the program, driving its threads through {@link Program#next}. */
    public ExplorationResult explore() {
        while (nextExecution()) {
            if (runProgram()) {
                endExecution();
            }
        }
        return result();
    }

    /** Runs the program's threads until the execution ends; false if it was cut short. */
    private boolean runProgram() {
        while (true) {
            int t = nextThread();
            if (t < 0) {
                return true;
            }
            if (needsAction(t)) {
                offer(t, program.next(t));
            } else if (!step(t)) {
                return false;
            }
        }
    }

    // ---------------------------------------------------------------- the step-driven interface

    /*
     * A runtime whose threads run themselves (the JVM) drives one execution at a time:
     *   while (nextExecution()) {
     *     repeat: t = nextThread(); if t < 0: endExecution() and go to the next execution;
     *             if needsAction(t): run thread t to its next action and offer(t, action);
     *             else if !step(t): the execution is cut short, abandon it.
     *   }
     * step() hands a thread its result through Program.resume.
     */

    /** Prepares the next graph to run and resets the program; false when exploration is over. */
    public boolean nextExecution() {
        if (current == null) {
            startTime = System.nanoTime();
            nextThreadId = program.initialThreads();
            current = new Execution(new ExecutionGraph(program::initialValue));
            g = current.graph;
            stack.push(current);
            beginRun();
            return true;
        }
        while (!stopped && !stack.isEmpty()) {
            Execution ex = stack.peek();
            WorkItem item = ex.work.pollLast();
            if (item == null) {
                stack.pop();
                continue;
            }
            current = ex;
            g = ex.graph;
            if (apply(item)) {
                beginRun();
                return true;
            }
        }
        stack.clear();
        return false;
    }

    /** The counts, violations and time so far. */
    public ExplorationResult result() {
        return new ExplorationResult(complete, blocked, violations, System.nanoTime() - startTime);
    }

    /** The execution being run, as far as it got (for traces). */
    public ExecutionSnapshot snapshot() {
        return ExecutionSnapshot.of(g);
    }

    private void beginRun() {
        program.reset();
        resetRunState(Math.max(nextThreadId, g.threadSlots()));
        for (int t = 0; t < program.initialThreads(); t++) {
            started[t] = true;
        }
    }

    /** How an execution that ran to its end is counted. */
    public enum Ending {
        /** Every thread finished. */
        COMPLETE,
        /** Some thread is blocked for good: a failed assume, a lock never released, a join on it. */
        BLOCKED,
        /**
         * A thread waits for an acquire that a later write frees: a revisit explores that graph. Or
         * the graph owes a conflict ({@link OwedConflict}) or a refill condition
         * ({@link RefillCondition#owedIn}), or a completion builds it from another parent
         * ({@link RefillCondition#builtByCompletion}): another route counts it.
         */
        SUBSUMED
    }

    /**
     * Counts the execution that just ran to its end (no thread can take a step) and says how it
     * ended.
     */
    public Ending endExecution() {
        Ending ending = current.owed.isEmpty() && !owesRefill() && !builtByCompletion() ? ending() : Ending.SUBSUMED;
        switch (ending) {
            case COMPLETE -> {
                complete++;
                if (onComplete != null) {
                    onComplete.accept(ExecutionSnapshot.of(g));
                }
            }
            case BLOCKED -> blocked++;
            case SUBSUMED -> { }
        }
        if (options.maxExecutions() > 0 && complete + blocked >= options.maxExecutions()) {
            stopped = true;
        }
        return ending;
    }

    private Ending ending() {
        for (int t = 0; t < started.length; t++) {
            if (started[t] && !finished[t]) {
                return waitsForReleasedLock() ? Ending.SUBSUMED : Ending.BLOCKED;
            }
        }
        return Ending.COMPLETE;
    }

    /**
     * What thread t is blocked on for good in this execution: its acquire (a lock, a park) or
     * failed assume; null if it can still take a step.
     */
    public Action blockedOn(int t) {
        if (t >= stuck.length || !stuck[t]) {
            return null;
        }
        Event last = g.lastOf(t);
        return last == null ? null : last.action;
    }

    /** The first data race of the current execution, described, or null ({@link RaceDetector}). */
    public String firstRace() {
        return RaceDetector.firstRace(g, program::locationName);
    }

    /** Stops the exploration after the current execution (a budget ran out, or the runtime failed). */
    public void stop() {
        stopped = true;
    }

    /** Whether thread t must run to its next action before the explorer can decide. */
    public boolean needsAction(int t) {
        return pending[t] == null;
    }

    /** Thread t's next action. */
    public void offer(int t, Action a) {
        pending[t] = a;
    }

    /** The index thread t's next event will take (a freeze point, {@link Action#freezePoint}). */
    public int nextIndex(int t) {
        return position[t];
    }

    /** Whether thread t has started and not finished (it may be blocked). */
    public boolean isLive(int t) {
        return t < started.length && started[t] && !finished[t];
    }

    /**
     * Whether thread t's last action, an RMW, wrote. The value it read cannot tell a weak CAS that
     * failed spuriously from one that succeeded; the write part (the slot after the read) can.
     */
    public boolean lastRmwWrote(int t) {
        return g.event(t, position[t] - 1) != null;
    }

    /**
     * Whether thread t's last event is a write that is co-latest at its location, so that the real
     * heap should hold its value: a replay does not run writes in co order, and an RMW's write goes
     * right after the write it read, which need not be the latest.
     */
    public boolean lastWriteIsCoLatest(int t) {
        Event last = g.event(t, position[t] - 1);
        return last != null && last.isWrite() && g.coMax(last.loc) == last;
    }

    // ---------------------------------------------------------------- running the program

    /**
     * A thread blocked on a lock that was released later would have acquired it: that graph is
     * explored through the release's revisit, so this one is not a blocked execution of its own.
     */
    private boolean waitsForReleasedLock() {
        for (int t = 0; t < started.length; t++) {
            if (stuck[t]) {
                Event last = g.lastOf(t);
                if (last != null && last.isLockRead() && last.rf != g.coMax(last.loc)) {
                    return true;
                }
            }
        }
        return false;
    }

    private void resetRunState(int slots) {
        if (position.length < slots) {
            position = new int[slots];
            pending = new Action[slots];
            started = new boolean[slots];
            finished = new boolean[slots];
            stuck = new boolean[slots];
        } else {
            Arrays.fill(position, 0);
            Arrays.fill(pending, null);
            Arrays.fill(started, false);
            Arrays.fill(finished, false);
            Arrays.fill(stuck, false);
        }
        replayOrder.reset(position.length);
    }

    private void ensureThread(int t) {
        if (t >= position.length) {
            int n = Math.max(t + 1, position.length * 2);
            position = Arrays.copyOf(position, n);
            pending = Arrays.copyOf(pending, n);
            started = Arrays.copyOf(started, n);
            finished = Arrays.copyOf(finished, n);
            stuck = Arrays.copyOf(stuck, n);
            replayOrder.ensureThread(n);
        }
    }

    /**
     * The thread that takes the next step: while recorded events remain, the one whose next event
     * was added first (replay in insertion order), unless the thread that stepped last can replay
     * its next memory access at once; then the lowest thread whose next event refills a hole with
     * a CAS that a revisited read gives its expected value ({@link #refillsCasExpectingRevisitedRead});
     * then the lowest thread that can take a step, so that the next event is a function of the
     * graph, which optimality needs. A thread whose next action is not known yet is returned so
     * that the caller asks for it ({@link #needsAction}).
     * -1 when no thread can take a step: the execution is over.
     */
    public int nextThread() {
        int last = replayOrder.lastStepped();
        if (last >= 0 && canStep(last) && replayOrder.mayRunAhead(last, g, position)) {
            return last;
        }
        int best = -1;
        int bestStamp = Integer.MAX_VALUE;
        for (int t = 0; t < started.length; t++) {
            if (!canStep(t)) {
                continue;
            }
            Event e = g.event(t, position[t]);
            if (e != null && e.stamp < bestStamp) {
                best = t;
                bestStamp = e.stamp;
            }
        }
        if (best >= 0) {
            return best;
        }
        for (int t = 0; t < started.length; t++) {
            if (canStep(t) && refillsCasExpectingRevisitedRead(t)) {
                return t;
            }
        }
        for (int t = 0; t < started.length; t++) {
            if (!canStep(t)) {
                continue;
            }
            if (pending[t] == null || enabled(pending[t])) {
                return t;
            }
        }
        return -1;
    }

    /**
     * Whether thread t, with nothing left to replay at its position, stands at a hole (IMM: a
     * revisit kept later events of t) whose action is a CAS taking its expected value from a read
     * of t that took its write from a revisit; true also when the action is not known yet (the
     * caller asks for it). Such a CAS is a pin that a revisit of that read left out to refill: the
     * read's new value decides that it fails, and while the hole is open the RMW of its location
     * after it in t has a prefix without it and the read. Refilled before other threads add
     * events, it pins that prefix again for their writes' revisits: in {@code r4 = fai y 2 rlx ||
     * r3 = fai y 1 rlx || store y 2 rlx; r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx ||
     * r0 = load y acq; store z 1 rel}, after the store of z revisited the load of z refilling the
     * CAS, the second FAI, which read the third thread's FAI, would otherwise revisit the first
     * while the CAS was still open, delete the load of z with the store it read from a revisit,
     * and so not be maximal (a graph missed). Other holes wait for lower threads: a refilled pin
     * or read may have to read a write such a thread adds next (seed 6003's 49833, where the weak
     * CAS of z must read the store of z that the revisited load's thread adds after it).
     */
    private boolean refillsCasExpectingRevisitedRead(int t) {
        if (position[t] >= g.threadSize(t)) {
            return false;
        }
        if (pending[t] == null) {
            return true;
        }
        return GraphQueries.anyExpectedValueSource(g, t, pending[t],
                source -> source != null && source.isRead() && source.readsWriteAddedAfter());
    }

    /** Whether thread t has started and can still take steps (not finished, not blocked). */
    private boolean canStep(int t) {
        return started[t] && !finished[t] && !stuck[t];
    }

    /**
     * Keeps thread t, which is between two events, from running ahead until every event recorded
     * before its next one has been replayed: the program is about to look at state that other
     * threads' synchronisation events change (which threads are started or finished, who waits on
     * a monitor), and must find it as it was when the event was first added. False when nothing is
     * left to replay, so the caller need not wait.
     */
    public boolean holdBack(int t) {
        for (int u = 0; u < started.length; u++) {
            if (canStep(u) && g.event(u, position[u]) != null) {
                replayOrder.holdBack(t);
                return true;
            }
        }
        return false;
    }

    private boolean enabled(Action a) {
        return switch (a.kind()) {
            case JOIN -> a.target() < finished.length && finished[a.target()];
            default -> true;
        };
    }

    /**
     * Performs thread t's next action ({@link #offer}ed): replays it if the graph has it, adds it
     * otherwise. False if the execution is cut short (an inconsistent choice, or a violation).
     */
    public boolean step(int t) {
        Action a = pending[t];
        if (a == null) {
            throw new IllegalStateException("thread " + t + " has not offered its next action");
        }
        pending[t] = null;
        int i = position[t];
        Event existing = g.event(t, i);
        if (existing != null) {
            replayOrder.stepping(t, existing, position);
        } else {
            replayOrder.stepping(t);
        }
        if (existing == null && i >= options.maxEventsPerThread()) {
            return reportError(t, i, Action.error("more than " + options.maxEventsPerThread()
                    + " events in one execution: a possible livelock (raise maxEventsPerThread if the"
                    + " program really needs more)", a.origin()), Violation.Cause.EVENT_BOUND);
        }
        switch (a.kind()) {
            case READ -> {
                Event r = existing != null ? replay(existing, a, EventKind.READ)
                        : newEvent(t, i, EventKind.READ, a, a.mode());
                if (existing == null && (!addRead(r) || !refillsHoldOrOweAfter(t, i))) {
                    return false;
                }
                advance(t, r.value, i + 1);
            }
            case WRITE, UNLOCK -> {
                if (existing == null && a.kind() == Action.Kind.UNLOCK && !holdsLock(t, a.location())) {
                    return reportError(t, i, Action.error("unlock of " + program.locationName(a.location())
                            + " which this thread does not hold", a.origin()), Violation.Cause.PROGRAM_ERROR);
                }
                if (existing != null) {
                    replay(existing, a, EventKind.WRITE);
                } else if (!addWrite(newWrite(t, i, a, a.mode(), a.value(), false))) {
                    return false;
                }
                advance(t, 0, i + 1);
            }
            case RMW, LOCK -> {
                return stepRmw(t, i, a, existing);
            }
            case FENCE -> {
                if (existing != null) {
                    replay(existing, a, EventKind.FENCE);
                } else {
                    Event fence = newEvent(t, i, EventKind.FENCE, a, a.mode());
                    addSimple(fence);
                    if (!consistentIfRefilled(fence)) {
                        return false;
                    }
                }
                advance(t, 0, i + 1);
            }
            case SPAWN -> {
                int child = childId(t, i);
                Event create = existing != null ? replay(existing, a, EventKind.CREATE)
                        : newEvent(t, i, EventKind.CREATE, a, AccessMode.NA);
                if (existing == null) {
                    g.setCreator(child, create);
                    addSimple(create);
                }
                ensureThread(child);
                started[child] = true;
                replayOrder.spawned(create, child);
                advance(t, child, i + 1);
            }
            case JOIN -> {
                if (existing != null) {
                    replay(existing, a, EventKind.JOIN);
                } else {
                    Event join = newEvent(t, i, EventKind.JOIN, a, AccessMode.NA);
                    join.rf = g.lastOf(a.target());
                    addSimple(join);
                    if (!consistentIfRefilled(join)) {
                        return false;
                    }
                }
                advance(t, 0, i + 1);
            }
            case FINISH -> {
                if (existing != null) {
                    replay(existing, a, EventKind.FINISH);
                } else {
                    addSimple(newEvent(t, i, EventKind.FINISH, a, AccessMode.NA));
                }
                position[t] = i + 1;
                finished[t] = true;
            }
            case BLOCK -> {
                if (existing != null) {
                    replay(existing, a, EventKind.BLOCK);
                } else {
                    addSimple(newEvent(t, i, EventKind.BLOCK, a, AccessMode.NA));
                }
                position[t] = i + 1;
                stuck[t] = true;
            }
            case ERROR -> {
                return reportError(t, i, a, Violation.Cause.PROGRAM_ERROR);
            }
        }
        return true;
    }

    /**
     * Whether the graph is still consistent after fence or join e was added, when replay refilled
     * it in a hole (IMM): it orders the kept events after it (bob, or the joined thread's events
     * before them), which no choice checked.
     */
    private boolean consistentIfRefilled(Event e) {
        return g.poSuccessor(e.thread, e.index) == null || fullCheck(e);
    }

    /** Records the execution so far as a violation; the execution ends here. */
    private boolean reportError(int t, int i, Action error, Violation.Cause cause) {
        if (g.event(t, i) == null) {
            addSimple(newEvent(t, i, EventKind.ERROR, error, AccessMode.NA));
        }
        if (!current.owed.isEmpty() || owesRefill()) {
            return false; // another route reports this graph
        }
        ExecutionSnapshot snapshot = ExecutionSnapshot.of(g);
        violations.add(new Violation(cause, "thread " + t + ": " + error.message() + " at " + error.origin(),
                snapshot.render(program::locationName), snapshot));
        if (options.stopOnViolation()) {
            stopped = true;
        }
        return false;
    }

    /**
     * A lock is held by t when the co-latest write to it is t's acquisition: a lock, or an RMW that
     * took it (a try-lock is a CAS from free to taken, as the runtime's {@code ReentrantLock.tryLock}).
     */
    private boolean holdsLock(int t, int lock) {
        Event last = g.coMax(lock);
        return last.isRmwWrite() && last.thread == t;
    }

    /** An RMW or lock acquire: the read part, and the write part when it succeeds (added at once). */
    private boolean stepRmw(int t, int i, Action a, Event existing) {
        Event r = existing != null ? replay(existing, a, EventKind.READ)
                : newEvent(t, i, EventKind.READ, a, a.mode());
        if (existing != null && r.expectedFollowsReplay && a.rmwOp() == Action.RmwOp.CAS
                && a.rmwWrites(r.rf.value)) {
            // a kept failed strong CAS whose expected value replay gives anew (refilled sources, the
            // revisited read, or a CAS the revisit made fail): it must still fail, or this graph is
            // not the one the revisit kept
            return false;
        }
        if (existing != null && r.action.expected() != a.expected()) {
            // A kept failed weak CAS whose expected value a revisit changed (IMM keeps no sources
            // for it, as it may always fail): it still fails, spuriously if it now would succeed.
            // The flag is not part of the graph: rf and co decide it.
            r.spuriousFailure = a.rmwWrites(r.rf.value);
            r.action = a;
        }
        if (existing == null && !addRead(r)) {
            return false;
        }
        if (!refillsHoldOrOweAfter(t, i)) {
            return false;
        }
        long old = r.value;
        // Two slots whether or not it writes: later events must keep their index when a revisit
        // under IMM flips the outcome of an RMW they do not depend on.
        int next = i + 2;
        if (r.isLockRead() && !a.acquireTakes(old)) {
            position[t] = next;
            stuck[t] = true; // the lock is held (too few permits): wait until a release revisits this read
            return true;
        }
        Event w = g.event(t, i + 1);
        if (r.rmwSucceedsReading(r.rf, r.spuriousFailure)) {
            long written = r.isLockRead() ? a.acquireResult(old) : a.rmwResult(old);
            if (w != null) {
                replay(w, a, EventKind.WRITE);
                if (w.value != written) {
                    throw NondeterminismException.mismatch(w, a, "writes " + written + " instead of " + w.value);
                }
            } else if (!addRmwWrite(newWrite(t, i + 1, a, a.mode(), written, true), r)) {
                return false;
            }
        } else if (w != null) {
            // the prefix keeps what decides whether a kept RMW writes: its write part cannot be orphaned
            throw new IllegalStateException("the RMW " + r + " kept its write part but now fails");
        }
        advance(t, old, next);
        return true;
    }

    /**
     * Whether w is the co-latest write that the refilling revisits leave r, a plain read filling
     * their last hole: with each coherent write co-after it the graph would leave a revisit's
     * descendants ({@link #refillsHoldAfter}), so no sibling of this graph takes one. For TruSt's
     * maximality this choice is then the maximal one ({@link MaximalExtension}). Not when the
     * co-latest write leaves the graph owing the condition: that sibling is explored
     * ({@link #refillsHoldOrOweAfter}).
     */
    private boolean latestChoiceRefillsLeave(Event r, Event w) {
        if (r.isRmwRead() || !holeOfARefill(r)) {
            return false;
        }
        List<Event> candidates = CoherenceFilter.rfCandidates(g, r);
        boolean latest = true;
        for (int k = candidates.indexOf(w) + 1; k < candidates.size() && latest; k++) {
            g.setRf(r, candidates.get(k));
            latest = !refillsHoldAfter(r.thread, r.index) && !(k == candidates.size() - 1 && owesRefill());
        }
        g.setRf(r, w);
        return latest;
    }

    private boolean holeOfARefill(Event r) {
        for (RefillCondition refill : current.refills) {
            if (refill.isHole(r.thread, r.index)) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@link #refillsHoldAfter} for a read just added with its maximal choice: that choice may
     * leave the graph owing a condition instead ({@link RefillCondition#owedIn}). Its other choices
     * may not: a later revisit that settles the debt would build the same graphs from each.
     */
    private boolean refillsHoldOrOweAfter(int t, int i) {
        for (RefillCondition refill : current.refills) {
            if (refill.failsAfter(g, t, i, revisits) && !refill.owedIn(g)) {
                return false;
            }
        }
        return true;
    }

    /** Whether a completion builds the graph from another parent ({@link RefillCondition#builtByCompletion}). */
    private boolean builtByCompletion() {
        for (RefillCondition refill : current.refills) {
            if (refill.builtByCompletion(g, revisits)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the graph owes a refill condition: it is not counted ({@link RefillCondition#owedIn}). */
    private boolean owesRefill() {
        for (RefillCondition refill : current.refills) {
            if (refill.owedIn(g)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the graph still descends from each refilling revisit once (t, i) is filled again. */
    private boolean refillsHoldAfter(int t, int i) {
        for (RefillCondition refill : current.refills) {
            if (refill.failsAfter(g, t, i, revisits)) {
                return false;
            }
        }
        return true;
    }

    private void advance(int t, long value, int nextIndex) {
        position[t] = nextIndex;
        program.resume(t, value, nextIndex);
    }

    private int childId(int parent, int index) {
        return spawnedThreadIds.computeIfAbsent(((long) parent << 32) | index, k -> nextThreadId++);
    }

    private Event replay(Event e, Action a, EventKind kind) {
        if (e.kind != kind || e.action.kind() != a.kind() || e.loc != a.location()
                || (e.action.kind() == Action.Kind.RMW && !sameRmw(e, a))) {
            throw NondeterminismException.mismatch(e, a, "the program did something else this time");
        }
        if (kind == EventKind.WRITE && !e.exclusive && e.value != a.value()) {
            if (!e.valueFollowsReplay) {
                throw NondeterminismException.mismatch(e, a, "writes " + a.value() + " instead of " + e.value);
            }
            g.setValue(e, a.value());
        }
        return e;
    }

    /**
     * Whether the plain write e, which the revisit of r keeps, depends on a read whose value may
     * change: one it does not keep, r itself, or a kept read of r's write part (null unless kept)
     * when r is completed anew. Asked under IMM only: a porf prefix keeps every read a kept write
     * depends on, and never both r's write part and a write after r.
     */
    private boolean valueMayChange(Event e, Event r, Event rWritePart, boolean[] keep) {
        if (!e.isWrite() || e.exclusive) {
            return false;
        }
        for (int d : e.action.dataDeps()) {
            Event source = g.event(e.thread, d);
            if (source != null && (!keep[source.stamp] || source == r
                    || (rWritePart != null && source.rf == rWritePart))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether replay gives e, which a revisit of r keeping {@code keep} keeps, a new expected value:
     * a failed strong CAS whose sources the revisit left to replay ({@link #expectedMayChange}), or
     * a CAS it made fail ({@link RevisitRules#rmwSourcesFreePrefixOf}), whose read part it keeps
     * and whose write part it does not.
     */
    private boolean expectedFollowsReplay(Keeps keeps, Event e, boolean[] keep, Event r) {
        if (keeps == Keeps.RMW_SOURCES_FREE || keeps == Keeps.CAS_FAILING_ANEW) {
            Event writePart = CoherenceFilter.writePartOf(g, e);
            return writePart != null && !keep[writePart.stamp];
        }
        return keeps.leavesHoles() && expectedMayChange(e, keep, r);
    }

    /**
     * Whether e is a failed strong CAS that the revisit of r keeps without a source of its expected
     * value, or with r itself as one (r then reads a new value).
     */
    private boolean expectedMayChange(Event e, boolean[] keep, Event r) {
        return GraphQueries.isFailedStrongCas(g, e) && GraphQueries.anyExpectedValueSource(g, e.thread, e.action,
                source -> source != null && (!keep[source.stamp] || source == r));
    }

    /**
     * Whether a recorded RMW part matches the RMW the program asks for. The operand of one that did
     * not write may differ: it flows into nothing, so a revisit may have changed what it came from
     * (the IMM prefix keeps only what decides whether an RMW writes). So may the expected value of
     * a weak CAS that did not write under IMM: it may fail whatever it expects.
     */
    private boolean sameRmw(Event e, Action a) {
        Action recorded = e.action;
        boolean failed = e.isRead() && CoherenceFilter.writePartOf(g, e) == null;
        boolean expectedMayDiffer = failed && poOnlyViews
                && (a.rmwOp() == Action.RmwOp.WEAK_CAS || e.expectedFollowsReplay);
        return recorded.rmwOp() == a.rmwOp()
                && (recorded.expected() == a.expected() || expectedMayDiffer)
                && (recorded.value() == a.value() || failed);
    }

    // ---------------------------------------------------------------- adding events

    private Event newEvent(int t, int i, EventKind kind, Action a, AccessMode declared) {
        Event e = new Event(t, i, kind, a.location(), model.effectiveMode(kind, declared), a, false);
        if (a.floor().length > 0) {
            e.floor = Views.floorOf(g, a.floor());
        }
        return e;
    }

    private Event newWrite(int t, int i, Action a, AccessMode declared, long value, boolean rmwPart) {
        Event w = new Event(t, i, EventKind.WRITE, a.location(), model.effectiveMode(EventKind.WRITE, declared), a, rmwPart);
        w.value = value;
        return w;
    }

    private void addSimple(Event e) {
        g.add(e);
        Event pred = poOnlyViews ? g.poPredecessor(e.thread, e.index) : null;
        if (pred != null) {
            e.addressedBefore = addressedUpTo(pred);
        }
        Views.compute(g, e, poOnlyViews);
    }

    /**
     * The reads that give p, or an access po-before it, its address: ppo's addr;po orders them before
     * the writes after p.
     */
    private static int[] addressedUpTo(Event p) {
        int[] own = p.action.addrDeps();
        if (own.length == 0) {
            return p.addressedBefore;
        }
        int[] merged = Arrays.copyOf(p.addressedBefore, p.addressedBefore.length + own.length);
        System.arraycopy(own, 0, merged, p.addressedBefore.length, own.length);
        return merged;
    }

    /** Adds a read reading the co-maximal coherent write; the other choices become work items. */
    private boolean addRead(Event r) {
        addSimple(r);
        List<Event> candidates = CoherenceFilter.rfCandidates(g, r);
        Event chosen = null;
        boolean chosenSpurious = false;
        for (Event w : candidates) {
            boolean writes = r.isRmwRead()
                    && (r.isLockRead() ? r.action.acquireTakes(w.value) : r.action.rmwWrites(w.value));
            boolean weak = r.isRmwRead() && r.action.rmwOp() == Action.RmwOp.WEAK_CAS && writes;
            if (weak) {
                queueChoice(r, chosen, chosenSpurious);
                chosen = w;
                chosenSpurious = true;
            }
            if (writes && CoherenceFilter.consumedBySettledRmw(r, w, poOnlyViews)) {
                continue;
            }
            queueChoice(r, chosen, chosenSpurious);
            chosen = w;
            chosenSpurious = false;
        }
        if (chosen == null) {
            return false;
        }
        g.setRf(r, chosen);
        r.spuriousFailure = chosenSpurious;
        r.addedMax = true;
        Views.compute(g, r, poOnlyViews);
        return maximalChoiceConsistent();
    }

    private void queueChoice(Event r, Event w, boolean spurious) {
        if (w != null) {
            current.work.add(new ReadAlternative(r, w, spurious));
        }
    }

    /** Adds a plain write at the co-maximal coherent placement; the other placements become work items. */
    private boolean addWrite(Event w) {
        addSimple(w);
        List<Event> placements = CoherenceFilter.coPlacements(g, w);
        if (placements.isEmpty()) {
            return false;
        }
        g.insertCoAfter(w, placements.get(placements.size() - 1));
        w.addedMax = true;
        for (int k = 0; k < placements.size() - 1; k++) {
            current.work.add(new WriteAlternative(w, placements.get(k)));
        }
        calcRevisits(w);
        return maximalChoiceConsistent();
    }

    /** The write part of an RMW goes right after the write its read part read (atomicity). */
    private boolean addRmwWrite(Event w, Event read) {
        addSimple(w);
        g.insertCoAfter(w, read.rf);
        w.addedMax = true;
        calcRevisits(w);
        if (conflictingRmw(w) != null) {
            return false; // another RMW already read the same write: only its revisits may proceed
        }
        return maximalChoiceConsistent();
    }

    /** The earliest other successful RMW that read the same write as {@code w}'s read part. */
    private Event conflictingRmw(Event w) {
        Event read = CoherenceFilter.readPartOf(g, w);
        Event conflict = null;
        for (Event other : read.rf.readers) {
            if (other == read || !other.isRmwRead()) {
                continue;
            }
            Event otherWrite = CoherenceFilter.writePartOf(g, other);
            if (otherWrite != null && (conflict == null || otherWrite.stamp < conflict.stamp)) {
                conflict = otherWrite;
            }
        }
        return conflict;
    }

    // ---------------------------------------------------------------- revisits

    /**
     * Pushes the backward revisits of w: same-location revisitable reads outside w's prefix, newest
     * first, stopping at the first one whose revisit is not a maximal extension (an older read
     * would delete a superset, so it fails too).
     */
    private void calcRevisits(Event w) {
        WritePrefixes prefixes = revisits.prefixesOf(g, w);
        boolean[] prefix = prefixes.full();
        Event conflict = w.isRmwWrite() ? conflictingRmw(w) : null;
        // Every revisit by w that keeps the prefix keeps both RMWs on the same write (under IMM,
        // through bob or pins). Under IMM a smaller prefix may leave the conflicting RMW out when
        // w's thread failed an RMW of its location before it (the prefix pins that RMW); when the
        // conflicting RMW took the write where no other parent gives it (in `r3 = xchg z 2 rlx ||
        // r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y acq; r1 = xchg z 1
        // acq_rel` the prefix holds the first exchange only through the failed CAS, a pin of the
        // FAI, and the load of z giving it its expected value); or when the prefix holds it
        // through more than pins. In `r3 = xchg z 2 rlx || r0 = load z na; r1 = cas y r0 3 acq;
        // store y 1 rlx || r0 = load y acq; store z 1 rel || r5 = xchg z 5 rlx` both exchanges
        // took the store of z, and the exchange of z 5 holds the first through the acquire CAS
        // and the load of z reading the first's write (row
        // conflicting-rmw-held-through-more-than-pins, two missed). Held only through pins, the
        // conflicting RMW also comes back where the pin's thread is added after the revisit
        // (with a relaxed CAS instead, one graph visited twice).
        boolean conflictHeld = conflict != null && prefix[conflict.stamp];
        if (conflictHeld && !(poOnlyViews && (failedRmwBefore(w)
                || tookWriteNoOtherParentGives(CoherenceFilter.readPartOf(g, conflict), w)
                || prefixes.get(WritePrefixes.Variant.WITHOUT_FAILED_RMWS)[conflict.stamp]))) {
            return;
        }
        int lastExpectedValueHole = UNKNOWN; // computed at the first revisit that keeps the full prefix
        for (int s = w.stamp - 1; s >= 0; s--) {
            Event r = g.byStamp(s);
            if (!mayRead(r, w)) {
                continue;
            }
            if (conflict != null && r.stamp > conflict.stamp) {
                continue; // the conflicting RMW must be deleted or revisited itself
            }
            if (prefix[s]) {
                // w's prefix holds r: w may still revisit it keeping less (an RMW completed anew,
                // failed RMWs refilled, an RMW that wrote made to fail, or the writer of what a
                // source-only read reads left out), the first of these that applies
                SmallerPrefix smaller = firstSmallerPrefix(prefixes, r, null);
                boolean conflictKept = conflictHeld && smaller != null && smaller.kept()[conflict.stamp];
                if (smaller != null && !(conflictKept && !completesConflict(smaller, r, conflict))
                        && maximality.isMaximalExtension(g, r, w, smaller.kept(), smaller.keeps() == Keeps.COMPLETION,
                                refilledFrom(smaller.keeps(), prefix, w, r))) {
                    pushBackwardRevisits(r, w, smaller.keeps());
                }
                continue;
            }
            if (!r.revisitable) {
                continue;
            }
            if (!revisits.keepsEverySource(g, r, prefix)) {
                continue; // r was kept by an earlier revisit whose write w's revisit would delete
            }
            if (lastExpectedValueHole == UNKNOWN) {
                lastExpectedValueHole = revisits.lastExpectedValueHole(g, prefixes);
            }
            if (lastExpectedValueHole > r.stamp) {
                // besides the full prefix: the graphs where the refilled sources bring r into it.
                // Also where the full prefix holds the conflicting RMW only through those sources:
                // replay adds it again after w. In `r4 = load y rlx || r3 = fai y 1 rlx || r0 = load
                // y rlx; store z 1 rel || r3 = fai y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; r2
                // = fai y 1 rlx` the last FAI took the first's write, which the FAI of y 1 had taken;
                // the load of z, reading the store of z, held that FAI, and no other parent has the
                // first load read the last FAI's write with the load of z on the store (four missed)
                boolean[] refilled = revisits.expectedValuesFreePrefixOf(g, prefixes, r);
                if (refilled != null && !(conflictHeld && refilled[conflict.stamp])
                        && maximality.isMaximalExtension(g, r, w, refilled, false, null)) {
                    pushBackwardRevisits(r, w, Keeps.EXPECTED_VALUES_FREE);
                }
            }
            if (conflictHeld) {
                continue;
            }
            boolean[] failing = revisits.casFailingAnewPrefixOf(g, prefixes, r);
            if (failing != null && maximality.isMaximalExtension(g, r, w, failing, false, null)) {
                pushBackwardRevisits(r, w, Keeps.CAS_FAILING_ANEW);
            }
            // besides the full prefix: the graphs where reads bob held in it, refilled, bring r in
            boolean[] bringingIn = revisits.dependenciesOnlyPrefixOf(g, prefixes, r);
            if (bringingIn != null && maximality.isMaximalExtension(g, r, w, bringingIn, false, null)) {
                pushBackwardRevisits(r, w, Keeps.DEPENDENCIES_ONLY);
            }
            if (!maximality.isMaximalExtension(g, r, w, prefix, false, null)) {
                break;
            }
            pushBackwardRevisits(r, w, Keeps.PREFIX);
        }
    }

    /** {@link #earlierRevisitBuilds} for a revisit keeping {@code mine} of a read that read {@code oldValue}. */
    private RefillCondition.EarlierRevisit earlierRevisitOf(Keeps mine, long oldValue) {
        return (r, w) -> earlierRevisitBuilds(r, w, mine, oldValue);
    }

    /**
     * Whether, in the graph under exploration, where w revisited r keeping {@code mine} and replay
     * has filled its holes, the first prefix tried before {@code mine} that applies to r and w
     * ({@link #SMALLER_PREFIXES}, as {@link #calcRevisits} tries them) has a parent that builds
     * this graph: one where r still reads its old write, of value {@code oldValue}, and the CASes
     * that prefix leaves to replay fail as here ({@link RevisitRules#leftCasesFailWith}). The graph
     * then descends from that revisit: in {@code r4 = fai y 2 rlx || r3 = xchg z 2 rlx || r0 = load z
     * na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y acq; store z 1 rel}, the store's
     * dependencies-only revisit of the exchange, from the graph where the CAS succeeded, refills
     * it failing on the initial write, which the store's refilling revisit builds from the graph
     * where it failed there. Checked on the failed-CAS families with a fourth thread and random
     * programs, not proved.
     */
    private boolean earlierRevisitBuilds(Event r, Event w, Keeps mine, long oldValue) {
        WritePrefixes prefixes = revisits.prefixesOf(g, w);
        SmallerPrefix earlier = firstSmallerPrefix(prefixes, r, mine);
        return earlier != null && revisits.leftCasesFailWith(g, r, oldValue, prefixes.full(), earlier.kept());
    }

    /**
     * Whether the conflicting RMW read c took its write where no other parent of the graph gives
     * it: a write added before c (the initial write or an earlier one), not one that revisited it;
     * or one of a thread that runs after w's. A conflicting RMW that took the shared write from an
     * earlier revisit by a write of an earlier thread may not be left out by a smaller prefix that
     * another thread's pin holds it through: its graphs also come from that revisit's other routes (row {@code
     * expected-value-from-the-revisiting-write-after-the-writers-thread} of the differential test,
     * visited twice). A write of a later thread comes before w's read part only by revisiting a
     * read added before it, so no other route puts the two RMWs on it (a fourth thread's store of
     * z revisiting the first exchange of z, then taken by the second: missed). Nor does an RMW's
     * write that revisited c: its read part took c's old write, so no route adds it after w's read
     * part to revisit that instead (in {@code r5 = xchg z 5 rlx || r3 = xchg z 2 rlx || r0 = load
     * z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y acq; r1 = xchg z 1 rlx} both
     * exchanges of z 5 and z 1 on the exchange of z 2's write, two missed). A plain store does:
     * with {@code store z 1 rel} in the load's thread and the exchange of z 5 in a fourth, the
     * store's refilling revisit of that exchange built its graph a second time. Checked on the
     * failed-CAS families and random programs, not proved.
     */
    private static boolean tookWriteNoOtherParentGives(Event c, Event w) {
        return c.rf != null
                && (c.rf.isInit() || c.rf.stamp < c.stamp || c.rf.thread > w.thread || c.rf.isRmwWrite());
    }

    /**
     * Whether an RMW of w's location failed before w in its thread. Then any smaller prefix of w
     * may leave out an RMW that w's prefix holds and that read the write w's read part read. Held
     * through another thread's pin, the conflicting RMW also comes back in a parent where that
     * thread's read is added after the revisit (the wide family's third thread exchanging z
     * visited graphs twice), so a smaller prefix may leave it out only when it took its write
     * where no other parent gives it ({@link #tookWriteNoOtherParentGives}).
     */
    private boolean failedRmwBefore(Event w) {
        for (int i = 0; i < w.index; i++) {
            Event p = g.event(w.thread, i);
            if (p != null && p.loc == w.loc && CoherenceFilter.isFailedRmw(g, p)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a completion revisit of r settles the conflict that w's prefix holds: r is the
     * conflicting RMW's read part, now reading w, and its write part moves right after w. Only when
     * a kept read added after r took its write from a revisit: where every kept read took a write
     * added before it, the parent where w revisits r keeping its full prefix, the read that holds
     * the conflict revisited later, builds the graph. In {@code r3 = fai y 2 rlx; r0 = load z na;
     * r1 = cas y r0 3 acq; store y 1 rlx || store y 5 rlx || r0 = load y acq; r1 = xchg z 1 rlx ||
     * r4 = load z acq; r5 = fai y 7 rlx} both FAIs read the initial write, and the FAI of y 7 holds
     * the first one's write through the acquire load of z, the exchange, the load of y on the store
     * of y 1, and the acquire CAS that read that write. With the load of z on the exchange, which
     * gave it its write keeping dependencies only, this is the only route (three graphs missed when
     * refused); with the load of z on the initial write, the FAI's revisit from the graph where the
     * acquire load of z read the initial write, then the exchange's revisit of it, builds them
     * (three visited twice when completed regardless).
     *
     * <p>Or when a hole an earlier revisit left after r in its thread is still open: filled, it must
     * read a write that comes from a thread the scheduler runs after its own
     * ({@link RefillCondition#ofHolesUnderCompletion}). In {@code r4 = load z acq; r5 = fai y 7 rlx
     * || r3 = fai y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || store y 5 rlx ||
     * r0 = load y acq; r1 = xchg z 1 rlx} the exchange revisits the acquire load of z leaving the
     * CAS thread's load of z open, and the FAI of y 7, added again, completes the FAI of y 2; the
     * load of z, filled, reads the exchange (three graphs missed). On a write of its own thread or
     * of one that runs before it, the parent where the hole's thread ran after that write builds
     * the graph (four visited twice in the family with fourth threads of other shapes), as does
     * the revisit of a read added before r that comes first while the hole is open (one).
     * Checked on the failed-CAS families and the random sweeps, not proved.
     */
    private boolean completesConflict(SmallerPrefix smaller, Event r, Event conflict) {
        if (smaller.keeps() != Keeps.COMPLETION || CoherenceFilter.readPartOf(g, conflict) != r) {
            return false;
        }
        if (RefillCondition.anyOpenHoleAfter(current.refills, g, r)) {
            return true;
        }
        boolean[] kept = smaller.kept();
        for (int s = r.stamp + 1; s < kept.length; s++) {
            Event x = g.byStamp(s);
            if (kept[s] && x.isRead() && x.readsWriteAddedAfter()) {
                return true;
            }
        }
        return false;
    }

    /** Not computed yet. */
    private static final int UNKNOWN = -2;

    /** Whether r is a read of w's location that may read it: not po-before w (coherence). */
    private static boolean mayRead(Event r, Event w) {
        return r.isRead() && r.loc == w.loc && !(r.thread == w.thread && r.index < w.index);
    }

    /** What a revisit keeps when w's prefix holds the read, in the order they are tried. */
    private static final Keeps[] SMALLER_PREFIXES = {
        Keeps.COMPLETION, Keeps.REFILLING, Keeps.FAILING, Keeps.UNORDERED_SOURCES, Keeps.EXPECTED_VALUES_FREE,
        Keeps.RMW_SOURCES_FREE, Keeps.DEPENDENCIES_ONLY
    };

    /** A smaller prefix that applies to a revisit: what it keeps, and those events by stamp. */
    private record SmallerPrefix(Keeps keeps, boolean[] kept) {}

    /**
     * The first smaller prefix, in the order {@link #SMALLER_PREFIXES} tries them, that applies to
     * a revisit of r by the prefixes' write, among those tried before {@code before} (all when
     * null); null when none does.
     */
    private SmallerPrefix firstSmallerPrefix(WritePrefixes prefixes, Event r, Keeps before) {
        for (Keeps keeps : SMALLER_PREFIXES) {
            if (keeps == before) {
                return null;
            }
            boolean[] kept = keptPrefix(keeps, prefixes, r);
            if (kept != null) {
                return new SmallerPrefix(keeps, kept);
            }
        }
        return null;
    }

    /** The events a revisit of r by w keeps, by stamp; null when it cannot keep them so. */
    private boolean[] keptPrefix(Keeps keeps, WritePrefixes prefixes, Event r) {
        Event w = prefixes.write();
        return switch (keeps) {
            case PREFIX -> prefixes.full();
            case COMPLETION -> revisits.completionPrefixOf(g, w, r);
            case REFILLING -> revisits.refillingPrefixOf(g, r, prefixes);
            case FAILING -> revisits.failingPrefixOf(g, w, r);
            case UNORDERED_SOURCES -> revisits.unorderedSourcesPrefixOf(g, prefixes, r);
            case EXPECTED_VALUES_FREE -> revisits.expectedValuesFreePrefixOf(g, prefixes, r);
            case RMW_SOURCES_FREE -> revisits.rmwSourcesFreePrefixOf(g, prefixes, r);
            case CAS_FAILING_ANEW -> revisits.casFailingAnewPrefixOf(g, prefixes, r);
            case DEPENDENCIES_ONLY -> revisits.dependenciesOnlyPrefixOf(g, prefixes, r);
        };
    }

    /** The full prefix a refilling revisit refills pins of, in the graph it leads to; null for other revisits. */
    private boolean[] refilledFrom(Keeps keeps, boolean[] prefix, Event w, Event r) {
        return switch (keeps) {
            case REFILLING -> prefix;
            case FAILING -> revisits.prefixWithFailing(g, w, r);
            case PREFIX, COMPLETION, UNORDERED_SOURCES, EXPECTED_VALUES_FREE, RMW_SOURCES_FREE, CAS_FAILING_ANEW,
                 DEPENDENCIES_ONLY -> null;
        };
    }

    /**
     * r reads w, and a weak CAS that would succeed reading it may also fail spuriously (not one
     * completed anew: its write part is kept).
     */
    private void pushBackwardRevisits(Event r, Event w, Keeps keeps) {
        boolean writes = r.isRmwRead() && !r.isLockRead() && r.action.rmwWrites(w.value);
        if (keeps != Keeps.FAILING || !writes) {
            current.work.add(new BackwardRevisit(r, w, false, keeps));
        }
        if (keeps != Keeps.COMPLETION && writes && r.action.rmwOp() == Action.RmwOp.WEAK_CAS) {
            current.work.add(new BackwardRevisit(r, w, true, keeps));
        }
    }

    // ---------------------------------------------------------------- work items

    private boolean apply(WorkItem item) {
        if (item instanceof ReadAlternative ra) {
            g.restrictTo(ra.read().stamp);
            g.setRf(ra.read(), ra.write());
            ra.read().spuriousFailure = ra.spurious();
            ra.read().addedMax = false;
            ra.read().latestRefillLeaves = latestChoiceRefillsLeave(ra.read(), ra.write());
            Views.compute(g, ra.read(), poOnlyViews);
            // a refilled hole's other choices must bring the revisited read back in as well
            return refillsHoldAfter(ra.read().thread, ra.read().index) && fullCheck(ra.read());
        }
        if (item instanceof WriteAlternative wa) {
            g.restrictTo(wa.write().stamp);
            g.moveCoAfter(wa.write(), wa.predecessor());
            wa.write().addedMax = false;
            calcRevisits(wa.write());
            return fullCheck(wa.write());
        }
        return backwardRevisit((BackwardRevisit) item);
    }

    /** Runs a backward revisit in a copy of the graph restricted to what precedes r and w's prefix. */
    private boolean backwardRevisit(BackwardRevisit br) {
        Event r = br.read();
        Event w = br.write();
        g.restrictTo(w.stamp);
        WritePrefixes prefixes = revisits.prefixesOf(g, w);
        boolean[] prefix = keptPrefix(br.keeps(), prefixes, r);
        if (prefix == null) {
            // calcRevisits saw this same graph (restored to w); dropping the revisit would lose executions
            throw new IllegalStateException("the revisit of " + r + " by " + w + " keeping " + br.keeps()
                    + " no longer applies");
        }
        boolean[] keep = new boolean[g.size()];
        for (int s = 0; s < keep.length; s++) {
            keep[s] = s <= r.stamp || prefix[s];
        }
        boolean refillsExpectedValueSources = br.keeps() == Keeps.EXPECTED_VALUES_FREE;
        RevisitRules.EarlierRevisitHoles earlierHoles = RevisitRules.EarlierRevisitHoles.NONE;
        if (refillsExpectedValueSources || br.keeps() == Keeps.REFILLING) {
            earlierHoles = revisits.earlierRevisitingPrefixHoles(g, r, w, keep, refillsExpectedValueSources);
            if (earlierHoles == null) {
                return false; // its graphs come from the route that keeps the full prefix here
            }
        }
        for (RefillCondition refill : current.refills) {
            if (refill.owedAndNotSettledBy(g, r, keep)) {
                return false; // its graphs would owe the condition for good
            }
            if (refill.droppedOpenBy(g, keep, w) || refill.conflictSettledOpenBy(g, r, w)
                    || refill.revisitsCasExpectingRead(r) || refill.precedesCompletionOpen(g, r)
                    || refill.revisitedAgainOpenBy(g, r, w)) {
                return false; // its graphs come from another route (see each test)
            }
        }
        for (OwedConflict owed : current.owed) {
            if (owed.forfeitedBy(g, r, w)) {
                return false; // the sibling route revisits r before the write that left this debt
            }
        }
        Event[] map = new Event[g.size()];
        ExecutionGraph copy = g.copyKept(keep, map);
        Event rWritePart = CoherenceFilter.writePartOf(g, r);
        boolean[] settled = switch (br.keeps()) {
            case PREFIX, EXPECTED_VALUES_FREE, RMW_SOURCES_FREE, CAS_FAILING_ANEW, DEPENDENCIES_ONLY ->
                    revisits.settledBy(g, prefixes, prefix, false);
            case UNORDERED_SOURCES -> revisits.settledBy(g, prefixes, prefix, true);
            case COMPLETION, REFILLING, FAILING -> prefix;
        };
        for (int s = 0; s < prefix.length; s++) {
            if (settled[s]) {
                map[s].revisitable = false;
            }
            if (poOnlyViews && keep[s] && valueMayChange(g.byStamp(s), r, rWritePart, keep)) {
                map[s].valueFollowsReplay = true;
            }
            if (keep[s] && expectedFollowsReplay(br.keeps(), g.byStamp(s), keep, r)) {
                map[s].expectedFollowsReplay = true;
            }
        }
        Event read = map[r.stamp];
        Event write = map[w.stamp];
        Event oldSource = r.rf == null || r.rf.isInit() ? null : map[r.rf.stamp];
        Execution parent = current;
        current = new Execution(copy);
        inheritRefillConditions(parent, map, r, w, laterRevisit(br.keeps()));
        for (OwedConflict owed : parent.owed) {
            if (!owed.settledBy(parent.graph, r, w)) {
                current.owed.add(owed);
            }
        }
        RefillCondition.EarlierRevisit earlier = br.keeps().yieldsToEarlierRevisits()
                ? earlierRevisitOf(br.keeps(), r.rf.value) : null;
        if (br.keeps() == Keeps.REFILLING) {
            current.refills.add(RefillCondition.of(g, prefixes.full(), keep, read, write,
                    earlierHoles.avoidingWrite()));
        } else if (br.keeps() == Keeps.FAILING) {
            current.refills.add(RefillCondition.of(g, revisits.prefixWithFailing(g, w, r), keep, read, write,
                    RefillCondition.NO_HOLES));
        } else if (br.keeps() == Keeps.EXPECTED_VALUES_FREE) {
            Event conflict = w.isRmwWrite() ? conflictingRmw(w) : null; // as calcRevisits found it
            current.refills.add(RefillCondition.ofExpectedValueHoles(g, prefixes.full(), keep, read, write,
                    earlierHoles.readingWrite(), conflict != null && prefixes.full()[conflict.stamp]));
        } else if (br.keeps() == Keeps.DEPENDENCIES_ONLY && !prefixes.full()[r.stamp]) {
            current.refills.add(RefillCondition.ofHolesBringingIn(g, prefixes.full(), keep, read, write, earlier));
            OwedConflict owed = OwedConflict.of(g, r, keep);
            if (owed != null) {
                current.owed.add(owed);
            }
        } else if (br.keeps() == Keeps.UNORDERED_SOURCES && revisits.deletesHoleHoldingThroughItsSource(g, r,
                prefixes.full(), keep)) {
            current.refills.add(RefillCondition.ofHoles(g, prefixes.full(), keep, read, write, null));
        } else if (br.keeps() == Keeps.CAS_FAILING_ANEW) {
            Event source = sourceOfCasMadeToFail(r, keep);
            current.refills.add(RefillCondition.ofCasFailingAnew(g, prefixes.full(), keep, read, write,
                    RefillCondition.positionOf(source)));
        } else if (br.keeps().leavesHoles()) {
            current.refills.add(RefillCondition.ofHoles(g, prefixes.full(), keep, read, write, earlier));
        } else if (br.keeps() == Keeps.RMW_SOURCES_FREE) {
            current.refills.add(RefillCondition.ofRmwSources(g, prefixes.full(), keep, read, write, earlier));
        } else if (br.keeps() == Keeps.COMPLETION) {
            Event conflict = w.isRmwWrite() ? conflictingRmw(w) : null; // as calcRevisits found it
            boolean settlesHeldConflict = conflict != null && prefixes.full()[conflict.stamp]
                    && CoherenceFilter.readPartOf(g, conflict) == r;
            RefillCondition underCompletion = settlesHeldConflict
                    ? RefillCondition.ofHolesUnderCompletion(parent.refills, g, r, read, write) : null;
            if (underCompletion != null) {
                current.refills.add(underCompletion);
            }
        }
        stack.push(current);
        g = copy;
        g.setRf(read, write);
        read.spuriousFailure = br.spurious();
        Views.compute(g, read, poOnlyViews);
        Event completed = br.keeps() == Keeps.COMPLETION ? complete(read, write) : null;
        List<Event> refilled = br.keeps() == Keeps.RMW_SOURCES_FREE || br.keeps() == Keeps.CAS_FAILING_ANEW
                ? refillUnderWriteParts() : List.of();
        if (refilled == null) {
            return false;
        }
        if (!revisits.earlierRevisitsKeepTheirPrefixes(g, read, write, refilled, br.keeps() == Keeps.REFILLING,
                refillsExpectedValueSources, oldSource)
                || !refillsHoldAfter(read.thread, read.index)) {
            return false; // (a refilled hole revisited must bring the earlier revisit's read back in too)
        }
        List<Event> candidates = CoherenceFilter.rfCandidates(g, read);
        if (!candidates.contains(write)) {
            return false;
        }
        // Maximal when w is the latest write the read may take: under IMM, events po-after a filled
        // hole bound it below co-max.
        read.addedMax = write == candidates.get(candidates.size() - 1) && !br.spurious();
        read.latestRefillLeaves = false;
        if (read.rmwSucceedsReading(write, br.spurious())
                && CoherenceFilter.consumedBySettledRmw(read, write, poOnlyViews)) {
            return false;
        }
        boolean consistent;
        if (completed != null) {
            consistent = fullCheck(read, write, completed);
        } else if (refilled.isEmpty()) {
            consistent = fullCheck(read, write);
        } else {
            refilled.add(read);
            refilled.add(write);
            consistent = fullCheck(refilled.toArray(new Event[0]));
        }
        if (consistent && br.keeps() == Keeps.PREFIX && poOnlyViews) {
            pushRefillingRevisitsOfKeptReads(read, write);
        }
        return consistent;
    }

    /**
     * The expected-value source of the CAS that a revisit of r keeping {@code keep} makes fail anew
     * ({@link RevisitRules#casFailingAnewPrefixOf}): the CAS is kept, its write part and its source
     * are not.
     */
    private Event sourceOfCasMadeToFail(Event r, boolean[] keep) {
        for (int s = r.stamp + 1; s < keep.length; s++) {
            Event cas = g.byStamp(s);
            Event source = keep[s] ? RevisitRules.soleSourceOfCasThatWrote(g, cas) : null;
            if (source != null && !keep[source.stamp] && !keep[CoherenceFilter.writePartOf(g, cas).stamp]) {
                return source;
            }
        }
        throw new IllegalStateException("the revisit of " + r + " makes no CAS fail");
    }

    /**
     * After w revisited r keeping its full prefix: w may also revisit the reads added after r that
     * the prefix holds only through pins, refilling them. Revisiting such a read first would keep
     * r, added before it, reading what it read, and no later write can make r read w. Not a read
     * that a revisit gave a write added after it: the graph has another parent, where it read what
     * that write's reader reads now. In {@code r4 = load z rlx; store y 7 rlx || r3 = xchg z 2 rlx
     * || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y acq; store z 1 rel}
     * the store of z refills the load of z on its write, and the exchange, added again on the store,
     * revisits the relaxed load and then would refill the load of z on its own write; the
     * exchange's revisit of the relaxed load first, with the load of z reading the exchange, then the
     * store's revisits of the relaxed load and of the exchange, build those graphs (two visited twice).
     */
    private void pushRefillingRevisitsOfKeptReads(Event read, Event write) {
        WritePrefixes prefixes = revisits.prefixesOf(g, write); // each computed when first asked
        for (int s = write.stamp - 1; s > read.stamp; s--) {
            Event b = g.byStamp(s);
            if (!mayRead(b, write) || b.rf == write || !prefixes.full()[s] || b.readsWriteAddedAfter()) {
                continue;
            }
            boolean[] kept = revisits.refillingPrefixOf(g, b, prefixes);
            if (kept != null && maximality.isMaximalExtension(g, b, write, kept, false, prefixes.full())) {
                pushBackwardRevisits(b, write, Keeps.REFILLING);
            }
        }
    }

    /**
     * A revisit of r by w that keeps a refilling revisit's read and write still descends from it,
     * unless it settles a conflict on that revisit's write (judged in the parent's graph, which
     * {@code map} copies).
     */
    private void inheritRefillConditions(Execution parent, Event[] map, Event r, Event w,
                                         RefillCondition.LaterRevisit later) {
        for (RefillCondition refill : parent.refills) {
            RefillCondition copied = refill.copiedWith(parent.graph, map, r, w, later);
            if (copied != null) {
                current.refills.add(copied);
            }
        }
    }

    private static RefillCondition.LaterRevisit laterRevisit(Keeps keeps) {
        return switch (keeps) {
            case PREFIX -> RefillCondition.LaterRevisit.FULL_PREFIX;
            case COMPLETION -> RefillCondition.LaterRevisit.COMPLETION;
            case RMW_SOURCES_FREE -> RefillCondition.LaterRevisit.FREEING_RMW_SOURCES;
            default -> RefillCondition.LaterRevisit.OTHER;
        };
    }

    /** The kept write part of a revisited RMW read, moved right after what it now reads (atomicity). */
    private Event complete(Event read, Event write) {
        Event writePart = CoherenceFilter.writePartOf(g, read);
        g.setValue(writePart, read.rmwWritten(write.value));
        g.moveCoAfter(writePart, write);
        Views.compute(g, writePart, poOnlyViews);
        return writePart;
    }

    /**
     * The RMW reads a revisit kept without their source ({@link RevisitRules#rmwSourcesFreePrefixOf}):
     * each reads the write right before its write part in co (atomicity), which writes the value it
     * now computes; its readers' values follow, as no kept event uses them. Null when a CAS among
     * them would fail there.
     */
    private List<Event> refillUnderWriteParts() {
        List<Event> changed = new ArrayList<>();
        for (Event e : g.events()) {
            if (e.isRead() && e.rf == null) { // kept without its source (ExecutionGraph.copyKept)
                Event before = g.coPredecessor(CoherenceFilter.writePartOf(g, e));
                if (!e.rmwSucceedsReading(before, false)) {
                    return null; // a CAS that would fail there: its kept write part has no graph
                }
                g.setRf(e, before);
                Views.compute(g, e, poOnlyViews);
                changed.add(e);
                if (!recomputeWritePart(e, changed)) {
                    return null;
                }
            }
        }
        return changed;
    }

    /**
     * Gives the write part of RMW read e the value it writes after what e reads now, and so on along
     * the RMWs that read it. False when one of them is a CAS that would now fail.
     */
    private boolean recomputeWritePart(Event e, List<Event> changed) {
        Event writePart = CoherenceFilter.writePartOf(g, e);
        g.setValue(writePart, e.rmwWritten(e.value));
        changed.add(writePart);
        for (Event reader : writePart.readers) {
            if (reader.isRmwRead() && CoherenceFilter.writePartOf(g, reader) != null) {
                if (!reader.rmwSucceedsReading(writePart, false) || !recomputeWritePart(reader, changed)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Maximal choices are consistent by extensibility, except next to IMM's filled holes. */
    private boolean maximalChoiceConsistent() {
        return !poOnlyViews || model.isConsistent(g);
    }

    /** The model's check after non-maximal choices of {@code changed} (maximal ones are consistent). */
    private boolean fullCheck(Event... changed) {
        if (options.alwaysFullCheck()) {
            return model.isConsistent(g);
        }
        return !model.needsFullCheck(g) || model.isConsistentAfter(g, changed);
    }
}
