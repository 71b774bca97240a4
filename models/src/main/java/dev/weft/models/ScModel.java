package dev.weft.models;

/** Sequential consistency: acyclic(po ∪ rf ∪ co ∪ fr); every access and fence is SC. */
final class ScModel extends ConsistencyModel {
    AccessMode effectiveMode(EventKind kind, AccessMode mode) {
        return AccessMode.SC;
    }

    boolean needsFullCheck(ExecutionGraph g) {
        return true; // the hb (= porf) filter does not see fr cycles such as SB's
    }

    /**
     * A new cycle must pass through a changed event e. Its only outgoing edge is to the co-successor
     * s of the write it reads (fr) or of itself (co); its incoming edges come from its porf view. So
     * the graph stays acyclic iff s cannot reach an event of that view.
     */
    @Override
    boolean isConsistentAfter(ExecutionGraph g, Event... changed) {
        for (Event e : changed) {
            Event s = g.coSuccessor(e.isRead() ? e.rf : e);
            if (s != null && ScCycleSearch.reaches(g, s, e.baseView)) {
                return false;
            }
        }
        return true;
    }

    boolean isConsistent(ExecutionGraph g) {
        GraphRelations r = new GraphRelations(g);
        return r.po.union(r.rf).union(r.co).union(r.fr).acyclic();
    }
}
