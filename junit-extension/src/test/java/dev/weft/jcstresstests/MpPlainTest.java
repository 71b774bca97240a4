package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

/**
 * Message passing with plain fields: the reader sees the flag but not the data written before it.
 * The JMM allows it (nothing orders two plain stores for another thread), and so does RC11, where
 * plain accesses are non-atomic and do not synchronise.
 */
@JCStressTest
@State
@Description("Message passing, plain data and flag")
@Outcome(id = {"0, 0", "0, 1", "1, 1"}, expect = ACCEPTABLE, desc = "flag not seen, or data seen")
@Outcome(id = "1, 0", expect = ACCEPTABLE_INTERESTING, desc = "flag seen, data stale")
public class MpPlainTest {
    int data;
    int flag;

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
