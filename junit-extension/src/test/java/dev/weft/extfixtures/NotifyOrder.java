package dev.weft.extfixtures;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.junit.ModelCheck;

/** Code that relies on {@code notify} waking the thread that has waited longest. */
public class NotifyOrder {
    static final class Room {
        volatile int waiting;
        volatile int woken;
    }

    @ModelCheck(model = dev.weft.models.MemoryModel.SC, notifyWakesAnyWaiter = false)
    void longestWaiterOnly() throws InterruptedException {
        assertEquals(1, wakeOneOfTwo(), "not the one that waited longest");
    }

    @ModelCheck(model = dev.weft.models.MemoryModel.SC)
    void anyWaiter() throws InterruptedException {
        assertEquals(1, wakeOneOfTwo(), "not the one that waited longest");
    }

    /** Two threads wait, the first before the second; one notify; the number of the one it woke. */
    private static int wakeOneOfTwo() throws InterruptedException {
        Object lock = new Object();
        Room room = new Room();
        Thread[] waiters = new Thread[2];
        for (int i = 0; i < waiters.length; i++) {
            int number = i + 1;
            waiters[i] = new Thread(() -> {
                synchronized (lock) {
                    room.waiting = number;
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        throw new AssertionError(e);
                    }
                    if (room.woken == 0) {
                        room.woken = number;
                    }
                }
            });
            waiters[i].start();
            while (room.waiting != number) {
                Thread.onSpinWait();
            }
        }
        synchronized (lock) {
            lock.notify();
        }
        while (room.woken == 0) {
            Thread.onSpinWait();
        }
        synchronized (lock) {
            lock.notifyAll();
        }
        for (Thread t : waiters) {
            t.join();
        }
        return room.woken;
    }
}
