package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * A write to an object reached through a final field after the constructor ended: the freeze
 * covers what was written before it (1), not the later write (2), so a racy reader may see either,
 * but never the value from before the freeze (0).
 */
@JCStressTest
@State
@Outcome(id = {"-1", "2"}, expect = ACCEPTABLE, desc = "not yet published, or the latest value")
@Outcome(id = "1", expect = ACCEPTABLE_INTERESTING, desc = "the value frozen with the field, not the later write")
@Outcome(id = "0", expect = FORBIDDEN, desc = "older than the freeze")
public class FinalFieldLaterWriteTest {
    /** What the final field refers to. */
    static final class Box {
        int value;
    }

    /** The published object. */
    static final class Holder {
        final Box box;

        Holder() {
            box = new Box();
            box.value = 1;
        }
    }

    Holder h;

    @Actor
    public void publisher() {
        Holder fresh = new Holder();
        fresh.box.value = 2;
        h = fresh;
    }

    @Actor
    public void reader(I_Result r) {
        Holder seen = h;
        r.r1 = seen == null ? -1 : seen.box.value;
    }
}
