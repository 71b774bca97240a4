package dev.weft.models;

/**
 * RC11 (Lahav, Vafeiadis, Kang, Hur, Dreyer, PLDI 2017): coherence, atomicity, psc acyclicity and
 * no-thin-air (porf acyclic, which porf prefixes guarantee by construction). The coherence filter
 * is exact, so the full check runs only when SC accesses or fences make psc matter.
 */
final class Rc11Model extends ConsistencyModel {
    AccessMode effectiveMode(EventKind kind, AccessMode mode) {
        return mode;
    }

    boolean needsFullCheck(ExecutionGraph g) {
        for (Event e : g.events()) {
            if (e.mode == AccessMode.SC && (e.kind.isMemoryAccess() || e.kind == EventKind.FENCE)) {
                return true;
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
