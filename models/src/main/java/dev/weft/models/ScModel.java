package dev.weft.models;

/** Sequential consistency: acyclic(po ∪ rf ∪ co ∪ fr); every access and fence is SC. */
final class ScModel extends ConsistencyModel {
    MemoryModel kind() {
        return MemoryModel.SC;
    }

    AccessMode effectiveMode(EventKind kind, AccessMode mode) {
        return AccessMode.SC;
    }

    boolean needsFullCheck(ExecutionGraph g) {
        return true; // the hb (= porf) filter does not see fr cycles such as SB's
    }

    boolean isConsistent(ExecutionGraph g) {
        GraphRelations r = new GraphRelations(g);
        return r.po.union(r.rf).union(r.co).union(r.fr).acyclic();
    }
}
