package dev.weft.jcstress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.jcstresstests.CoWWArbiterTest;
import dev.weft.jcstresstests.LbOutOfThinAirTest;
import dev.weft.jcstresstests.MpVolatileMetaTest;
import dev.weft.jcstresstests.SbPlainTest;
import dev.weft.jcstresstests.TerminationWaitNotifyTest;
import dev.weft.jcstresstests.negative.GradingOrderFixture;
import java.lang.reflect.Method;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading jcstress's annotations and grading outcomes as jcstress does. */
class JCStressSpecTest {

    @Test
    void exactIdsMatchFirstThenPatternsInOrderWithTheMetaClassFirstThenTheDefault() {
        JCStressSpec spec = JCStressSpec.of(GradingOrderFixture.class);
        // meta outcomes come first in matching order
        assertEquals(GradingOrderFixture.Meta.class, spec.outcomes().get(0).declaredOn());
        assertEquals("own exact id, declared after the pattern", spec.grade("1, 1").desc());
        assertEquals(Expectation.ACCEPTABLE, spec.grade("1, 1").expect());
        assertEquals("own pattern, declared first", spec.grade("1, 0").desc());
        assertEquals("meta pattern", spec.grade("2, 0").desc());
        assertEquals(Expectation.FORBIDDEN, spec.grade("3, 0").expect());
        assertEquals("own default", spec.grade("0, 1").desc());
        assertEquals(Expectation.ACCEPTABLE_INTERESTING, spec.grade("0, 1").expect());
    }

    @Test
    void withoutADefaultAnUnmatchedResultIsForbidden() {
        JCStressSpec spec = JCStressSpec.of(SbPlainTest.class);
        JCStressSpec.Grade g = spec.grade("2, 2");
        assertEquals(Expectation.FORBIDDEN, g.expect());
        assertNull(g.matched());
        // and with one, the default takes it
        assertEquals("a value out of thin air", JCStressSpec.of(LbOutOfThinAirTest.class).grade("1, 1").desc());
    }

    @Test
    void jcstressDefaultIdIsTheDefaultOutcome() {
        OutcomeSpec byDefault = JCStressSpec.of(LbOutOfThinAirTest.class).outcomes().get(1);
        assertEquals(List.of(""), byDefault.ids(), "jcstress's id() defaults to {\"\"}");
        assertTrue(byDefault.isDefault());
    }

    @Test
    void outcomesComeFromTheMetaClass() {
        JCStressSpec spec = JCStressSpec.of(MpVolatileMetaTest.class);
        assertEquals(Expectation.FORBIDDEN, spec.grade("1, 0").expect());
        assertEquals("Message passing, plain data, volatile flag", spec.description().orElseThrow());
    }

    @Test
    void actorsArbiterStateAndResultAreRead() {
        JCStressSpec spec = JCStressSpec.of(CoWWArbiterTest.class);
        assertEquals(JCStressSpec.Mode.CONTINUOUS, spec.mode());
        assertEquals(List.of("actor1", "actor2"), spec.actors().stream().map(Method::getName).toList());
        assertEquals("arbiter", spec.arbiter().orElseThrow().getName());
        assertEquals("I_Result", spec.resultClass().orElseThrow().getSimpleName());

        JCStressSpec termination = JCStressSpec.of(TerminationWaitNotifyTest.class);
        assertEquals(JCStressSpec.Mode.TERMINATION, termination.mode());
        assertEquals("signal", termination.signal().orElseThrow().getName());
        assertTrue(termination.resultClass().isEmpty());
    }

    @Test
    void aClassWithoutJCStressTestIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JCStressSpec.of(String.class));
        assertTrue(e.getMessage().contains("java.lang.String is not a valid jcstress test"), e.getMessage());
        assertFalse(JCStressSpec.isJCStressTest(String.class));
        assertTrue(JCStressSpec.isJCStressTest(SbPlainTest.class));
    }

    @Test
    void actorsAreOrderedByNameWithNumbersComparedAsNumbers() {
        List<String> names = new java.util.ArrayList<>(List.of("actor10", "actor2", "actor1", "arbiter", "actor02"));
        names.sort(JCStressSpec::naturalCompare);
        assertEquals(List.of("actor1", "actor02", "actor2", "actor10", "arbiter"), names);
    }

    @Test
    void actorsThatAreNotModelThreadsAreRefused() throws Throwable {
        // Run outside any check, the harness's threads are ordinary threads: exactly what a
        // configuration that excludes dev.weft.jcstressrun from instrumentation would give.
        JCStressSpec spec = JCStressSpec.of(SbPlainTest.class);
        List<String> log = new java.util.ArrayList<>();
        spec.execution(spec.newResult(), log::add, null).run();
        assertTrue(log.contains(Execution.UNMODELLED), log.toString());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> JCStressChecker.refuseUnmodelled(log));
        assertTrue(e.getMessage().contains("not as Weft's model threads"), e.getMessage());
        // inside a check they are model threads
        JCStressChecker.check(SbPlainTest.class);
    }

    @Test
    void packagesNamedNegativeAreRecognised() {
        assertTrue(WeftJCStressEngine.isNegative(GradingOrderFixture.class));
        assertFalse(WeftJCStressEngine.isNegative(SbPlainTest.class));
    }
}
