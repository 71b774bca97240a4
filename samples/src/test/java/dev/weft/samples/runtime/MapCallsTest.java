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

/** {@code ConcurrentHashMap}: per-key SC mappings, updates under the key's lock. */
class MapCallsTest {
    private static final MemoryModel[] MODELS = {MemoryModel.SC, MemoryModel.RA, MemoryModel.RC11};

    @Test
    void computeIfAbsentRunsItsFunctionOnce() {
        for (MemoryModel model : MODELS) {
            CheckResult r = Weft.check(CheckOptions.of(model), MapPrograms::computeIfAbsentCreatesOnce);
            assertTrue(r.passed(), r.report());
            // the two updates take the key's lock in either order
            assertEquals(2, r.executions(), r.report());
        }
    }

    @Test
    void checkThenActCreatesTwoValues() {
        for (MemoryModel model : MODELS) {
            CheckResult r = Weft.check(CheckOptions.of(model), MapPrograms::checkThenActCreatesTwice);
            assertFalse(r.passed(), r.report());
            Failure f = r.failures().get(0);
            assertEquals(Failure.Kind.UNCAUGHT_EXCEPTION, f.kind(), f.toString());
            assertTrue(f.message().contains("two values for one key"), f.toString());
        }
    }

    @Test
    void aValuePutIsPublished() {
        for (MemoryModel model : MODELS) {
            CheckResult r = Weft.check(CheckOptions.of(model), MapPrograms::putPublishesTheValue);
            assertTrue(r.passed(), r.report());
        }
    }

    @Test
    void mergeCountsAtomicallyWhereGetAndPutLoseAnIncrement() {
        CheckResult merge = Weft.check(CheckOptions.of(MemoryModel.RC11), MapPrograms::countWithMerge);
        assertTrue(merge.passed(), merge.report());
        assertEquals(2, merge.executions(), merge.report());
        CheckResult getPut = Weft.check(CheckOptions.of(MemoryModel.SC), MapPrograms::countWithGetAndPut);
        assertFalse(getPut.passed(), getPut.report());
        assertTrue(getPut.failures().get(0).message().contains("lost increment"), getPut.failures().get(0).toString());
    }

    @Test
    void conditionalUpdatesKeepTheirContracts() {
        for (MemoryModel model : MODELS) {
            CheckResult r = Weft.check(CheckOptions.of(model), MapPrograms::conditionalUpdates);
            assertTrue(r.passed(), r.report());
            assertTrue(r.executions() > 2, r.report());
        }
    }

    /** Every execution starts from the real map, which the check never changes. */
    @Test
    void eachExecutionStartsFromTheRealMap() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.SC), MapPrograms::startsFromTheRealMap);
        assertTrue(r.passed(), r.report());
        assertEquals(7, MapPrograms.PREFILLED.get("k"));
    }

    /** get is one read: a loop of gets that return null is cut by spin-assume. */
    @Test
    void spinningOnGetIsASpinLoop() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.RC11).withMaxExecutions(1000), MapPrograms::spinUntilPut);
        assertTrue(r.passed() && r.exhaustive(), r.report());
        assertEquals(1, r.executions(), r.report());
    }

    @Test
    void wholeMapOperationsAndOtherConcurrentCollectionsAreRefused() {
        Failure size = Weft.check(CheckOptions.of(MemoryModel.SC), MapPrograms::sizeOfAConcurrentMap).failures().get(0);
        assertEquals(Failure.Kind.UNSUPPORTED, size.kind(), size.toString());
        assertTrue(size.message().contains("ConcurrentHashMap.size is not modelled"), size.toString());
        Failure queue = Weft.check(CheckOptions.of(MemoryModel.SC), MapPrograms::concurrentQueueThroughTheQueueInterface)
                .failures().get(0);
        assertEquals(Failure.Kind.UNSUPPORTED, queue.kind(), queue.toString());
        assertTrue(queue.message().contains("ConcurrentLinkedQueue.add (through java.util.Queue)"), queue.toString());
    }
}
