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
 * VarHandle.getAndAdd on a plain-declared field is an atomic RMW: the two actors get different old
 * values.
 */
@JCStressTest
@State
@Outcome(id = {"0, 1", "1, 0"}, expect = ACCEPTABLE, desc = "one add after the other")
@Outcome(expect = FORBIDDEN, desc = "the adds overlapped")
public class VarHandleGetAndAddTest {
    static final VarHandle X = VarHandles.field(VarHandleGetAndAddTest.class, "x", int.class);

    int x;

    @Actor
    public void actor1(II_Result r) {
        r.r1 = (int) X.getAndAdd(this, 1);
    }

    @Actor
    public void actor2(II_Result r) {
        r.r2 = (int) X.getAndAdd(this, 1);
    }
}
