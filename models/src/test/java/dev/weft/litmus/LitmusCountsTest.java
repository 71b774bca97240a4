package dev.weft.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.models.MemoryModel;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The complete-execution counts of /work/shared/litmus-counts.md (GenMC's own expected numbers),
 * one parameterised case per (program, model) cell. An exact match is required.
 */
class LitmusCountsTest {
    static final List<ReferenceCounts.Row> TABLE = ReferenceCounts.TABLE;

    static Stream<Arguments> cells() {
        return TABLE.stream().flatMap(row -> Stream.of(MemoryModel.values())
                .map(model -> Arguments.of(row.program(), model, row.expected(model))));
    }

    @ParameterizedTest(name = "{0} under {1}: {2}")
    @MethodSource("cells")
    void completeExecutionsMatchGenMC(String program, MemoryModel model, long expected) {
        LitmusProgram p = LitmusFamilies.bundled().get(program);
        assertEquals(expected, LitmusRunner.explore(p, model).complete(), program + " under " + model);
    }

    @Test
    void tableCoversExactlyTheBundledPrograms() {
        List<String> names = TABLE.stream().map(ReferenceCounts.Row::program).toList();
        assertEquals(names.size(), new LinkedHashSet<>(names).size(), "duplicate row");
        assertEquals(names, List.copyOf(LitmusFamilies.bundled().keySet()));
    }
}
