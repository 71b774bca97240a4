package dev.weft.models;

import java.util.ArrayList;

/** Depth-first search over po ∪ rf ∪ co ∪ fr, following only immediate co successors (co is transitive). */
final class ScCycleSearch {
    private ScCycleSearch() {}

    /** Whether {@code from} reaches an event contained in {@code targets}. */
    static boolean reaches(ExecutionGraph g, Event from, VectorClock targets) {
        boolean[] seen = new boolean[g.size()];
        ArrayList<Event> todo = new ArrayList<>();
        todo.add(from);
        while (!todo.isEmpty()) {
            Event x = todo.remove(todo.size() - 1);
            if (x == null || x.isInit() || seen[x.stamp]) {
                continue;
            }
            if (targets.contains(x)) {
                return true;
            }
            seen[x.stamp] = true;
            for (int i = x.index + 1; i < g.threadSize(x.thread); i++) {
                Event next = g.event(x.thread, i);
                if (next != null) {
                    todo.add(next);
                    break;
                }
            }
            if (x.isWrite()) {
                todo.addAll(x.readers);
                todo.add(g.coSuccessor(x));
            } else if (x.isRead()) {
                todo.add(g.coSuccessor(x.rf));
            } else if (x.kind == EventKind.CREATE || x.kind == EventKind.FINISH) {
                addSynchronised(g, x, todo);
            }
        }
        return false;
    }

    /** Thread creation reaches the child's first event; a finish reaches the joins that read it. */
    private static void addSynchronised(ExecutionGraph g, Event x, ArrayList<Event> todo) {
        for (int t = 0; t < g.threadSlots(); t++) {
            if (x.kind == EventKind.CREATE && g.creator(t) == x) {
                for (int i = 0; i < g.threadSize(t); i++) {
                    if (g.event(t, i) != null) {
                        todo.add(g.event(t, i));
                        break;
                    }
                }
            }
        }
        if (x.kind == EventKind.FINISH) {
            for (Event e : g.events()) {
                if (e.kind == EventKind.JOIN && e.rf == x) {
                    todo.add(e);
                }
            }
        }
    }
}
