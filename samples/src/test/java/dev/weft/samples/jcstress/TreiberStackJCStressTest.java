package dev.weft.samples.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.weft.samples.structures.treiber.TreiberStack;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The Treiber stack as a jcstress test: one actor pushes 1 then 2, another pops once, and the
 * arbiter pops what is left. r1 is what the popper got (0 for empty), r2 the sum of the rest: every
 * element comes out exactly once, and the popper sees the stack before, between or after the pushes.
 */
@JCStressTest
@State
@Description("Treiber stack: no element lost or duplicated")
@Outcome(id = {"0, 3", "1, 2", "2, 1"}, expect = ACCEPTABLE, desc = "popped before, between or after the pushes")
@Outcome(expect = FORBIDDEN, desc = "an element lost or duplicated")
public class TreiberStackJCStressTest {
    final TreiberStack<Integer> stack = new TreiberStack<>();

    @Actor
    public void pusher() {
        stack.push(1);
        stack.push(2);
    }

    @Actor
    public void popper(II_Result r) {
        Integer v = stack.pop();
        r.r1 = v == null ? 0 : v;
    }

    @Arbiter
    public void rest(II_Result r) {
        int sum = 0;
        for (Integer v = stack.pop(); v != null; v = stack.pop()) {
            sum += v;
        }
        r.r2 = sum;
    }
}
