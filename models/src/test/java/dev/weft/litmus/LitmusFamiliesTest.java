package dev.weft.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.litmus.Instr.Deps;
import dev.weft.litmus.Instr.RmwOp;
import dev.weft.litmus.LitmusProgram.LitmusThread;
import dev.weft.models.AccessMode;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class LitmusFamiliesTest {
    /** The program column of litmus-counts.md ("as SB, all sc" spelt out); unmarked accesses are rlx. */
    private static final Map<String, String> TABLE_NOTATION = Map.ofEntries(
            Map.entry("SB", "Wx1 rel; Ry acq ‖ Wy1 rel; Rx acq"),
            Map.entry("SB+4sc", "Wx1 sc; Ry sc ‖ Wy1 sc; Rx sc"),
            Map.entry("MP", "Wx1; Wy1 rel ‖ Ry acq; Rx"),
            Map.entry("LB", "Ry acq; Wx1 rel ‖ Rx acq; Wy1 rel"),
            Map.entry("LB2", "Rx; Wy1 ‖ Ry; Wx1"),
            Map.entry("LB3", "Ra; Wb1 ‖ Rb; Wc1 ‖ Rc; Wa1"),
            Map.entry("2+2W", "Wx1 rel; Wy2 rel ‖ Wy1 rel; Wx2 rel"),
            Map.entry("2+2W+4sc", "Wx1 sc; Wy2 sc ‖ Wy1 sc; Wx2 sc"),
            Map.entry("CoRR", "Wx1 rel; Wx2 rel ‖ Rx acq; Rx acq"),
            Map.entry("CoRR1", "Wx1 ‖ Wx2 ‖ Rx; Rx ‖ Rx"),
            Map.entry("CoRW", "Rx; Wx1 ‖ Wx2"),
            Map.entry("CoWR", "Wx1; Rx ‖ Wx2"));

    /** Renders a straight-line program of loads and constant stores in the table's notation. */
    private static String notation(LitmusProgram p) {
        return p.threads().stream()
                .map(t -> t.body().stream().map(LitmusFamiliesTest::notation).collect(Collectors.joining("; ")))
                .collect(Collectors.joining(" ‖ "));
    }

    private static String notation(Instr i) {
        if (i instanceof Instr.Store s) return "W" + s.loc() + s.value() + mode(s.mode());
        if (i instanceof Instr.Load l) return "R" + l.loc() + mode(l.mode());
        throw new AssertionError("not in the table's notation: " + i);
    }

    private static String mode(AccessMode m) {
        return m == AccessMode.RLX ? "" : " " + m.shortName();
    }

    @Test
    void resourcesMatchTheTable() {
        for (String name : LitmusFamilies.RESOURCES) {
            LitmusProgram p = LitmusFamilies.resource(name);
            assertEquals(name, p.name());
            assertTrue(p.initialValues().isEmpty(), name);
            assertEquals(TABLE_NOTATION.get(name), notation(p), name);
        }
        assertEquals(TABLE_NOTATION.keySet(), Map.copyOf(LitmusFamilies.bundled()).keySet().stream()
                .filter(TABLE_NOTATION::containsKey).collect(Collectors.toSet()));
    }

    @Test
    void aincAndBinc() {
        LitmusProgram a = LitmusFamilies.ainc(3);
        assertEquals("ainc(3)", a.name());
        assertEquals(3, a.threads().size());
        for (LitmusThread t : a.threads()) {
            assertEquals(List.of(new Instr.Rmw("r0", RmwOp.FAI, "x", null, new Expr.Const(1), AccessMode.RLX, Deps.NONE, 4)),
                    t.body().stream().map(LitmusFamiliesTest::withLine4).toList());
        }
        LitmusProgram b = LitmusFamilies.binc(2);
        assertEquals(List.of("x", "y"), b.threads().get(1).body().stream().map(i -> ((Instr.Rmw) i).loc()).toList());
    }

    @Test
    void casFamilies() {
        LitmusProgram cas = LitmusFamilies.cas(4);
        LitmusProgram rot = LitmusFamilies.casrot(4);
        for (int i = 0; i < 4; i++) {
            Instr.Rmw c = (Instr.Rmw) cas.threads().get(i).body().get(0);
            assertEquals(RmwOp.CAS, c.op());
            assertEquals(new Expr.Const(0), c.expected());
            assertEquals(new Expr.Const(i + 1), c.operand());
            Instr.Rmw r = (Instr.Rmw) rot.threads().get(i).body().get(0);
            assertEquals(new Expr.Const(i), r.expected());
            assertEquals(new Expr.Const(i + 1), r.operand());
            assertEquals(AccessMode.RLX, r.mode());
        }
    }

    @Test
    void readersSpawnsWriterFirstAndJoinsAll() {
        LitmusProgram p = LitmusFamilies.readers(2);
        assertEquals(List.of("main", "W", "R0", "R1"), p.threads().stream().map(LitmusThread::name).toList());
        assertEquals(List.of("spawn W", "spawn R0", "spawn R1", "join W", "join R0", "join R1"),
                p.threads().get(0).body().stream().map(i -> i instanceof Instr.Spawn s ? "spawn " + s.thread()
                        : "join " + ((Instr.Join) i).thread()).toList());
        assertEquals(new Expr.Const(42), ((Instr.Store) p.threads().get(1).body().get(0)).value());
        assertEquals(AccessMode.REL, ((Instr.Store) p.threads().get(1).body().get(0)).mode());
        assertEquals(AccessMode.ACQ, ((Instr.Load) p.threads().get(3).body().get(0)).mode());
    }

    @Test
    void lockinc() {
        List<Instr> body = LitmusFamilies.lockinc(2).threads().get(1).body();
        assertEquals(4, body.size());
        assertEquals("m", ((Instr.Lock) body.get(0)).mutex());
        assertEquals(AccessMode.RLX, ((Instr.Load) body.get(1)).mode());
        assertEquals("(r0 + 1)", ((Instr.Store) body.get(2)).value().toString());
        assertEquals("m", ((Instr.Unlock) body.get(3)).mutex());
    }

    @Test
    void fibBench() {
        LitmusProgram p = LitmusFamilies.fibBench();
        assertEquals(Map.of("x", 1L, "y", 1L), p.initialValues());
        assertEquals(List.of("main", "T1", "T2", "T3"), p.threads().stream().map(LitmusThread::name).toList());
        assertEquals(3, p.threads().get(0).body().size());
        assertEquals(15, p.threads().get(1).body().size());
        assertEquals("y", ((Instr.Store) p.threads().get(2).body().get(14)).loc());
        assertTrue(p.threads().get(3).body().get(2) instanceof Instr.Assert);
        assertFalse(LitmusFamilies.bundled().containsKey("fib_bench"));
    }

    @Test
    void bundledOrderAndLookup() {
        List<String> names = List.copyOf(LitmusFamilies.bundled().keySet());
        assertEquals(12 + 6 + 3 + 4 + 5 + 2 + 4, names.size());
        assertEquals("SB", names.get(0));
        assertEquals("lockinc(5)", names.get(names.size() - 1));
        LitmusFamilies.bundled().forEach((name, p) -> assertEquals(name, p.name()));
        assertEquals(9, LitmusFamilies.byName("ainc(9)").orElseThrow().threads().size());
        assertEquals("fib_bench", LitmusFamilies.byName("fib_bench").orElseThrow().name());
        assertTrue(LitmusFamilies.byName("nope").isEmpty());
        assertTrue(LitmusFamilies.byName("ainc(0)").isEmpty());
        assertThrows(IllegalArgumentException.class, () -> LitmusFamilies.ainc(0));
        assertThrows(IllegalArgumentException.class, () -> LitmusFamilies.resource("nope"));
    }

    private static Instr withLine4(Instr i) {
        Instr.Rmw r = (Instr.Rmw) i;
        return new Instr.Rmw(r.reg(), r.op(), r.loc(), r.expected(), r.operand(), r.mode(), r.deps(), 4);
    }
}
