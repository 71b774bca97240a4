package dev.weft.samples.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.jcstress.JCStressChecker;
import dev.weft.jcstress.JCStressResult;
import dev.weft.models.MemoryModel;
import dev.weft.runtime.CheckOptions;
import dev.weft.runtime.CheckResult;
import dev.weft.runtime.Failure;
import dev.weft.runtime.RacePolicy;
import dev.weft.runtime.Weft;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code Semaphore}: its permits are a location; a release is an SC add, an acquire a blocking RMW
 * that takes the permits once enough are there, a tryAcquire the same RMW taken once.
 */
class SemaphoreCallsTest {
    private static final MemoryModel[] MODELS = {MemoryModel.SC, MemoryModel.RA, MemoryModel.RC11};

    private static CheckOptions racesFail(MemoryModel model) {
        return CheckOptions.of(model).withRaces(RacePolicy.FAIL);
    }

    /**
     * A binary semaphore is a lock: acquire and release on one location, so the mutex has the
     * executions of the same program on a ReentrantLock (one per order of the critical sections),
     * with no race on the counter it guards.
     */
    @Test
    void aBinarySemaphoreHasTheExecutionsOfALock() {
        for (MemoryModel model : MODELS) {
            for (int threads = 2; threads <= 3; threads++) {
                int n = threads;
                CheckResult semaphore = Weft.check(racesFail(model),
                        () -> SemaphorePrograms.incrementsUnderABinarySemaphore(n));
                CheckResult lock = Weft.check(racesFail(model), () -> SemaphorePrograms.incrementsUnderALock(n));
                String both = model + ", " + n + " threads: " + semaphore.report() + " / " + lock.report();
                assertTrue(semaphore.passed() && lock.passed() && semaphore.exhaustive(), both);
                assertTrue(lock.executions() > 1, both);
                assertEquals(lock.executions(), semaphore.executions(), both);
                assertEquals(lock.blocked(), semaphore.blocked(), both);
            }
        }
    }

    /**
     * A release publishes what came before it to the acquire that takes its permit: the consumer
     * always reads 42, without a race, in the one execution where its acquire reads the release.
     * Released before the write, the permit publishes nothing and the consumer may read 0.
     */
    @Test
    void aReleasePublishesToTheAcquire() {
        for (MemoryModel model : MODELS) {
            CheckResult r = Weft.check(racesFail(model), () -> SemaphorePrograms.handOff(false));
            assertTrue(r.passed(), r.report());
            assertEquals(1, r.executions(), r.report());
            CheckResult early = Weft.check(CheckOptions.of(model), () -> SemaphorePrograms.handOff(true));
            assertFalse(early.passed(), early.report());
            assertTrue(early.failures().get(0).message().contains("the consumer read 0"), early.report());
        }
    }

    @Test
    void waitingForAPermitNobodyReleasesIsADeadlock() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.SC),
                SemaphorePrograms::bothWaitForAPermitNobodyReleases);
        assertFalse(r.passed(), r.report());
        Failure f = r.failures().get(0);
        assertEquals(Failure.Kind.DEADLOCK, f.kind(), f.toString());
        assertTrue(f.message().contains("Semaphore#") && f.message().contains(".permits"), f.toString());
    }

    /**
     * acquire(2) takes both permits once both releases happened: the releases are RMWs on the
     * permits, ordered one way or the other, and the acquire can only read the later one (an
     * earlier read blocks, and the later release revisits it), so there are 2 executions, as for
     * a CountDownLatch(2) counted down by two workers. Each worker's write is visible: the first
     * release heads a release sequence that the second one's RMW continues.
     */
    @Test
    void acquiringTwoPermitsWaitsForBothReleases() {
        for (MemoryModel model : MODELS) {
            CheckResult r = Weft.check(racesFail(model), SemaphorePrograms::acquireTwoFromTwoReleases);
            CheckResult latch = Weft.check(racesFail(model), () -> LatchPrograms.awaitWorkers(2));
            assertTrue(r.passed() && r.exhaustive(), r.report());
            assertEquals(2, r.executions(), r.report());
            assertEquals(latch.executions(), r.executions(), r.report() + " / " + latch.report());
        }
    }

    /** Exactly one of two tryAcquires takes the one permit, and either may be the one. */
    @Test
    void tryAcquireTakesTheOnePermitOnce() {
        for (MemoryModel model : MODELS) {
            JCStressResult r = JCStressChecker.check(SemaphorePrograms.TryAcquireExclusion.class, model);
            assertTrue(r.passed(), r.report());
            assertEquals(Set.of("1, 0", "0, 1"), r.reachable(), r.report());
        }
    }

    @Test
    void oneReleaseTooManyLetsTwoThreadsIn() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.SC), SemaphorePrograms::oneReleaseTooMany);
        assertFalse(r.passed(), r.report());
        Failure f = r.failures().get(0);
        assertEquals(Failure.Kind.UNCAUGHT_EXCEPTION, f.kind(), f.toString());
        assertTrue(f.message().contains("2 threads in the critical section"), f.toString());
    }

    /**
     * A loop of failed tryAcquires changes nothing, so spin-assume blocks it: the complete
     * executions are those of acquire, and the exploration ends.
     */
    @Test
    void spinningOnTryAcquireIsASpinLoop() {
        CheckResult acquired = Weft.check(CheckOptions.of(MemoryModel.RC11),
                () -> SemaphorePrograms.incrementsUnderABinarySemaphore(2));
        // a budget, so that a loop no longer recognised fails here rather than spins for hours
        CheckResult spun = Weft.check(CheckOptions.of(MemoryModel.RC11).withMaxExecutions(1000),
                SemaphorePrograms::incrementsAfterSpinningOnTryAcquire);
        String both = spun.report() + " / " + acquired.report();
        assertTrue(acquired.passed() && spun.passed() && spun.exhaustive(), both);
        assertEquals(acquired.executions(), spun.executions(), both);
        assertTrue(spun.blocked() > 0, both);
    }

    /** The permits read in a spin loop: cut by spin-assume, leaving the one execution of acquire. */
    @Test
    void spinningOnAvailablePermitsIsASpinLoop() {
        CheckResult r = Weft.check(racesFail(MemoryModel.RC11).withMaxExecutions(1000),
                SemaphorePrograms::handOffSpinningOnAvailablePermits);
        assertTrue(r.passed() && r.exhaustive(), r.report());
        assertEquals(1, r.executions(), r.report());
    }

    /**
     * drainPermits on -1 permits beside a release: drained first, it returns -1 and the release
     * leaves 1; released first, it finds 0 and returns 0: 2 executions. A drain that finds no
     * permits only reads them, as the JDK's does: a read beside it has one write to read, not two.
     */
    @Test
    void drainPermitsReturnsWhatWasThereNegativeToo() {
        for (MemoryModel model : MODELS) {
            CheckResult r = Weft.check(CheckOptions.of(model), SemaphorePrograms::drainBesideARelease);
            assertTrue(r.passed(), r.report());
            assertEquals(2, r.executions(), r.report());
            CheckResult none = Weft.check(CheckOptions.of(model), SemaphorePrograms::drainNothingBesideARead);
            assertTrue(none.passed(), none.report());
            assertEquals(1, none.executions(), none.report());
        }
    }

    @Test
    void anInterruptBeforeAcquireThrows() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.SC), SemaphorePrograms::interruptedBeforeAcquire);
        assertTrue(r.passed(), r.report());
    }
}
