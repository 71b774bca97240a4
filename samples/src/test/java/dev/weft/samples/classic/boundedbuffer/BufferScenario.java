package dev.weft.samples.classic.boundedbuffer;

import dev.weft.samples.locks.Workers;
import java.util.Arrays;

/**
 * Producers and consumers on one buffer: every item put is taken exactly once, no consumer takes
 * from an empty buffer, and every thread finishes (a lost wake-up shows as a deadlock).
 */
final class BufferScenario {
    private BufferScenario() {}

    /** The two operations of the buffers under test. */
    interface Buffer {
        void put(Integer item) throws InterruptedException;

        Integer take() throws InterruptedException;
    }

    /**
     * {@code producers} threads put {@code perProducer} items each, {@code consumers} threads take
     * {@code perConsumer} items each (the totals must match); then checks what was taken.
     */
    static void run(Buffer buffer, int producers, int perProducer, int consumers, int perConsumer)
            throws InterruptedException {
        if (producers * perProducer != consumers * perConsumer) {
            throw new IllegalArgumentException("as many items must be put as taken");
        }
        Integer[] taken = new Integer[consumers * perConsumer]; // consumer c's i-th item at c * perConsumer + i
        Workers.run(producers + consumers, id -> {
            try {
                if (id < producers) {
                    for (int i = 0; i < perProducer; i++) {
                        buffer.put(id * perProducer + i);
                    }
                } else {
                    int consumer = id - producers;
                    for (int i = 0; i < perConsumer; i++) {
                        Integer item = buffer.take();
                        if (item == null) {
                            throw new AssertionError("consumer " + consumer + " took from an empty buffer");
                        }
                        taken[consumer * perConsumer + i] = item;
                    }
                }
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        boolean[] seen = new boolean[producers * perProducer];
        for (Integer item : taken) {
            if (seen[item]) {
                throw new AssertionError("item " + item + " taken twice: " + Arrays.toString(taken));
            }
            seen[item] = true;
        }
    }
}
