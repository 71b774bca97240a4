package dev.weft.models;

/**
 * A memory model as the explorer sees it (DESIGN §2): how it strengthens access modes, whether it
 * tracks dependencies (then prefixes are dependency prefixes and views are po-only), when the
 * incremental coherence filter is not exact, and the full axiomatic check for those cases.
 */
abstract class ConsistencyModel {
    abstract MemoryModel kind();

    /** The mode the model gives an event declared with {@code mode}. */
    abstract AccessMode effectiveMode(EventKind kind, AccessMode mode);

    boolean tracksDependencies() {
        return false;
    }

    /** Whether {@link #isConsistent} must run after a non-maximal choice in this graph. */
    abstract boolean needsFullCheck(ExecutionGraph g);

    /** The model's axioms over the whole graph. */
    abstract boolean isConsistent(ExecutionGraph g);

    /**
     * Whether the graph is consistent, knowing it was consistent before the rf or co choices of
     * {@code changed} were made (each has no po-successor). Models with a cheaper incremental
     * check override this.
     */
    boolean isConsistentAfter(ExecutionGraph g, Event... changed) {
        return isConsistent(g);
    }

    static ConsistencyModel of(MemoryModel model) {
        return switch (model) {
            case SC -> new ScModel();
            case RA -> new RaModel();
            case RC11 -> new Rc11Model();
            case IMM -> new ImmModel();
        };
    }

    /** Happens-before as RC11 defines it: (po ∪ sw)+ with release sequences and fences. */
    static Relation rc11HappensBefore(GraphRelations r) {
        boolean[] rel = r.where(e -> !e.isInit() && e.mode.isRelease() && (e.isWrite() || e.kind == EventKind.FENCE));
        boolean[] acq = r.where(e -> !e.isInit() && e.mode.isAcquire() && (e.isRead() || e.kind == EventKind.FENCE));
        boolean[] atomicReads = r.where(e -> e.isRead() && e.mode.isAtomic());
        Relation idF = Relation.identity(r.n, r.fences);
        // rs = [W]; po|loc?; [W⊒rlx]; (rf; rmw)*
        Relation rs = releaseSequence(r);
        Relation head = Relation.identity(r.n, rel).then(idF.then(r.po).opt());
        Relation tail = Relation.identity(r.n, atomicReads).then(r.po.then(idF).opt()).then(Relation.identity(r.n, acq));
        Relation sw = head.then(rs).then(r.rf).then(tail);
        return r.po.union(sw).plus();
    }

    /** rs = [W]; po|loc?; [W⊒rlx]; (rf; rmw)*: a release sequence continues only through atomic writes. */
    static Relation releaseSequence(GraphRelations r) {
        Relation idW = Relation.identity(r.n, r.writes);
        Relation atomicWrites = Relation.identity(r.n, r.where(e -> e.isWrite() && (e.isInit() || e.mode.isAtomic())));
        return idW.then(r.sameLocation(r.po).opt()).then(atomicWrites).then(r.rf.then(r.rmw).star());
    }

    static Relation eco(GraphRelations r) {
        return r.rf.union(r.co).union(r.fr).plus();
    }

    /** RC11's psc = psc_base ∪ psc_F must be acyclic (Lahav et al. 2017, Fig. 4). */
    static boolean pscAcyclic(GraphRelations r, Relation hb, Relation eco) {
        boolean[] scEvents = r.where(e -> !e.isInit() && e.mode == AccessMode.SC && e.kind.isMemoryAccess());
        boolean[] scFences = r.where(e -> e.kind == EventKind.FENCE && e.mode == AccessMode.SC);
        boolean any = false;
        for (int i = 0; i < r.n; i++) {
            any |= scEvents[i] || scFences[i];
        }
        if (!any) {
            return true;
        }
        Relation poDiff = r.differentLocation(r.po);
        Relation scb = r.po.union(poDiff.then(hb).then(poDiff)).union(r.sameLocation(hb)).union(r.co).union(r.fr);
        Relation idSc = Relation.identity(r.n, scEvents);
        Relation idScF = Relation.identity(r.n, scFences);
        Relation left = idSc.union(idScF.then(hb.opt()));
        Relation right = idSc.union(hb.opt().then(idScF));
        Relation pscBase = left.then(scb).then(right);
        Relation pscF = idScF.then(hb.union(hb.then(eco).then(hb))).then(idScF);
        return pscBase.union(pscF).acyclic();
    }

    /** hb ; eco? is irreflexive. */
    static boolean coherent(Relation hb, Relation eco) {
        return hb.irreflexive() && hb.then(eco).irreflexive();
    }
}
