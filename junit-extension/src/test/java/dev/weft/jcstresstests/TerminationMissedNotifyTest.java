package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

/**
 * Termination mode with a lost wake-up: the signal sets the condition but never notifies, so an
 * actor that already waits sleeps for ever. Weft finds it as a deadlock and grades it STALE.
 */
@JCStressTest(Mode.Termination)
@State
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "the actor returned")
@Outcome(id = "STALE", expect = ACCEPTABLE_INTERESTING, desc = "lost wake-up: nobody notifies the waiting actor")
public class TerminationMissedNotifyTest {
    volatile boolean ready;

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
        ready = true;
    }
}
