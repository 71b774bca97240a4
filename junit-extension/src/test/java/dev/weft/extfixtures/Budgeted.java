package dev.weft.extfixtures;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.junit.ModelCheck;

/** Correct code checked under a budget smaller than its executions: it passes on part of them. */
public class Budgeted {
    @ModelCheck(maxExecutions = 1)
    void firstExecutionOnly() throws InterruptedException {
        int[] count = {0};
        Object lock = new Object();
        Thread t = new Thread(() -> {
            synchronized (lock) {
                count[0]++;
            }
        });
        t.start();
        synchronized (lock) {
            count[0]++;
        }
        t.join();
        assertEquals(2, count[0]);
    }
}
