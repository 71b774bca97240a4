package dev.weft.samples.litmus;

import dev.weft.runtime.Weft;

/**
 * fib_bench (after the SV-COMP benchmark) as Java: two threads each add x and y five times with
 * acquire loads and release stores, a third checks neither exceeds fib(12) = 144. The body
 * starts them and does not join, as the litmus version does. x and y start at 1 through plain
 * writes the body makes before starting any thread, so no thread can read the zero beneath them.
 */
public final class JavaFibBench {
    private static final int ROUNDS = 5;
    private static final int BOUND = 144;

    private JavaFibBench() {}

    public static Weft.Body body() {
        return JavaFibBench::run;
    }

    static void run() {
        Vars v = new Vars();
        v.x = 1;
        v.y = 1;
        new Thread(() -> {
            for (int i = 0; i < ROUNDS; i++) {
                int r1 = (int) Vars.X.getAcquire(v);
                int r2 = (int) Vars.Y.getAcquire(v);
                Vars.X.setRelease(v, r1 + r2);
            }
        }).start();
        new Thread(() -> {
            for (int i = 0; i < ROUNDS; i++) {
                int r1 = (int) Vars.X.getAcquire(v);
                int r2 = (int) Vars.Y.getAcquire(v);
                Vars.Y.setRelease(v, r1 + r2);
            }
        }).start();
        new Thread(() -> {
            int r1 = (int) Vars.X.getAcquire(v);
            int r2 = (int) Vars.Y.getAcquire(v);
            if (r1 > BOUND || r2 > BOUND) {
                throw new AssertionError("fib_bench: x = " + r1 + ", y = " + r2);
            }
        }).start();
    }
}
