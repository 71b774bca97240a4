package dev.weft.samples.locks.ttas;

import dev.weft.junit.ModelCheck;
import dev.weft.samples.locks.CriticalSection;
import dev.weft.samples.locks.Workers;

/** {@link TtasSpinLock}: mutual exclusion and progress, in every execution RC11 allows. */
class TtasSpinLockTest {

    /** Two threads take the lock twice each: never two inside, no increment lost, both finish. */
    @ModelCheck
    void twoThreadsTwiceEach() throws InterruptedException {
        TtasSpinLock lock = new TtasSpinLock();
        CriticalSection cs = new CriticalSection();
        Workers.run(2, id -> {
            for (int i = 0; i < 2; i++) {
                lock.lock();
                try {
                    cs.enter(id);
                } finally {
                    lock.unlock();
                }
            }
        });
        cs.assertCount(4);
    }

    /** Three threads once each: a waiter gets the lock whichever thread released it. */
    @ModelCheck
    void threeThreadsOnceEach() throws InterruptedException {
        TtasSpinLock lock = new TtasSpinLock();
        CriticalSection cs = new CriticalSection();
        Workers.run(3, id -> {
            lock.lock();
            try {
                cs.enter(id);
            } finally {
                lock.unlock();
            }
        });
        cs.assertCount(3);
    }
}
