package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Load buffering with volatile fields: volatile accesses are sequentially consistent, so a load
 * cannot read a store that comes after it in every interleaving.
 */
@JCStressTest
@State
@Outcome(id = {"0, 0", "0, 1", "1, 0"}, expect = ACCEPTABLE, desc = "some interleaving")
@Outcome(id = "1, 1", expect = FORBIDDEN, desc = "volatile loads cannot read later stores")
public class LbVolatileTest {
    volatile int x;
    volatile int y;

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
