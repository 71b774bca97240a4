package dev.weft.samples.structures.seqlock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.junit.ModelCheck;
import dev.weft.runtime.RacePolicy;

/**
 * {@link SeqLock} under RC11: a read attempt never accepts a torn pair (one value from one write
 * and the other from another), successive reads of one reader never go back in time, and with no
 * write in progress an attempt succeeds and sees the last write.
 *
 * <p>Most checks call {@link SeqLock#tryRead} a fixed number of times, so that a failed attempt is
 * seen too; {@link #readRetriesUntilItGetsAPairThatWasWritten} calls {@link SeqLock#read}, whose
 * retry loop spin-assume cuts: an attempt that failed and wrote nothing ends its execution as a
 * blocked one (docs/samples/seqlock.md).
 */
@ModelCheck(races = RacePolicy.FAIL) // the plain accesses are claimed race-free: hold it to that
class SeqLockTest {

    /** The writes of these checks keep {@code second == 10 * first}, so a torn pair shows. */
    static void assertConsistent(SeqLock.Pair p) {
        if (p != null) {
            assertEquals(10 * p.first(), p.second(), "torn read accepted: " + p);
        }
    }

    /**
     * One writer writes (1, 10) then (2, 20); one reader makes two attempts. Each accepted pair
     * is one that was written (or the initial one), and the second is not older than the first.
     */
    @ModelCheck
    void readsAreNeverTornAndNeverGoBack() throws InterruptedException {
        SeqLock lock = new SeqLock();
        SeqLock.Pair[] seen = new SeqLock.Pair[2];
        Thread writer = new Thread(() -> {
            lock.write(1, 10);
            lock.write(2, 20);
        });
        Thread reader = new Thread(() -> {
            seen[0] = lock.tryRead();
            seen[1] = lock.tryRead();
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        assertConsistent(seen[0]);
        assertConsistent(seen[1]);
        assertTrue(seen[0] == null || seen[1] == null || seen[0].first() <= seen[1].first(),
                "reads went back in time: " + seen[0] + " then " + seen[1]);
        assertEquals(new SeqLock.Pair(2, 20), lock.tryRead(), "with no write in progress, a read must see the last one");
    }

    /**
     * One writer writes (1, 10) then (2, 20) while a reader calls {@code read}, which retries until
     * an attempt overlaps no write: it returns one of the three pairs the lock ever held, whole.
     */
    @ModelCheck
    void readRetriesUntilItGetsAPairThatWasWritten() throws InterruptedException {
        SeqLock lock = new SeqLock();
        SeqLock.Pair[] seen = new SeqLock.Pair[1];
        Thread writer = new Thread(() -> {
            lock.write(1, 10);
            lock.write(2, 20);
        });
        Thread reader = new Thread(() -> seen[0] = lock.read());
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        assertConsistent(seen[0]);
        assertTrue(seen[0].first() >= 0 && seen[0].first() <= 2, "never written: " + seen[0]);
    }

    /**
     * Two writers, one write each, take turns under the monitor while a reader makes two
     * attempts: no accepted pair is torn, not even one mixing the two writers' values.
     */
    @ModelCheck
    void writersTakeTurns() throws InterruptedException {
        SeqLock lock = new SeqLock();
        SeqLock.Pair[] seen = new SeqLock.Pair[2];
        Thread writer1 = new Thread(() -> lock.write(1, 10));
        Thread writer2 = new Thread(() -> lock.write(2, 20));
        Thread reader = new Thread(() -> {
            seen[0] = lock.tryRead();
            seen[1] = lock.tryRead();
        });
        writer1.start();
        writer2.start();
        reader.start();
        writer1.join();
        writer2.join();
        reader.join();
        assertConsistent(seen[0]);
        assertConsistent(seen[1]);
        SeqLock.Pair last = lock.tryRead();
        assertTrue(new SeqLock.Pair(1, 10).equals(last) || new SeqLock.Pair(2, 20).equals(last),
                "with no write in progress, a read must see one of the writes: " + last);
    }
}
