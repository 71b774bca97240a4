package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Store buffering where each actor stores and loads inside the same monitor: one critical section
 * runs entirely before the other, so exactly one actor sees the other store.
 */
@JCStressTest
@State
@Outcome(id = {"0, 1", "1, 0"}, expect = ACCEPTABLE, desc = "one critical section, then the other")
@Outcome(id = {"0, 0", "1, 1"}, expect = FORBIDDEN, desc = "critical sections overlapped")
public class SbSynchronizedTest {
    int x;
    int y;

    @Actor
    public void actor1(II_Result r) {
        synchronized (this) {
            x = 1;
            r.r1 = y;
        }
    }

    @Actor
    public void actor2(II_Result r) {
        synchronized (this) {
            y = 1;
            r.r2 = x;
        }
    }
}
