package dev.weft.models;

/**
 * IMM (Podkopaev, Lahav, Vafeiadis, POPL 2019) as GenMC checks it (its imm kat model, HMC):
 * RC11's happens-before, coherence and psc, plus acyclic(ar) with
 * <pre>
 *   bob    = po;[E⊒rel] ∪ [E⊒acq];po ∪ po;[F] ∪ [F];po ∪ [W⊒rel];po|loc;[W]
 *   deps   = data ∪ ctrl ∪ addr;po? ∪ rmw
 *   ppo    = [R];(deps ∪ rfi)+;[W]
 *   detour = same-thread po-earlier same-location writes the read does not read from
 *   ar     = rfe ∪ bob ∪ ppo ∪ detour ∪ [W_ex⊒acq];po;[W] ∪ [F_sc];hb;eco;hb;[F_sc]
 * </pre>
 * Load buffering without dependencies is allowed, which is why IMM needs dependency prefixes for
 * revisits (seed 002). Both parts of an RMW carry the instruction's mode, as GenMC labels them.
 */
final class ImmModel extends ConsistencyModel {
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
        Relation hb = rc11HappensBefore(r);
        return coherent(hb, eco) && pscAcyclic(r, hb, eco) && appliedOrder(r, hb, eco).acyclic();
    }

    private static Relation appliedOrder(GraphRelations r, Relation hb, Relation eco) {
        boolean[] rel = r.where(e -> !e.isInit() && e.kind.isMemoryAccess() && e.mode.isRelease());
        boolean[] acq = r.where(e -> !e.isInit() && e.kind.isMemoryAccess() && e.mode.isAcquire());
        boolean[] relWrites = r.where(e -> e.isWrite() && !e.isInit() && e.mode.isRelease());
        Relation idF = Relation.identity(r.n, r.fences);
        Relation bob = r.po.then(Relation.identity(r.n, rel))
                .union(Relation.identity(r.n, acq).then(r.po))
                .union(r.po.then(idF))
                .union(idF.then(r.po))
                .union(Relation.identity(r.n, relWrites).then(r.sameLocation(r.po)).restrict(r.all, r.writes));
        Relation deps = r.data.union(r.ctrl).union(r.addr.then(r.po.opt())).union(r.rmw);
        Relation ppo = deps.union(r.external(r.rf, false)).plus().restrict(r.reads, r.writes);
        Relation exclusiveAcquireWrites = Relation.identity(r.n,
                r.where(e -> e.isRmwWrite() && e.mode.isAcquire())).then(r.po).restrict(r.all, r.writes);
        boolean[] scFences = r.where(e -> e.kind == EventKind.FENCE && e.mode == AccessMode.SC);
        Relation idScF = Relation.identity(r.n, scFences);
        Relation fenceOrder = idScF.then(hb).then(eco).then(hb).then(idScF);
        return r.external(r.rf, true).union(bob).union(ppo).union(detour(r))
                .union(exclusiveAcquireWrites).union(fenceOrder);
    }

    /** GenMC's detour: a read is ordered after its thread's earlier same-location writes it does not read. */
    private static Relation detour(GraphRelations r) {
        Relation out = new Relation(r.n);
        Relation poLoc = r.sameLocation(r.po);
        for (int w = 0; w < r.n; w++) {
            if (!r.writes[w] || r.nodes.get(w).isInit()) {
                continue;
            }
            for (int x = 0; x < r.n; x++) {
                if (r.reads[x] && poLoc.has(w, x) && r.nodes.get(w).thread == r.nodes.get(x).thread
                        && !r.rf.has(w, x)) {
                    out.add(w, x);
                }
            }
        }
        return out;
    }
}
