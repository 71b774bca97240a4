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
 * AtomicInteger.getAndSet exchanges atomically: each exchange returns the value the other one
 * stored, or the initial value, and the two orders are the only outcomes.
 */
@JCStressTest
@State
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "actor1 exchanged first")
@Outcome(id = "2, 0", expect = ACCEPTABLE, desc = "actor2 exchanged first")
@Outcome(expect = FORBIDDEN, desc = "the exchanges overlapped")
public class GetAndSetTest {
    final AtomicInteger x = new AtomicInteger();

    @Actor
    public void actor1(II_Result r) {
        r.r1 = x.getAndSet(1);
    }

    @Actor
    public void actor2(II_Result r) {
        r.r2 = x.getAndSet(2);
    }
}
