package dev.weft.models;

import java.util.Arrays;

/**
 * The graphs of a dependencies-only revisit of a read r that a strong CAS after it expects, from a
 * parent where that CAS wrote ({@link RevisitRules#dependenciesOnlyPrefixOf}): replay adds the CAS
 * again, now failing, and the RMWs after it, after the revisiting write w. The RMW-sources-free
 * revisit from the sibling where those RMWs read the CAS's write
 * ({@link RevisitRules#rmwSourcesFreePrefixOf}) builds the same graphs, with the RMWs kept before
 * w. So they are explored here but counted there, until another RMW that reads the same write as
 * one of the re-added RMWs revisits it (GenMC's conflicting RMW): the sibling cannot make that
 * revisit, before w's the other RMW reads the CAS's write, which w's revisit then deletes, and after
 * w's it deletes w, which r reads. In {@code r0 = load z na; r1 = cas y r0 3 acq; r2 = fai y 1 rlx
 * || store y 5 rlx || r0 = load y rlx; store z 1 rel || r4 = fai y 2 rlx} it builds the graph
 * where the CAS fails on the initial write and the first FAI reads the FAI of y 2, which reads the
 * initial write. Any other revisit of a re-added RMW is one the sibling makes before w's, so it is
 * dropped here. Checked on the failed-CAS families and the random sweeps, not proved.
 */
final class OwedConflict {
    /** The RMW reads of r's thread after r that the revisit deleted, as packed positions. */
    private final long[] rmwReads;

    private OwedConflict(long[] rmwReads) {
        this.rmwReads = rmwReads;
    }

    /**
     * What w's dependencies-only revisit of r, keeping {@code kept}, owes in {@code parent}; null
     * when no CAS expecting r's value wrote there (the graphs are then this revisit's own).
     */
    static OwedConflict of(ExecutionGraph parent, Event r, boolean[] kept) {
        if (RevisitRules.casThatWroteExpecting(parent, r) == null) {
            return null;
        }
        long[] rmwReads = new long[0];
        for (Event e = parent.poSuccessor(r.thread, r.index); e != null; e = parent.poSuccessor(e.thread, e.index)) {
            if (e.isRmwRead() && !kept[e.stamp]) {
                rmwReads = Arrays.copyOf(rmwReads, rmwReads.length + 1);
                rmwReads[rmwReads.length - 1] = RefillCondition.positionOf(e);
            }
        }
        return new OwedConflict(rmwReads);
    }

    /** Whether w's revisit of {@code revisited} in g settles the conflict: the graphs are then counted. */
    boolean settledBy(ExecutionGraph g, Event revisited, Event by) {
        return owes(revisited) && CoherenceFilter.isRmwWriteOn(g, by, revisited.rf);
    }

    /** Whether the revisit is one the sibling route makes before w's, so it builds its graphs. */
    boolean forfeitedBy(ExecutionGraph g, Event revisited, Event by) {
        return owes(revisited) && !settledBy(g, revisited, by);
    }

    private boolean owes(Event read) {
        long position = RefillCondition.positionOf(read);
        for (long owed : rmwReads) {
            if (owed == position) {
                return true;
            }
        }
        return false;
    }
}
