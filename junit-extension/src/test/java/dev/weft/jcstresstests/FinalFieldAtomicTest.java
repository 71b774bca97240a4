package dev.weft.jcstresstests;

import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * An atomic held in a final field and set in the constructor, published racily: JLS 17.5 covers
 * reads of every kind along the chain, so the reader's volatile {@code get} sees the value set
 * before the freeze, although nothing else orders that set before it.
 */
@JCStressTest
@State
@Outcome(id = {"-1", "42"}, expect = ACCEPTABLE, desc = "not yet published, or fully initialised")
@Outcome(id = "0", expect = FORBIDDEN, desc = "an atomic reached through a final field seen stale")
public class FinalFieldAtomicTest {
    /** The published object. */
    static final class Holder {
        final AtomicInteger counter;

        Holder() {
            counter = new AtomicInteger();
            counter.set(42);
        }
    }

    Holder h;

    @Actor
    public void publisher() {
        h = new Holder();
    }

    @Actor
    public void reader(I_Result r) {
        Holder seen = h;
        r.r1 = seen == null ? -1 : seen.counter.get();
    }
}
