package dev.weft.jcstresstests.nested;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;
import org.openjdk.jcstress.infra.results.I_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * jcstress tests nested in a holder class, as jcstress's own suites often write them: selecting the
 * holder selects both. Surefire selects the holder (its name ends in {@code Tests}) and never a
 * nested class, so this also shows that the engine finds nested tests through their holder.
 */
public final class NestedJCStressTests {
    private NestedJCStressTests() {}

    /** Two volatile writes in one thread are seen in order. */
    @JCStressTest
    @State
    @Outcome(id = {"0, 0", "0, 1", "1, 1"}, expect = ACCEPTABLE, desc = "in order")
    @Outcome(id = "1, 0", expect = FORBIDDEN, desc = "out of order")
    public static class OrderedWrites {
        volatile int a;
        volatile int b;

        @Actor
        public void writer() {
            a = 1;
            b = 1;
        }

        @Actor
        public void reader(II_Result r) {
            r.r1 = b;
            r.r2 = a;
        }
    }

    /** One actor alone sees its own write. */
    @JCStressTest
    @State
    @Outcome(id = "1", expect = ACCEPTABLE, desc = "own write")
    @Outcome(expect = FORBIDDEN, desc = "lost own write")
    public static class OwnWrite {
        int a;

        @Actor
        public void actor(I_Result r) {
            a = 1;
            r.r1 = a;
        }
    }
}
