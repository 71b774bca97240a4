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
 * Store buffering with setRelease/getAcquire: release/acquire orders a store before later stores
 * and a load before later loads, but not a store before a later load, so both actors may read 0.
 */
@JCStressTest
@State
@Outcome(id = {"0, 1", "1, 0", "1, 1"}, expect = ACCEPTABLE, desc = "some interleaving")
@Outcome(id = "0, 0", expect = ACCEPTABLE_INTERESTING, desc = "release/acquire has no store-load order")
public class SbReleaseAcquireTest {
    static final VarHandle X = VarHandles.field(SbReleaseAcquireTest.class, "x", int.class);
    static final VarHandle Y = VarHandles.field(SbReleaseAcquireTest.class, "y", int.class);

    int x;
    int y;

    @Actor
    public void actor1(II_Result r) {
        X.setRelease(this, 1);
        r.r1 = (int) Y.getAcquire(this);
    }

    @Actor
    public void actor2(II_Result r) {
        Y.setRelease(this, 1);
        r.r2 = (int) X.getAcquire(this);
    }
}
