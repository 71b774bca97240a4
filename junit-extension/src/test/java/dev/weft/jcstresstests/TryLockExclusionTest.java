package dev.weft.jcstresstests;

import java.util.concurrent.locks.ReentrantLock;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Each actor takes the lock with tryLock and keeps it: at most one gets it, and at least one does
 * (a free lock is never refused: ReentrantLock.tryLock does not fail spuriously).
 */
@JCStressTest
@State
@Outcome(id = {"1, 0", "0, 1"}, expect = ACCEPTABLE, desc = "one actor holds the lock")
@Outcome(id = "1, 1", expect = FORBIDDEN, desc = "both hold the lock")
@Outcome(id = "0, 0", expect = FORBIDDEN, desc = "a free lock was refused")
public class TryLockExclusionTest {
    final ReentrantLock lock = new ReentrantLock();

    @Actor
    public void actor1(II_Result r) {
        r.r1 = lock.tryLock() ? 1 : 0;
    }

    @Actor
    public void actor2(II_Result r) {
        r.r2 = lock.tryLock() ? 1 : 0;
    }
}
