package dev.weft.jcstresstests;

import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Message passing through AtomicInteger.lazySet (a release store) read with get: a release store
 * is all a publisher needs, so the data is never stale once the flag is seen.
 */
@JCStressTest
@State
@Outcome(id = {"0, 0", "0, 1", "1, 1"}, expect = ACCEPTABLE, desc = "flag not seen, or data seen")
@Outcome(id = "1, 0", expect = FORBIDDEN, desc = "lazySet is a release store")
public class MpLazySetTest {
    int data;
    final AtomicInteger flag = new AtomicInteger();

    @Actor
    public void writer() {
        data = 1;
        flag.lazySet(1);
    }

    @Actor
    public void reader(II_Result r) {
        r.r1 = flag.get();
        r.r2 = data;
    }
}
