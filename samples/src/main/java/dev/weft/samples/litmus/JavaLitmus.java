package dev.weft.samples.litmus;

import dev.weft.runtime.Weft;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * The programs of {@code litmus-counts.md} as ordinary Java: threads started and joined by the
 * body, relaxed accesses as opaque VarHandle accesses, release/acquire as setRelease/getAcquire,
 * sc as volatile fields, fetch-and-add and CAS on AtomicInteger, and lockinc with synchronized.
 * Each body builds its state afresh, as Weft re-runs it once per execution.
 */
public final class JavaLitmus {
    private JavaLitmus() {}

    /** The straight-line tests by name (SB, MP, …). */
    public static Map<String, Weft.Body> tests() {
        Map<String, Weft.Body> m = new LinkedHashMap<>();
        m.put("SB", JavaLitmus::sb);
        m.put("SB+4sc", JavaLitmus::sbSc);
        m.put("MP", JavaLitmus::mp);
        m.put("LB", JavaLitmus::lb);
        m.put("LB2", JavaLitmus::lb2);
        m.put("LB3", JavaLitmus::lb3);
        m.put("2+2W", JavaLitmus::twoPlusTwoW);
        m.put("2+2W+4sc", JavaLitmus::twoPlusTwoWSc);
        m.put("CoRR", JavaLitmus::coRR);
        m.put("CoRR1", JavaLitmus::coRR1);
        m.put("CoRW", JavaLitmus::coRW);
        m.put("CoWR", JavaLitmus::coWR);
        return m;
    }

    /** The parameterised families by name (ainc, binc, cas, casrot, readers, lockinc). */
    public static Map<String, IntFunction<Weft.Body>> families() {
        Map<String, IntFunction<Weft.Body>> m = new LinkedHashMap<>();
        m.put("ainc", JavaLitmus::ainc);
        m.put("binc", JavaLitmus::binc);
        m.put("cas", JavaLitmus::cas);
        m.put("casrot", JavaLitmus::casrot);
        m.put("readers", JavaLitmus::readers);
        m.put("lockinc", JavaLitmus::lockinc);
        return m;
    }

    static void sb() throws InterruptedException {
        Vars v = new Vars();
        Threads.run(() -> {
            Vars.X.setRelease(v, 1);
            int r = (int) Vars.Y.getAcquire(v);
        }, () -> {
            Vars.Y.setRelease(v, 1);
            int r = (int) Vars.X.getAcquire(v);
        });
    }

    static void sbSc() throws InterruptedException {
        VolatileVars v = new VolatileVars();
        Threads.run(() -> {
            v.x = 1;
            int r = v.y;
        }, () -> {
            v.y = 1;
            int r = v.x;
        });
    }

    static void mp() throws InterruptedException {
        Vars v = new Vars();
        Threads.run(() -> {
            Vars.X.setOpaque(v, 1);
            Vars.Y.setRelease(v, 1);
        }, () -> {
            int r1 = (int) Vars.Y.getAcquire(v);
            int r2 = (int) Vars.X.getOpaque(v);
        });
    }

    static void lb() throws InterruptedException {
        Vars v = new Vars();
        Threads.run(() -> {
            int r = (int) Vars.Y.getAcquire(v);
            Vars.X.setRelease(v, 1);
        }, () -> {
            int r = (int) Vars.X.getAcquire(v);
            Vars.Y.setRelease(v, 1);
        });
    }

    static void lb2() throws InterruptedException {
        Vars v = new Vars();
        Threads.run(() -> {
            int r = (int) Vars.X.getOpaque(v);
            Vars.Y.setOpaque(v, 1);
        }, () -> {
            int r = (int) Vars.Y.getOpaque(v);
            Vars.X.setOpaque(v, 1);
        });
    }

    static void lb3() throws InterruptedException {
        Vars v = new Vars();
        Threads.run(() -> {
            int r = (int) Vars.A.getOpaque(v);
            Vars.B.setOpaque(v, 1);
        }, () -> {
            int r = (int) Vars.B.getOpaque(v);
            Vars.C.setOpaque(v, 1);
        }, () -> {
            int r = (int) Vars.C.getOpaque(v);
            Vars.A.setOpaque(v, 1);
        });
    }

    static void twoPlusTwoW() throws InterruptedException {
        Vars v = new Vars();
        Threads.run(() -> {
            Vars.X.setRelease(v, 1);
            Vars.Y.setRelease(v, 2);
        }, () -> {
            Vars.Y.setRelease(v, 1);
            Vars.X.setRelease(v, 2);
        });
    }

    static void twoPlusTwoWSc() throws InterruptedException {
        VolatileVars v = new VolatileVars();
        Threads.run(() -> {
            v.x = 1;
            v.y = 2;
        }, () -> {
            v.y = 1;
            v.x = 2;
        });
    }

    static void coRR() throws InterruptedException {
        Vars v = new Vars();
        Threads.run(() -> {
            Vars.X.setRelease(v, 1);
            Vars.X.setRelease(v, 2);
        }, () -> {
            int r1 = (int) Vars.X.getAcquire(v);
            int r2 = (int) Vars.X.getAcquire(v);
        });
    }

    static void coRR1() throws InterruptedException {
        Vars v = new Vars();
        Threads.run(() -> Vars.X.setOpaque(v, 1), () -> Vars.X.setOpaque(v, 2), () -> {
            int r1 = (int) Vars.X.getOpaque(v);
            int r2 = (int) Vars.X.getOpaque(v);
        }, () -> {
            int r = (int) Vars.X.getOpaque(v);
        });
    }

    static void coRW() throws InterruptedException {
        Vars v = new Vars();
        Threads.run(() -> {
            int r = (int) Vars.X.getOpaque(v);
            Vars.X.setOpaque(v, 1);
        }, () -> Vars.X.setOpaque(v, 2));
    }

    static void coWR() throws InterruptedException {
        Vars v = new Vars();
        Threads.run(() -> {
            Vars.X.setOpaque(v, 1);
            int r = (int) Vars.X.getOpaque(v);
        }, () -> Vars.X.setOpaque(v, 2));
    }

    /** ainc(N): N threads each getAndIncrement one AtomicInteger; it ends at N. */
    static Weft.Body ainc(int n) {
        return () -> {
            AtomicInteger x = new AtomicInteger();
            Threads.run(n, i -> x.getAndIncrement());
            check(x.get() == n, "ainc: lost increment");
        };
    }

    /** binc(N): N threads each increment x, then y. */
    static Weft.Body binc(int n) {
        return () -> {
            AtomicInteger x = new AtomicInteger();
            AtomicInteger y = new AtomicInteger();
            Threads.run(n, i -> {
                x.getAndIncrement();
                y.getAndIncrement();
            });
            check(x.get() == n && y.get() == n, "binc: lost increment");
        };
    }

    /** cas(N): thread i tries CAS(x, 0 → i+1); exactly one wins. */
    static Weft.Body cas(int n) {
        return () -> {
            AtomicInteger x = new AtomicInteger();
            AtomicInteger wins = new AtomicInteger();
            Threads.run(n, i -> {
                if (x.compareAndSet(0, i + 1)) {
                    wins.getAndIncrement();
                }
            });
            check(wins.get() == 1, "cas: " + wins.get() + " winners");
        };
    }

    /** casrot(N): thread i (from 0) tries CAS(x, i → i+1). */
    static Weft.Body casrot(int n) {
        return () -> {
            AtomicInteger x = new AtomicInteger();
            Threads.run(n, i -> x.compareAndSet(i, i + 1));
        };
    }

    /** readers(N): a writer stores 42 with release, N readers read with acquire; the body joins them all. */
    static Weft.Body readers(int n) {
        return () -> {
            Vars v = new Vars();
            Runnable[] threads = new Runnable[n + 1];
            threads[0] = () -> Vars.X.setRelease(v, 42);
            for (int i = 1; i <= n; i++) {
                threads[i] = () -> {
                    int r = (int) Vars.X.getAcquire(v);
                };
            }
            Threads.run(threads);
        };
    }

    /** lockinc(N): N threads each increment a plain field under one monitor. */
    static Weft.Body lockinc(int n) {
        return () -> {
            Counter c = new Counter();
            Threads.run(n, i -> c.increment());
            check(c.value == n, "lockinc: lost increment");
        };
    }

    /** A plain counter guarded by its monitor. */
    static final class Counter {
        private final Object lock = new Object();
        int value;

        void increment() {
            synchronized (lock) {
                value = value + 1;
            }
        }
    }

    private static void check(boolean condition, String message) {
        if (!condition) {
            throw new AssertionError(message);
        }
    }
}
