package dev.weft.jcstresstests.negative;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Deliberately wrong: store buffering with plain fields, graded as if they were volatile. Under
 * RC11 "0, 0" is reachable, so the engine must fail this test and show the execution. Kept in a
 * {@code negative} package, which the engine skips unless {@code weft.jcstress.include-negative=true}.
 */
@JCStressTest
@State
@Outcome(id = {"0, 1", "1, 0", "1, 1"}, expect = ACCEPTABLE, desc = "some interleaving")
@Outcome(id = "0, 0", expect = FORBIDDEN, desc = "wrongly claimed impossible for plain fields")
public class WrongSbPlainExpectation {
    int x;
    int y;

    @Actor
    public void actor1(II_Result r) {
        x = 1;
        r.r1 = y;
    }

    @Actor
    public void actor2(II_Result r) {
        y = 1;
        r.r2 = x;
    }
}
