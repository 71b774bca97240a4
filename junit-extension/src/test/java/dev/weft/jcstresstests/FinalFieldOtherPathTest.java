package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

/**
 * The object a frozen final field refers to, published a second time through a plain field and
 * read that way: JLS 17.5 guarantees only reads made through the final field, so a racy reader of
 * the plain field may see the object's field still 0.
 */
@JCStressTest
@State
@Outcome(id = {"-1", "42"}, expect = ACCEPTABLE, desc = "not yet published, or fully initialised")
@Outcome(id = "0", expect = ACCEPTABLE_INTERESTING, desc = "not reached through the final field: no guarantee")
public class FinalFieldOtherPathTest {
    /** What the final field refers to. */
    static final class Box {
        int value;
    }

    /** Holds the box in a final field. */
    static final class Holder {
        final Box box;

        Holder() {
            box = new Box();
            box.value = 42;
        }
    }

    Box published;

    @Actor
    public void publisher() {
        published = new Holder().box;
    }

    @Actor
    public void reader(I_Result r) {
        Box seen = published;
        r.r1 = seen == null ? -1 : seen.value;
    }
}
