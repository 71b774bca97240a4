package dev.weft.samples.locks.dekker;

import dev.weft.junit.ModelCheck;
import dev.weft.samples.locks.CriticalSection;
import dev.weft.samples.locks.Workers;

/** {@link DekkerLock}: mutual exclusion and progress, in every execution RC11 allows. */
class DekkerLockTest {

    /** Both threads take the lock twice: never two inside, no increment lost, both finish. */
    @ModelCheck
    void twoThreadsTwiceEach() throws InterruptedException {
        DekkerLock lock = new DekkerLock();
        CriticalSection cs = new CriticalSection();
        Workers.run(2, id -> {
            for (int i = 0; i < 2; i++) {
                lock.lock(id);
                try {
                    cs.enter(id);
                } finally {
                    lock.unlock(id);
                }
            }
        });
        cs.assertCount(4);
    }
}
