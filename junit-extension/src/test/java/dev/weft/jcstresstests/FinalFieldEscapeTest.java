package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

/**
 * A constructor that publishes {@code this} before it ends: the reader gets the object from that
 * early store, so JLS 17.5 promises nothing about what its final field refers to, and a racy
 * reader may see the box still empty although its value was set before the constructor returned.
 */
@JCStressTest
@State
@Outcome(id = {"-1", "42"}, expect = ACCEPTABLE, desc = "not yet published, or fully initialised")
@Outcome(id = "0", expect = ACCEPTABLE_INTERESTING, desc = "published before the freeze: no guarantee")
public class FinalFieldEscapeTest {
    /** What the final field refers to. */
    static final class Box {
        int value;
    }

    /** Stores itself into the test's field from its constructor, after filling its box. */
    static final class Holder {
        final Box box;

        Holder(FinalFieldEscapeTest escapeTo) {
            box = new Box();
            box.value = 42;
            escapeTo.h = this;
        }
    }

    Holder h;

    @Actor
    public void publisher() {
        new Holder(this);
    }

    @Actor
    public void reader(I_Result r) {
        Holder seen = h;
        r.r1 = seen == null ? -1 : seen.box.value;
    }
}
