package dev.weft.samples.runtime;

import static dev.weft.samples.runtime.BugPrograms.startAndJoin;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Programs on {@code Semaphore}: a binary semaphore as a mutex (beside the same program on a
 * {@code ReentrantLock}), hand-offs, and the mistakes a semaphore invites.
 */
final class SemaphorePrograms {
    private SemaphorePrograms() {}

    static final class Counter {
        int count;
        /** How many threads are between entering and leaving the critical section. */
        int inside;
    }

    /** {@code threads} workers each increment a plain counter inside a binary semaphore. */
    static void incrementsUnderABinarySemaphore(int threads) throws InterruptedException {
        Semaphore mutex = new Semaphore(1);
        Counter c = new Counter();
        startAndJoin(workers(threads, () -> {
            try {
                mutex.acquire();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            try {
                c.count++;
            } finally {
                mutex.release();
            }
        }));
        if (c.count != threads || mutex.availablePermits() != 1) {
            throw new AssertionError("count " + c.count + ", permits " + mutex.availablePermits());
        }
    }

    /** The same on a ReentrantLock. */
    static void incrementsUnderALock(int threads) throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        Counter c = new Counter();
        startAndJoin(workers(threads, () -> {
            lock.lock();
            try {
                c.count++;
            } finally {
                lock.unlock();
            }
        }));
        if (c.count != threads) {
            throw new AssertionError("count " + c.count);
        }
    }

    /** The binary-semaphore mutex with a loop of tryAcquire instead of acquire. */
    static void incrementsAfterSpinningOnTryAcquire() throws InterruptedException {
        Semaphore mutex = new Semaphore(1);
        Counter c = new Counter();
        startAndJoin(workers(2, () -> {
            while (!mutex.tryAcquire()) {
                Thread.onSpinWait();
            }
            try {
                c.count++;
            } finally {
                mutex.release();
            }
        }));
        if (c.count != 2) {
            throw new AssertionError("count " + c.count);
        }
    }

    /**
     * A mutex whose semaphore got one permit too many (the main thread gives back a permit it
     * never took): both workers may be inside the critical section at once.
     */
    static void oneReleaseTooMany() throws InterruptedException {
        Semaphore mutex = new Semaphore(1);
        mutex.release();
        Counter c = new Counter();
        startAndJoin(workers(2, () -> {
            mutex.acquireUninterruptibly();
            c.inside++;
            if (c.inside != 1) {
                throw new AssertionError(c.inside + " threads in the critical section");
            }
            c.inside--;
            mutex.release();
        }));
    }

    private static Runnable[] workers(int n, Runnable body) {
        Runnable[] workers = new Runnable[n];
        for (int i = 0; i < n; i++) {
            workers[i] = body; // not Arrays.fill: the JDK's writes are no events, so the model would see nulls
        }
        return workers;
    }

    static final class Mailbox {
        int data;
    }

    /**
     * A producer writes a plain field and releases; the consumer acquires and reads it. With
     * {@code releaseFirst} the producer releases before it writes (the bug): the consumer may read 0.
     */
    static void handOff(boolean releaseFirst) throws InterruptedException {
        Semaphore ready = new Semaphore(0);
        Mailbox m = new Mailbox();
        startAndJoin(() -> {
            if (releaseFirst) {
                ready.release();
                m.data = 42;
            } else {
                m.data = 42;
                ready.release();
            }
        }, () -> {
            try {
                ready.acquire();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            int seen = m.data;
            if (seen != 42) {
                throw new AssertionError("the consumer read " + seen + " after its acquire");
            }
        });
    }

    /** The consumer spins on availablePermits instead of acquiring. */
    static void handOffSpinningOnAvailablePermits() throws InterruptedException {
        Semaphore ready = new Semaphore(0);
        Mailbox m = new Mailbox();
        startAndJoin(() -> {
            m.data = 42;
            ready.release();
        }, () -> {
            while (ready.availablePermits() == 0) {
                Thread.onSpinWait();
            }
            int seen = m.data;
            if (seen != 42) {
                throw new AssertionError("the consumer read " + seen);
            }
        });
    }

    static final class Results {
        int a;
        int b;
    }

    /**
     * Two workers each write a plain result and release one permit; the main thread takes both
     * with one {@code acquire(2)} and reads both results.
     */
    static void acquireTwoFromTwoReleases() throws InterruptedException {
        Semaphore done = new Semaphore(0);
        Results r = new Results();
        Thread a = new Thread(() -> {
            r.a = 1;
            done.release();
        });
        Thread b = new Thread(() -> {
            r.b = 1;
            done.release();
        });
        a.start();
        b.start();
        done.acquire(2);
        if (r.a + r.b != 2 || done.availablePermits() != 0) {
            throw new AssertionError("a = " + r.a + ", b = " + r.b + ", permits " + done.availablePermits());
        }
        a.join();
        b.join();
    }

    /** Two threads each wait for a permit nobody releases. */
    static void bothWaitForAPermitNobodyReleases() throws InterruptedException {
        Semaphore none = new Semaphore(0);
        startAndJoin(workers(2, () -> none.acquireUninterruptibly()));
    }

    /**
     * drainPermits against a concurrent release: it returns what was there (a negative count too:
     * it gives those permits back), and leaves zero, which the release may then raise.
     */
    static void drainBesideARelease() throws InterruptedException {
        Semaphore s = new Semaphore(-1);
        int[] drained = new int[1];
        startAndJoin(() -> drained[0] = s.drainPermits(), () -> s.release());
        int left = s.availablePermits();
        if (!(drained[0] == -1 && left == 1 || drained[0] == 0 && left == 0)) {
            throw new AssertionError("drained " + drained[0] + ", left " + left);
        }
    }

    /** drainPermits on none beside a read of the permits: a drain that finds none writes nothing. */
    static void drainNothingBesideARead() throws InterruptedException {
        Semaphore s = new Semaphore(0);
        startAndJoin(() -> s.drainPermits(), () -> s.availablePermits());
    }

    /** An interrupt before acquire makes it throw even with a permit free, as the JDK's does. */
    static void interruptedBeforeAcquire() {
        Semaphore s = new Semaphore(1);
        Thread.currentThread().interrupt();
        try {
            s.acquire();
            throw new AssertionError("acquire did not see the interrupt");
        } catch (InterruptedException e) {
            if (Thread.currentThread().isInterrupted() || s.availablePermits() != 1) {
                throw new AssertionError("the flag is still set or a permit was taken");
            }
        }
    }

    /**
     * Each actor tries once to take the one permit (the second with a timed attempt): exactly one
     * gets it, either one; tryAcquire does not fail while a permit is free.
     */
    @JCStressTest
    @State
    @Outcome(id = {"1, 0", "0, 1"}, expect = Expect.ACCEPTABLE, desc = "one actor took the permit")
    @Outcome(id = "1, 1", expect = Expect.FORBIDDEN, desc = "both took the one permit")
    @Outcome(id = "0, 0", expect = Expect.FORBIDDEN, desc = "a free permit was refused")
    public static class TryAcquireExclusion {
        final Semaphore permit = new Semaphore(1);

        @Actor
        public void actor1(II_Result r) {
            r.r1 = permit.tryAcquire() ? 1 : 0;
        }

        @Actor
        public void actor2(II_Result r) {
            try {
                r.r2 = permit.tryAcquire(1, TimeUnit.SECONDS) ? 1 : 0;
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }
}
