package dev.weft.models;

/**
 * Computes an event's views when it is added or its rf changes. For porf-acyclic models the views
 * are happens-before vector clocks, maintained incrementally: a read that acquires joins the
 * message of the write it reads (its release head and release sequence, RC11 §3); relaxed reads
 * accumulate messages for a later acquire fence. For IMM the views are po (plus thread creation)
 * only: a sound under-approximation of IMM's hb that the full consistency check completes.
 */
final class Views {
    private Views() {}

    static void compute(ExecutionGraph g, Event e, boolean poOnly) {
        Event pred = g.poPredecessor(e.thread, e.index);
        VectorClock base;
        VectorClock pending;
        VectorClock relFence;
        if (pred != null) {
            base = pred.view;
            pending = pred.pendingAcquire;
            relFence = pred.releaseFence;
        } else {
            Event creator = g.creator(e.thread);
            base = creator != null ? creator.view : VectorClock.EMPTY;
            pending = VectorClock.EMPTY;
            relFence = VectorClock.EMPTY;
        }
        e.baseView = base;
        VectorClock view = base.with(e.thread, e.index);
        if (poOnly) {
            if (e.kind == EventKind.JOIN && e.rf != null) {
                view = view.join(e.rf.view);
            }
            e.view = view;
            e.pendingAcquire = VectorClock.EMPTY;
            e.releaseFence = VectorClock.EMPTY;
            e.message = VectorClock.EMPTY;
            return;
        }
        switch (e.kind) {
            case READ -> {
                Event w = e.rf;
                if (w != null && !w.isInit() && e.mode.isAtomic()) {
                    if (e.mode.isAcquire()) {
                        view = view.join(w.message);
                    } else {
                        pending = pending.join(w.message);
                    }
                }
            }
            case JOIN -> view = view.join(e.rf.view);
            case FENCE -> {
                if (e.mode.isAcquire()) {
                    view = view.join(pending);
                }
            }
            default -> { }
        }
        if (e.kind == EventKind.FENCE && e.mode.isRelease()) {
            relFence = view;
        }
        e.view = view;
        e.pendingAcquire = pending;
        e.releaseFence = relFence;
        e.message = e.isWrite() ? message(g, e) : VectorClock.EMPTY;
    }

    /**
     * What an acquire read of {@code w} synchronises with: sw = [E⊒rel]; ([F]; po)?; rs; rf, with
     * C++20's release sequence rs = [W⊒rlx]; (rf; rmw)* (as GenMC; RC11 2017 also had po|loc, which
     * GenMC's relseq test rules out). So nothing for a plain write; otherwise w itself if it is a
     * release write, the latest release fence before it, and for an RMW the message of the write its
     * read part read.
     */
    private static VectorClock message(ExecutionGraph g, Event w) {
        if (!w.mode.isAtomic()) {
            return VectorClock.EMPTY; // only atomic writes head or continue a release sequence
        }
        VectorClock m = w.mode.isRelease() ? w.view : w.releaseFence;
        if (w.isRmwWrite()) {
            Event read = g.event(w.thread, w.index - 1);
            if (read != null && read.rf != null && !read.rf.isInit()) {
                m = m.join(read.rf.message);
            }
        }
        return m;
    }

    /**
     * What happens before the freezes {@code points} ({@link Action#freezePoint}): the view of each
     * freezing thread's latest event before the freeze, or of its creation if it had none.
     */
    static VectorClock floorOf(ExecutionGraph g, long[] points) {
        VectorClock floor = VectorClock.EMPTY;
        for (long point : points) {
            int thread = (int) (point >>> 32);
            Event before = g.poPredecessor(thread, (int) point);
            Event last = before != null ? before : g.creator(thread);
            if (last != null) {
                floor = floor.join(last.view);
            }
        }
        return floor;
    }
}
