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
 * Store buffering with AtomicInteger set/get: their volatile semantics make them sequentially
 * consistent, so at least one actor sees the other store.
 */
@JCStressTest
@State
@Outcome(id = {"0, 1", "1, 0", "1, 1"}, expect = ACCEPTABLE, desc = "some interleaving")
@Outcome(id = "0, 0", expect = FORBIDDEN, desc = "volatile accesses are totally ordered")
public class SbAtomicIntegerTest {
    final AtomicInteger x = new AtomicInteger();
    final AtomicInteger y = new AtomicInteger();

    @Actor
    public void actor1(II_Result r) {
        x.set(1);
        r.r1 = y.get();
    }

    @Actor
    public void actor2(II_Result r) {
        y.set(1);
        r.r2 = x.get();
    }
}
