package dev.weft.junit;

import static dev.weft.junit.Fixtures.entry;
import static dev.weft.junit.Fixtures.failure;
import static dev.weft.junit.Fixtures.run;
import static dev.weft.junit.Fixtures.succeeded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.extfixtures.ClassDefaults;
import dev.weft.extfixtures.Lifecycle;
import dev.weft.extfixtures.LostUpdate;
import dev.weft.extfixtures.LostUpdateReplay;
import dev.weft.extfixtures.SomePassing;
import dev.weft.runtime.UnsupportedByWeft;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.opentest4j.AssertionFailedError;

/** @ModelCheck run through the Jupiter engine, as Surefire or an IDE runs it. */
class ModelCheckExtensionTest {

    @Test
    void aCorrectCounterPassesAndPublishesItsSummary() {
        EngineExecutionResults r = run(SomePassing.class);
        assertEquals(1, succeeded(r, "synchronizedCounter"));
        Map<String, String> e = entry(r, "synchronizedCounter");
        assertEquals(SomePassing.class.getName() + "#synchronizedCounter", e.get(ReportKeys.CHECK));
        assertEquals("RC11", e.get(ReportKeys.MODEL));
        assertEquals("2", e.get(ReportKeys.EXECUTIONS), e.toString());
        assertEquals("0", e.get(ReportKeys.BLOCKED));
        assertEquals("PASS", e.get(ReportKeys.RESULT));
        assertTrue(e.get(ReportKeys.TIME).matches("\\d+\\.\\d{3}"), e.toString());
        assertEquals("true", e.get(ReportKeys.EXHAUSTIVE), e.toString());
    }

    @Test
    void aPassUnderABudgetThatRanOutIsMarkedNotExhaustive() {
        EngineExecutionResults r = run(dev.weft.extfixtures.Budgeted.class);
        assertEquals(1, succeeded(r, "firstExecutionOnly"));
        Map<String, String> e = entry(r, "firstExecutionOnly");
        assertEquals("1", e.get(ReportKeys.EXECUTIONS), e.toString());
        assertEquals("false", e.get(ReportKeys.EXHAUSTIVE), e.toString());
    }

    @Test
    void aLostUpdateFailsWithTheExecutionAndAReplayHandle() {
        EngineExecutionResults r = run(LostUpdate.class);
        Throwable t = failure(r, "plainIncrement");
        assertInstanceOf(AssertionFailedError.class, t);
        String m = t.getMessage();
        assertTrue(m.startsWith(LostUpdate.class.getName() + "#plainIncrement failed under SC in execution 2"), m);
        assertTrue(m.contains("lost update ==> expected: <2> but was: <1>"), m);
        // per thread, in program order: file:line and method, value read and what it read from, value written
        assertTrue(m.contains("  thread 0:"), m);
        assertTrue(m.contains("  thread 1:"), m);
        assertTrue(m.contains("Rsc PlainCounter#0.0.count = 1  (from T1.1)   @ LostUpdate.incrementTwice(LostUpdate.java:20)"), m);
        assertTrue(m.contains("Wsc PlainCounter#0.0.count := 1   @ LostUpdate.lambda$incrementTwice$0(LostUpdate.java:16)"), m);
        assertTrue(m.endsWith("Replay: @ModelCheck(replay = \"SC:2\")"), m);
        assertEquals("FAIL", entry(r, "plainIncrement").get(ReportKeys.RESULT));
    }

    @Test
    void theReplayHandleRerunsToTheSameFailure() {
        String full = failure(run(LostUpdate.class), "plainIncrement").getMessage();
        EngineExecutionResults replayed = run(LostUpdateReplay.class);
        String again = failure(replayed, "failingExecution").getMessage();
        assertEquals(execution(full), execution(again));
        assertTrue(again.endsWith("Replay: @ModelCheck(replay = \"SC:2\")"), again);
        // replaying the execution before the failing one stops there, and it passes
        assertEquals(1, succeeded(replayed, "executionBefore"));
        assertEquals("1", entry(replayed, "executionBefore").get(ReportKeys.EXECUTIONS));
    }

    /** The trace part of a message, with the JVM's thread numbers (which differ between runs) masked. */
    private static String execution(String message) {
        return message.substring(message.indexOf("Execution (per thread"), message.indexOf("Graph:"))
                .replaceAll("Thread-\\d+", "Thread-N");
    }

    @Test
    void aReplayKeepsTheModelOfItsHandle() {
        EngineExecutionResults r = run(LostUpdateReplay.class, ReportKeys.MODEL_PARAMETER, "RC11");
        assertEquals("SC", entry(r, "failingExecution").get(ReportKeys.MODEL));
    }

    @Test
    void classLevelAttributesAreDefaultsThatMethodsOverride() {
        ClassDefaults.plainRuns = 0;
        EngineExecutionResults r = run(ClassDefaults.class);
        assertEquals("SC", entry(r, "inheritsSc").get(ReportKeys.MODEL));
        assertEquals(1, succeeded(r, "inheritsSc"));
        assertEquals("RA", entry(r, "overridesModel").get(ReportKeys.MODEL));
        assertTrue(failure(r, "overridesModel").getMessage().contains("both threads read 0"));
        // a plain @Test in the class runs once, as usual, and publishes nothing
        assertEquals(1, succeeded(r, "plainTest"));
        assertEquals(1, ClassDefaults.plainRuns);
        assertEquals(0, r.allEvents().reportingEntryPublished().stream()
                .filter(e -> e.getTestDescriptor().getDisplayName().startsWith("plainTest")).count());
    }

    @Test
    void theWeftModelParameterOverridesEveryModel() {
        EngineExecutionResults r = run(ClassDefaults.class, ReportKeys.MODEL_PARAMETER, "rc11");
        assertEquals("RC11", entry(r, "inheritsSc").get(ReportKeys.MODEL));
        assertTrue(failure(r, "inheritsSc").getMessage().contains("both threads read 0"));
        assertEquals("RC11", entry(r, "overridesModel").get(ReportKeys.MODEL));
    }

    @Test
    void theInstanceAndLifecycleMethodsLiveOnceAroundTheCheck() {
        Lifecycle.instances = 0;
        Lifecycle.beforeEach = 0;
        Lifecycle.afterEach = 0;
        EngineExecutionResults r = run(Lifecycle.class);
        String method = "fieldsStartAfreshInEveryExecution";
        assertEquals(1, succeeded(r, method), () -> failure(r, method).getMessage());
        assertEquals("2", entry(r, method).get(ReportKeys.EXECUTIONS));
        assertEquals(1, Lifecycle.instances);
        assertEquals(1, Lifecycle.beforeEach);
        assertEquals(1, Lifecycle.afterEach);
    }

    @Test
    void withoutTheAgentACheckFailsSayingHowToAddIt() {
        EngineExecutionResults r = run(SomePassing.class, ModelCheckExtension.AGENT_DISABLE, "true");
        Throwable t = failure(r, "synchronizedCounter");
        assertInstanceOf(UnsupportedByWeft.class, t);
        assertTrue(t.getMessage().contains("-javaagent:path/to/weft-agent.jar"), t.getMessage());
        Map<String, String> e = entry(r, "synchronizedCounter");
        assertEquals("FAIL", e.get(ReportKeys.RESULT));
        assertEquals("0", e.get(ReportKeys.EXECUTIONS));
    }

    @Test
    void immIsRefusedWithTheRuntimesReason() {
        EngineExecutionResults r = run(SomePassing.class, ReportKeys.MODEL_PARAMETER, "IMM");
        Throwable t = failure(r, "synchronizedCounter");
        assertTrue(t.getMessage().contains("SC, RA or RC11"), t.getMessage());
        assertEquals("IMM", entry(r, "synchronizedCounter").get(ReportKeys.MODEL));
    }

    @Test
    void anUnknownModelParameterFailsTheCheck() {
        Throwable t = failure(run(SomePassing.class, ReportKeys.MODEL_PARAMETER, "tso"), "synchronizedCounter");
        assertTrue(t.getMessage().contains("weft.model=tso is not a memory model"), t.getMessage());
    }
}
