package dev.weft.extfixtures;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.junit.ModelCheck;

/** Correct code: every check passes. */
public class SomePassing {
    static final class SynchronizedCounter {
        private int count;

        synchronized void increment() {
            count++;
        }

        synchronized int get() {
            return count;
        }
    }

    @ModelCheck
    void synchronizedCounter() throws InterruptedException {
        SynchronizedCounter c = new SynchronizedCounter();
        Thread t = new Thread(c::increment);
        t.start();
        c.increment();
        t.join();
        assertEquals(2, c.get());
    }
}
