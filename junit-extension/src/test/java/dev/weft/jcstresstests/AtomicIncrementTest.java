package dev.weft.jcstresstests;

import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * RMW atomicity: two AtomicInteger.incrementAndGet calls never return the same value.
 */
@JCStressTest
@State
@Outcome(id = {"1, 2", "2, 1"}, expect = ACCEPTABLE, desc = "one increment after the other")
@Outcome(id = "1, 1", expect = FORBIDDEN, desc = "both increments read the same value")
public class AtomicIncrementTest {
    final AtomicInteger counter = new AtomicInteger();

    @Actor
    public void actor1(II_Result r) {
        r.r1 = counter.incrementAndGet();
    }

    @Actor
    public void actor2(II_Result r) {
        r.r2 = counter.incrementAndGet();
    }
}
