package dev.weft.samples.locks.peterson;

import dev.weft.junit.ModelCheck;
import dev.weft.samples.locks.CriticalSection;
import dev.weft.samples.locks.Workers;

/**
 * {@link AcquireReleasePetersonLock}: both threads enter under RA and RC11 (store buffering).
 * Fails by design; {@code LocksBuggyVariantsTest} runs it under every model.
 */
public class PetersonLockBuggyChecks {

    /** Each thread takes the lock once; two threads must never be inside together. */
    public static void twoThreadsOnceEach() throws InterruptedException {
        AcquireReleasePetersonLock lock = new AcquireReleasePetersonLock();
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
    void acquireReleaseEntryLetsBothIn() throws InterruptedException {
        twoThreadsOnceEach();
    }
}
