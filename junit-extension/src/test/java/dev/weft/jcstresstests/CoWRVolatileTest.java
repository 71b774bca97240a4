package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Write-read coherence with a volatile field: each actor writes, then reads the field back. Each
 * sees its own write or a later one, and they cannot each see the other write as the later one.
 */
@JCStressTest
@State
@Outcome(id = {"1, 1", "1, 2", "2, 2"}, expect = ACCEPTABLE, desc = "coherent")
@Outcome(id = "2, 1", expect = FORBIDDEN, desc = "each write seen as later than the other")
@Outcome(expect = FORBIDDEN, desc = "an actor missed its own write")
public class CoWRVolatileTest {
    volatile int x;

    @Actor
    public void actor1(II_Result r) {
        x = 1;
        r.r1 = x;
    }

    @Actor
    public void actor2(II_Result r) {
        x = 2;
        r.r2 = x;
    }
}
