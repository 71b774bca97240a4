package dev.weft.jcstresstests;

import java.lang.invoke.VarHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

/**
 * Store buffering with opaque accesses separated by VarHandle.releaseFence: a release fence orders
 * earlier accesses before later stores only, not before later loads, so both actors may still read
 * 0.
 */
@JCStressTest
@State
@Outcome(id = {"0, 1", "1, 0", "1, 1"}, expect = ACCEPTABLE, desc = "some interleaving")
@Outcome(id = "0, 0", expect = ACCEPTABLE_INTERESTING, desc = "a release fence does not order a store before a load")
public class SbReleaseFenceTest {
    static final VarHandle X = VarHandles.field(SbReleaseFenceTest.class, "x", int.class);
    static final VarHandle Y = VarHandles.field(SbReleaseFenceTest.class, "y", int.class);

    int x;
    int y;

    @Actor
    public void actor1(II_Result r) {
        X.setOpaque(this, 1);
        VarHandle.releaseFence();
        r.r1 = (int) Y.getOpaque(this);
    }

    @Actor
    public void actor2(II_Result r) {
        Y.setOpaque(this, 1);
        VarHandle.releaseFence();
        r.r2 = (int) X.getOpaque(this);
    }
}
