package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Message passing through a volatile flag: the volatile write releases the plain data write before
 * it, and the volatile read that sees it acquires it (JLS 17.4.4), so the reader never sees the
 * flag without the data.
 */
@JCStressTest
@State
@Description("Message passing, plain data, volatile flag")
@Outcome(id = {"0, 0", "0, 1", "1, 1"}, expect = ACCEPTABLE, desc = "flag not seen, or data seen")
@Outcome(id = "1, 0", expect = FORBIDDEN, desc = "the volatile flag publishes the data")
public class MpVolatileTest {
    int data;
    volatile int flag;

    @Actor
    public void writer() {
        data = 1;
        flag = 1;
    }

    @Actor
    public void reader(II_Result r) {
        r.r1 = flag;
        r.r2 = data;
    }
}
