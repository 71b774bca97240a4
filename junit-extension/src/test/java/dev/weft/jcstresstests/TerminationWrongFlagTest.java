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
 * Termination mode with a bug: the signal sets a different flag from the one the actor spins on,
 * so the actor never returns. Every execution is blocked, which Weft grades STALE.
 */
@JCStressTest(Mode.Termination)
@State
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "the actor returned")
@Outcome(id = "STALE", expect = ACCEPTABLE_INTERESTING, desc = "the actor spins for ever")
public class TerminationWrongFlagTest {
    volatile boolean stop;
    volatile boolean halt;

    @Actor
    public void actor() {
        while (!stop) {
            Thread.onSpinWait();
        }
    }

    @Signal
    public void signal() {
        halt = true;
    }
}
