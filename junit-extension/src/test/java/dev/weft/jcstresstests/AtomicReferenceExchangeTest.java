package dev.weft.jcstresstests;

import java.util.concurrent.atomic.AtomicReference;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.LL_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * AtomicReference.getAndSet on strings: each actor gets back either the initial string or the
 * other actor's string, consistently with one order of the two exchanges.
 */
@JCStressTest
@State
@Outcome(id = "init, one", expect = ACCEPTABLE, desc = "actor1 exchanged first")
@Outcome(id = "two, init", expect = ACCEPTABLE, desc = "actor2 exchanged first")
@Outcome(expect = FORBIDDEN, desc = "the exchanges overlapped")
public class AtomicReferenceExchangeTest {
    final AtomicReference<String> ref = new AtomicReference<>("init");

    @Actor
    public void actor1(LL_Result r) {
        r.r1 = ref.getAndSet("one");
    }

    @Actor
    public void actor2(LL_Result r) {
        r.r2 = ref.getAndSet("two");
    }
}
