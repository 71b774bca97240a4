package dev.weft.jcstresstests;

import java.lang.invoke.VarHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Read-write coherence with opaque accesses: an actor that reads 2 and then writes 1 orders its
 * write after the 2 in coherence order, so the final value (read by the arbiter) cannot be 2.
 */
@JCStressTest
@State
@Outcome(id = {"0, 1", "0, 2", "2, 1"}, expect = ACCEPTABLE, desc = "coherent")
@Outcome(id = "2, 2", expect = FORBIDDEN, desc = "a write ordered before the write its own thread read")
public class CoRWOpaqueTest {
    static final VarHandle X = VarHandles.field(CoRWOpaqueTest.class, "x", int.class);

    int x;

    @Actor
    public void actor1(II_Result r) {
        r.r1 = (int) X.getOpaque(this);
        X.setOpaque(this, 1);
    }

    @Actor
    public void actor2() {
        X.setOpaque(this, 2);
    }

    @Arbiter
    public void arbiter(II_Result r) {
        r.r2 = (int) X.getOpaque(this);
    }
}
