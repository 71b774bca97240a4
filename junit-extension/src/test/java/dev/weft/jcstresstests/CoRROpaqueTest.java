package dev.weft.jcstresstests;

import java.lang.invoke.VarHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Read-read coherence with opaque reads: opaque accesses to one variable are coherent, so a later
 * read never sees an older value than an earlier one.
 */
@JCStressTest
@State
@Outcome(id = {"0, 0", "0, 1", "1, 1"}, expect = ACCEPTABLE, desc = "coherent reads")
@Outcome(id = "1, 0", expect = FORBIDDEN, desc = "opaque reads are coherent")
public class CoRROpaqueTest {
    static final VarHandle X = VarHandles.field(CoRROpaqueTest.class, "x", int.class);

    int x;

    @Actor
    public void writer() {
        X.setOpaque(this, 1);
    }

    @Actor
    public void reader(II_Result r) {
        r.r1 = (int) X.getOpaque(this);
        r.r2 = (int) X.getOpaque(this);
    }
}
