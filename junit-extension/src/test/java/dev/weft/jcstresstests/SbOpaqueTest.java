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
 * Store buffering with opaque accesses: like C11 relaxed atomics, opaque accesses to different
 * variables are not ordered, so both actors may read 0.
 */
@JCStressTest
@State
@Outcome(id = {"0, 1", "1, 0", "1, 1"}, expect = ACCEPTABLE, desc = "some interleaving")
@Outcome(id = "0, 0", expect = ACCEPTABLE_INTERESTING, desc = "opaque stores may be seen late")
public class SbOpaqueTest {
    static final VarHandle X = VarHandles.field(SbOpaqueTest.class, "x", int.class);
    static final VarHandle Y = VarHandles.field(SbOpaqueTest.class, "y", int.class);

    int x;
    int y;

    @Actor
    public void actor1(II_Result r) {
        X.setOpaque(this, 1);
        r.r1 = (int) Y.getOpaque(this);
    }

    @Actor
    public void actor2(II_Result r) {
        Y.setOpaque(this, 1);
        r.r2 = (int) X.getOpaque(this);
    }
}
