package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * synchronized methods of a @State class: a reader in one synchronized method sees all or none of
 * the writes of another synchronized method of the same object.
 */
@JCStressTest
@Outcome(id = {"0, 0", "1, 2"}, expect = ACCEPTABLE, desc = "before or after the update")
@Outcome(expect = FORBIDDEN, desc = "the update was seen half done")
public class SynchronizedMethodsTest {
    /** A pair updated under the object's monitor. */
    @State
    public static class Pair {
        private int a;
        private int b;

        synchronized void update() {
            a = 1;
            b = 2;
        }

        synchronized void read(II_Result r) {
            r.r1 = a;
            r.r2 = b;
        }
    }

    @Actor
    public void writer(Pair p) {
        p.update();
    }

    @Actor
    public void reader(Pair p, II_Result r) {
        p.read(r);
    }
}
