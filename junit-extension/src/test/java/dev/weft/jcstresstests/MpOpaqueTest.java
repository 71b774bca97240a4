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
 * Message passing with opaque accesses (C11 relaxed): opaque gives coherence per variable but no
 * ordering between variables, so the flag may be seen before the data.
 */
@JCStressTest
@State
@Outcome(id = {"0, 0", "0, 1", "1, 1"}, expect = ACCEPTABLE, desc = "flag not seen, or data seen")
@Outcome(id = "1, 0", expect = ACCEPTABLE_INTERESTING, desc = "opaque accesses do not order other variables")
public class MpOpaqueTest {
    static final VarHandle DATA = VarHandles.field(MpOpaqueTest.class, "data", int.class);
    static final VarHandle FLAG = VarHandles.field(MpOpaqueTest.class, "flag", int.class);

    int data;
    int flag;

    @Actor
    public void writer() {
        DATA.setOpaque(this, 1);
        FLAG.setOpaque(this, 1);
    }

    @Actor
    public void reader(II_Result r) {
        r.r1 = (int) FLAG.getOpaque(this);
        r.r2 = (int) DATA.getOpaque(this);
    }
}
