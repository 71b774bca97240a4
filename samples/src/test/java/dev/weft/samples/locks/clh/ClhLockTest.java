package dev.weft.samples.locks.clh;

import dev.weft.junit.ModelCheck;
import dev.weft.samples.locks.CriticalSection;
import dev.weft.samples.locks.Workers;

/** {@link ClhLock}: mutual exclusion and progress, in every execution RC11 allows. */
class ClhLockTest {

    /** Two threads take the lock twice each: never two inside, no increment lost, both finish. */
    @ModelCheck
    void twoThreadsTwiceEach() throws InterruptedException {
        ClhLock lock = new ClhLock();
        CriticalSection cs = new CriticalSection();
        Workers.run(2, id -> {
            for (int i = 0; i < 2; i++) {
                ClhLock.Node node = lock.lock();
                try {
                    cs.enter(id);
                } finally {
                    lock.unlock(node);
                }
            }
        });
        cs.assertCount(4);
    }

    /** Three threads once each: a queue of two waiters behind the owner drains in order. */
    @ModelCheck
    void threeThreadsOnceEach() throws InterruptedException {
        ClhLock lock = new ClhLock();
        CriticalSection cs = new CriticalSection();
        Workers.run(3, id -> {
            ClhLock.Node node = lock.lock();
            try {
                cs.enter(id);
            } finally {
                lock.unlock(node);
            }
        });
        cs.assertCount(3);
    }
}
