package dev.weft.samples.locks;

import java.util.function.IntConsumer;

/**
 * Starts model threads and joins them all: the skeleton of every check in the lock and classic
 * samples. It keeps no array of threads, so the main thread's part of a trace is only its
 * {@code create} and {@code join} events.
 */
public final class Workers {
    private Workers() {}

    /** Runs {@code body.accept(id)} for ids {@code 0..n-1}, each in its own thread, and waits for all. */
    public static void run(int n, IntConsumer body) throws InterruptedException {
        startFrom(0, n, body);
    }

    private static void startFrom(int id, int n, IntConsumer body) throws InterruptedException {
        if (id == n) {
            return;
        }
        Thread t = new Thread(() -> body.accept(id), "worker-" + id);
        t.start();
        startFrom(id + 1, n, body);
        t.join();
    }
}
