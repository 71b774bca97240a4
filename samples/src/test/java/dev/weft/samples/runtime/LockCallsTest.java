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

/**
 * {@code ReentrantLock} and {@code Condition} are modelled as monitors are: the same program on
 * either has the same executions under every model, and the same mistakes fail the same way.
 */
class LockCallsTest {

    @Test
    void aReentrantLockHasTheExecutionsOfAMonitor() {
        for (MemoryModel model : new MemoryModel[] {MemoryModel.SC, MemoryModel.RA, MemoryModel.RC11}) {
            sameExecutions(model, LockPrograms::incrementsUnderAReentrantLock, LockPrograms::incrementsUnderAMonitor);
            sameExecutions(model, LockPrograms::handOffWithACondition, LockPrograms::handOffWithAMonitor);
        }
    }

    /**
     * tryLock: each thread's attempt reads the initial state, the other's unlock, or the other's
     * acquisition (then it fails); both failing would break the CAS's atomicity: 4 executions.
     */
    @Test
    void tryLockSucceedsOrFailsAsTheOtherThreadAllows() {
        for (MemoryModel model : new MemoryModel[] {MemoryModel.SC, MemoryModel.RC11}) {
            CheckResult r = Weft.check(CheckOptions.of(model), LockPrograms::tryLockIncrements);
            assertTrue(r.passed(), r.report() + r.failures());
            assertEquals(4, r.executions(), r.report());
        }
    }

    /**
     * A loop of failed tryLocks changes nothing, so spin-assume blocks it: the complete executions
     * are those of lock(), the two orders of the critical sections, and the exploration ends.
     */
    @Test
    void spinningOnTryLockIsASpinLoop() {
        CheckResult locked = Weft.check(CheckOptions.of(MemoryModel.RC11), LockPrograms::incrementsUnderLock);
        // a budget, so that a loop no longer recognised fails here rather than spins for hours
        CheckResult spun = Weft.check(CheckOptions.of(MemoryModel.RC11).withMaxExecutions(1000),
                LockPrograms::incrementsAfterSpinningOnTryLock);
        String both = spun.report() + " / " + locked.report();
        assertTrue(locked.passed() && spun.passed() && spun.exhaustive(), both);
        assertEquals(locked.executions(), spun.executions(), both);
        assertTrue(spun.blocked() > 0, both);
    }

    @Test
    void aMissedSignalIsADeadlock() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.SC), LockPrograms::missedSignal);
        assertFalse(r.passed(), r.report());
        Failure f = r.failures().get(0);
        assertEquals(Failure.Kind.DEADLOCK, f.kind(), f.toString());
        assertTrue(f.message().contains("notified("), f.toString());
    }

    @Test
    void aForgottenUnlockIsADeadlockOnTheLock() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.SC), LockPrograms::forgottenUnlock);
        Failure f = r.failures().get(0);
        assertEquals(Failure.Kind.DEADLOCK, f.kind(), f.toString());
        assertTrue(f.message().contains("ReentrantLock#") && f.message().contains(".locked"), f.toString());
    }

    @Test
    void unlockingALockNotHeldThrowsAsTheJdkDoes() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.SC), LockPrograms::unlockWithoutHolding);
        Failure f = r.failures().get(0);
        assertEquals(Failure.Kind.UNCAUGHT_EXCEPTION, f.kind(), f.toString());
        assertTrue(f.toString().contains("IllegalMonitorStateException"), f.toString());
    }

    /** A Lock the program implements runs its own (rewritten) code, through the interface too. */
    @Test
    void theProgramsOwnLockImplementationRunsItsCode() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.RC11), LockPrograms::incrementsUnderTheProgramsOwnLock);
        assertTrue(r.passed(), r.report());
        assertTrue(r.exhaustive(), r.report());
        assertTrue(r.executions() > 0, r.report());
    }

    /**
     * Any {@code java.util.concurrent} interface the program implements runs the program's code;
     * the JDK's own implementations of what Weft does not model are still refused.
     */
    @Test
    void onlyTheJdksUnmodelledImplementationsAreRefused() {
        CheckResult own = Weft.check(CheckOptions.of(MemoryModel.SC), LockPrograms::theProgramsOwnExecutor);
        assertTrue(own.passed(), own.report());
        CheckResult jdk = Weft.check(CheckOptions.of(MemoryModel.SC), LockPrograms::readWriteLock);
        Failure f = jdk.failures().get(0);
        assertEquals(Failure.Kind.UNSUPPORTED, f.kind(), f.toString());
        assertTrue(f.message().contains("ReentrantReadWriteLock") || f.message().contains("ReadWriteLock.readLock"),
                f.toString());
    }

    private static void sameExecutions(MemoryModel model, Weft.Body onLock, Weft.Body onMonitor) {
        CheckResult lock = Weft.check(CheckOptions.of(model), onLock);
        CheckResult monitor = Weft.check(CheckOptions.of(model), onMonitor);
        String both = model + ": " + lock.report() + " / " + monitor.report();
        assertTrue(lock.passed() && monitor.passed(), both);
        assertTrue(lock.executions() > 1, both);
        assertEquals(monitor.executions(), lock.executions(), both);
        assertEquals(monitor.blocked(), lock.blocked(), both);
    }
}
