package dev.weft.models;

import java.util.Arrays;

/**
 * An immutable vector clock: for every thread, the largest event index it contains (-1: none).
 * Views over po-closed sets (porf, hb for porf-acyclic models) are vector clocks, so membership and
 * join are O(threads) instead of a graph search.
 */
final class VectorClock {
    static final VectorClock EMPTY = new VectorClock(new int[0]);

    private final int[] max;

    private VectorClock(int[] max) {
        this.max = max;
    }

    int get(int thread) {
        return thread < max.length ? max[thread] : -1;
    }

    boolean contains(int thread, int index) {
        return index <= get(thread);
    }

    boolean contains(Event e) {
        return e.isInit() || contains(e.thread, e.index);
    }

    VectorClock with(int thread, int index) {
        if (get(thread) >= index) {
            return this;
        }
        int[] m = Arrays.copyOf(max, Math.max(max.length, thread + 1));
        for (int i = max.length; i < m.length; i++) {
            m[i] = -1;
        }
        m[thread] = index;
        return new VectorClock(m);
    }

    VectorClock join(VectorClock other) {
        if (other == this || other.dominatedBy(this)) {
            return this;
        }
        if (this.dominatedBy(other)) {
            return other;
        }
        int[] m = new int[Math.max(max.length, other.max.length)];
        for (int i = 0; i < m.length; i++) {
            m[i] = Math.max(get(i), other.get(i));
        }
        return new VectorClock(m);
    }

    private boolean dominatedBy(VectorClock other) {
        for (int i = 0; i < max.length; i++) {
            if (max[i] > other.get(i)) {
                return false;
            }
        }
        return true;
    }
}
