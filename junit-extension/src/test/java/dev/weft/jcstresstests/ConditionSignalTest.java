package dev.weft.jcstresstests;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * A guarded await: the consumer awaits the condition until the producer sets the flag and signals;
 * the lock also publishes the plain data.
 */
@JCStressTest
@State
@Outcome(id = "42", expect = ACCEPTABLE, desc = "woken up with the data")
@Outcome(expect = FORBIDDEN, desc = "the data was not published")
public class ConditionSignalTest {
    final ReentrantLock lock = new ReentrantLock();
    final Condition ready = lock.newCondition();
    int data;
    boolean isReady;

    @Actor
    public void producer() {
        lock.lock();
        try {
            data = 42;
            isReady = true;
            ready.signal();
        } finally {
            lock.unlock();
        }
    }

    @Actor
    public void consumer(I_Result r) {
        lock.lock();
        try {
            while (!isReady) {
                ready.awaitUninterruptibly();
            }
            r.r1 = data;
        } finally {
            lock.unlock();
        }
    }
}
