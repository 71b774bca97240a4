package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Independent reads of independent writes with volatile fields: all threads agree on one order of
 * the two writes, so the readers cannot see them in opposite orders.
 */
@JCStressTest
@State
@Outcome(id = "1, 0, 1, 0", expect = FORBIDDEN, desc = "the readers saw the writes in opposite orders")
@Outcome(expect = ACCEPTABLE, desc = "the readers agree on the order of the writes")
public class IriwVolatileTest {
    volatile int x;
    volatile int y;

    @Actor
    public void writerX() {
        x = 1;
    }

    @Actor
    public void writerY() {
        y = 1;
    }

    @Actor
    public void readerXY(IIII_Result r) {
        r.r1 = x;
        r.r2 = y;
    }

    @Actor
    public void readerYX(IIII_Result r) {
        r.r3 = y;
        r.r4 = x;
    }
}
