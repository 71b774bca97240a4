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
 * Message passing where both actors hold the same ReentrantLock: as with a monitor, the critical
 * sections run one after the other, so the reader sees both writes or neither.
 */
@JCStressTest
@State
@Outcome(id = {"0, 0", "1, 1"}, expect = ACCEPTABLE, desc = "reader's section before or after the writer's")
@Outcome(id = {"0, 1", "1, 0"}, expect = FORBIDDEN, desc = "a critical section is seen half done")
public class MpReentrantLockTest {
    final ReentrantLock lock = new ReentrantLock();
    int data;
    int flag;

    @Actor
    public void writer() {
        lock.lock();
        try {
            data = 1;
            flag = 1;
        } finally {
            lock.unlock();
        }
    }

    @Actor
    public void reader(II_Result r) {
        lock.lock();
        try {
            r.r1 = flag;
            r.r2 = data;
        } finally {
            lock.unlock();
        }
    }
}
