package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * A guarded wait: the consumer waits on the monitor until the producer sets the flag and calls
 * notifyAll; the monitor also publishes the plain data.
 */
@JCStressTest
@State
@Outcome(id = "42", expect = ACCEPTABLE, desc = "woken up with the data")
@Outcome(expect = FORBIDDEN, desc = "the data was not published")
public class WaitNotifyTest {
    int data;
    boolean ready;

    @Actor
    public void producer() {
        synchronized (this) {
            data = 42;
            ready = true;
            notifyAll();
        }
    }

    @Actor
    public void consumer(I_Result r) {
        synchronized (this) {
            while (!ready) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    throw new IllegalStateException("nobody interrupts the consumer", e);
                }
            }
            r.r1 = data;
        }
    }
}
