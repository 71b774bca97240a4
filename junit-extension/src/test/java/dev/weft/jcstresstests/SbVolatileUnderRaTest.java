package dev.weft.jcstresstests;

import dev.weft.jcstress.WeftModel;
import dev.weft.models.MemoryModel;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

/**
 * Volatile store buffering checked under the RA model (@WeftModel): RA reads every volatile access
 * as release/acquire, which has no store-load order, so "0, 0" becomes reachable. This is the
 * model, not Java: the outcomes here grade RA.
 */
@JCStressTest
@WeftModel(MemoryModel.RA)
@State
@Description("Store buffering, volatile fields, under release/acquire")
@Outcome(id = {"0, 1", "1, 0", "1, 1"}, expect = ACCEPTABLE, desc = "some interleaving")
@Outcome(id = "0, 0", expect = ACCEPTABLE_INTERESTING, desc = "RA has no store-load order")
public class SbVolatileUnderRaTest {
    volatile int x;
    volatile int y;

    @Actor
    public void actor1(II_Result r) {
        x = 1;
        r.r1 = y;
    }

    @Actor
    public void actor2(II_Result r) {
        y = 1;
        r.r2 = x;
    }
}
