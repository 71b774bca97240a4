package dev.weft.samples.locks.ticket;

import dev.weft.junit.ModelCheck;
import dev.weft.samples.locks.CriticalSection;
import dev.weft.samples.locks.Workers;

/** {@link TicketLock}: mutual exclusion and progress, in every execution RC11 allows. */
class TicketLockTest {

    /** Two threads take the lock twice each: never two inside, no increment lost, both finish. */
    @ModelCheck
    void twoThreadsTwiceEach() throws InterruptedException {
        TicketLock lock = new TicketLock();
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

    /** Three threads once each: every ticket is served, in any order the tickets were drawn. */
    @ModelCheck
    void threeThreadsOnceEach() throws InterruptedException {
        TicketLock lock = new TicketLock();
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
