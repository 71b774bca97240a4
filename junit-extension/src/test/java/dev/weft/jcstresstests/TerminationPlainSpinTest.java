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
 * Termination mode: the actor spins on a plain flag. The JMM lets a compiler hoist the plain read
 * out of the loop, so the actor may spin for ever (jcstress sees it on HotSpot). Weft reads plain
 * fields coherently and assumes fair scheduling, so it only finds TERMINATED.
 */
@JCStressTest(Mode.Termination)
@State
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "the actor returned")
@Outcome(id = "STALE", expect = ACCEPTABLE_INTERESTING, desc = "the read was hoisted out of the loop")
public class TerminationPlainSpinTest {
    boolean stop;

    @Actor
    public void actor() {
        while (!stop) {
            // empty: a compiler may read stop once
        }
    }

    @Signal
    public void signal() {
        stop = true;
    }
}
