package dev.weft.jcstresstests;

import java.lang.invoke.VarHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

/**
 * Independent reads of independent writes with setRelease/getAcquire: release/acquire is not
 * multi-copy atomic, so two readers may see the two writes in opposite orders.
 */
@JCStressTest
@State
@Outcome(id = "1, 0, 1, 0", expect = ACCEPTABLE_INTERESTING, desc = "the readers saw the writes in opposite orders")
@Outcome(expect = ACCEPTABLE, desc = "the readers agree on the order of the writes")
public class IriwAcquireReleaseTest {
    static final VarHandle X = VarHandles.field(IriwAcquireReleaseTest.class, "x", int.class);
    static final VarHandle Y = VarHandles.field(IriwAcquireReleaseTest.class, "y", int.class);

    int x;
    int y;

    @Actor
    public void writerX() {
        X.setRelease(this, 1);
    }

    @Actor
    public void writerY() {
        Y.setRelease(this, 1);
    }

    @Actor
    public void readerXY(IIII_Result r) {
        r.r1 = (int) X.getAcquire(this);
        r.r2 = (int) Y.getAcquire(this);
    }

    @Actor
    public void readerYX(IIII_Result r) {
        r.r3 = (int) Y.getAcquire(this);
        r.r4 = (int) X.getAcquire(this);
    }
}
