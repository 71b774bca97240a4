package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

/**
 * Publication through a plain (racy) reference of an object with a plain field: without a final
 * field or synchronisation, the reader may see the reference but the field still 0.
 */
@JCStressTest
@State
@Outcome(id = {"-1", "42"}, expect = ACCEPTABLE, desc = "not yet published, or fully initialised")
@Outcome(id = "0", expect = ACCEPTABLE_INTERESTING, desc = "racy publication: the field is seen uninitialised")
public class PlainFieldPublicationTest {
    /** The published object. */
    static final class Holder {
        int f;

        Holder() {
            f = 42;
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
        r.r1 = seen == null ? -1 : seen.f;
    }
}
