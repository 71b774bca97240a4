package dev.weft.jcstresstests;

import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Strong compareAndSet from the same expected value: exactly one of two competing CASes succeeds
 * (strong CAS never fails spuriously).
 */
@JCStressTest
@State
@Outcome(id = {"true, false", "false, true"}, expect = ACCEPTABLE, desc = "exactly one winner")
@Outcome(id = "true, true", expect = FORBIDDEN, desc = "both CASes succeeded")
@Outcome(id = "false, false", expect = FORBIDDEN, desc = "a strong CAS failed spuriously")
public class CasExclusionTest {
    final AtomicInteger x = new AtomicInteger();

    @Actor
    public void actor1(ZZ_Result r) {
        r.r1 = x.compareAndSet(0, 1);
    }

    @Actor
    public void actor2(ZZ_Result r) {
        r.r2 = x.compareAndSet(0, 2);
    }
}
