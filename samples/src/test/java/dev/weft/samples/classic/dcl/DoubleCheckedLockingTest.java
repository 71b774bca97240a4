package dev.weft.samples.classic.dcl;

import dev.weft.junit.ModelCheck;

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
     * JLS 17.5: the value, built before the wrapper's constructor froze its final field and reached
     * through that field, is seen complete, although the unlocked read of the wrapper is a plain one.
     */
    @ModelCheck
    void finalFieldWrapper() throws InterruptedException {
        LazyScenario.twoThreadsTwiceEach(s -> new FinalWrapperLazy<>(s)::get);
    }

    /**
     * The wrapper holding a value that is itself immutable: the value is created once, every thread
     * gets that one instance, and neither final field is ever seen unset.
     */
    @ModelCheck
    void finalFieldWrapperOfAnImmutableValue() throws InterruptedException {
        LazyScenario.twoThreadsTwiceEach(s -> new FinalWrapperLazy<>(s)::get, LazyScenario.FrozenSettings::new,
                s -> s.port);
    }
}
