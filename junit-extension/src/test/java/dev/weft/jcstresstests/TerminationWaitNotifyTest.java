package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Termination mode with a guarded wait: the signal sets the condition and calls notifyAll under
 * the monitor, so the waiting actor is always woken.
 */
@JCStressTest(Mode.Termination)
@State
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "the actor returned")
@Outcome(id = "STALE", expect = FORBIDDEN, desc = "the actor waits for good")
public class TerminationWaitNotifyTest {
    boolean ready;

    @Actor
    public void actor() {
        synchronized (this) {
            while (!ready) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    throw new IllegalStateException("nobody interrupts the actor", e);
                }
            }
        }
    }

    @Signal
    public void signal() {
        synchronized (this) {
            ready = true;
            notifyAll();
        }
    }
}
