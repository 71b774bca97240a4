package dev.weft.jcstresstests;

import java.lang.invoke.VarHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * weakCompareAndSetPlain may fail spuriously: besides one winner, both competing weak CASes may
 * fail although the value never changed. Weft explores the spurious failure as a branch.
 */
@JCStressTest
@State
@Outcome(id = {"true, false", "false, true"}, expect = ACCEPTABLE, desc = "one winner")
@Outcome(id = "false, false", expect = ACCEPTABLE_INTERESTING, desc = "a spurious failure")
@Outcome(id = "true, true", expect = FORBIDDEN, desc = "both CASes succeeded")
public class WeakCasSpuriousTest {
    static final VarHandle X = VarHandles.field(WeakCasSpuriousTest.class, "x", int.class);

    int x;

    @Actor
    public void actor1(ZZ_Result r) {
        r.r1 = X.weakCompareAndSetPlain(this, 0, 1);
    }

    @Actor
    public void actor2(ZZ_Result r) {
        r.r2 = X.weakCompareAndSetPlain(this, 0, 2);
    }
}
