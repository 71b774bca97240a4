package dev.weft.models.reference;

/**
 * A binary relation over the events {@code 0..n-1} of one small execution graph, as a boolean
 * adjacency matrix with one {@code long} per row (so at most 64 events). Every operation returns a
 * new relation; nothing is shared.
 *
 * <p>Notation in the comments of the reference follows the papers: {@code a;b} is {@link #seq},
 * {@code [S]} is the identity on the event set S ({@link #id}), {@code r?} is {@link #opt},
 * {@code r+} is {@link #plus}, {@code r*} is {@link #star}.
 */
final class Rel {
    final int n;
    final long[] row;

    Rel(int n) {
        if (n > 64) {
            throw new IllegalArgumentException("the reference supports at most 64 events, got " + n);
        }
        this.n = n;
        this.row = new long[n];
    }

    /** The set of all events, as a mask. */
    static long all(int n) {
        return n == 64 ? -1L : (1L << n) - 1;
    }

    /** {@code [S]}: the identity restricted to the events in {@code mask}. */
    static Rel id(int n, long mask) {
        Rel r = new Rel(n);
        for (int i = 0; i < n; i++) {
            if ((mask >>> i & 1) != 0) {
                r.row[i] = 1L << i;
            }
        }
        return r;
    }

    static Rel union(Rel first, Rel... more) {
        Rel r = first.copy();
        for (Rel o : more) {
            for (int i = 0; i < r.n; i++) {
                r.row[i] |= o.row[i];
            }
        }
        return r;
    }

    Rel copy() {
        Rel r = new Rel(n);
        System.arraycopy(row, 0, r.row, 0, n);
        return r;
    }

    void add(int a, int b) {
        row[a] |= 1L << b;
    }

    boolean has(int a, int b) {
        return (row[a] >>> b & 1) != 0;
    }

    boolean isEmpty() {
        for (long x : row) {
            if (x != 0) {
                return false;
            }
        }
        return true;
    }

    /** {@code this ; o}. */
    Rel seq(Rel o) {
        Rel r = new Rel(n);
        for (int i = 0; i < n; i++) {
            long bits = row[i];
            long acc = 0;
            while (bits != 0) {
                int j = Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                acc |= o.row[j];
            }
            r.row[i] = acc;
        }
        return r;
    }

    /** {@code a ; b ; c ; ...}. */
    static Rel seq(Rel first, Rel... more) {
        Rel r = first;
        for (Rel o : more) {
            r = r.seq(o);
        }
        return r;
    }

    /** {@code this+}: transitive closure (Warshall). */
    Rel plus() {
        Rel r = copy();
        for (int k = 0; k < n; k++) {
            long kbit = 1L << k;
            long krow = r.row[k];
            for (int i = 0; i < n; i++) {
                if ((r.row[i] & kbit) != 0) {
                    r.row[i] |= krow;
                }
            }
        }
        return r;
    }

    /** {@code this*}: reflexive-transitive closure over all events. */
    Rel star() {
        return union(plus(), id(n, all(n)));
    }

    /** {@code this?}: reflexive closure over all events. */
    Rel opt() {
        return union(this, id(n, all(n)));
    }

    Rel inverse() {
        Rel r = new Rel(n);
        for (int i = 0; i < n; i++) {
            long bits = row[i];
            while (bits != 0) {
                int j = Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                r.row[j] |= 1L << i;
            }
        }
        return r;
    }

    Rel inter(Rel o) {
        Rel r = new Rel(n);
        for (int i = 0; i < n; i++) {
            r.row[i] = row[i] & o.row[i];
        }
        return r;
    }

    Rel minus(Rel o) {
        Rel r = new Rel(n);
        for (int i = 0; i < n; i++) {
            r.row[i] = row[i] & ~o.row[i];
        }
        return r;
    }

    /** {@code [dom] ; this ; [rng]}. */
    Rel restrict(long dom, long rng) {
        Rel r = new Rel(n);
        for (int i = 0; i < n; i++) {
            if ((dom >>> i & 1) != 0) {
                r.row[i] = row[i] & rng;
            }
        }
        return r;
    }

    boolean irreflexive() {
        for (int i = 0; i < n; i++) {
            if ((row[i] >>> i & 1) != 0) {
                return false;
            }
        }
        return true;
    }

    boolean acyclic() {
        return plus().irreflexive();
    }
}
