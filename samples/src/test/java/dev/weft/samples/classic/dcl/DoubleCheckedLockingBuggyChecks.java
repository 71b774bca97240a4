package dev.weft.samples.classic.dcl;

import dev.weft.junit.ModelCheck;

/**
 * {@link PlainLazy} under RC11: a thread sees the lazily created object with its field still 0.
 * Fails by design; {@code LocksBuggyVariantsTest} runs it under every model.
 */
public class DoubleCheckedLockingBuggyChecks {

    /** Two threads get the lazy value twice each; each must see it fully built. */
    public static void twoThreadsTwiceEach() throws InterruptedException {
        LazyScenario.twoThreadsTwiceEach(s -> new PlainLazy<>(s)::get);
    }

    @ModelCheck
    void plainFieldPublishesAHalfBuiltObject() throws InterruptedException {
        twoThreadsTwiceEach();
    }
}
