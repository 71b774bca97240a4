package dev.weft.runtime;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.SplittableRandom;

/** One thread of the program in one execution: its id in the graph and its runtime state. */
final class ModelThread {
    final Scheduler scheduler;
    final int id;
    /** The {@code Thread} object the code under test sees as this thread. */
    final Thread userThread;
    /** What it runs: the test body, or the started Thread's run(). */
    Runnable code;
    /** The real thread that runs it; set when it first gets the turn. */
    volatile Carrier carrier;
    /** The thread that got the turn when this one finished, to run on this one's carrier. */
    ModelThread successor;
    /** The result of this thread's last action (value read, old value, child id). */
    long value;
    /** The thread object being started by this thread's pending SPAWN. */
    Thread spawning;
    /** Locks this thread holds (monitors, ReentrantLocks) by location, with their recursion counts. */
    final HashMap<Integer, int[]> locksHeld = new HashMap<>();
    /** The private object whose real monitor stands in for every monitor this thread enters. */
    final Object monitorStandIn = new Object();
    /** Deterministic sources that replace clocks and random numbers. */
    long clockTicks;
    final SplittableRandom random;
    /** Objects this thread allocated in this execution, numbering its next one. */
    int allocations;
    /** Whether this thread has used its one spurious wake-up of the execution. */
    boolean spuriousWakeupUsed;
    /** Whether this thread has used its one spurious weak-CAS failure of the execution. */
    boolean spuriousFailureUsed;
    /** Objects this thread reached through frozen final fields, with those freezes ({@link FinalFields}). */
    final IdentityHashMap<Object, long[]> reachedThroughFinals = new IdentityHashMap<>();
    /** Spin-loop tracking: the loop head last visited and the events since. */
    int spinHead = -1;
    int readsSinceHead;
    int writesSinceHead;

    ModelThread(Scheduler scheduler, int id, Thread userThread) {
        this.scheduler = scheduler;
        this.id = id;
        this.userThread = userThread;
        this.random = new SplittableRandom(0x5EED_0000L + id);
    }

    /**
     * The model thread running on the current JVM thread, or null if it is not one (or is
     * initialising a class, {@link Carrier#enterClassInit}). Instrumented code on another thread
     * while a check runs escapes the explorer: the check is failed.
     */
    static ModelThread current() {
        Thread t = Thread.currentThread();
        if (t instanceof Carrier c) {
            return c.modelThread();
        }
        Scheduler s = Scheduler.active;
        if (s != null && t != s.caller()) {
            s.outsider(t);
        }
        return null;
    }

    String name() {
        return "thread " + id + " (" + userThread.getName() + ")";
    }
}
