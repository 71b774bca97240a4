package dev.weft.samples.locks.lamport;

import dev.weft.junit.ModelCheck;
import dev.weft.samples.locks.CriticalSection;
import dev.weft.samples.locks.Workers;

/** {@link LamportFastMutex}: mutual exclusion and progress, in every execution RC11 allows. */
class LamportFastMutexTest {

    /** Two threads take the lock twice each: never two inside, no increment lost, both finish. */
    @ModelCheck
    void twoThreadsTwiceEach() throws InterruptedException {
        LamportFastMutex lock = new LamportFastMutex(2);
        CriticalSection cs = new CriticalSection();
        Workers.run(2, id -> {
            for (int i = 0; i < 2; i++) {
                lock.lock(id + 1);
                try {
                    cs.enter(id);
                } finally {
                    lock.unlock(id + 1);
                }
            }
        });
        cs.assertCount(4);
    }

    /** Three threads once each: the slow path, where a thread waits for every other to withdraw. */
    @ModelCheck
    void threeThreadsOnceEach() throws InterruptedException {
        LamportFastMutex lock = new LamportFastMutex(3);
        CriticalSection cs = new CriticalSection();
        Workers.run(3, id -> {
            lock.lock(id + 1);
            try {
                cs.enter(id);
            } finally {
                lock.unlock(id + 1);
            }
        });
        cs.assertCount(3);
    }
}
