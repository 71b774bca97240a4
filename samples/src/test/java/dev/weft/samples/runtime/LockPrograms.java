package dev.weft.samples.runtime;

import static dev.weft.samples.runtime.BugPrograms.startAndJoin;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Programs on {@code ReentrantLock} and its conditions, each beside the same program on a monitor,
 * whose executions it must match (lock/unlock as monitorenter/exit, await/signal as wait/notify).
 */
final class LockPrograms {
    private LockPrograms() {}

    static final class Counter {
        int count;
    }

    /** Two threads increment a plain counter under a ReentrantLock, one of them re-entering it. */
    static void incrementsUnderAReentrantLock() throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        Counter c = new Counter();
        startAndJoin(() -> {
            lock.lock();
            try {
                c.count++;
            } finally {
                lock.unlock();
            }
        }, () -> {
            lock.lock();
            lock.lock();
            try {
                if (lock.getHoldCount() != 2 || !lock.isHeldByCurrentThread()) {
                    throw new AssertionError("hold count " + lock.getHoldCount());
                }
                c.count++;
            } finally {
                lock.unlock();
                lock.unlock();
            }
        });
        if (c.count != 2 || lock.isLocked()) {
            throw new AssertionError("count " + c.count + ", locked " + lock.isLocked());
        }
    }

    static void incrementsUnderAMonitor() throws InterruptedException {
        Object lock = new Object();
        Counter c = new Counter();
        startAndJoin(() -> {
            synchronized (lock) {
                c.count++;
            }
        }, () -> {
            synchronized (lock) {
                synchronized (lock) {
                    c.count++;
                }
            }
        });
        if (c.count != 2) {
            throw new AssertionError("count " + c.count);
        }
    }

    /**
     * Two threads each increment if {@code tryLock} succeeds (the timed one too): both may succeed,
     * one after the other, or one fails while the other holds the lock; never both fail.
     */
    static void tryLockIncrements() throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        Counter c = new Counter();
        Counter failures = new Counter();
        startAndJoin(() -> {
            if (lock.tryLock()) {
                try {
                    c.count++;
                } finally {
                    lock.unlock();
                }
            } else {
                failures.count++;
            }
        }, () -> {
            try {
                if (lock.tryLock(1, TimeUnit.SECONDS)) {
                    try {
                        c.count++;
                    } finally {
                        lock.unlock();
                    }
                } else {
                    failures.count++;
                }
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        if (c.count + failures.count != 2 || failures.count > 1) {
            throw new AssertionError("increments " + c.count + ", failed tryLocks " + failures.count);
        }
    }

    static final class Slot {
        boolean full;
        int item;
    }

    /** A hand-off through a one-item slot guarded by a lock and its condition, through the {@code Lock} interface. */
    static void handOffWithACondition() throws InterruptedException {
        Lock lock = new ReentrantLock();
        Condition changed = lock.newCondition();
        Slot slot = new Slot();
        startAndJoin(() -> {
            lock.lock();
            try {
                slot.item = 42;
                slot.full = true;
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }, () -> {
            lock.lock();
            try {
                while (!slot.full) {
                    changed.awaitUninterruptibly();
                }
                if (slot.item != 42) {
                    throw new AssertionError("item " + slot.item);
                }
            } finally {
                lock.unlock();
            }
        });
    }

    static void handOffWithAMonitor() throws InterruptedException {
        Object lock = new Object();
        Slot slot = new Slot();
        startAndJoin(() -> {
            synchronized (lock) {
                slot.item = 42;
                slot.full = true;
                lock.notifyAll();
            }
        }, () -> {
            synchronized (lock) {
                while (!slot.full) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        throw new AssertionError(e);
                    }
                }
                if (slot.item != 42) {
                    throw new AssertionError("item " + slot.item);
                }
            }
        });
    }

    /** The waiter awaits without checking the slot: a signal that comes first is lost. */
    static void missedSignal() throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        Condition changed = lock.newCondition();
        startAndJoin(() -> {
            lock.lock();
            try {
                changed.signal();
            } finally {
                lock.unlock();
            }
        }, () -> {
            lock.lock();
            try {
                changed.await();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            } finally {
                lock.unlock();
            }
        });
    }

    /** A thread that returns without unlocking: the other waits for the lock for good. */
    static void forgottenUnlock() throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        startAndJoin(lock::lock, lock::lock);
    }

    static void unlockWithoutHolding() throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        startAndJoin(lock::unlock);
    }

    /** A lock the program implements itself, called through the {@code Lock} interface. */
    static final class FlagLock implements Lock {
        private final java.util.concurrent.atomic.AtomicBoolean held = new java.util.concurrent.atomic.AtomicBoolean();

        @Override
        public void lock() {
            while (!tryLock()) {
                Thread.onSpinWait();
            }
        }

        @Override
        public boolean tryLock() {
            return !held.get() && held.compareAndSet(false, true);
        }

        @Override
        public void unlock() {
            held.set(false);
        }

        @Override
        public void lockInterruptibly() {
            lock();
        }

        @Override
        public boolean tryLock(long time, TimeUnit unit) {
            return tryLock();
        }

        @Override
        public Condition newCondition() {
            throw new UnsupportedOperationException();
        }
    }

    static void incrementsUnderTheProgramsOwnLock() throws InterruptedException {
        incrementsUnder(new FlagLock());
    }

    /** The program's own {@code Executor}, called through the interface: it runs the task at once. */
    static void theProgramsOwnExecutor() throws InterruptedException {
        java.util.concurrent.Executor direct = Runnable::run;
        Counter c = new Counter();
        startAndJoin(() -> direct.execute(() -> c.count++));
        if (c.count != 1) {
            throw new AssertionError("count " + c.count);
        }
    }

    /** A JDK lock Weft does not model. */
    static void readWriteLock() throws InterruptedException {
        java.util.concurrent.locks.ReadWriteLock lock = new java.util.concurrent.locks.ReentrantReadWriteLock();
        startAndJoin(() -> lock.readLock().lock());
    }

    /** Two threads take the lock by spinning on {@code tryLock}, and increment under it. */
    static void incrementsAfterSpinningOnTryLock() throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        Counter c = new Counter();
        Runnable increment = () -> {
            while (!lock.tryLock()) {
                Thread.onSpinWait();
            }
            try {
                c.count++;
            } finally {
                lock.unlock();
            }
        };
        startAndJoin(increment, increment);
        if (c.count != 2) {
            throw new AssertionError("count " + c.count);
        }
    }

    static void incrementsUnderLock() throws InterruptedException {
        incrementsUnder(new ReentrantLock());
    }

    /** Two threads increment a plain counter, each under {@code lock}. */
    private static void incrementsUnder(Lock lock) throws InterruptedException {
        Counter c = new Counter();
        Runnable increment = () -> {
            lock.lock();
            try {
                c.count++;
            } finally {
                lock.unlock();
            }
        };
        startAndJoin(increment, increment);
        if (c.count != 2) {
            throw new AssertionError("count " + c.count);
        }
    }
}
