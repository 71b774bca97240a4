package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Write-write coherence seen by an @Arbiter: two actors write one field of a separate @State
 * object; once both are joined, the arbiter sees one of the two writes (the last in coherence
 * order), never the initial value.
 */
@JCStressTest
@Outcome(id = {"1", "2"}, expect = ACCEPTABLE, desc = "the write that came last")
@Outcome(id = "0", expect = FORBIDDEN, desc = "both writes were lost")
public class CoWWArbiterTest {
    /** The shared state, separate from the test class. */
    @State
    public static class Cell {
        int x;
    }

    @Actor
    public void actor1(Cell c) {
        c.x = 1;
    }

    @Actor
    public void actor2(Cell c) {
        c.x = 2;
    }

    @Arbiter
    public void arbiter(Cell c, I_Result r) {
        r.r1 = c.x;
    }
}
