package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

/**
 * Read-read coherence with a plain field: the JMM lets two plain reads of one field see a new
 * value and then the old one (a compiler may reorder or merge them). Weft reads plain accesses
 * coherently, so it never produces "1, 0": an under-approximation of the JMM.
 */
@JCStressTest
@State
@Outcome(id = {"0, 0", "0, 1", "1, 1"}, expect = ACCEPTABLE, desc = "coherent reads")
@Outcome(id = "1, 0", expect = ACCEPTABLE_INTERESTING, desc = "the second read went back in time")
public class CoRRPlainTest {
    int x;

    @Actor
    public void writer() {
        x = 1;
    }

    @Actor
    public void reader(II_Result r) {
        r.r1 = x;
        r.r2 = x;
    }
}
