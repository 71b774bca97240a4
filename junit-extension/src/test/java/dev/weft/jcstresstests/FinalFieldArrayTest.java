package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * An array filled in the constructor and held in a final field, published racily: JLS 17.5 makes
 * its elements visible with the field, although element accesses are plain.
 */
@JCStressTest
@State
@Outcome(id = {"-1, -1", "1, 2"}, expect = ACCEPTABLE, desc = "not yet published, or fully initialised")
@Outcome(id = {"0, .*", ".*, 0"}, expect = FORBIDDEN, desc = "an element of a final array seen unset")
public class FinalFieldArrayTest {
    /** The published object. */
    static final class Holder {
        final int[] values;

        Holder() {
            values = new int[2];
            values[0] = 1;
            values[1] = 2;
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
            r.r1 = seen.values[0];
            r.r2 = seen.values[1];
        }
    }
}
