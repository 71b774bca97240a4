package dev.weft.samples.locks.ttas;

import dev.weft.junit.ModelCheck;
import dev.weft.samples.locks.CriticalSection;
import dev.weft.samples.locks.Workers;

/**
 * {@link OpaqueUnlockTtasSpinLock} under RC11: the second critical section does not see the first
 * one's increment. Fails by design; {@code LocksBuggyVariantsTest} runs it under every model.
 */
public class TtasSpinLockBuggyChecks {

    /** Two threads take the lock twice each; the count must end at 4. */
    public static void twoThreadsTwiceEach() throws InterruptedException {
        OpaqueUnlockTtasSpinLock lock = new OpaqueUnlockTtasSpinLock();
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
    void opaqueUnlockLosesAnIncrement() throws InterruptedException {
        twoThreadsTwiceEach();
    }
}
