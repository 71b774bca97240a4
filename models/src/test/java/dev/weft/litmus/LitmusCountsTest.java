package dev.weft.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.models.MemoryModel;
import java.util.ArrayList;
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
    /** One table row: the program and its counts under SC, RA, RC11 and IMM. */
    record Row(String program, long sc, long ra, long rc11, long imm) {
        long expected(MemoryModel model) {
            return switch (model) {
                case SC -> sc;
                case RA -> ra;
                case RC11 -> rc11;
                case IMM -> imm;
            };
        }
    }

    static final List<Row> TABLE = table();

    private static List<Row> table() {
        List<Row> rows = new ArrayList<>(List.of(
                new Row("SB", 3, 4, 4, 4),
                new Row("SB+4sc", 3, 4, 3, 3),
                new Row("MP", 3, 3, 3, 3),
                new Row("LB", 3, 3, 3, 3),
                new Row("LB2", 3, 3, 3, 4),
                new Row("LB3", 7, 7, 7, 8),
                new Row("2+2W", 3, 4, 4, 4),
                new Row("2+2W+4sc", 3, 4, 3, 3),
                new Row("CoRR", 6, 6, 6, 6),
                new Row("CoRR1", 36, 36, 36, 36),
                new Row("CoRW", 3, 3, 3, 3),
                new Row("CoWR", 3, 3, 3, 3)));
        // The parameterised families have the same count under every model.
        family(rows, "ainc", 2, 2, 6, 24, 120, 720, 5040);
        family(rows, "binc", 2, 4, 36, 576);
        family(rows, "cas", 2, 2, 3, 4, 5);
        family(rows, "casrot", 2, 2, 5, 14, 43, 144);
        family(rows, "readers", 2, 4);
        family(rows, "readers", 8, 256);
        family(rows, "lockinc", 2, 2, 6, 24, 120);
        return List.copyOf(rows);
    }

    /** Rows {@code name(firstN)}, {@code name(firstN + 1)}, ... with the given counts. */
    private static void family(List<Row> rows, String name, int firstN, long... counts) {
        for (int i = 0; i < counts.length; i++) {
            long c = counts[i];
            rows.add(new Row(name + "(" + (firstN + i) + ")", c, c, c, c));
        }
    }

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
        List<String> names = TABLE.stream().map(Row::program).toList();
        assertEquals(names.size(), new LinkedHashSet<>(names).size(), "duplicate row");
        assertEquals(names, List.copyOf(LitmusFamilies.bundled().keySet()));
    }
}
