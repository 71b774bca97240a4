package dev.weft.samples.locks.dekker;

import dev.weft.junit.ModelCheck;
import dev.weft.samples.locks.CriticalSection;
import dev.weft.samples.locks.Workers;

/**
 * {@link AcquireReleaseDekkerLock}: both threads enter under RA and RC11 (store buffering).
 * Fails by design; {@code LocksBuggyVariantsTest} runs it under every model.
 */
public class DekkerLockBuggyChecks {

    /** Each thread takes the lock once; two threads must never be inside together. */
    public static void twoThreadsOnceEach() throws InterruptedException {
        AcquireReleaseDekkerLock lock = new AcquireReleaseDekkerLock();
        CriticalSection cs = new CriticalSection();
        Workers.run(2, id -> {
            lock.lock(id);
            try {
                cs.enter(id);
            } finally {
                lock.unlock(id);
            }
        });
        cs.assertCount(2);
    }

    @ModelCheck
    void acquireReleaseClaimsLetBothIn() throws InterruptedException {
        twoThreadsOnceEach();
    }
}
