package dev.weft.samples.structures.treiber;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.junit.ModelCheck;
import java.util.ArrayList;
import java.util.List;

/**
 * The check that finds the bug of {@link BuggyTreiberStack} (an opaque read of {@code top} in
 * {@code pop}): under RC11 the popper reads the top node's {@code next} before anything orders it
 * after the push that wrote it, sees {@code null}, and drops the rest of the stack. Not a test
 * class of its own (Surefire does not run it): {@code StructuresBuggyVariantsTest} runs it under
 * each model and checks that it fails exactly where the model allows the bug.
 */
public class TreiberStackBuggyChecks {

    /** T1 pushes 1 then 2; T2 pops twice; then the rest is drained: 1 and 2 each come out once. */
    @ModelCheck
    void noElementIsLost() throws InterruptedException {
        BuggyTreiberStack<Integer> stack = new BuggyTreiberStack<>();
        List<Integer> popped = new ArrayList<>();
        Thread pusher = new Thread(() -> {
            stack.push(1);
            stack.push(2);
        });
        Thread popper = new Thread(() -> {
            for (int i = 0; i < 2; i++) {
                Integer e = stack.pop();
                if (e != null) {
                    popped.add(e);
                }
            }
        });
        pusher.start();
        popper.start();
        pusher.join();
        popper.join();
        for (Integer e = stack.pop(); e != null; e = stack.pop()) {
            popped.add(e);
        }
        popped.sort(null);
        assertEquals(List.of(1, 2), popped, "elements lost or duplicated: popped " + popped);
    }
}
