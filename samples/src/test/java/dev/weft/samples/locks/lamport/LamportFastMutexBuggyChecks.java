package dev.weft.samples.locks.lamport;

import dev.weft.junit.ModelCheck;
import dev.weft.samples.locks.CriticalSection;
import dev.weft.samples.locks.Workers;

/**
 * {@link ReleaseXFastMutex}: under RA and RC11 two threads both take the fast path into the
 * critical section. Fails by design; {@code LocksBuggyVariantsTest} runs it under every model.
 */
public class LamportFastMutexBuggyChecks {

    /** Two threads take the lock once each; they must never be inside together. */
    public static void twoThreadsOnceEach() throws InterruptedException {
        ReleaseXFastMutex lock = new ReleaseXFastMutex(2);
        CriticalSection cs = new CriticalSection();
        Workers.run(2, id -> {
            lock.lock(id + 1);
            try {
                cs.enter(id);
            } finally {
                lock.unlock(id + 1);
            }
        });
        cs.assertCount(2);
    }

    @ModelCheck
    void releaseStoreOfXLetsBothIn() throws InterruptedException {
        twoThreadsOnceEach();
    }
}
