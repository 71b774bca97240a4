package dev.weft.runtime;

import dev.weft.models.Action;
import dev.weft.models.Explorer;
import dev.weft.models.NondeterminismException;
import dev.weft.models.Program;
import dev.weft.models.Violation;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs a test body under the explorer, once per execution graph.
 *
 * <p>Exactly one model thread runs at a time: the one holding the turn. It runs its own code until
 * its next action, then drives the explorer itself (DESIGN §4: no extra thread): it offers the
 * action, steps it, and asks the explorer who goes next; if that is itself, it carries on without
 * a context switch, otherwise it hands the turn over and parks. The caller of {@link #run} only
 * starts executions and watches them, so that a thread stuck in uninstrumented code can be
 * reported instead of hanging the build.
 *
 * <p>To the explorer this is an ordinary {@link Program} whose threads always offer their action
 * before they are stepped, so {@link #next} is never called.
 */
final class Scheduler implements Program {
    /**
     * How long a thread that waits for its turn spins before it parks: the turn often comes back
     * within microseconds, and a park/unpark pair costs several. Longer spins lose on two cores,
     * where spinning threads take the CPU from the one that runs (docs/benchmarks.md).
     */
    private static final int SPINS = 64;

    /** The check running in this JVM, if any (one at a time). */
    static volatile Scheduler active;

    final CheckOptions options;
    final Explorer explorer;
    final ObjectIds ids = new ObjectIds(this::awaitReplayOrderOfCurrentThread);
    final Locations locations = new Locations(ids);
    final FinalFields finals = new FinalFields();
    final Monitors monitors = new Monitors(this);
    private final Weft.Body body;
    private final Thread caller;

    private ModelThread[] threads = new ModelThread[4];
    private final IdentityHashMap<Thread, ModelThread> byUserThread = new IdentityHashMap<>();
    private volatile ModelThread turn;
    private volatile boolean aborted;
    /** Guards {@link #liveCarriers} and {@link #over}; the controller waits on it. */
    private final Object runLock = new Object();
    /** Carriers running model threads of the current execution. */
    private int liveCarriers;
    /** No execution follows: the last one ended, or the controller gave up on it. */
    private boolean over;
    private long deadline;
    private boolean exhaustive = true;
    /** Events performed; the watchdog reads it to tell a slow thread from a stuck one. */
    private volatile long progress;
    private final List<Failure> failures = new ArrayList<>();
    /** The first race found under {@link RacePolicy#WARN}. */
    private String firstRace;
    private int violationsSeen;
    /** Executions started, numbered from 1 (the replay handle of a failure). */
    private long runs;
    private volatile boolean fatal;

    Scheduler(CheckOptions options, Weft.Body body) {
        this.options = options;
        this.body = body;
        this.caller = Thread.currentThread();
        this.explorer = new Explorer(this, options.model(), options.explorerOptions());
    }

    // ---------------------------------------------------------------- the controller (caller's thread)

    CheckResult run() {
        long start = System.nanoTime();
        deadline = options.timeBudget().isZero() ? Long.MAX_VALUE : start + options.timeBudget().toNanos();
        active = this;
        try {
            ModelThread main = beginExecution();
            if (main != null) {
                handTurnTo(main);
                awaitEnd();
            }
        } finally {
            active = null;
        }
        var result = explorer.result();
        if (!failures.isEmpty()
                || options.maxExecutions() > 0 && result.complete() + result.blocked() >= options.maxExecutions()) {
            exhaustive = false;
        }
        List<String> warnings = new ArrayList<>();
        if (firstRace != null) {
            warnings.add(firstRace);
        }
        if (result.complete() == 0 && result.blocked() > 0 && failures.isEmpty()) {
            warnings.add("no execution completed: every one was blocked (a spin loop that never exits, or a thread"
                    + " blocked for good), so nothing after that point was checked");
        }
        return new CheckResult(options.model(), result.complete(), result.blocked(), List.copyOf(failures),
                System.nanoTime() - start, exhaustive, List.copyOf(warnings));
    }

    /** The explorer's violations of the execution that just ran, as failures of this run. */
    private void collectViolations() {
        List<Violation> all = explorer.result().violations();
        for (int i = violationsSeen; i < all.size(); i++) {
            Violation v = all.get(i);
            Failure.Kind kind = v.cause() == Violation.Cause.EVENT_BOUND ? Failure.Kind.LIVELOCK
                    : Failure.Kind.UNCAUGHT_EXCEPTION;
            failures.add(new Failure(kind, v.message(), v.graph().render(this::locationName, locations::format),
                    v.graph(), locations.names(), runs, options.model()));
        }
        violationsSeen = all.size();
    }

    /** A failure in the current execution, with its graph. */
    private Failure failure(Failure.Kind kind, String message) {
        var snapshot = explorer.snapshot();
        return new Failure(kind, message, snapshot.render(this::locationName, locations::format), snapshot, locations.names(), runs,
                options.model());
    }

    /** A failure of the check itself, outside any execution. */
    private Failure setupFailure(Failure.Kind kind, String message) {
        return new Failure(kind, message, "", null, Map.of(), 0, options.model());
    }

    /**
     * Counts the execution that just ended and sets up the next: returns its main thread, which
     * holds the turn but has no carrier yet, or null when the check is over. Runs on the carrier
     * that left the last execution last (the controller for the first), which then runs the new
     * main thread itself: no thread is woken between executions.
     */
    private ModelThread beginExecution() {
        if (runs > 0) {
            collectViolations();
            if (runs == options.replay()) {
                exhaustive = false;
                return null;
            }
        }
        if (fatal || !explorer.nextExecution()) {
            return null;
        }
        if (System.nanoTime() > deadline) {
            exhaustive = false;
            return null;
        }
        runs++;
        aborted = false;
        Arrays.fill(threads, null);
        byUserThread.clear();
        ids.reset();
        finals.reset();
        locations.restorePersistentState();
        monitors.reset();
        ModelThread main = newThread(0, caller);
        main.code = this::runBody;
        turn = main;
        return main;
    }

    private void runBody() {
        try {
            body.run();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new BodyThrew(t);
        }
    }

    /** Carries a checked exception of the body out of a Runnable. */
    private static final class BodyThrew extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BodyThrew(Throwable cause) {
            super(cause);
        }
    }

    /** Waits until the last execution is over, watching for a thread stuck outside the model. */
    private void awaitEnd() {
        long timeout = options.stuckTimeout().toMillis();
        long lastProgress = progress;
        long lastChange = System.currentTimeMillis();
        synchronized (runLock) {
            while (!over) {
                try {
                    runLock.wait(Math.min(250, timeout));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    fail(setupFailure(Failure.Kind.INTERNAL, "the check was interrupted"));
                    giveUp();
                    return;
                }
                long now = System.currentTimeMillis();
                if (progress != lastProgress) {
                    lastProgress = progress;
                    lastChange = now;
                } else if (now - lastChange >= timeout && !over) {
                    reportStuck();
                    giveUp();
                    return;
                }
            }
        }
    }

    /** The controller stops waiting: the carriers still unwinding start nothing new. */
    private void giveUp() {
        over = true;
        abortExecution();
        collectViolations();
    }

    private void reportStuck() {
        ModelThread t = turn;
        Carrier c = t == null ? null : t.carrier;
        StringBuilder frames = new StringBuilder();
        if (c != null) {
            for (StackTraceElement e : c.getStackTrace()) {
                frames.append(System.lineSeparator()).append("    at ").append(e);
            }
        }
        fail(failure(Failure.Kind.STUCK, (t == null ? "a thread" : t.name()) + " ran for "
                + options.stuckTimeout().toSeconds() + " s without reaching a shared-memory or synchronisation"
                + " operation Weft controls: it is blocked or looping in uninstrumented code (a JDK blocking call"
                + " Weft does not model, I/O, or a loop over local state). Where it is:" + frames));
        if (c != null) {
            CarrierPool.SHARED.forget(c);
            c.interrupt();
        }
    }

    // ---------------------------------------------------------------- model threads

    private ModelThread newThread(int id, Thread user) {
        if (id >= threads.length) {
            threads = Arrays.copyOf(threads, Math.max(id + 1, threads.length * 2));
        }
        ModelThread t = new ModelThread(this, id, user);
        threads[id] = t;
        byUserThread.put(user, t);
        return t;
    }

    Thread caller() {
        return caller;
    }

    /**
     * Instrumented code ran on a thread this check does not control (one that uninstrumented code
     * started: a parallel stream, a JDK pool, a timer): its accesses and exceptions escape the
     * explorer, so the check cannot vouch for anything.
     */
    void outsider(Thread t) {
        if (fatal) {
            return;
        }
        StringBuilder frames = new StringBuilder();
        for (StackTraceElement e : t.getStackTrace()) {
            if (!e.getClassName().startsWith("dev.weft.runtime.")) {
                frames.append(System.lineSeparator()).append("    at ").append(e);
            }
        }
        fail(setupFailure(Failure.Kind.UNSUPPORTED, "code under test ran on the thread \"" + t.getName()
                + "\", which the check did not start (a parallel stream, a JDK executor or timer, or a thread"
                + " started by uninstrumented code): Weft can neither explore its accesses nor report its"
                + " exceptions. Start threads with new Thread(...).start() in the code under test." + frames));
        abortExecution();
    }

    /** The model thread of a {@code Thread} object, as far as the execution has got (started or not). */
    ModelThread modelThreadOf(ModelThread me, Thread user) {
        awaitReplayOrder(me);
        return byUserThread.get(user);
    }

    /**
     * Called before runtime code reads state that other threads' synchronisation events change
     * (which threads are started or finished, who waits on a monitor). A replay lets a thread run
     * ahead over its memory accesses; here it waits until every event recorded before its next one
     * has been replayed, so that it finds that state as it was when the event was first added.
     * False if nothing was left to replay.
     */
    boolean awaitReplayOrder(ModelThread me) {
        if (!explorer.holdBack(me.id)) {
            return false;
        }
        drive(me);
        return true;
    }

    /** {@link #awaitReplayOrder} for a read that named an object its thread has not allocated yet. */
    private boolean awaitReplayOrderOfCurrentThread() {
        ModelThread me = Thread.currentThread() instanceof Carrier c ? c.modelThread() : null;
        return me != null && awaitReplayOrder(me);
    }

    /** The work of a pooled carrier: its model thread, then each one it takes over ({@link #drive}). */
    private void runCarrier(ModelThread first) {
        Carrier c = (Carrier) Thread.currentThread();
        for (ModelThread t = first; t != null; ) {
            c.bind(t);
            t.carrier = c;
            t = runModelThread(t);
            Thread.interrupted(); // an interrupt meant for one model thread must not leak into the next
        }
    }

    /**
     * Runs one model thread on this carrier: waits for its first turn, runs its code, finishes.
     * Returns the model thread this carrier runs next: one that got the turn when this one finished
     * and has no carrier yet, or the main thread of the next execution; null if none.
     */
    private ModelThread runModelThread(ModelThread me) {
        try {
            awaitTurn(me);
            if (runCode(me)) {
                perform(me, Action.finish("end of thread " + me.id)); // not the JVM's thread name: it differs per run
                if (me.successor != null) {
                    return me.successor;
                }
            }
        } catch (ExecutionAborted a) {
            // the execution ended while this thread was blocked, or was cut short
        } catch (Throwable internal) {
            fail(failure(Failure.Kind.INTERNAL, "Weft failed: " + stackTrace(internal)));
            abortExecution();
        }
        return leaveExecution();
    }

    /** Runs the thread's code; false if the execution ended (or was cut short) before it returned. */
    private boolean runCode(ModelThread me) {
        try {
            me.code.run();
            return true;
        } catch (ExecutionAborted a) {
            return false;
        } catch (UnsupportedByWeft u) {
            fail(failure(Failure.Kind.UNSUPPORTED, u.getMessage()));
            abortExecution();
            return false;
        } catch (Throwable t) {
            uncaught(me, t instanceof BodyThrew ? t.getCause() : t);
            return false;
        }
    }

    /**
     * This carrier is done with the current execution. The last one out starts the next execution
     * and returns its main thread, to run it itself; the controller hears when there is none.
     */
    private ModelThread leaveExecution() {
        synchronized (runLock) {
            if (--liveCarriers > 0 || over) {
                return null;
            }
            liveCarriers = 1; // this carrier, for the next execution
        }
        ModelThread main = null;
        try {
            main = beginExecution();
        } catch (Throwable internal) {
            fail(setupFailure(Failure.Kind.INTERNAL, "Weft failed between executions: " + stackTrace(internal)));
        }
        if (main == null) {
            synchronized (runLock) {
                liveCarriers = 0;
                over = true;
                runLock.notifyAll();
            }
        }
        return main;
    }

    private void uncaught(ModelThread me, Throwable t) {
        if (aborted) {
            return;
        }
        String where = userFrame(t);
        try {
            perform(me, Action.error("uncaught " + describe(t) + " in " + me.name() + stackTrace(t), where));
        } catch (ExecutionAborted expected) {
            // an error ends the execution
        }
    }

    private static String describe(Throwable t) {
        return t.getClass().getName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
    }

    private static String userFrame(Throwable t) {
        for (StackTraceElement e : t.getStackTrace()) {
            String c = e.getClassName();
            if (!c.startsWith("dev.weft.runtime.") && !c.startsWith("java.") && !c.startsWith("jdk.")
                    && !c.startsWith("org.junit.")) {
                return e.getFileName() + ":" + e.getLineNumber();
            }
        }
        return "unknown";
    }

    private static String stackTrace(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        StringBuilder sb = new StringBuilder();
        for (String line : w.toString().split("\\R")) {
            if (line.contains("dev.weft.runtime.") || line.contains("dev.weft.junit.") || line.contains("java.lang.invoke.")) {
                continue; // Weft's own frames say nothing about the bug
            }
            sb.append(System.lineSeparator()).append("      ").append(line.strip());
        }
        return sb.toString();
    }

    /** Starts the thread object a SPAWN created (called while the parent steps it). */
    private void startChild(int childId, Thread user) {
        newThread(childId, user).code = user::run;
    }

    /**
     * Puts a thread on a carrier when it first gets the turn, not when it is started: the carrier
     * then wakes once, already holding the turn, and a thread that never runs (the execution was
     * cut short) costs nothing.
     */
    private void launch(ModelThread t) {
        synchronized (runLock) {
            liveCarriers++;
        }
        CarrierPool.SHARED.start(t, () -> runCarrier(t));
    }

    // ---------------------------------------------------------------- the turn

    /** Where {@code me} is now, as a freeze (JLS 17.5) taken there: what happens before its next event. */
    long freezePoint(ModelThread me) {
        return Action.freezePoint(me.id, explorer.nextIndex(me.id));
    }

    /**
     * Performs {@code a} as thread {@code me}'s next action and returns its result. Runs the explorer
     * on this thread; parks while other threads take their steps.
     */
    long perform(ModelThread me, Action a) {
        if (aborted) {
            throw ExecutionAborted.INSTANCE;
        }
        progress++;
        explorer.offer(me.id, a);
        drive(me);
        countForSpinLoops(me, a);
        return me.value;
    }

    /**
     * Spin-assume needs to know whether a loop iteration changed anything: a read, a failed CAS and
     * an exchange that put back the value it found (a park that found no permit) change nothing.
     */
    private void countForSpinLoops(ModelThread me, Action a) {
        boolean noEffect = switch (a.kind()) {
            case READ, FENCE -> true;
            case RMW -> !explorer.lastRmwWrote(me.id)
                    || a.rmwOp() == Action.RmwOp.EXCHANGE && me.value == a.value();
            default -> false;
        };
        if (noEffect) {
            me.readsSinceHead++;
        } else {
            me.writesSinceHead++;
        }
    }

    private void drive(ModelThread me) {
        while (true) {
            int t = explorer.nextThread();
            if (t < 0) {
                boolean done = !explorer.isLive(me.id);
                endExecution();
                if (done) {
                    return;
                }
                throw ExecutionAborted.INSTANCE;
            }
            ModelThread next = threads[t];
            if (next == me) {
                if (explorer.needsAction(t)) {
                    return; // my action is done; run my code to my next one
                }
                step(me);
                continue;
            }
            boolean done = !explorer.isLive(me.id);
            if (done && next.carrier == null) {
                // this carrier takes the thread over once my code has unwound: no thread to wake
                me.successor = next;
                turn = next;
                return;
            }
            handTurnTo(next);
            if (done) {
                return;
            }
            awaitTurn(me);
        }
    }

    private void step(ModelThread me) {
        boolean ok;
        try {
            ok = explorer.step(me.id);
        } catch (NondeterminismException e) {
            fail(failure(Failure.Kind.NONDETERMINISM, e.getMessage() + ". Make the test depend only on"
                    + " what it reads from shared memory: no clocks, unseeded randomness, I/O or iteration"
                    + " order of identity-hashed collections."));
            abortExecution();
            throw ExecutionAborted.INSTANCE;
        }
        if (!ok) {
            abortExecution();
            throw ExecutionAborted.INSTANCE;
        }
    }

    private void handTurnTo(ModelThread next) {
        turn = next;
        Carrier c = next.carrier;
        if (c != null) {
            LockSupport.unpark(c);
        } else {
            launch(next);
        }
    }

    private void awaitTurn(ModelThread me) {
        int spins = 0;
        while (turn != me) {
            if (aborted) {
                throw ExecutionAborted.INSTANCE;
            }
            if (spins < SPINS) {
                spins++;
                Thread.onSpinWait();
            } else {
                LockSupport.park(this);
            }
        }
        if (aborted) {
            throw ExecutionAborted.INSTANCE;
        }
    }

    /** The execution ran to its end: count it, report a deadlock, release blocked threads. */
    private void endExecution() {
        Explorer.Ending ending = explorer.endExecution();
        if (ending == Explorer.Ending.COMPLETE && options.races() != RacePolicy.IGNORE && firstRace == null) {
            checkRaces();
        }
        if (ending == Explorer.Ending.BLOCKED) {
            String deadlock = monitors.describeDeadlock(threads);
            if (deadlock != null) {
                fail(failure(Failure.Kind.DEADLOCK, deadlock));
            }
        }
        abortExecution();
    }

    private void checkRaces() {
        String race = explorer.firstRace();
        if (race == null) {
            return;
        }
        if (options.races() == RacePolicy.FAIL) {
            fail(failure(Failure.Kind.DATA_RACE, race));
        } else {
            firstRace = race + " (first race; races = WARN)";
            System.err.println("weft: warning: " + firstRace);
        }
    }

    /** Ends the execution for every model thread: blocked ones wake up and unwind. */
    void abortExecution() {
        aborted = true;
        for (ModelThread t : threads) {
            if (t != null && t.carrier != null) {
                LockSupport.unpark(t.carrier);
            }
        }
    }

    boolean isAborted() {
        return aborted;
    }

    private void fail(Failure f) {
        synchronized (failures) {
            failures.add(f);
        }
        fatal = true;
        explorer.stop();
    }

    // ---------------------------------------------------------------- Program

    @Override
    public int initialThreads() {
        return 1;
    }

    @Override
    public void reset() {
        // each execution re-runs the body from beginExecution
    }

    @Override
    public Action next(int thread) {
        throw new IllegalStateException("model threads offer their actions themselves");
    }

    @Override
    public void resume(int thread, long value, int nextIndex) {
        ModelThread t = threads[thread];
        t.value = value;
        if (t.spawning != null) {
            Thread user = t.spawning;
            t.spawning = null;
            startChild((int) value, user);
        }
    }

    @Override
    public long initialValue(int location) {
        return locations.initialValue(location);
    }

    @Override
    public String locationName(int location) {
        return locations.name(location);
    }
}
