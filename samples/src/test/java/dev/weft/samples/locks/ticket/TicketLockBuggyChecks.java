package dev.weft.samples.locks.ticket;

import dev.weft.junit.ModelCheck;
import dev.weft.samples.locks.CriticalSection;
import dev.weft.samples.locks.Workers;

/**
 * {@link OpaqueSpinTicketLock} under RC11: the next owner does not see the previous critical
 * section's increment. Fails by design; {@code LocksBuggyVariantsTest} runs it under every model.
 */
public class TicketLockBuggyChecks {

    /** Two threads take the lock twice each; the count must end at 4. */
    public static void twoThreadsTwiceEach() throws InterruptedException {
        OpaqueSpinTicketLock lock = new OpaqueSpinTicketLock();
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

    @ModelCheck
    void opaqueSpinLosesAnIncrement() throws InterruptedException {
        twoThreadsTwiceEach();
    }
}
