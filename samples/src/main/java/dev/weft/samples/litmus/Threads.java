package dev.weft.samples.litmus;

import java.util.function.IntConsumer;

/** Starts threads and joins them all, as the bodies of the litmus ports do. */
final class Threads {
    private Threads() {}

    static void run(Runnable... bodies) throws InterruptedException {
        Thread[] threads = new Thread[bodies.length];
        for (int i = 0; i < bodies.length; i++) {
            threads[i] = new Thread(bodies[i]);
            threads[i].start();
        }
        for (Thread t : threads) {
            t.join();
        }
    }

    static void run(int n, IntConsumer body) throws InterruptedException {
        Runnable[] bodies = new Runnable[n];
        for (int i = 0; i < n; i++) {
            int id = i;
            bodies[i] = () -> body.accept(id);
        }
        run(bodies);
    }
}
