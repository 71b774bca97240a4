package dev.weft.models;

/**
 * A memory model as the explorer sees it (DESIGN §2): how it strengthens access modes, whether it
 * tracks dependencies (then prefixes are dependency prefixes and views are po-only), when the
 * incremental coherence filter is not exact, and the full axiomatic check for those cases.
 */
abstract class ConsistencyModel {
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

    /** C++20's (and GenMC's) release sequence: rs = [W⊒rlx]; (rf; rmw)*. */
    static Relation releaseSequence(GraphRelations r) {
        Relation atomicWrites = Relation.identity(r.n, r.where(e -> e.isWrite() && (e.isInit() || e.mode.isAtomic())));
        return atomicWrites.then(r.rf.then(r.rmw).star());
    }

    static Relation eco(GraphRelations r) {
        return r.rf.union(r.co).union(r.fr).plus();
    }

    /**
     * psc as GenMC checks RC11 (its rc11 kat model), which its litmus tests WWmerge1 and Z6.U
     * distinguish from the 2017 paper's psc_base ∪ psc_F: with [SC] the SC accesses and fences,
     * psc = [SC];po;hb;po;[SC] ∪ [SC];([F];hb)?;(po ∪ rf ∪ co ∪ fr);(hb;[F])?;[SC]
     *       ∪ [F_sc];hb;[F_sc] ∪ [F_sc];hb;eco;hb;[F_sc] must be acyclic.
     */
    static boolean pscAcyclic(GraphRelations r, Relation hb, Relation eco) {
        boolean[] sc = r.where(e -> !e.isInit() && e.mode == AccessMode.SC
                && (e.kind.isMemoryAccess() || e.kind == EventKind.FENCE));
        boolean any = false;
        for (boolean b : sc) {
            any |= b;
        }
        if (!any) {
            return true;
        }
        Relation idSc = Relation.identity(r.n, sc);
        Relation idScF = Relation.identity(r.n, r.where(e -> e.kind == EventKind.FENCE && e.mode == AccessMode.SC));
        Relation idF = Relation.identity(r.n, r.fences);
        Relation scb = r.po.union(r.rf).union(r.co).union(r.fr);
        Relation psc = idSc.then(r.po).then(hb).then(r.po).then(idSc)
                .union(idSc.then(idF.then(hb).opt()).then(scb).then(hb.then(idF).opt()).then(idSc))
                .union(idScF.then(hb).then(idScF))
                .union(idScF.then(hb).then(eco).then(hb).then(idScF));
        return psc.acyclic();
    }

    /** hb ; eco? is irreflexive. */
    static boolean coherent(Relation hb, Relation eco) {
        return hb.irreflexive() && hb.then(eco).irreflexive();
    }
}
