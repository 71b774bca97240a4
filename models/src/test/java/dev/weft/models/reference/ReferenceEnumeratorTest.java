package dev.weft.models.reference;

import static dev.weft.models.AccessMode.ACQ;
import static dev.weft.models.AccessMode.REL;
import static dev.weft.models.AccessMode.RLX;
import static dev.weft.models.AccessMode.SC;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.litmus.Expr;
import dev.weft.litmus.Instr;
import dev.weft.litmus.LitmusProgram;
import dev.weft.litmus.LitmusProgram.LitmusThread;
import dev.weft.models.AccessMode;
import dev.weft.models.MemoryModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Validates the brute-force reference against the execution counts GenMC reports
 * (/work/shared/litmus-counts.md), for every loop-free row that fits the straight-line subset.
 */
class ReferenceEnumeratorTest {

    // ---- the table ----------------------------------------------------------------------------

    /** Arguments: name, program, expected counts under SC, RA, RC11, IMM. */
    static Stream<Arguments> litmusTable() {
        List<Arguments> rows = new ArrayList<>();
        rows.add(row("SB", sb(REL, ACQ), 3, 4, 4, 4));
        rows.add(row("SB+4sc", sb(SC, SC), 3, 4, 3, 3));
        rows.add(row("MP", program("MP",
                thread(store("x", 1, RLX), store("y", 1, REL)),
                thread(load("r0", "y", ACQ), load("r1", "x", RLX))), 3, 3, 3, 3));
        rows.add(row("LB", program("LB",
                thread(load("r0", "y", ACQ), store("x", 1, REL)),
                thread(load("r0", "x", ACQ), store("y", 1, REL))), 3, 3, 3, 3));
        rows.add(row("LB2", program("LB2",
                thread(load("r0", "x", RLX), store("y", 1, RLX)),
                thread(load("r0", "y", RLX), store("x", 1, RLX))), 3, 3, 3, 4));
        rows.add(row("LB3", program("LB3",
                thread(load("r0", "a", RLX), store("b", 1, RLX)),
                thread(load("r0", "b", RLX), store("c", 1, RLX)),
                thread(load("r0", "c", RLX), store("a", 1, RLX))), 7, 7, 7, 8));
        rows.add(row("2+2W", twoPlusTwoW(REL), 3, 4, 4, 4));
        rows.add(row("2+2W+4sc", twoPlusTwoW(SC), 3, 4, 3, 3));
        rows.add(row("CoRR", program("CoRR",
                thread(store("x", 1, REL), store("x", 2, REL)),
                thread(load("r0", "x", ACQ), load("r1", "x", ACQ))), 6, 6, 6, 6));
        rows.add(row("CoRR1", program("CoRR1",
                thread(store("x", 1, RLX)),
                thread(store("x", 2, RLX)),
                thread(load("r0", "x", RLX), load("r1", "x", RLX)),
                thread(load("r0", "x", RLX))), 36, 36, 36, 36));
        rows.add(row("CoRW", program("CoRW",
                thread(load("r0", "x", RLX), store("x", 1, RLX)),
                thread(store("x", 2, RLX))), 3, 3, 3, 3));
        rows.add(row("CoWR", program("CoWR",
                thread(store("x", 1, RLX), load("r0", "x", RLX)),
                thread(store("x", 2, RLX))), 3, 3, 3, 3));
        int[] ainc = {2, 6, 24, 120};
        for (int n = 2; n <= 5; n++) {
            rows.add(sameUnderAll("ainc(" + n + ")", ainc(n), ainc[n - 2]));
        }
        int[] binc = {4, 36};
        for (int n = 2; n <= 3; n++) {
            rows.add(sameUnderAll("binc(" + n + ")", binc(n), binc[n - 2]));
        }
        int[] cas = {2, 3, 4, 5};
        for (int n = 2; n <= 5; n++) {
            rows.add(sameUnderAll("cas(" + n + ")", cas(n), cas[n - 2]));
        }
        int[] casrot = {2, 5, 14, 43};
        for (int n = 2; n <= 5; n++) {
            rows.add(sameUnderAll("casrot(" + n + ")", casrot(n), casrot[n - 2]));
        }
        return rows.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("litmusTable")
    void countsMatchGenMC(String name, LitmusProgram program, int sc, int ra, int rc11, int imm) {
        int[] expected = {sc, ra, rc11, imm};
        StringBuilder got = new StringBuilder();
        boolean ok = true;
        for (MemoryModel model : MemoryModel.values()) {
            int count = ReferenceEnumerator.executionKeys(program, model).size();
            got.append(model).append('=').append(count).append(' ');
            ok &= count == expected[model.ordinal()];
        }
        assertTrue(ok, name + ": expected SC=" + sc + " RA=" + ra + " RC11=" + rc11 + " IMM=" + imm
                + ", got " + got + "\n" + RandomLitmusGenerator.render(program));
    }

    /** The table's counts hold with every definition in GenMC's form and in the papers' form too. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("litmusTable")
    void countsMatchGenMCWithGenMCAndPaperDefinitions(
            String name, LitmusProgram program, int sc, int ra, int rc11, int imm) {
        int[] expected = {sc, ra, rc11, imm};
        for (ReferenceEnumerator.Semantics semantics :
                List.of(ReferenceEnumerator.Semantics.GENMC, ReferenceEnumerator.Semantics.PAPERS)) {
            ReferenceEnumerator reference = new ReferenceEnumerator(semantics);
            for (MemoryModel model : MemoryModel.values()) {
                assertEquals(expected[model.ordinal()], reference.enumerate(program, model).size(),
                        name + " " + model + " " + semantics.describe());
            }
        }
    }

    // ---- keys and semantics details -------------------------------------------------------------

    @Test
    void keysFollowTheCanonicalFormat() {
        LitmusProgram mp = program("MP",
                thread(store("x", 1, RLX), store("y", 1, REL)),
                thread(load("r0", "y", ACQ), load("r1", "x", RLX)));
        assertEquals(Set.of(
                        "co x:T0.0; co y:T0.1; rf T1.0<-init; rf T1.1<-T0.0",
                        "co x:T0.0; co y:T0.1; rf T1.0<-init; rf T1.1<-init",
                        "co x:T0.0; co y:T0.1; rf T1.0<-T0.1; rf T1.1<-T0.0"),
                ReferenceEnumerator.executionKeys(mp, MemoryModel.RC11));

        LitmusProgram rmw = program("rmw",
                thread(fai("r0", "x", 1, RLX)),
                thread(cas("r0", "x", 0, 5, RLX)));
        assertEquals(Set.of(
                        // the CAS reads 0 first and succeeds, the FAI reads its write
                        "co x:T1.0w,T0.0w; rf T0.0<-T1.0w; rf T1.0<-init",
                        // the FAI first; the CAS reads 1 and fails
                        "co x:T0.0w; rf T0.0<-init; rf T1.0<-T0.0w"),
                ReferenceEnumerator.executionKeys(rmw, MemoryModel.SC));
    }

    @Test
    void weakCasMayFailSpuriously() {
        LitmusProgram p = program("wcas", thread(wcas("r0", "x", 0, 1, RLX)));
        assertEquals(Set.of("co x:T0.0w; rf T0.0<-init", "rf T0.0<-init"),
                ReferenceEnumerator.executionKeys(p, MemoryModel.SC));
        LitmusProgram strong = program("cas", thread(cas("r0", "x", 0, 1, RLX)));
        assertEquals(Set.of("co x:T0.0w; rf T0.0<-init"), ReferenceEnumerator.executionKeys(strong, MemoryModel.SC));
    }

    @Test
    void dataDependenciesForbidThinAirUnderImm() {
        // LB+datas: r0 = x; y = r0 || r1 = y; x = r1. Reading each other's write would be thin air.
        LitmusProgram lbData = program("LB+datas",
                thread(load("r0", "x", RLX), new Instr.Store("y", reg("r0"), RLX, Instr.Deps.NONE, 0)),
                thread(load("r1", "y", RLX), new Instr.Store("x", reg("r1"), RLX, Instr.Deps.NONE, 0)));
        assertEquals(3, ReferenceEnumerator.executionKeys(lbData, MemoryModel.IMM).size());
        // LB with a constant store but an explicit control dependency on one side only: allowed.
        LitmusProgram lbCtrl = program("LB+ctrl+po",
                thread(load("r0", "x", RLX),
                        new Instr.Store("y", new Expr.Const(1), RLX,
                                new Instr.Deps(Set.of(), Set.of(), Set.of("r0")), 0)),
                thread(load("r1", "y", RLX), store("x", 1, RLX)));
        assertEquals(4, ReferenceEnumerator.executionKeys(lbCtrl, MemoryModel.IMM).size());
        // ... and with control dependencies on both sides: forbidden.
        LitmusProgram lbCtrls = program("LB+ctrls",
                thread(load("r0", "x", RLX),
                        new Instr.Store("y", new Expr.Const(1), RLX,
                                new Instr.Deps(Set.of(), Set.of(), Set.of("r0")), 0)),
                thread(load("r1", "y", RLX),
                        new Instr.Store("x", new Expr.Const(1), RLX,
                                new Instr.Deps(Set.of(), Set.of(), Set.of("r1")), 0)));
        assertEquals(3, ReferenceEnumerator.executionKeys(lbCtrls, MemoryModel.IMM).size());
        // An assignment carries the dependency: r1 = r0 + 1; y = r1.
        LitmusProgram lbAssign = program("LB+assign",
                thread(load("r0", "x", RLX),
                        new Instr.Assign("r1", new Expr.Binary(Expr.Op.ADD, reg("r0"), new Expr.Const(1)), 0),
                        new Instr.Store("y", reg("r1"), RLX, Instr.Deps.NONE, 0)),
                thread(load("r2", "y", RLX), new Instr.Store("x", reg("r2"), RLX, Instr.Deps.NONE, 0)));
        assertEquals(3, ReferenceEnumerator.executionKeys(lbAssign, MemoryModel.IMM).size());
    }

    @Test
    void rejectsInstructionsOutsideTheSubset() {
        LitmusProgram p = program("lock", thread(new Instr.Lock("m", 0)));
        assertThrows(IllegalArgumentException.class, () -> ReferenceEnumerator.executionKeys(p, MemoryModel.SC));
    }

    // ---- program builders ---------------------------------------------------------------------

    private static Arguments row(String name, LitmusProgram p, int sc, int ra, int rc11, int imm) {
        return Arguments.of(name, p, sc, ra, rc11, imm);
    }

    private static Arguments sameUnderAll(String name, LitmusProgram p, int count) {
        return Arguments.of(name, p, count, count, count, count);
    }

    private static LitmusProgram sb(AccessMode w, AccessMode r) {
        return program("SB",
                thread(store("x", 1, w), load("r0", "y", r)),
                thread(store("y", 1, w), load("r0", "x", r)));
    }

    private static LitmusProgram twoPlusTwoW(AccessMode m) {
        return program("2+2W",
                thread(store("x", 1, m), store("y", 2, m)),
                thread(store("y", 1, m), store("x", 2, m)));
    }

    private static LitmusProgram ainc(int n) {
        LitmusThread[] ts = new LitmusThread[n];
        for (int i = 0; i < n; i++) {
            ts[i] = thread(fai("r0", "x", 1, RLX));
        }
        return program("ainc", ts);
    }

    private static LitmusProgram binc(int n) {
        LitmusThread[] ts = new LitmusThread[n];
        for (int i = 0; i < n; i++) {
            ts[i] = thread(fai("r0", "x", 1, RLX), fai("r1", "y", 1, RLX));
        }
        return program("binc", ts);
    }

    /** Thread i: CAS(x, 0 -> i+1). */
    private static LitmusProgram cas(int n) {
        LitmusThread[] ts = new LitmusThread[n];
        for (int i = 0; i < n; i++) {
            ts[i] = thread(cas("r0", "x", 0, i + 1, RLX));
        }
        return program("cas", ts);
    }

    /** Thread i (1-based): CAS(x, i-1 -> i). */
    private static LitmusProgram casrot(int n) {
        LitmusThread[] ts = new LitmusThread[n];
        for (int i = 1; i <= n; i++) {
            ts[i - 1] = thread(cas("r0", "x", i - 1, i, RLX));
        }
        return program("casrot", ts);
    }

    static LitmusProgram program(String name, LitmusThread... threads) {
        List<LitmusThread> named = new ArrayList<>();
        for (int i = 0; i < threads.length; i++) {
            named.add(new LitmusThread("T" + i, threads[i].body()));
        }
        return new LitmusProgram(name, named, Map.of());
    }

    static LitmusThread thread(Instr... body) {
        return new LitmusThread("T", List.of(body));
    }

    static Expr reg(String name) {
        return new Expr.Reg(name);
    }

    static Instr load(String reg, String loc, AccessMode mode) {
        return new Instr.Load(reg, loc, mode, Instr.Deps.NONE, 0);
    }

    static Instr store(String loc, long value, AccessMode mode) {
        return new Instr.Store(loc, new Expr.Const(value), mode, Instr.Deps.NONE, 0);
    }

    static Instr fai(String reg, String loc, long add, AccessMode mode) {
        return new Instr.Rmw(reg, Instr.RmwOp.FAI, loc, null, new Expr.Const(add), mode, Instr.Deps.NONE, 0);
    }

    static Instr cas(String reg, String loc, long expected, long desired, AccessMode mode) {
        return new Instr.Rmw(reg, Instr.RmwOp.CAS, loc, new Expr.Const(expected), new Expr.Const(desired), mode,
                Instr.Deps.NONE, 0);
    }

    static Instr wcas(String reg, String loc, long expected, long desired, AccessMode mode) {
        return new Instr.Rmw(reg, Instr.RmwOp.WEAK_CAS, loc, new Expr.Const(expected), new Expr.Const(desired),
                mode, Instr.Deps.NONE, 0);
    }
}
