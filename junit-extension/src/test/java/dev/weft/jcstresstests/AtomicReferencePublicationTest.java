package dev.weft.jcstresstests;

import java.util.concurrent.atomic.AtomicReference;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Publication through AtomicReference.set/get: safe publication, so the plain field written in the
 * constructor is seen.
 */
@JCStressTest
@State
@Outcome(id = {"-1", "42"}, expect = ACCEPTABLE, desc = "not yet published, or fully initialised")
@Outcome(id = "0", expect = FORBIDDEN, desc = "safe publication failed")
public class AtomicReferencePublicationTest {
    /** The published object. */
    static final class Holder {
        int f;

        Holder() {
            f = 42;
        }
    }

    final AtomicReference<Holder> h = new AtomicReference<>();

    @Actor
    public void publisher() {
        h.set(new Holder());
    }

    @Actor
    public void reader(I_Result r) {
        Holder seen = h.get();
        r.r1 = seen == null ? -1 : seen.f;
    }
}
