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
 * Load buffering with opaque accesses: like C11 relaxed atomics the JMM allows "1, 1"; Weft's
 * models (RC11 forbids po and rf cycles) never reach it.
 */
@JCStressTest
@State
@Outcome(id = {"0, 0", "0, 1", "1, 0"}, expect = ACCEPTABLE, desc = "some interleaving")
@Outcome(id = "1, 1", expect = ACCEPTABLE_INTERESTING, desc = "loads satisfied by later stores")
public class LbOpaqueTest {
    static final VarHandle X = VarHandles.field(LbOpaqueTest.class, "x", int.class);
    static final VarHandle Y = VarHandles.field(LbOpaqueTest.class, "y", int.class);

    int x;
    int y;

    @Actor
    public void actor1(II_Result r) {
        r.r1 = (int) X.getOpaque(this);
        Y.setOpaque(this, 1);
    }

    @Actor
    public void actor2(II_Result r) {
        r.r2 = (int) Y.getOpaque(this);
        X.setOpaque(this, 1);
    }
}
