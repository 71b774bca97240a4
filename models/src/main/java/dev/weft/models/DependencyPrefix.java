package dev.weft.models;

import java.util.ArrayList;

/**
 * The prefix of an event under IMM, which a backward revisit keeps (HMC, seed 002): what the event
 * depends on through rf, address, data and control dependencies, an RMW's two parts together,
 * thread creation and join, the same-location po-predecessors that ar orders before it (detour and
 * bob's release writes), and what IMM's barrier order (bob) puts before it. Other same-location
 * po-predecessors may be deleted by a revisit and refilled: the explorer's maximality check bounds
 * them by coherence with the kept events after them. As in GenMC's
 * pporf, a write reached through an internal rf only brings its own dependencies: rfi orders
 * nothing by itself outside ppo ([R]; (deps ∪ rfi)+; [W]), so the barriers before such a write
 * stay out and load buffering through it remains revisitable.
 */
final class DependencyPrefix {
    private final ExecutionGraph g;
    private final boolean[] in;
    private final boolean[] fully;
    private final ArrayList<Event> todo = new ArrayList<>();
    private final ArrayList<Boolean> modes = new ArrayList<>();

    private DependencyPrefix(ExecutionGraph g) {
        this.g = g;
        this.in = new boolean[g.size()];
        this.fully = new boolean[g.size()];
    }

    static boolean[] of(ExecutionGraph g, Event e) {
        DependencyPrefix p = new DependencyPrefix(g);
        p.push(e, true);
        p.run();
        return p.in;
    }

    private void push(Event e, boolean full) {
        if (e != null && !e.isInit()) {
            todo.add(e);
            modes.add(full);
        }
    }

    private void run() {
        while (!todo.isEmpty()) {
            Event x = todo.remove(todo.size() - 1);
            boolean full = modes.remove(modes.size() - 1);
            if (full ? fully[x.stamp] : in[x.stamp]) {
                continue;
            }
            in[x.stamp] = true;
            fully[x.stamp] |= full;
            if ((x.isRead() || x.kind == EventKind.JOIN) && x.rf != null) {
                push(x.rf, x.rf.thread != x.thread); // rfe and joins order fully, rfi only within ppo
            }
            Action a = x.action;
            for (int d : a.addrDeps()) {
                push(g.event(x.thread, d), full);
            }
            for (int d : a.dataDeps()) {
                push(g.event(x.thread, d), full);
            }
            for (int d : a.ctrlDeps()) {
                push(g.event(x.thread, d), full);
            }
            if (x.isRmwWrite()) {
                push(CoherenceFilter.readPartOf(g, x), full);
            }
            if (x.isRmwRead()) {
                Event writePart = g.event(x.thread, x.index + 1);
                if (writePart != null && writePart.isRmwWrite()) {
                    push(writePart, full); // an RMW is kept or deleted whole
                }
            }
            push(g.creator(x.thread), true);
            addSameLocation(x);
            if (full) {
                addBarrierOrdered(x);
            }
        }
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
                push(p, true);
            } else if (p.isRmwRead() && ordered && !hasWritePart(p)) {
                push(p, false); // a failed RMW: its write part would be ordered before x if it succeeded
            }
        }
    }

    private boolean hasWritePart(Event rmwRead) {
        Event w = g.event(rmwRead.thread, rmwRead.index + 1);
        return w != null && w.isRmwWrite();
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
                push(p, true);
            }
        }
    }
}
