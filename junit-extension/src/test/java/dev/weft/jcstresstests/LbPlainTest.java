package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

/**
 * Load buffering with plain fields: the JMM lets each store become visible before the other
 * thread's earlier load, so both may read 1. RC11 forbids cycles of program order and reads-from,
 * so Weft never reaches "1, 1" under any model: an under-approximation of the JMM, listed as
 * interesting.
 */
@JCStressTest
@State
@Outcome(id = {"0, 0", "0, 1", "1, 0"}, expect = ACCEPTABLE, desc = "some interleaving")
@Outcome(id = "1, 1", expect = ACCEPTABLE_INTERESTING, desc = "loads satisfied by later stores")
public class LbPlainTest {
    int x;
    int y;

    @Actor
    public void actor1(II_Result r) {
        r.r1 = x;
        y = 1;
    }

    @Actor
    public void actor2(II_Result r) {
        r.r2 = y;
        x = 1;
    }
}
