package dev.weft.samples.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.models.MemoryModel;
import dev.weft.runtime.CheckOptions;
import dev.weft.runtime.CheckResult;
import dev.weft.runtime.Failure;
import dev.weft.runtime.Weft;
import dev.weft.samples.runtime.FunctionObjectPrograms.Constant;
import dev.weft.samples.runtime.FunctionObjectPrograms.Task;
import org.junit.jupiter.api.Test;

/**
 * Lambdas and method references written to shared memory are named the same in every execution,
 * as objects of ordinary classes are, so that replaying an execution writes the same values: the
 * same program explores as many executions with either, and none is nondeterministic.
 */
class FunctionObjectsTest {
    /** The worker finds the slot empty or the task there: 2 executions. */
    @Test
    void aTaskPublishedInAField() {
        assertLikeAnObject(2, Task.OBJECT, Task.values(), FunctionObjectPrograms::taskPublishedInAField);
    }

    /**
     * A lambda made by the JDK is named by the thread that first handles it, the main thread here:
     * 2 executions, as in {@link #aTaskPublishedInAField}.
     */
    @Test
    void aFunctionMadeByTheJdkPublishedInAField() {
        for (MemoryModel model : new MemoryModel[] {MemoryModel.SC, MemoryModel.RC11}) {
            CheckResult r = Weft.check(CheckOptions.of(model),
                    FunctionObjectPrograms::jdkMadeFunctionPublishedInAField);
            assertTrue(r.passed(), r.report());
            assertEquals(2, r.executions(), r.report());
        }
    }

    /** A trace names a reference to a modelled method as a lambda made by its thread. */
    @Test
    void aTraceNamesAMethodReferenceByItsThread() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.SC), FunctionObjectPrograms::referenceFoundInAField);
        assertFalse(r.passed(), r.report());
        Failure f = r.failures().get(0);
        assertEquals(Failure.Kind.UNCAUGHT_EXCEPTION, f.kind(), f.toString());
        assertTrue(f.toString().contains(".value := lambda#0."), f.toString());
    }

    /** {@code startAndJoin(latch::countDown, ...)}, through a varargs array: the count-downs in either order. */
    @Test
    void tasksPassedInAnArray() {
        assertLikeAnObject(2, Task.OBJECT, Task.values(), FunctionObjectPrograms::tasksPassedInAnArray);
    }

    /**
     * Each worker reads the other's slot before or after the other's (volatile) write, but not both
     * after: 3 executions. Whichever worker writes the task first, it is the main thread's object.
     */
    @Test
    void oneTaskWrittenByTwoThreads() {
        assertLikeAnObject(3, Task.OBJECT, Task.values(), FunctionObjectPrograms::oneTaskWrittenByTwoThreads);
    }

    /** A function that captures nothing is one object for the whole check, like a constant made before it. */
    @Test
    void oneConstantMadeByTwoThreads() {
        assertLikeAnObject(3, Constant.OBJECT, Constant.values(), FunctionObjectPrograms::oneConstantMadeByTwoThreads);
    }

    /** A program that takes the form of its function. */
    private interface Program<F> {
        void run(F form) throws Exception;
    }

    /**
     * Checks {@code program} with each form under SC and RC11: it passes, with as many executions as
     * with {@code object}, an instance of an ordinary class, which has {@code executions}.
     */
    private static <F> void assertLikeAnObject(int executions, F object, F[] forms, Program<F> program) {
        for (MemoryModel model : new MemoryModel[] {MemoryModel.SC, MemoryModel.RC11}) {
            CheckResult baseline = Weft.check(CheckOptions.of(model), () -> program.run(object));
            assertTrue(baseline.passed(), baseline.report());
            assertEquals(executions, baseline.executions(), baseline.report());
            for (F form : forms) {
                if (form == object) {
                    continue;
                }
                CheckResult r = Weft.check(CheckOptions.of(model), () -> program.run(form));
                assertTrue(r.passed(), form + ": " + r.report());
                assertEquals(baseline.executions(), r.executions(), form + ": " + r.report());
            }
        }
    }
}
