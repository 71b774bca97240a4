package dev.weft.samples.locks.clh;

import dev.weft.junit.ModelCheck;
import dev.weft.samples.locks.CriticalSection;
import dev.weft.samples.locks.Workers;

/**
 * {@link ReleaseSwapClhLock} under RC11: a thread reads its predecessor's flag as the fresh node's
 * default and enters while the predecessor is inside. Fails by design; {@code LocksBuggyVariantsTest}
 * runs it under every model.
 */
public class ClhLockBuggyChecks {

    /** Two threads take the lock twice each; the count must end at 4. */
    public static void twoThreadsTwiceEach() throws InterruptedException {
        ReleaseSwapClhLock lock = new ReleaseSwapClhLock();
        CriticalSection cs = new CriticalSection();
        Workers.run(2, id -> {
            for (int i = 0; i < 2; i++) {
                ReleaseSwapClhLock.Node node = lock.lock();
                try {
                    cs.enter(id);
                } finally {
                    lock.unlock(node);
                }
            }
        });
        cs.assertCount(4);
    }

    @ModelCheck
    void releaseOnlySwapBreaksMutualExclusion() throws InterruptedException {
        twoThreadsTwiceEach();
    }
}
