package dev.weft.jcstresstests;

import java.util.concurrent.atomic.AtomicIntegerArray;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Message passing between two elements of an AtomicIntegerArray: element 0 is the data, element 1
 * the flag; both accesses are volatile, so the flag publishes the data.
 */
@JCStressTest
@State
@Outcome(id = {"0, 0", "0, 1", "1, 1"}, expect = ACCEPTABLE, desc = "flag not seen, or data seen")
@Outcome(id = "1, 0", expect = FORBIDDEN, desc = "volatile element accesses are ordered")
public class MpAtomicIntegerArrayTest {
    final AtomicIntegerArray cells = new AtomicIntegerArray(2);

    @Actor
    public void writer() {
        cells.set(0, 1);
        cells.set(1, 1);
    }

    @Actor
    public void reader(II_Result r) {
        r.r1 = cells.get(1);
        r.r2 = cells.get(0);
    }
}
