package dev.weft.samples.classic.dcl;

import dev.weft.junit.ModelCheck;
import org.junit.jupiter.api.Disabled;

/**
 * The correct double-checked-locking variants under RC11: every thread sees the value fully built,
 * and it is created once.
 */
class DoubleCheckedLockingTest {

    @ModelCheck
    void volatileField() throws InterruptedException {
        LazyScenario.twoThreadsTwiceEach(s -> new VolatileLazy<>(s)::get);
    }

    @ModelCheck
    void acquireRelease() throws InterruptedException {
        LazyScenario.twoThreadsTwiceEach(s -> new AcquireReleaseLazy<>(s)::get);
    }

    /**
     * Disabled: JLS 17.5 guarantees that the value, built before the wrapper's constructor froze
     * its final field and reached through that field, is seen complete; Weft only models the final
     * field itself, not the objects reachable from it (docs/runtime.md, "Not yet"), and reports a
     * thread that sees {@code port = 0} — a false report.
     */
    @Disabled("Weft limitation: objects reachable from a final field are not frozen (false report: port = 0)")
    @ModelCheck
    void finalFieldWrapper() throws InterruptedException {
        LazyScenario.twoThreadsTwiceEach(s -> new FinalWrapperLazy<>(s)::get);
    }

    /**
     * The wrapper holding a value that is itself immutable: what Weft can model of
     * {@link FinalWrapperLazy} today — the value is created once, every thread gets that one
     * instance, and the wrapper's final field is never seen unset.
     */
    @ModelCheck
    void finalFieldWrapperOfAnImmutableValue() throws InterruptedException {
        LazyScenario.twoThreadsTwiceEach(s -> new FinalWrapperLazy<>(s)::get, LazyScenario.FrozenSettings::new,
                s -> s.port);
    }
}
