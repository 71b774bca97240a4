package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * x++ inside synchronized blocks on one monitor: mutual exclusion makes the increments atomic, so
 * no update is lost.
 */
@JCStressTest
@State
@Outcome(id = "2", expect = ACCEPTABLE, desc = "both increments counted")
@Outcome(expect = FORBIDDEN, desc = "an update was lost under the lock")
public class LockedIncrementTest {
    int x;

    @Actor
    public void actor1() {
        synchronized (this) {
            x++;
        }
    }

    @Actor
    public void actor2() {
        synchronized (this) {
            x++;
        }
    }

    @Arbiter
    public void arbiter(I_Result r) {
        r.r1 = x;
    }
}
