package dev.weft.jcstresstests;

import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJ_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Read-read coherence of an AtomicLong with a 64-bit value: reads see the writes in their one
 * order, and never a torn value.
 */
@JCStressTest
@State
@Outcome(id = {"0, 0", "0, -1", "-1, -1"}, expect = ACCEPTABLE, desc = "coherent reads")
@Outcome(id = "-1, 0", expect = FORBIDDEN, desc = "the second read went back in time")
@Outcome(expect = FORBIDDEN, desc = "a torn or invented value")
public class CoRRAtomicLongTest {
    final AtomicLong x = new AtomicLong();

    @Actor
    public void writer() {
        x.set(-1L);
    }

    @Actor
    public void reader(JJ_Result r) {
        r.r1 = x.get();
        r.r2 = x.get();
    }
}
