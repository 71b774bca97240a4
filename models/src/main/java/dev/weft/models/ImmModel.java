package dev.weft.models;

/**
 * IMM (Podkopaev, Lahav, Vafeiadis, POPL 2019) as HMC explores it: coherence and atomicity with
 * IMM's hb, and acyclicity of ar = rfe ∪ bob ∪ ppo ∪ detour ∪ psc, where ppo keeps a write after
 * the reads it depends on (data, ctrl, addr;po?, [R_ex];po, through rfi). SC accesses take part in
 * psc as in RC11, so SB with SC accesses stays forbidden. Load buffering without dependencies is
 * allowed, which is why IMM needs dependency prefixes for revisits (seed 002).
 */
final class ImmModel extends ConsistencyModel {
    MemoryModel kind() {
        return MemoryModel.IMM;
    }

    AccessMode effectiveMode(EventKind kind, AccessMode mode) {
        return mode;
    }

    @Override
    boolean tracksDependencies() {
        return true;
    }

    boolean needsFullCheck(ExecutionGraph g) {
        return true;
    }

    boolean isConsistent(ExecutionGraph g) {
        GraphRelations r = new GraphRelations(g);
        Relation eco = eco(r);
        Relation hb = happensBefore(r);
        if (!coherent(hb, eco)) {
            return false;
        }
        if (!pscAcyclic(r, hb, eco)) {
            return false;
        }
        boolean[] exclusiveReads = r.where(Event::isRmwRead);
        Relation deps = r.data.union(r.ctrl).union(r.addr.then(r.po.opt()))
                .union(Relation.identity(r.n, exclusiveReads).then(r.po));
        Relation rfi = r.external(r.rf, false);
        Relation rfe = r.external(r.rf, true);
        Relation ppo = deps.union(rfi).plus().restrict(r.reads, r.writes);
        boolean[] relWrites = r.where(e -> e.isWrite() && !e.isInit() && e.mode.isRelease());
        boolean[] acqReads = r.where(e -> e.isRead() && e.mode.isAcquire());
        boolean[] strongFences = r.where(e -> e.kind == EventKind.FENCE && e.mode != AccessMode.RLX);
        Relation idRelW = Relation.identity(r.n, relWrites);
        Relation idF = Relation.identity(r.n, strongFences);
        Relation bob = r.po.then(idRelW)
                .union(Relation.identity(r.n, acqReads).then(r.po))
                .union(r.po.then(idF))
                .union(idF.then(r.po))
                .union(idRelW.then(r.sameLocation(r.po)).restrict(r.all, r.writes));
        Relation detour = r.external(r.co, true).then(rfe).intersect(r.po);
        Relation ar = rfe.union(bob).union(ppo).union(detour);
        return ar.acyclic();
    }

    /** IMM's hb: sw = release; rf; ([R_acq] ∪ po; [F_acq]) with release = ([W_rel] ∪ [F_rel]; po); rs. */
    private static Relation happensBefore(GraphRelations r) {
        boolean[] rel = r.where(e -> !e.isInit() && e.mode.isRelease() && (e.isWrite() || e.kind == EventKind.FENCE));
        boolean[] acqReads = r.where(e -> e.isRead() && e.mode.isAcquire());
        boolean[] acqFences = r.where(e -> e.kind == EventKind.FENCE && e.mode.isAcquire());
        boolean[] relFences = r.where(e -> e.kind == EventKind.FENCE && e.mode.isRelease());
        Relation rs = releaseSequence(r);
        Relation release = Relation.identity(r.n, rel).restrict(r.writes, r.all)
                .union(Relation.identity(r.n, relFences).then(r.po)).then(rs);
        Relation acquire = Relation.identity(r.n, acqReads).union(r.po.then(Relation.identity(r.n, acqFences)));
        Relation sw = release.then(r.rf).then(acquire);
        return r.po.union(sw).plus();
    }
}
