package dev.weft.jcstresstests.negative;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressMeta;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Not a real test: outcomes that overlap on purpose, so that JCStressSpecTest can check the order
 * in which ids match (exact ids first, then regular expressions in declaration order with the
 * {@code @JCStressMeta} class's first, then the default). In a {@code negative} package so that the
 * engine leaves it alone in the normal build.
 */
@JCStressTest
@JCStressMeta(GradingOrderFixture.Meta.class)
@State
@Outcome(id = "1, .*", expect = ACCEPTABLE_INTERESTING, desc = "own pattern, declared first")
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "own exact id, declared after the pattern")
@Outcome(id = "[0-9], 0", expect = FORBIDDEN, desc = "own pattern, declared after the meta class's")
@Outcome(expect = ACCEPTABLE_INTERESTING, desc = "own default")
public class GradingOrderFixture {
    int x;

    /** The outcomes linked by @JCStressMeta: they match before the test's own. */
    @Outcome(id = "2, .*", expect = ACCEPTABLE, desc = "meta pattern")
    public static class Meta {
    }

    @Actor
    public void actor1(II_Result r) {
        r.r1 = x;
    }

    @Actor
    public void actor2(II_Result r) {
        r.r2 = x;
    }
}
