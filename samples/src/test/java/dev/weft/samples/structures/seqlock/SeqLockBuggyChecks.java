package dev.weft.samples.structures.seqlock;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.junit.ModelCheck;

/**
 * The check that finds the bug of {@link BuggySeqLock} (no acquire fence before the re-check of
 * the sequence number): a reader accepts a pair with the new first value and the old second one.
 * Not a test class of its own: {@code StructuresBuggyVariantsTest} runs it under each model and
 * checks that it fails exactly where the model allows the bug.
 */
public class SeqLockBuggyChecks {

    /** One writer writes (1, 10) then (2, 20); one reader makes two attempts. */
    @ModelCheck
    void readsAreNeverTorn() throws InterruptedException {
        BuggySeqLock lock = new BuggySeqLock();
        Thread writer = new Thread(() -> {
            lock.write(1, 10);
            lock.write(2, 20);
        });
        Thread reader = new Thread(() -> {
            for (int i = 0; i < 2; i++) {
                BuggySeqLock.Pair p = lock.tryRead();
                if (p != null) {
                    assertEquals(10 * p.first(), p.second(), "torn read accepted: " + p);
                }
            }
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
    }
}
