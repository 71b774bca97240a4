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
 * Message passing with VarHandle setRelease/getAcquire on the flag: release/acquire is exactly
 * what message passing needs, so the stale-data outcome is forbidden.
 */
@JCStressTest
@State
@Outcome(id = {"0, 0", "0, 1", "1, 1"}, expect = ACCEPTABLE, desc = "flag not seen, or data seen")
@Outcome(id = "1, 0", expect = FORBIDDEN, desc = "the acquire read synchronises with the release write")
public class MpReleaseAcquireTest {
    static final VarHandle FLAG = VarHandles.field(MpReleaseAcquireTest.class, "flag", int.class);

    int data;
    int flag;

    @Actor
    public void writer() {
        data = 1;
        FLAG.setRelease(this, 1);
    }

    @Actor
    public void reader(II_Result r) {
        r.r1 = (int) FLAG.getAcquire(this);
        r.r2 = data;
    }
}
