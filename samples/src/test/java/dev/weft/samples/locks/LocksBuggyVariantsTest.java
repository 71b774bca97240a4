package dev.weft.samples.locks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.models.MemoryModel;
import dev.weft.runtime.CheckOptions;
import dev.weft.runtime.CheckResult;
import dev.weft.runtime.Failure;
import dev.weft.runtime.Weft;
import dev.weft.samples.classic.boundedbuffer.BoundedBufferBuggyChecks;
import dev.weft.samples.classic.dcl.DoubleCheckedLockingBuggyChecks;
import dev.weft.samples.locks.clh.ClhLockBuggyChecks;
import dev.weft.samples.locks.dekker.DekkerLockBuggyChecks;
import dev.weft.samples.locks.lamport.LamportFastMutexBuggyChecks;
import dev.weft.samples.locks.peterson.PetersonLockBuggyChecks;
import dev.weft.samples.locks.ticket.TicketLockBuggyChecks;
import dev.weft.samples.locks.ttas.TtasSpinLockBuggyChecks;
import java.util.EnumSet;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Runs the body of every buggy variant's check ({@code *BuggyChecks}) under SC, RA and RC11 and
 * asserts that it fails exactly under the models where its bug is observable, with the expected
 * kind of failure and a message that names the problem, and passes (exhaustively) under the others.
 */
class LocksBuggyVariantsTest {
    private static final MemoryModel[] MODELS = {MemoryModel.SC, MemoryModel.RA, MemoryModel.RC11};

    /** Two threads in the critical section show as one or the other, depending on what each read. */
    private static final String BOTH_INSIDE = "mutual exclusion violated|lost update in the critical section";

    /**
     * Checks {@code body} under each model: fails under {@code failing} with {@code kind} and a
     * message in which the regular expression {@code expectedMessage} is found; passes elsewhere.
     */
    private static void expect(String name, Weft.Body body, CheckOptions options, Set<MemoryModel> failing,
                               Failure.Kind kind, String expectedMessage) {
        for (MemoryModel model : MODELS) {
            CheckResult r = Weft.check(options.withModel(model), body);
            System.out.println("BUGGY " + name + " " + r.report().lines().findFirst().orElse("")
                    + (r.passed() ? "" : " | " + r.failures().get(0).kind() + ": "
                            + r.failures().get(0).message().lines().findFirst().orElse("")));
            if (failing.contains(model)) {
                assertFalse(r.passed(), name + " should fail under " + model + ": " + r.report());
                Failure f = r.failures().get(0);
                assertEquals(kind, f.kind(), name + " under " + model + ": " + f);
                assertTrue(Pattern.compile(expectedMessage).matcher(f.message()).find(),
                        name + " under " + model + " should say '" + expectedMessage + "': " + f);
            } else {
                assertTrue(r.passed(), name + " should pass under " + model + ": " + r.report());
                assertTrue(r.exhaustive(), name + " under " + model + " was not explored fully: " + r.report());
                assertTrue(r.executions() > 0, name + " under " + model + ": no complete execution");
            }
        }
    }

    private static void expect(String name, Weft.Body body, Set<MemoryModel> failing, Failure.Kind kind,
                               String expectedMessage) {
        expect(name, body, CheckOptions.DEFAULT, failing, kind, expectedMessage);
    }

    @Test
    void ttasOpaqueUnlockLosesAnUpdateOnlyUnderRc11() {
        expect("ttas", TtasSpinLockBuggyChecks::twoThreadsTwiceEach, EnumSet.of(MemoryModel.RC11),
                Failure.Kind.UNCAUGHT_EXCEPTION, "lost update in the critical section");
    }

    @Test
    void ticketOpaqueSpinLosesAnUpdateOnlyUnderRc11() {
        expect("ticket", TicketLockBuggyChecks::twoThreadsTwiceEach, EnumSet.of(MemoryModel.RC11),
                Failure.Kind.UNCAUGHT_EXCEPTION, "lost update in the critical section");
    }

    @Test
    void clhReleaseOnlySwapBreaksMutualExclusionOnlyUnderRc11() {
        expect("clh", ClhLockBuggyChecks::twoThreadsTwiceEach, EnumSet.of(MemoryModel.RC11),
                Failure.Kind.UNCAUGHT_EXCEPTION, "lost update in the critical section");
    }

    @Test
    void petersonAcquireReleaseLetsBothInUnderRaAndRc11() {
        expect("peterson", PetersonLockBuggyChecks::twoThreadsOnceEach, EnumSet.of(MemoryModel.RA, MemoryModel.RC11),
                Failure.Kind.UNCAUGHT_EXCEPTION, BOTH_INSIDE);
    }

    @Test
    void dekkerAcquireReleaseLetsBothInUnderRaAndRc11() {
        expect("dekker", DekkerLockBuggyChecks::twoThreadsOnceEach, EnumSet.of(MemoryModel.RA, MemoryModel.RC11),
                Failure.Kind.UNCAUGHT_EXCEPTION, BOTH_INSIDE);
    }

    @Test
    void lamportReleaseXLetsBothInUnderRaAndRc11() {
        expect("lamport", LamportFastMutexBuggyChecks::twoThreadsOnceEach,
                EnumSet.of(MemoryModel.RA, MemoryModel.RC11), Failure.Kind.UNCAUGHT_EXCEPTION, BOTH_INSIDE);
    }

    @Test
    void doubleCheckedLockingOnAPlainFieldShowsAHalfBuiltObjectOnlyUnderRc11() {
        expect("dcl", DoubleCheckedLockingBuggyChecks::twoThreadsTwiceEach, EnumSet.of(MemoryModel.RC11),
                Failure.Kind.UNCAUGHT_EXCEPTION, "half built: port = 0");
    }

    @Test
    void boundedBufferWithNotifyDeadlocksUnderEveryModel() {
        expect("buffer-notify", BoundedBufferBuggyChecks::notifyTwoProducersTwoConsumers,
                EnumSet.of(MemoryModel.SC, MemoryModel.RA, MemoryModel.RC11), Failure.Kind.DEADLOCK, "deadlock");
    }

    @Test
    void boundedBufferWithOneConditionAndSignalDeadlocksUnderEveryModel() {
        expect("buffer-one-condition", BoundedBufferBuggyChecks::oneConditionTwoProducersTwoConsumers,
                EnumSet.of(MemoryModel.SC, MemoryModel.RA, MemoryModel.RC11), Failure.Kind.DEADLOCK, "deadlock");
    }

    @Test
    void boundedBufferWithIfTakesFromEmptyAfterASpuriousWakeupUnderEveryModel() {
        expect("buffer-if", BoundedBufferBuggyChecks::ifWaitOneProducerOneConsumer,
                CheckOptions.DEFAULT.withSpuriousWakeups(true), EnumSet.of(MemoryModel.SC, MemoryModel.RA, MemoryModel.RC11),
                Failure.Kind.UNCAUGHT_EXCEPTION, "took from an empty buffer");
        // without spurious wake-ups one producer and one consumer never show the bug
        expect("buffer-if-no-spurious", BoundedBufferBuggyChecks::ifWaitOneProducerOneConsumer,
                EnumSet.noneOf(MemoryModel.class), Failure.Kind.UNCAUGHT_EXCEPTION, "");
    }
}
