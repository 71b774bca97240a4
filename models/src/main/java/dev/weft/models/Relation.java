package dev.weft.models;

/** A binary relation over events 0..n-1 as a bit matrix; small graphs make this the fast path. */
final class Relation {
    final int n;
    private final int words;
    private final long[][] rows;

    Relation(int n) {
        this.n = n;
        this.words = (n + 63) >>> 6;
        this.rows = new long[n][words];
    }

    void add(int a, int b) {
        rows[a][b >>> 6] |= 1L << b;
    }

    boolean has(int a, int b) {
        return (rows[a][b >>> 6] & (1L << b)) != 0;
    }

    Relation copy() {
        Relation r = new Relation(n);
        for (int i = 0; i < n; i++) {
            System.arraycopy(rows[i], 0, r.rows[i], 0, words);
        }
        return r;
    }

    Relation union(Relation other) {
        Relation r = copy();
        for (int i = 0; i < n; i++) {
            for (int w = 0; w < words; w++) {
                r.rows[i][w] |= other.rows[i][w];
            }
        }
        return r;
    }

    /** this ; other */
    Relation then(Relation other) {
        Relation r = new Relation(n);
        for (int i = 0; i < n; i++) {
            long[] out = r.rows[i];
            long[] row = rows[i];
            for (int w = 0; w < words; w++) {
                long bits = row[w];
                while (bits != 0) {
                    int k = (w << 6) + Long.numberOfTrailingZeros(bits);
                    bits &= bits - 1;
                    long[] o = other.rows[k];
                    for (int x = 0; x < words; x++) {
                        out[x] |= o[x];
                    }
                }
            }
        }
        return r;
    }

    /** Transitive closure (Warshall over bit rows). */
    Relation plus() {
        Relation r = copy();
        for (int k = 0; k < n; k++) {
            long[] rk = r.rows[k];
            for (int i = 0; i < n; i++) {
                if (r.has(i, k)) {
                    long[] ri = r.rows[i];
                    for (int x = 0; x < words; x++) {
                        ri[x] |= rk[x];
                    }
                }
            }
        }
        return r;
    }

    /** Reflexive-transitive closure. */
    Relation star() {
        Relation r = plus();
        for (int i = 0; i < n; i++) {
            r.add(i, i);
        }
        return r;
    }

    /** Reflexive closure. */
    Relation opt() {
        Relation r = copy();
        for (int i = 0; i < n; i++) {
            r.add(i, i);
        }
        return r;
    }

    /** [dom] ; this ; [codom] */
    Relation restrict(boolean[] dom, boolean[] codom) {
        Relation r = new Relation(n);
        for (int i = 0; i < n; i++) {
            if (!dom[i]) {
                continue;
            }
            for (int j = 0; j < n; j++) {
                if (codom[j] && has(i, j)) {
                    r.add(i, j);
                }
            }
        }
        return r;
    }

    Relation intersect(Relation other) {
        Relation r = copy();
        for (int i = 0; i < n; i++) {
            for (int w = 0; w < words; w++) {
                r.rows[i][w] &= other.rows[i][w];
            }
        }
        return r;
    }

    static Relation identity(int n, boolean[] on) {
        Relation r = new Relation(n);
        for (int i = 0; i < n; i++) {
            if (on[i]) {
                r.add(i, i);
            }
        }
        return r;
    }

    boolean irreflexive() {
        for (int i = 0; i < n; i++) {
            if (has(i, i)) {
                return false;
            }
        }
        return true;
    }

    boolean acyclic() {
        return plus().irreflexive();
    }
}
