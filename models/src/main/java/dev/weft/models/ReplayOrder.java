package dev.weft.models;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Decides when a thread may replay a recorded event ahead of insertion order.
 *
 * <p>Replaying in insertion order is always right, but it switches threads at almost every event,
 * and for the JVM runtime a switch is a hand-over between real threads (issue 3). A replayed
 * event's value comes from the graph, so the order matters only through what the program observes
 * besides the values it reads: the state the runtime keeps per execution, such as monitors' wait
 * sets and the objects allocated so far. So the thread that stepped last may run ahead over memory
 * accesses; synchronisation events (locks, spawns, joins, ends) keep insertion order. The runtime
 * covers the rest: code that reads other threads' runtime state first {@linkplain #holdBack holds
 * its thread back} to insertion order, and so does a read that names an object not allocated yet.
 *
 * <p>A lock acquisition that a release revisited is replayed in insertion order, before the
 * release it reads from (TruSt restores the graph up to the read, then adds the write's prefix).
 * What its thread does next may depend on what the releasing thread did before the release (the
 * wait set it left), so the thread runs ahead again only once that release and its own
 * synchronisation prefix are replayed: such releases are kept per thread ({@code awaited}), usually
 * none, and dropped once replayed.
 */
final class ReplayOrder {
    /** A write in the prefix of a thread's events after {@code fromIndex}, not replayed when recorded. */
    private record Awaited(int fromIndex, Event write) {}

    private boolean[] heldBack = new boolean[0];
    private List<Awaited>[] awaited = newLists(0);
    /** The thread that took the last step in this execution; -1 before the first. */
    private int lastStepped = -1;

    @SuppressWarnings("unchecked")
    private static List<Awaited>[] newLists(int n) {
        return (List<Awaited>[]) new List<?>[n];
    }

    void reset(int slots) {
        if (heldBack.length < slots) {
            heldBack = new boolean[slots];
            awaited = newLists(slots);
        } else {
            Arrays.fill(heldBack, false);
            Arrays.fill(awaited, null);
        }
        lastStepped = -1;
    }

    void ensureThread(int n) {
        if (n > heldBack.length) {
            heldBack = Arrays.copyOf(heldBack, n);
            awaited = Arrays.copyOf(awaited, n);
        }
    }

    /** Thread t's next event is to wait for insertion order (the runtime is about to read its state). */
    void holdBack(int t) {
        heldBack[t] = true;
    }

    /** Thread t adds a new event. */
    void stepping(int t) {
        lastStepped = t;
        heldBack[t] = false;
    }

    /** Thread t replays its recorded event {@code e}. */
    void stepping(int t, Event e, int[] position) {
        stepping(t);
        Action.Kind k = e.action.kind();
        if ((k == Action.Kind.LOCK || k == Action.Kind.JOIN) && !replayedWithPrefix(e.rf, position)) {
            await(t, e.index, e.rf);
        }
    }

    /** Parent's spawn {@code create} starts {@code child}, whose prefix includes the create's. */
    void spawned(Event create, int child) {
        List<Awaited> parent = awaited[create.thread];
        if (parent != null) {
            for (Awaited a : parent) {
                await(child, 0, a.write);
            }
        }
    }

    /** The thread that stepped last, unless it is held back; -1 before the first step. */
    int lastStepped() {
        return lastStepped >= 0 && !heldBack[lastStepped] ? lastStepped : -1;
    }

    /** Whether live thread t may replay its next event now, ahead of insertion order. */
    boolean mayRunAhead(int t, ExecutionGraph g, int[] position) {
        Event e = g.event(t, position[t]);
        if (e == null) {
            return false;
        }
        return switch (e.action.kind()) {
            case READ, WRITE, RMW, FENCE -> prefixReplayed(t, position[t], position);
            default -> false;
        };
    }

    private void await(int t, int fromIndex, Event write) {
        if (awaited[t] == null) {
            awaited[t] = new ArrayList<>(2);
        }
        awaited[t].add(new Awaited(fromIndex, write));
    }

    /** Whether write w and the synchronisation in its prefix have been replayed. */
    private boolean replayedWithPrefix(Event w, int[] position) {
        return w.isInit() || position[w.thread] > w.index && prefixReplayed(w.thread, w.index, position);
    }

    /**
     * Whether the awaited releases of thread t's events before {@code index} have been replayed. An
     * awaited write once replayed with its prefix stays so for the execution, and is dropped.
     */
    private boolean prefixReplayed(int t, int index, int[] position) {
        List<Awaited> list = awaited[t];
        if (list == null) {
            return true;
        }
        for (int i = list.size() - 1; i >= 0; i--) {
            Awaited a = list.get(i);
            if (a.fromIndex < index) {
                if (!replayedWithPrefix(a.write, position)) {
                    return false;
                }
                list.remove(i);
            }
        }
        return true;
    }
}
