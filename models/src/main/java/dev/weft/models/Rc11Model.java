package dev.weft.models;

/**
 * RC11 (Lahav, Vafeiadis, Kang, Hur, Dreyer, PLDI 2017): coherence, atomicity, psc acyclicity and
 * no-thin-air (porf acyclic, which porf prefixes guarantee by construction). The coherence filter
 * is exact, so the full check runs only when SC accesses or fences can make psc cyclic.
 */
final class Rc11Model extends ConsistencyModel {
    AccessMode effectiveMode(EventKind kind, AccessMode mode) {
        return mode;
    }

    /**
     * psc matters only when SC events of different threads meet on a location, or with an SC fence.
     * Otherwise every psc edge lies within hb: its po;hb;po and hb|loc parts are hb, and its
     * rf, co and fr parts join SC events of one thread, which coherence orders along po. psc is then
     * acyclic because hb is, and the incremental checks have already ensured that. (A thread's own
     * interrupt flag, read with SC at every wait, is such a location.)
     */
    boolean needsFullCheck(ExecutionGraph g) {
        int[] scThreadOfLocation = null; // the thread of the location's first SC access, plus one (0: none)
        for (Event e : g.events()) {
            if (e.mode != AccessMode.SC) {
                continue;
            }
            if (e.kind == EventKind.FENCE) {
                return true;
            }
            if (e.kind.isMemoryAccess()) {
                if (scThreadOfLocation == null) {
                    scThreadOfLocation = new int[g.locationSlots()];
                }
                int first = scThreadOfLocation[e.loc];
                if (first == 0) {
                    scThreadOfLocation[e.loc] = e.thread + 1;
                } else if (first != e.thread + 1) {
                    return true;
                }
            }
        }
        return false;
    }

    boolean isConsistent(ExecutionGraph g) {
        GraphRelations r = new GraphRelations(g);
        Relation hb = rc11HappensBefore(r);
        Relation eco = eco(r);
        return coherent(hb, eco) && pscAcyclic(r, hb, eco) && r.po.union(r.rf).acyclic();
    }
}
