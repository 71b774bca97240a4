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
 * Termination mode: the actor spins on a volatile flag that the signal sets. A volatile write
 * becomes visible to later volatile reads, so the actor always returns.
 */
@JCStressTest(Mode.Termination)
@State
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "the actor returned")
@Outcome(id = "STALE", expect = FORBIDDEN, desc = "the actor missed the volatile write for good")
public class TerminationVolatileSpinTest {
    volatile boolean stop;

    @Actor
    public void actor() {
        while (!stop) {
            Thread.onSpinWait();
        }
    }

    @Signal
    public void signal() {
        stop = true;
    }
}
