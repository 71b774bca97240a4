package dev.weft.samples.structures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.weft.models.MemoryModel;
import dev.weft.samples.structures.chaselev.ChaseLevDequeBuggyChecks;
import dev.weft.samples.structures.msqueue.MichaelScottQueueBuggyChecks;
import dev.weft.samples.structures.seqlock.SeqLockBuggyChecks;
import dev.weft.samples.structures.spsc.SpscRingBufferBuggyChecks;
import dev.weft.samples.structures.striped.StripedCounterBuggyChecks;
import dev.weft.samples.structures.treiber.TreiberStackBuggyChecks;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * Runs the {@code @ModelCheck} of each buggy variant (the {@code *BuggyChecks} classes) through
 * the JUnit Platform under SC, RA and RC11 (the {@code weft.model} configuration parameter), and
 * checks that it fails exactly under the models that allow its bug, with the assertion that shows
 * the bug, and passes, having explored executions, under the others.
 */
class StructuresBuggyVariantsTest {

    /** A buggy variant's check, the models under which its bug is observable, and what its failure says. */
    record Variant(Class<?> checks, Set<MemoryModel> failsUnder, String message) {}

    static final List<Variant> VARIANTS = List.of(
            // an opaque read of top in pop: needs a non-acquire read, so RA (all reads acquire) hides it
            new Variant(TreiberStackBuggyChecks.class, Set.of(MemoryModel.RC11), "elements lost or duplicated"),
            // an opaque read of head.next in dequeue: writes before the enqueue are not published
            new Variant(MichaelScottQueueBuggyChecks.class, Set.of(MemoryModel.RC11), "but its mailbox holds 0"),
            // no SC fence in take: store buffering, which RA allows too (its SC fences are acq/rel)
            new Variant(ChaseLevDequeBuggyChecks.class, Set.of(MemoryModel.RA, MemoryModel.RC11),
                    "an element was taken twice or lost"),
            // an opaque store of tail: needs a non-release write, so RA (all writes release) hides it
            new Variant(SpscRingBufferBuggyChecks.class, Set.of(MemoryModel.RC11),
                    "elements lost, duplicated or reordered"),
            // no acquire fence before the re-check: needs non-acquire data reads, so RA hides it
            new Variant(SeqLockBuggyChecks.class, Set.of(MemoryModel.RC11), "torn read accepted"),
            // a non-atomic read-modify-write: an atomicity bug, under every model
            new Variant(StripedCounterBuggyChecks.class, Set.of(MemoryModel.SC, MemoryModel.RA, MemoryModel.RC11),
                    "increments lost"));

    static Stream<Arguments> variantsAndModels() {
        List<Arguments> cases = new ArrayList<>();
        for (Variant v : VARIANTS) {
            for (MemoryModel model : List.of(MemoryModel.SC, MemoryModel.RA, MemoryModel.RC11)) {
                cases.add(Arguments.of(v.checks().getSimpleName(), model, v));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} under {1}")
    @MethodSource("variantsAndModels")
    void failsExactlyUnderTheModelsThatAllowTheBug(String name, MemoryModel model, Variant variant) {
        EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(variant.checks()))
                .configurationParameter("weft.model", model.name())
                .execute();
        List<Event> finished = results.testEvents().finished().list();
        assertEquals(1, finished.size(), name + " should have exactly one check");
        TestExecutionResult result = finished.get(0).getPayload(TestExecutionResult.class).orElseThrow();
        Map<String, String> entry = results.allEvents().reportingEntryPublished().stream()
                .map(e -> e.getPayload(ReportEntry.class).orElseThrow().getKeyValuePairs())
                .findFirst().orElseThrow();
        assertEquals(model.name(), entry.get("weft.model"), "the check ran under another model: " + entry);
        if (variant.failsUnder().contains(model)) {
            assertEquals(TestExecutionResult.Status.FAILED, result.getStatus(), name + " should fail under " + model);
            String message = result.getThrowable().orElseThrow().getMessage();
            assertTrue(message.contains("failed under " + model), message);
            assertTrue(message.contains(variant.message()), "expected '" + variant.message() + "' in:\n" + message);
        } else {
            assertEquals(TestExecutionResult.Status.SUCCESSFUL, result.getStatus(),
                    () -> name + " should pass under " + model + ": " + result.getThrowable().map(Throwable::getMessage));
            assertEquals("PASS", entry.get("weft.result"), entry.toString());
            assertTrue(Long.parseLong(entry.get("weft.executions")) > 0, "explored nothing: " + entry);
        }
    }
}
