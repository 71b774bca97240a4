package dev.weft.samples.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.models.MemoryModel;
import dev.weft.runtime.CheckOptions;
import dev.weft.runtime.CheckResult;
import dev.weft.runtime.Failure;
import dev.weft.runtime.Weft;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** park/unpark, interrupts and Thread.currentThread() behave as the JDK specifies. */
class ThreadSemanticsTest {

    @Test
    void parkReturnsOnceUnparked() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.RC11), ThreadSemanticsPrograms::parkUntilFlag);
        assertTrue(r.passed(), r.report());
        assertTrue(r.executions() > 0, r.report());
    }

    @Test
    void aMissingUnparkIsADeadlockOnThePermit() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.RC11), ThreadSemanticsPrograms::parkWithoutUnpark);
        assertFalse(r.passed(), r.report());
        Failure f = r.failures().get(0);
        assertEquals(Failure.Kind.DEADLOCK, f.kind(), f.toString());
        assertTrue(f.message().contains("permit(T1)"), f.toString());
    }

    @Test
    void spuriousWakeupsLetParkReturnWithoutUnpark() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.RC11).withSpuriousWakeups(true),
                ThreadSemanticsPrograms::parkWithoutUnpark);
        assertFalse(r.passed(), r.report()); // still: the waiter may park for good before the flag is set
        CheckResult ok = Weft.check(CheckOptions.of(MemoryModel.RC11).withSpuriousWakeups(true),
                ThreadSemanticsPrograms::parkUntilFlag);
        assertTrue(ok.passed(), ok.report());
    }

    @Test
    void anInterruptBeforeOrDuringWaitThrowsInterruptedException() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.SC), ThreadSemanticsPrograms::interruptEndsWait);
        assertTrue(r.passed(), r.report());
        assertTrue(r.executions() >= 2, "interrupt before and during the wait: " + r.report());
    }

    /**
     * Spurious failures are explored, at most one per thread per execution, so the loop is finite.
     * The retry loop is a spin loop, and an iteration whose CAS failed changed nothing: executions
     * with a spurious failure end blocked (with a strong CAS: 2 complete and 2 blocked).
     */
    @Test
    void aWeakCasRetryLoopIsExploredToTheEnd() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.RC11), ThreadSemanticsPrograms::weakCasRetryLoop);
        assertTrue(r.passed(), r.report());
        assertTrue(r.exhaustive(), r.report());
        assertTrue(r.executions() + r.blocked() > 4, "spurious failures add executions: " + r.report());
    }

    @Test
    void multiDimensionalArraysHaveTheirInnerArrays() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.RC11), ThreadSemanticsPrograms::twoDimensionalArray);
        assertTrue(r.passed(), r.report());
        assertEquals(1, r.executions(), r.report());
    }

    @Test
    void currentThreadIsTheTestsThreadObject() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.SC), ThreadSemanticsPrograms::currentThreadIsTheStartedThread);
        assertTrue(r.passed(), r.report());
    }

    /**
     * A replay may run a thread ahead of the others over its memory accesses; asking whether another
     * thread is alive must still find it started or not as in the execution first explored, or the
     * published answer differs and the check fails as nondeterministic.
     */
    @Test
    void whetherAThreadStartedElsewhereIsAliveIsReplayedFaithfully() {
        for (MemoryModel model : new MemoryModel[] {MemoryModel.SC, MemoryModel.RC11}) {
            CheckResult r = Weft.check(CheckOptions.of(model), ThreadSemanticsPrograms::isAliveOfAThreadStartedElsewhere);
            assertTrue(r.passed(), r.report());
            assertTrue(r.executions() > 2, r.report());
        }
    }

    /**
     * Spin-assume judges one iteration, from the loop's head to a jump back to it: a wait that is
     * left at once and entered again (in a second call, or in an outer loop) is not a spin, and
     * must not cut the execution short.
     */
    @Test
    void aWaitLeftAndEnteredAgainIsNotCutAsASpin() {
        for (Weft.Body body : new Weft.Body[] {ThreadSemanticsPrograms::waitTwiceForASetFlag,
                ThreadSemanticsPrograms::waitInACountedLoopForASetFlag}) {
            CheckResult r = Weft.check(CheckOptions.of(MemoryModel.SC), body);
            assertTrue(r.passed(), r.report());
            assertEquals(1, r.executions(), r.report());
            assertEquals(0, r.blocked(), r.report());
        }
    }

    /** The iteration that read the flag unset ends at a conditional jump back, and is cut there. */
    @Test
    void aDoWhileSpinIsCutAtItsConditionalJumpBack() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.SC), ThreadSemanticsPrograms::doWhileSpinOnAFlag);
        assertTrue(r.passed(), r.report());
        assertTrue(r.exhaustive(), r.report());
        assertEquals(1, r.executions(), r.report());
        assertEquals(1, r.blocked(), r.report());
    }

    @Test
    void methodReferencesToModelledMethodsAreModelled() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.RC11), ThreadSemanticsPrograms::methodReferencesToModelledMethods);
        assertTrue(r.passed(), r.report());
        // the same executions as with lambdas that call the methods directly: both orders of the
        // increments, with main's read before, between or after them
        CheckResult direct = Weft.check(CheckOptions.of(MemoryModel.RC11), ThreadSemanticsPrograms::lambdasCallingModelledMethods);
        assertTrue(direct.passed(), direct.report());
        assertEquals(6, direct.executions(), direct.report());
        assertEquals(direct.executions(), r.executions(), r.report());
    }

    @Test
    void aMethodReferenceToAnUnmodelledMethodIsRefused() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.SC), ThreadSemanticsPrograms::methodReferenceToAnUnmodelledMethod);
        assertFalse(r.passed(), r.report());
        Failure f = r.failures().get(0);
        assertEquals(Failure.Kind.UNSUPPORTED, f.kind(), f.toString());
        assertTrue(f.message().contains("CyclicBarrier.reset"), f.toString());
    }

    /**
     * A spin loop that calls the class's own private {@code tryLock}, or a static one of another
     * class, is cut by spin-assume like the same loop written inline: the same executions and blocked executions, explored to the end
     * (before, every failed spin was an execution of its own, until the event bound).
     */
    @Test
    void aSpinLoopThatCallsAPrivateHelperIsASpinLoop() {
        CheckResult inlined = Weft.check(CheckOptions.of(MemoryModel.RC11),
                () -> ThreadSemanticsPrograms.twoIncrementsUnder(new ThreadSemanticsPrograms.InlinedSpinLock()));
        assertTrue(inlined.passed(), inlined.report());
        List<Supplier<ThreadSemanticsPrograms.SpinLock>> locks = List.of(ThreadSemanticsPrograms.HelperSpinLock::new,
                ThreadSemanticsPrograms.OtherClassSpinLock::new);
        for (Supplier<ThreadSemanticsPrograms.SpinLock> lock : locks) {
            // a budget, so that a loop no longer recognised fails here rather than spins for hours
            CheckResult helper = Weft.check(CheckOptions.of(MemoryModel.RC11)
                            .withMaxExecutions(10 * (inlined.executions() + inlined.blocked())),
                    () -> ThreadSemanticsPrograms.twoIncrementsUnder(lock.get()));
            String both = lock.get().getClass().getSimpleName() + ": " + helper.report() + " / " + inlined.report();
            assertTrue(helper.passed(), both);
            assertTrue(helper.exhaustive(), both);
            assertEquals(inlined.executions(), helper.executions(), both);
            assertEquals(inlined.blocked(), helper.blocked(), both);
        }
    }

    /**
     * JLS 17.2.2 gives no guarantee which waiter a {@code notify} selects: code that relies on the
     * longest waiter fails, with the coin that chose another in its trace, unless the check asks
     * for HotSpot's usual order.
     */
    @Test
    void notifyWakesAnyWaiterUnlessAskedForTheLongest() {
        CheckResult any = Weft.check(CheckOptions.of(MemoryModel.SC),
                () -> ThreadSemanticsPrograms.notifyWakesTheLongestWaiter(2));
        assertFalse(any.passed(), any.report());
        Failure f = any.failures().get(0);
        assertEquals(Failure.Kind.UNCAUGHT_EXCEPTION, f.kind(), f.toString());
        assertTrue(f.toString().contains("notify woke waiter 2") && f.toString().contains("which-waiter(T0)"),
                f.toString());
        CheckResult longest = Weft.check(CheckOptions.of(MemoryModel.SC).withNotifyWakesAnyWaiter(false),
                () -> ThreadSemanticsPrograms.notifyWakesTheLongestWaiter(2));
        assertTrue(longest.passed(), longest.report());
    }

    /**
     * Each of three waiters is woken in executions of its own, each choice once: what follows the
     * choice is the same up to the waiters' names, so there are exactly three times as many
     * complete executions as when only the longest waiter is woken (blocked ones, spins that read
     * a stale count before the choice, are not tripled).
     */
    @Test
    void notifyChoosesEachWaiterExactlyOnce() {
        CheckOptions options = CheckOptions.of(MemoryModel.RC11);
        CheckResult longest = Weft.check(options.withNotifyWakesAnyWaiter(false),
                () -> ThreadSemanticsPrograms.notifyWakesSomeWaiter(3));
        CheckResult any = Weft.check(options, () -> ThreadSemanticsPrograms.notifyWakesSomeWaiter(3));
        assertTrue(longest.passed() && any.passed(), longest.report() + any.report());
        assertTrue(longest.executions() > 1, longest.report());
        assertEquals(3 * longest.executions(), any.executions(), longest.report() + " / " + any.report());
    }
}
