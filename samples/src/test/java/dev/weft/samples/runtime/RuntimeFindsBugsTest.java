package dev.weft.samples.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.models.MemoryModel;
import dev.weft.runtime.CheckOptions;
import dev.weft.runtime.CheckResult;
import dev.weft.runtime.Failure;
import dev.weft.runtime.RacePolicy;
import dev.weft.runtime.UnsupportedByWeft;
import dev.weft.runtime.Weft;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Real bugs found in ordinary Java through the agent and the runtime, each with its trace. */
class RuntimeFindsBugsTest {

    private static CheckResult check(MemoryModel model, Weft.Body body) {
        return Weft.check(CheckOptions.of(model), body);
    }

    private static Failure onlyFailure(CheckResult r) {
        assertFalse(r.passed(), "expected a failure: " + r.report());
        assertEquals(1, r.failures().size(), r.report());
        return r.failures().get(0);
    }

    @Test
    void lostUpdateOnPlainIncrement() {
        Failure f = onlyFailure(check(MemoryModel.SC, BugPrograms::lostUpdate));
        assertEquals(Failure.Kind.UNCAUGHT_EXCEPTION, f.kind());
        assertTrue(f.message().contains("lost update: count = 1"), f.toString());
        // the trace shows both workers reading the same value, with source lines
        assertTrue(f.execution().contains("BugPrograms.java:"), f.toString());
        assertTrue(f.execution().contains("PlainCounter"), f.toString());
    }

    @Test
    void plainMessagePassingIsStaleUnderRc11ButNotSc() {
        assertTrue(check(MemoryModel.SC, BugPrograms::plainMessagePassing).passed());
        Failure f = onlyFailure(check(MemoryModel.RC11, BugPrograms::plainMessagePassing));
        assertTrue(f.message().contains("saw ready but data = 0"), f.toString());
    }

    @Test
    void volatileDekkerHoldsUnderRc11AndBreaksUnderRa() {
        CheckResult rc11 = check(MemoryModel.RC11, BugPrograms::dekker);
        assertTrue(rc11.passed(), rc11.report());
        assertTrue(rc11.executions() > 0);
        Failure f = onlyFailure(check(MemoryModel.RA, BugPrograms::dekker));
        assertTrue(f.message().contains("both threads entered"), f.toString());
    }

    @Test
    void doubleCheckedLockingWithoutVolatileShowsAnUnsetPlainFieldButNeverAFinalOne() {
        Failure f = onlyFailure(check(MemoryModel.RC11, BugPrograms::doubleCheckedLockingPlainField));
        assertTrue(f.message().contains("plain field of the lazily created object is 0"), f.toString());
        CheckResult fin = check(MemoryModel.RC11, BugPrograms::doubleCheckedLockingFinalField);
        assertTrue(fin.passed(), fin.report());
        assertTrue(check(MemoryModel.SC, BugPrograms::doubleCheckedLockingPlainField).passed());
    }

    @Test
    void missedNotifyIsADeadlock() {
        Failure f = onlyFailure(check(MemoryModel.SC, BugPrograms::missedNotify));
        assertEquals(Failure.Kind.DEADLOCK, f.kind());
        assertTrue(f.message().contains("notified("), f.toString());
        CheckResult ok = check(MemoryModel.SC, BugPrograms::guardedWait);
        assertTrue(ok.passed(), ok.report());
    }

    @Test
    void spinOnAFlagNobodySetsIsBlockedNotHung() {
        CheckResult r = check(MemoryModel.RC11, BugPrograms::spinForever);
        assertTrue(r.passed(), r.report());
        assertEquals(0, r.executions());
        assertEquals(1, r.blocked());
        assertTrue(r.warnings().get(0).startsWith("no execution completed"), r.report());
        CheckResult set = check(MemoryModel.RC11, BugPrograms::spinUntilSet);
        assertTrue(set.passed(), set.report());
        assertEquals(1, set.executions(), set.report());
    }

    @Test
    void nanoTimeBranchesExploreDeterministically() {
        CheckResult first = check(MemoryModel.RC11, BadInputPrograms::branchOnNanoTime);
        CheckResult second = check(MemoryModel.RC11, BadInputPrograms::branchOnNanoTime);
        assertTrue(first.passed(), first.report());
        assertEquals(first.executions(), second.executions());
    }

    @Test
    void unseededRandomIsRefusedWithWhatToDo() {
        Failure f = onlyFailure(check(MemoryModel.SC, BadInputPrograms::unseededRandom));
        assertEquals(Failure.Kind.UNSUPPORTED, f.kind());
        assertTrue(f.message().contains("new Random(seed)"), f.toString());
    }

    @Test
    void blockingJdkCallIsRefusedNotHung() {
        Failure f = onlyFailure(check(MemoryModel.SC, BadInputPrograms::cyclicBarrier));
        assertEquals(Failure.Kind.UNSUPPORTED, f.kind());
        assertTrue(f.message().contains("CyclicBarrier.await"), f.toString());
    }

    /**
     * A java.util.concurrent collection behind Map, List or Queue is refused as a direct call is:
     * its operations would otherwise run unexplored, in the order one run took.
     */
    @Test
    void aConcurrentCollectionBehindACollectionInterfaceIsRefused() {
        Failure f = onlyFailure(check(MemoryModel.SC, BadInputPrograms::concurrentQueueThroughTheQueueInterface));
        assertEquals(Failure.Kind.UNSUPPORTED, f.kind());
        assertTrue(f.message().contains("java.util.concurrent.ConcurrentLinkedDeque.offerLast (through java.util.Deque)"),
                f.toString());
        assertTrue(check(MemoryModel.SC, BadInputPrograms::hashMapThroughTheMapInterface).passed());
    }

    @Test
    void codeOnAThreadTheCheckDidNotStartIsReported() {
        Failure f = onlyFailure(check(MemoryModel.SC, BadInputPrograms::threadStartedOutsideTheModel));
        assertEquals(Failure.Kind.UNSUPPORTED, f.kind());
        assertTrue(f.message().contains("which the check did not start"), f.toString());
        assertTrue(f.message().contains("BadInputPrograms"), f.toString());
    }

    @Test
    void aLoopThatCountsHitsTheEventBoundAsALivelock() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.SC).withMaxEventsPerThread(200),
                BadInputPrograms::countingSpin);
        Failure f = onlyFailure(r);
        assertEquals(Failure.Kind.LIVELOCK, f.kind());
        assertTrue(f.message().contains("BadInputPrograms.java:"), f.toString());
    }

    @Test
    void aPlainRaceFailsUnderTheFailPolicyAndIsOnlyReportedUnderWarn() {
        CheckOptions fail = CheckOptions.of(MemoryModel.RC11).withRaces(RacePolicy.FAIL);
        Failure f = onlyFailure(Weft.check(fail, BugPrograms::plainMessagePassing));
        assertEquals(Failure.Kind.DATA_RACE, f.kind());
        assertTrue(f.message().contains("Mailbox#0."), f.toString());
        assertTrue(f.message().contains("BugPrograms.java:"), f.toString());

        CheckResult warn = Weft.check(CheckOptions.of(MemoryModel.SC), BugPrograms::plainMessagePassing);
        assertTrue(warn.passed(), warn.report());
        assertEquals(1, warn.warnings().size(), warn.report());
        assertTrue(warn.warnings().get(0).startsWith("data race on Mailbox#0."), warn.report());

        CheckResult ignore = Weft.check(CheckOptions.of(MemoryModel.SC).withRaces(RacePolicy.IGNORE),
                BugPrograms::plainMessagePassing);
        assertTrue(ignore.warnings().isEmpty(), ignore.report());
    }

    @Test
    void accessesOrderedBySynchronisationAreNotRaces() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.RC11).withRaces(RacePolicy.FAIL),
                BugPrograms::guardedWait);
        assertTrue(r.passed(), r.report());
        assertTrue(r.warnings().isEmpty(), r.report());
    }

    @Test
    void readsThroughAFrozenFinalFieldAreNeitherStaleNorRaces() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.RC11).withRaces(RacePolicy.FAIL),
                BugPrograms::readThroughAFrozenFinalField);
        assertTrue(r.passed(), r.report());
        assertTrue(r.warnings().isEmpty(), r.report());
        assertTrue(r.executions() > 1, r.report()); // the reader also runs before the publication
    }

    @Test
    void immIsRefusedForJvmCode() {
        UnsupportedByWeft e = assertThrows(UnsupportedByWeft.class,
                () -> Weft.check(CheckOptions.of(MemoryModel.IMM), BugPrograms::lostUpdate));
        assertTrue(e.getMessage().contains("SC, RA or RC11"));
    }

    @Test
    void aThreadStuckOutsideTheModelIsReportedWithItsFrame() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.SC).withStuckTimeout(Duration.ofSeconds(1)),
                () -> BugPrograms.startAndJoin(RuntimeFindsBugsTest::sleepUninstrumented));
        Failure f = onlyFailure(r);
        assertEquals(Failure.Kind.STUCK, f.kind());
        assertTrue(f.message().contains("sleepUninstrumented"), f.toString());
    }

    /** Blocks in JDK code Weft does not see (a reflective sleep is not rewritten). */
    private static void sleepUninstrumented() {
        try {
            Thread.class.getMethod("sleep", long.class).invoke(null, 60_000L);
        } catch (ReflectiveOperationException e) {
            // interrupted by the watchdog: the thread is abandoned
        }
    }
}
