package dev.weft.models;

import java.util.ArrayList;
import java.util.List;

/**
 * The base relations of a graph as bit matrices, for the models' full consistency checks: po
 * (including the initial writes before everything, thread creation and join), rf, co, fr, rmw, and
 * the event sets the axioms restrict to. Node i is {@code nodes.get(i)}.
 */
final class GraphRelations {
    final List<Event> nodes = new ArrayList<>();
    final int n;
    final Relation po;
    final Relation rf;
    final Relation co;
    final Relation fr;
    final Relation rmw;
    final Relation sameLoc;
    final Relation addr;
    final Relation data;
    final Relation ctrl;
    final boolean[] reads;
    final boolean[] writes;
    final boolean[] fences;
    final boolean[] all;

    GraphRelations(ExecutionGraph g) {
        for (ExecutionGraph.Location l : g.locations()) {
            nodes.add(l.init);
        }
        int inits = nodes.size();
        nodes.addAll(g.events());
        n = nodes.size();
        java.util.IdentityHashMap<Event, Integer> id = new java.util.IdentityHashMap<>();
        for (int i = 0; i < n; i++) {
            id.put(nodes.get(i), i);
        }
        rf = new Relation(n);
        co = new Relation(n);
        rmw = new Relation(n);
        sameLoc = new Relation(n);
        addr = new Relation(n);
        data = new Relation(n);
        ctrl = new Relation(n);
        reads = new boolean[n];
        writes = new boolean[n];
        fences = new boolean[n];
        all = new boolean[n];
        java.util.Arrays.fill(all, true);
        Relation direct = new Relation(n);
        for (int i = 0; i < n; i++) {
            Event e = nodes.get(i);
            reads[i] = e.isRead();
            writes[i] = e.isWrite();
            fences[i] = e.kind == EventKind.FENCE;
            if (e.isInit()) {
                for (int j = inits; j < n; j++) {
                    direct.add(i, j);
                }
                continue;
            }
            Event pred = g.poPredecessor(e.thread, e.index);
            if (pred != null) {
                direct.add(id.get(pred), i);
            } else if (g.creator(e.thread) != null) {
                direct.add(id.get(g.creator(e.thread)), i);
            }
            if (e.kind == EventKind.JOIN && e.rf != null) {
                direct.add(id.get(e.rf), i);
            }
            if (e.isRead() && e.rf != null) {
                rf.add(id.get(e.rf), i);
            }
            if (e.isRmwWrite()) {
                rmw.add(id.get(CoherenceFilter.readPartOf(g, e)), i);
            }
            if (e.action != null) {
                addDeps(g, id, addr, e.action.addrDeps(), e, i);
                addDeps(g, id, data, e.action.dataDeps(), e, i);
                addDeps(g, id, ctrl, e.action.ctrlDeps(), e, i);
                if (e.isRmwWrite()) {
                    data.add(id.get(CoherenceFilter.readPartOf(g, e)), i);
                }
            }
        }
        po = direct.plus();
        for (ExecutionGraph.Location l : g.locations()) {
            List<Event> order = new ArrayList<>();
            order.add(l.init);
            order.addAll(l.co);
            for (int a = 0; a < order.size(); a++) {
                for (int b = a + 1; b < order.size(); b++) {
                    co.add(id.get(order.get(a)), id.get(order.get(b)));
                }
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                Event a = nodes.get(i);
                Event b = nodes.get(j);
                if (a.loc >= 0 && a.loc == b.loc && a.kind.isMemoryAccess() && b.kind.isMemoryAccess()) {
                    sameLoc.add(i, j);
                }
            }
        }
        Relation inv = new Relation(n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (rf.has(j, i)) {
                    inv.add(i, j);
                }
            }
        }
        fr = inv.then(co);
    }

    private static void addDeps(ExecutionGraph g, java.util.Map<Event, Integer> id, Relation rel, int[] deps,
                                Event e, int i) {
        for (int d : deps) {
            Event src = g.event(e.thread, d);
            if (src != null) {
                rel.add(id.get(src), i);
            }
        }
    }

    boolean[] where(java.util.function.Predicate<Event> p) {
        boolean[] s = new boolean[n];
        for (int i = 0; i < n; i++) {
            s[i] = p.test(nodes.get(i));
        }
        return s;
    }

    /** r restricted to pairs in different threads (external) or the same thread (internal). */
    Relation external(Relation r, boolean wantExternal) {
        Relation out = new Relation(n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (r.has(i, j)) {
                    Event a = nodes.get(i);
                    Event b = nodes.get(j);
                    boolean ext = a.thread != b.thread;
                    if (ext == wantExternal) {
                        out.add(i, j);
                    }
                }
            }
        }
        return out;
    }

    /** Events of both relations' endpoints at the same location. */
    Relation sameLocation(Relation r) {
        return r.intersect(sameLoc);
    }
}
