package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * An object with a final and a plain field, published racily: the final field is always seen
 * initialised, the plain one may not be. Outcome ids are regular expressions: "0, .*" catches
 * every uninitialised final field.
 */
@JCStressTest
@State
@Outcome(id = {"-1, -1", "1, 1"}, expect = ACCEPTABLE, desc = "not yet published, or fully initialised")
@Outcome(id = "1, 0", expect = ACCEPTABLE_INTERESTING, desc = "final field initialised, plain field not yet")
@Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a final field seen uninitialised")
public class FinalAndPlainFieldTest {
    /** The published object. */
    static final class Holder {
        final int fin;
        int plain;

        Holder() {
            fin = 1;
            plain = 1;
        }
    }

    Holder h;

    @Actor
    public void publisher() {
        h = new Holder();
    }

    @Actor
    public void reader(II_Result r) {
        Holder seen = h;
        if (seen == null) {
            r.r1 = -1;
            r.r2 = -1;
        } else {
            r.r1 = seen.fin;
            r.r2 = seen.plain;
        }
    }
}
