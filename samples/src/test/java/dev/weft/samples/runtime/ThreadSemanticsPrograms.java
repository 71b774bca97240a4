package dev.weft.samples.runtime;

import java.util.concurrent.locks.LockSupport;

/** Programs that use park/unpark, interrupts and the current thread, as real code does. */
final class ThreadSemanticsPrograms {
    private ThreadSemanticsPrograms() {}

    static final class Flag {
        volatile boolean set;
        volatile boolean interrupted;
    }

    /** A waiter parks until a flag is set; the setter unparks it. */
    static void parkUntilFlag() throws InterruptedException {
        Flag f = new Flag();
        Thread waiter = new Thread(() -> {
            while (!f.set) {
                LockSupport.park();
            }
        });
        waiter.start();
        f.set = true;
        LockSupport.unpark(waiter);
        waiter.join();
    }

    /** The same, but the setter forgets to unpark: the waiter can park for good. */
    static void parkWithoutUnpark() throws InterruptedException {
        Flag f = new Flag();
        Thread waiter = new Thread(() -> {
            while (!f.set) {
                LockSupport.park();
            }
        });
        waiter.start();
        f.set = true;
        waiter.join();
    }

    /** An interrupt ends a wait, before or during it, with InterruptedException. */
    static void interruptEndsWait() throws InterruptedException {
        Object lock = new Object();
        Flag f = new Flag();
        Thread waiter = new Thread(() -> {
            synchronized (lock) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    f.interrupted = true;
                }
            }
        });
        waiter.start();
        waiter.interrupt();
        waiter.join();
        if (!f.interrupted) {
            throw new AssertionError("the wait ended without InterruptedException");
        }
    }

    /** A counter incremented by a weak-CAS retry loop: each thread retries until its CAS lands. */
    static final class WeakCounter {
        private static final java.lang.invoke.VarHandle COUNT;

        static {
            try {
                COUNT = java.lang.invoke.MethodHandles.lookup().findVarHandle(WeakCounter.class, "count", int.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        int count;

        void increment() {
            int v;
            do {
                v = (int) COUNT.getOpaque(this);
            } while (!COUNT.weakCompareAndSetRelease(this, v, v + 1));
        }
    }

    static void weakCasRetryLoop() throws InterruptedException {
        WeakCounter c = new WeakCounter();
        BugPrograms.startAndJoin(c::increment, c::increment);
        int n = (int) WeakCounter.COUNT.getOpaque(c);
        if (n != 2) {
            throw new AssertionError("count = " + n);
        }
    }

    /** A two-dimensional array shared with a thread: its inner arrays exist from the start. */
    static void twoDimensionalArray() throws InterruptedException {
        int[][] grid = new int[2][3];
        BugPrograms.startAndJoin(() -> grid[1][2] = 7);
        if (grid[1][2] != 7 || grid[0][0] != 0) {
            throw new AssertionError("grid[1][2] = " + grid[1][2]);
        }
    }

    /** Thread.currentThread() is the test's own Thread object in every model thread. */
    static void currentThreadIsTheStartedThread() throws InterruptedException {
        Thread[] seen = new Thread[1];
        Thread t = new Thread(() -> seen[0] = Thread.currentThread());
        t.start();
        t.join();
        if (seen[0] != t) {
            throw new AssertionError("currentThread() was " + seen[0] + ", not " + t);
        }
    }

    static final class Handle {
        volatile Thread thread;
        volatile int ready;
        volatile int seenAlive = -1;
        volatile int workerRan;
    }

    /**
     * One thread waits for a signal, then publishes a thread object and starts it; the signalling
     * thread reads the reference and asks whether that thread is alive, and publishes the answer.
     * Whether the start came before the question depends on the interleaving, not on what was read,
     * so a replay, which may run a thread ahead over its memory accesses, must still reach the
     * question in the order the execution first took. The race on {@code workerRan} adds
     * executions that replay the answer.
     */
    static void isAliveOfAThreadStartedElsewhere() throws InterruptedException {
        Handle h = new Handle();
        Thread worker = new Thread(() -> h.workerRan = 1);
        Thread starter = new Thread(() -> {
            while (h.ready == 0) {
                Thread.onSpinWait();
            }
            h.thread = worker;
            worker.start();
        });
        Thread observer = new Thread(() -> {
            h.ready = 1;
            Thread t = h.thread;
            if (t != null) {
                h.seenAlive = t.isAlive() ? 1 : 0;
            }
            if (h.workerRan == 1 && h.seenAlive == 1) {
                h.seenAlive = 2; // saw it alive, then saw it run
            }
        });
        starter.start();
        observer.start();
        starter.join();
        observer.join();
        worker.join();
    }

    private static void waitFor(Flag f) {
        while (!f.set) {
            Thread.onSpinWait();
        }
    }

    /**
     * A thread waits twice for a flag that is already set: each wait reads once and leaves, so
     * nothing spins, and the thread must finish. The second wait enters the loop again without
     * having written since it left it.
     */
    static void waitTwiceForASetFlag() throws InterruptedException {
        Flag f = new Flag();
        f.set = true;
        finishes(() -> {
            waitFor(f);
            waitFor(f);
        });
    }

    /** The same wait inside a counted loop of the same method. */
    static void waitInACountedLoopForASetFlag() throws InterruptedException {
        Flag f = new Flag();
        f.set = true;
        finishes(() -> {
            for (int i = 0; i < 2; i++) {
                while (!f.set) {
                    Thread.onSpinWait();
                }
            }
        });
    }

    /** Runs {@code waits} on a new thread and checks that the thread got past it. */
    private static void finishes(Runnable waits) throws InterruptedException {
        Flag finished = new Flag();
        Thread t = new Thread(() -> {
            waits.run();
            finished.set = true;
        });
        t.start();
        t.join();
        if (!finished.set) {
            throw new AssertionError("the waiting thread did not finish");
        }
    }

    /** A do-while spin, whose jump back to the head is conditional, waits for a flag another thread sets. */
    static void doWhileSpinOnAFlag() throws InterruptedException {
        Flag f = new Flag();
        Thread waiter = new Thread(() -> {
            boolean seen;
            do {
                seen = f.set;
                Thread.onSpinWait();
            } while (!seen);
        });
        waiter.start();
        f.set = true;
        waiter.join();
    }

    /**
     * Method references to modelled methods: the increment and the starts go through the runtime
     * as direct calls would (a reference to a JDK method runs no rewritten code of its own).
     */
    static void methodReferencesToModelledMethods() throws InterruptedException {
        java.util.concurrent.atomic.AtomicInteger count = new java.util.concurrent.atomic.AtomicInteger();
        java.util.List<Thread> threads = java.util.List.of(new Thread(count::incrementAndGet),
                new Thread(count::incrementAndGet));
        threads.forEach(Thread::start);
        int seen = count.get();
        for (Thread t : threads) {
            t.join();
        }
        if (count.get() != 2 || seen < 0 || seen > 2) {
            throw new AssertionError("count " + count.get() + ", seen " + seen);
        }
    }

    /** {@link #methodReferencesToModelledMethods} with lambdas that make the same calls directly. */
    static void lambdasCallingModelledMethods() throws InterruptedException {
        java.util.concurrent.atomic.AtomicInteger count = new java.util.concurrent.atomic.AtomicInteger();
        java.util.List<Thread> threads = java.util.List.of(new Thread(() -> count.incrementAndGet()),
                new Thread(() -> count.incrementAndGet()));
        for (Thread t : threads) {
            t.start();
        }
        int seen = count.get();
        for (Thread t : threads) {
            t.join();
        }
        if (count.get() != 2 || seen < 0 || seen > 2) {
            throw new AssertionError("count " + count.get() + ", seen " + seen);
        }
    }

    /** A method reference to a java.util.concurrent method Weft does not model: refused, as a call is. */
    static void methodReferenceToAnUnmodelledMethod() throws InterruptedException {
        java.util.concurrent.CyclicBarrier barrier = new java.util.concurrent.CyclicBarrier(1);
        Thread t = new Thread(barrier::reset);
        t.start();
        t.join();
    }

    /** The two forms of one test-and-test-and-set spin lock below. */
    interface SpinLock {
        void lock();

        void unlock();
    }

    /** A test-and-test-and-set lock whose spin loop calls a private helper. */
    static final class HelperSpinLock implements SpinLock {
        private final java.util.concurrent.atomic.AtomicBoolean held = new java.util.concurrent.atomic.AtomicBoolean();

        private boolean tryLock() {
            return !held.get() && held.compareAndSet(false, true);
        }

        @Override
        public void lock() {
            while (!tryLock()) {
                Thread.onSpinWait();
            }
        }

        @Override
        public void unlock() {
            held.set(false);
        }
    }

    /** The same lock whose spin loop calls a static helper of another class. */
    static final class OtherClassSpinLock implements SpinLock {
        private final java.util.concurrent.atomic.AtomicBoolean held = new java.util.concurrent.atomic.AtomicBoolean();

        @Override
        public void lock() {
            while (!TryLocks.tryLock(held)) {
                Thread.onSpinWait();
            }
        }

        @Override
        public void unlock() {
            held.set(false);
        }
    }

    /** Test-and-test-and-set on a flag, for {@link OtherClassSpinLock}. */
    static final class TryLocks {
        private TryLocks() {}

        static boolean tryLock(java.util.concurrent.atomic.AtomicBoolean held) {
            return !held.get() && held.compareAndSet(false, true);
        }
    }

    /** The same lock with the helper written into the loop. */
    static final class InlinedSpinLock implements SpinLock {
        private final java.util.concurrent.atomic.AtomicBoolean held = new java.util.concurrent.atomic.AtomicBoolean();

        @Override
        public void lock() {
            while (held.get() || !held.compareAndSet(false, true)) {
                Thread.onSpinWait();
            }
        }

        @Override
        public void unlock() {
            held.set(false);
        }
    }

    /** Two threads increment a plain counter under the lock. */
    static void twoIncrementsUnder(SpinLock lock) throws InterruptedException {
        int[] count = {0};
        Runnable increment = () -> {
            lock.lock();
            count[0]++;
            lock.unlock();
        };
        BugPrograms.startAndJoin(increment, increment);
        if (count[0] != 2) {
            throw new AssertionError("count " + count[0]);
        }
    }

    /** Waiters that enter the wait set in a fixed order, and which of them a notify woke. */
    static final class WaitingRoom {
        volatile int waiting;
        volatile int woken;
    }

    /**
     * {@code waiters} threads wait on one monitor, each entering the wait set only after the one
     * before it has (the main thread starts the next once it sees the count rise, and a waiter
     * holds the monitor from raising the count until {@code wait} releases it). One {@code notify}
     * then wakes one of them, which records its number; {@code notifyAll} lets the others go.
     * Fails unless the first waiter was woken: code that relies on HotSpot's usual order.
     */
    static void notifyWakesTheLongestWaiter(int waiters) throws InterruptedException {
        int woken = notifyWakesSomeWaiter(waiters);
        if (woken != 1) {
            throw new AssertionError("notify woke waiter " + woken + ", not the one that waited longest");
        }
    }

    /** {@link #notifyWakesTheLongestWaiter} without the check: the number of the waiter woken. */
    static int notifyWakesSomeWaiter(int waiters) throws InterruptedException {
        Object lock = new Object();
        WaitingRoom room = new WaitingRoom();
        Thread[] threads = new Thread[waiters];
        for (int i = 0; i < waiters; i++) {
            int number = i + 1;
            threads[i] = new Thread(() -> {
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
            threads[i].start();
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
        for (Thread t : threads) {
            t.join();
        }
        return room.woken;
    }
}
