package dev.weft.models;

/**
 * Release/acquire: every read acquires, every write releases, so hb = porf, and consistency is
 * coherence (hb; eco? irreflexive) plus atomicity. The coherence filter is exact for it.
 */
final class RaModel extends ConsistencyModel {
    AccessMode effectiveMode(EventKind kind, AccessMode mode) {
        return switch (kind) {
            case READ -> AccessMode.ACQ;
            case WRITE -> AccessMode.REL;
            default -> AccessMode.ACQ_REL;
        };
    }

    boolean needsFullCheck(ExecutionGraph g) {
        return false;
    }

    boolean isConsistent(ExecutionGraph g) {
        GraphRelations r = new GraphRelations(g);
        Relation hb = r.po.union(r.rf).plus();
        return coherent(hb, eco(r));
    }
}
