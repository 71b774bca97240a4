package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Out-of-thin-air values: each actor copies one field into the other. Only 0 was ever written, so
 * any other value would come out of thin air, which the JMM's causality rules forbid. A regular-
 * expression default catches every such value.
 */
@JCStressTest
@State
@Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "only the initial values exist")
@Outcome(expect = FORBIDDEN, desc = "a value out of thin air")
public class LbOutOfThinAirTest {
    int x;
    int y;

    @Actor
    public void actor1(II_Result r) {
        int a = x;
        y = a;
        r.r1 = a;
    }

    @Actor
    public void actor2(II_Result r) {
        int b = y;
        x = b;
        r.r2 = b;
    }
}
