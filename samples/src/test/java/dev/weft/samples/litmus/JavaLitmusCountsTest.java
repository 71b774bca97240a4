package dev.weft.samples.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.litmus.ReferenceCounts;
import dev.weft.models.MemoryModel;
import dev.weft.runtime.CheckOptions;
import dev.weft.runtime.CheckResult;
import dev.weft.runtime.Weft;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Java ports of litmus-counts.md, run through the agent and the runtime, give GenMC's
 * complete-execution counts exactly under SC, RA and RC11 (IMM is refused for JVM code).
 */
class JavaLitmusCountsTest {

    static Stream<Arguments> cells() {
        return ReferenceCounts.TABLE.stream().flatMap(row -> Stream.of(MemoryModel.SC, MemoryModel.RA, MemoryModel.RC11)
                .map(model -> Arguments.of(row.program(), model, row.expected(model))));
    }

    @ParameterizedTest(name = "{0} under {1}: {2}")
    @MethodSource("cells")
    void completeExecutionsMatchGenMC(String program, MemoryModel model, long expected) {
        CheckResult r = Weft.check(CheckOptions.of(model), body(program));
        assertTrue(r.passed(), r.report());
        assertEquals(expected, r.executions(), program + " under " + model + ": " + r.report());
        assertEquals(0, r.blocked(), r.report());
    }

    /** GenMC's fib_bench count, which the litmus version reproduces (218,243 under SC). */
    @Test
    void fibBenchUnderScMatchesTheLitmusVersion() {
        CheckResult r = Weft.check(CheckOptions.of(MemoryModel.SC), JavaFibBench.body());
        assertTrue(r.passed(), r.report());
        assertEquals(218_243, r.executions(), r.report());
    }

    @Test
    void everyRowHasAPort() {
        for (ReferenceCounts.Row row : ReferenceCounts.TABLE) {
            body(row.program());
        }
    }

    private static Weft.Body body(String program) {
        ReferenceCounts.Row row = ReferenceCounts.TABLE.stream().filter(r -> r.program().equals(program)).findFirst()
                .orElseThrow();
        Weft.Body body = row.parameter() < 0 ? JavaLitmus.tests().get(program)
                : JavaLitmus.families().get(row.family()).apply(row.parameter());
        if (body == null) {
            throw new AssertionError("no Java port of " + program);
        }
        return body;
    }
}
