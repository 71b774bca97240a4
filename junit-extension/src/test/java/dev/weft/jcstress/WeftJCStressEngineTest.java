package dev.weft.jcstress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

import dev.weft.jcstresstests.SbPlainTest;
import dev.weft.jcstresstests.SbVolatileUnderRaTest;
import dev.weft.jcstresstests.TerminationParkUnparkTest;
import dev.weft.jcstresstests.negative.WrongSbPlainExpectation;
import dev.weft.jcstresstests.nested.NestedJCStressTests;
import dev.weft.junit.ReportKeys;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/** The {@code weft-jcstress} engine as the JUnit Platform runs it. */
class WeftJCStressEngineTest {

    private static EngineTestKit.Builder engine() {
        return EngineTestKit.engine(WeftJCStressEngine.ENGINE_ID);
    }

    private static Map<String, String> onlyReportEntry(EngineExecutionResults results) {
        List<ReportEntry> entries = results.allEvents().reportingEntryPublished().stream()
                .map(e -> e.getPayload(ReportEntry.class).orElseThrow()).toList();
        assertEquals(1, entries.size(), "one report entry per check: " + entries);
        return entries.get(0).getKeyValuePairs();
    }

    private static Throwable failureOf(EngineExecutionResults results) {
        Event failed = results.testEvents().failed().stream().findFirst().orElseThrow();
        return failed.getPayload(TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow();
    }

    @Test
    void aPassingTestPublishesOneReportEntryWithItsOutcomes() {
        EngineExecutionResults results = engine().selectors(selectClass(SbPlainTest.class)).execute();
        results.testEvents().assertStatistics(s -> s.started(1).succeeded(1).failed(0));
        results.containerEvents().assertStatistics(s -> s.started(2).succeeded(2));
        Map<String, String> entry = onlyReportEntry(results);
        assertEquals("dev.weft.jcstresstests.SbPlainTest#jcstress", entry.get(ReportKeys.CHECK));
        assertEquals("RC11", entry.get(ReportKeys.MODEL));
        assertEquals("4", entry.get(ReportKeys.EXECUTIONS));
        assertEquals("0", entry.get(ReportKeys.BLOCKED));
        assertEquals(ReportKeys.PASS, entry.get(ReportKeys.RESULT));
        assertTrue(entry.get(ReportKeys.TIME).matches("\\d+\\.\\d{3}"), entry.toString());
        assertEquals("true", entry.get(ReportKeys.EXHAUSTIVE));
        assertEquals("\"0, 0\" count=1 expect=ACCEPTABLE_INTERESTING", entry.get("weft.outcome.0"));
        assertEquals("\"0, 1\" count=1 expect=ACCEPTABLE", entry.get("weft.outcome.1"));
        assertEquals("\"1, 0\" count=1 expect=ACCEPTABLE", entry.get("weft.outcome.2"));
        assertEquals("\"1, 1\" count=1 expect=ACCEPTABLE", entry.get("weft.outcome.3"));
        assertEquals(11, entry.size(), entry.toString());
    }

    @Test
    void aReachableForbiddenOutcomeFailsWithTheExecutionThatReachesIt() {
        EngineExecutionResults results = engine().selectors(selectClass(WrongSbPlainExpectation.class))
                .configurationParameter(WeftJCStressEngine.INCLUDE_NEGATIVE_PARAMETER, "true").execute();
        results.testEvents().assertStatistics(s -> s.started(1).failed(1));
        Throwable t = failureOf(results);
        assertInstanceOf(AssertionError.class, t);
        String m = t.getMessage();
        assertTrue(m.contains("under RC11: FAIL, 4 executions"), m);
        assertTrue(m.matches("(?s).*\"0, 0\" +1 +FORBIDDEN +wrongly claimed.*"), m);
        assertTrue(m.contains("FORBIDDEN outcome \"0, 0\" is reachable under RC11"), m);
        // Weft's own report of the execution: both actors read the initial value, with source lines
        assertTrue(m.contains("UNCAUGHT_EXCEPTION"), m);
        assertTrue(m.contains("WrongSbPlainExpectation.actor1(WrongSbPlainExpectation.java:"), m);
        assertTrue(m.contains("WrongSbPlainExpectation#0.") && m.contains(".y = 0  (from init)"), m);
        assertTrue(m.contains(".x = 0  (from init)"), m);
        assertTrue(m.matches("(?s).*replay: RC11:\\d+.*"), m);
        Map<String, String> entry = onlyReportEntry(results);
        assertEquals(ReportKeys.FAIL, entry.get(ReportKeys.RESULT));
        assertEquals("\"0, 0\" count=1 expect=FORBIDDEN", entry.get("weft.outcome.0"));
    }

    @Test
    void negativePackagesAreLeftAloneUnlessAsked() {
        EngineExecutionResults results = engine().selectors(selectPackage("dev.weft.jcstresstests")).execute();
        assertTrue(results.testEvents().started().count() >= 40, "the package's tests run");
        assertFalse(results.allEvents().stream().anyMatch(e -> e.getTestDescriptor().getUniqueId().toString()
                .contains(".negative.")), "no test of a negative package");
        results.testEvents().assertStatistics(s -> s.failed(0));

        EngineExecutionResults asked = engine().selectors(selectPackage("dev.weft.jcstresstests.negative"))
                .configurationParameter(WeftJCStressEngine.INCLUDE_NEGATIVE_PARAMETER, "true").execute();
        assertTrue(asked.testEvents().started().count() >= 1);
    }

    @Test
    void theModelParameterOverridesTheClassModel() {
        EngineExecutionResults sc = engine().selectors(selectClass(SbPlainTest.class))
                .configurationParameter(WeftJCStressEngine.MODEL_PARAMETER, "sc").execute();
        Map<String, String> entry = onlyReportEntry(sc);
        assertEquals("SC", entry.get(ReportKeys.MODEL));
        assertEquals("3", entry.get(ReportKeys.EXECUTIONS));
        assertFalse(entry.containsValue("\"0, 0\" count=1 expect=ACCEPTABLE_INTERESTING"), entry.toString());

        // @WeftModel(RA) on the class, no parameter
        Map<String, String> ra = onlyReportEntry(engine().selectors(selectClass(SbVolatileUnderRaTest.class))
                .execute());
        assertEquals("RA", ra.get(ReportKeys.MODEL));
        assertEquals("\"0, 0\" count=1 expect=ACCEPTABLE_INTERESTING", ra.get("weft.outcome.0"));
        // the parameter wins over the annotation
        Map<String, String> rc11 = onlyReportEntry(engine().selectors(selectClass(SbVolatileUnderRaTest.class))
                .configurationParameter(WeftJCStressEngine.MODEL_PARAMETER, "RC11").execute());
        assertEquals("RC11", rc11.get(ReportKeys.MODEL));
    }

    @Test
    void aStaleActorFailsWithTheDeadlockThatStrandsIt() {
        // Dekker-style park/unpark is correct with SC volatiles, but RA lets both sides miss each other
        EngineExecutionResults results = engine().selectors(selectClass(TerminationParkUnparkTest.class))
                .configurationParameter(WeftJCStressEngine.MODEL_PARAMETER, "RA").execute();
        results.testEvents().assertStatistics(s -> s.started(1).failed(1));
        String m = failureOf(results).getMessage();
        assertTrue(m.contains("FORBIDDEN outcome \"STALE\" is reachable under RA (the actor parks for good)"), m);
        assertTrue(m.contains("DEADLOCK"), m);
        assertTrue(m.contains("TerminationParkUnparkTest.actor(TerminationParkUnparkTest.java:"), m);
        assertTrue(m.contains("counts are lower bounds"), m);
        assertTrue(onlyReportEntry(results).containsValue("\"STALE\" count=1 expect=FORBIDDEN"));
    }

    @Test
    void testsNestedInAHolderClassAreFoundThroughIt() {
        EngineExecutionResults results = engine().selectors(selectClass(NestedJCStressTests.class)).execute();
        results.testEvents().assertStatistics(s -> s.started(2).succeeded(2));
    }

    @Test
    void aUniqueIdSelectsItsClassAgain() {
        UniqueId id = UniqueId.forEngine(WeftJCStressEngine.ENGINE_ID).append("class", SbPlainTest.class.getName())
                .append("test", "jcstress");
        EngineExecutionResults results = engine().selectors(selectUniqueId(id)).execute();
        results.testEvents().assertStatistics(s -> s.started(1).succeeded(1));
        assertEquals(id, results.testEvents().started().stream().findFirst().orElseThrow().getTestDescriptor()
                .getUniqueId());
    }

    @Test
    void withoutJcstressOnTheClassPathTheEngineFindsNothing() throws Exception {
        WeftJCStressEngine engine = new WeftJCStressEngine();
        ClassLoader saved = Thread.currentThread().getContextClassLoader();
        try (URLClassLoader bare = new URLClassLoader(new URL[0], ClassLoader.getPlatformClassLoader())) {
            assertFalse(JCStressAnnotations.available(bare));
            Thread.currentThread().setContextClassLoader(bare);
            TestDescriptor root = engine.discover(LauncherDiscoveryRequestBuilder.request()
                    .selectors(selectClass(SbPlainTest.class)).build(), UniqueId.forEngine(engine.getId()));
            assertTrue(root.getChildren().isEmpty());
        } finally {
            Thread.currentThread().setContextClassLoader(saved);
        }
        assertTrue(JCStressAnnotations.available(getClass().getClassLoader()));
    }
}
