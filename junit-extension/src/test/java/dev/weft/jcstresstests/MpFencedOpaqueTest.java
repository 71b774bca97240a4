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
 * Message passing with an opaque flag between VarHandle.releaseFence and VarHandle.acquireFence:
 * the fences turn the opaque flag into a synchronising pair (C11 fence synchronisation), so plain
 * data written before the release fence is seen after the acquire fence.
 */
@JCStressTest
@State
@Outcome(id = {"0, 0", "0, 1", "1, 1"}, expect = ACCEPTABLE, desc = "flag not seen, or data seen")
@Outcome(id = "1, 0", expect = FORBIDDEN, desc = "release fence ; flag ... flag ; acquire fence synchronise")
public class MpFencedOpaqueTest {
    static final VarHandle FLAG = VarHandles.field(MpFencedOpaqueTest.class, "flag", int.class);

    int data;
    int flag;

    @Actor
    public void writer() {
        data = 1;
        VarHandle.releaseFence();
        FLAG.setOpaque(this, 1);
    }

    @Actor
    public void reader(II_Result r) {
        int f = (int) FLAG.getOpaque(this);
        VarHandle.acquireFence();
        r.r1 = f;
        r.r2 = data;
    }
}
