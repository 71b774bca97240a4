package dev.weft.samples.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.models.MemoryModel;
import dev.weft.runtime.CheckOptions;
import dev.weft.runtime.CheckResult;
import dev.weft.runtime.Failure;
import dev.weft.runtime.Weft;
import org.junit.jupiter.api.Test;

/** {@code CountDownLatch}: its count is a location; count-downs are SC RMWs that stop at zero. */
class LatchCallsTest {
    private static final MemoryModel[] MODELS = {MemoryModel.SC, MemoryModel.RA, MemoryModel.RC11};

    /**
     * The await returns once both count-downs happened, in either order (2 executions), and it
     * publishes what the workers wrote before counting down, under every model.
     */
    @Test
    void awaitingWorkersSeesTheirWrites() {
        for (MemoryModel model : MODELS) {
            CheckResult r = Weft.check(CheckOptions.of(model), () -> LatchPrograms.awaitWorkers(2));
            assertTrue(r.passed(), r.report());
            assertEquals(2, r.executions(), r.report());
        }
    }

    @Test
    void aCountTooSmallLetsTheMainThreadGoEarly() {
        for (MemoryModel model : MODELS) {
            CheckResult r = Weft.check(CheckOptions.of(model), () -> LatchPrograms.awaitWorkers(1));
            assertFalse(r.passed(), r.report());
            Failure f = r.failures().get(0);
            assertEquals(Failure.Kind.UNCAUGHT_EXCEPTION, f.kind(), f.toString());
            assertTrue(f.message().contains("the main thread went on"), f.toString());
        }
    }

    /** The count is read in a spin loop, which spin-assume cuts: the executions of await, and the exploration ends. */
    @Test
    void spinningOnTheCountIsASpinLoop() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.RC11).withMaxExecutions(1000),
                LatchPrograms::spinOnTheCount);
        assertTrue(r.passed() && r.exhaustive(), r.report());
        assertEquals(2, r.executions(), r.report());
    }

    @Test
    void theCountStopsAtZero() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.RC11), LatchPrograms::extraCountDowns);
        assertTrue(r.passed(), r.report());
    }

    @Test
    void aForgottenCountDownIsADeadlockOnTheCount() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.SC), LatchPrograms::forgottenCountDown);
        Failure f = r.failures().get(0);
        assertEquals(Failure.Kind.DEADLOCK, f.kind(), f.toString());
        assertTrue(f.message().contains("CountDownLatch#") && f.message().contains(".count"), f.toString());
    }

    /** A timed await may give up (time is not modelled) or see the count-down, with its writes. */
    @Test
    void aTimedAwaitMayTimeOut() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.RC11), LatchPrograms::timedAwait);
        assertFalse(r.passed(), r.report());
        assertTrue(r.failures().get(0).message().contains("timed out"), r.failures().get(0).toString());
    }
}
