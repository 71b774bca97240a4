package dev.weft.litmus;

import dev.weft.models.MemoryModel;
import java.util.ArrayList;
import java.util.List;

/**
 * The complete-execution counts of {@code litmus-counts.md}: GenMC's own expected numbers for the
 * bundled programs, which every way of running them (litmus interpreter, Java ports through the
 * agent) must reproduce exactly.
 */
public final class ReferenceCounts {
    private ReferenceCounts() {}

    /** One table row: the program and its counts under SC, RA, RC11 and IMM. */
    public record Row(String program, long sc, long ra, long rc11, long imm) {
        public long expected(MemoryModel model) {
            return switch (model) {
                case SC -> sc;
                case RA -> ra;
                case RC11 -> rc11;
                case IMM -> imm;
            };
        }

        /** The family name of a parameterised row ({@code ainc} of {@code ainc(4)}), or the test name. */
        public String family() {
            int paren = program.indexOf('(');
            return paren < 0 ? program : program.substring(0, paren);
        }

        /** N of a parameterised row, -1 for a straight-line test. */
        public int parameter() {
            int paren = program.indexOf('(');
            return paren < 0 ? -1 : Integer.parseInt(program.substring(paren + 1, program.length() - 1));
        }
    }

    public static final List<Row> TABLE = table();

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
}
