package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Publication through a volatile reference: the volatile write of the reference releases the
 * constructor's plain write, so the reader sees the field initialised.
 */
@JCStressTest
@State
@Outcome(id = {"-1", "42"}, expect = ACCEPTABLE, desc = "not yet published, or fully initialised")
@Outcome(id = "0", expect = FORBIDDEN, desc = "safe publication failed")
public class VolatilePublicationTest {
    /** The published object. */
    static final class Holder {
        int f;

        Holder() {
            f = 42;
        }
    }

    volatile Holder h;

    @Actor
    public void publisher() {
        h = new Holder();
    }

    @Actor
    public void reader(I_Result r) {
        Holder seen = h;
        r.r1 = seen == null ? -1 : seen.f;
    }
}
