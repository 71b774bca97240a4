package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * volatile does not make x++ atomic: two increments of a volatile field can still lose one update.
 */
@JCStressTest
@State
@Outcome(id = "2", expect = ACCEPTABLE, desc = "both increments counted")
@Outcome(id = "1", expect = ACCEPTABLE_INTERESTING, desc = "lost update: volatile read, then volatile write")
@Outcome(expect = FORBIDDEN, desc = "impossible count")
public class VolatileIncrementTest {
    volatile int x;

    @Actor
    public void actor1() {
        x++;
    }

    @Actor
    public void actor2() {
        x++;
    }

    @Arbiter
    public void arbiter(I_Result r) {
        r.r1 = x;
    }
}
