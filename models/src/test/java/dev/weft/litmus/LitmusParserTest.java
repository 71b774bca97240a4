package dev.weft.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.litmus.Expr.Binary;
import dev.weft.litmus.Expr.Const;
import dev.weft.litmus.Expr.Op;
import dev.weft.litmus.Expr.Reg;
import dev.weft.litmus.Instr.Deps;
import dev.weft.litmus.Instr.RmwOp;
import dev.weft.models.AccessMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LitmusParserTest {

    // ---- helpers --------------------------------------------------------------------------

    private static LitmusProgram parse(String... lines) {
        return LitmusParser.parse(String.join("\n", lines));
    }

    /** The body of thread T0 whose statements start on line 3. */
    private static List<Instr> body(String... statements) {
        List<String> src = new ArrayList<>(List.of("litmus P", "thread T0 {"));
        src.addAll(List.of(statements));
        src.add("}");
        return parse(src.toArray(String[]::new)).threads().get(0).body();
    }

    private static Instr single(String statement) {
        List<Instr> b = body(statement);
        assertEquals(1, b.size(), b.toString());
        return b.get(0);
    }

    private static Expr expr(String e) {
        return ((Instr.Assign) single("r9 = " + e)).value();
    }

    /** Asserts that parsing fails at {@code line} in {@code thread} (null: outside threads) with the fragments. */
    private static void assertError(int line, String thread, String source, String... fragments) {
        LitmusSyntaxException e = assertThrows(LitmusSyntaxException.class, () -> LitmusParser.parse(source));
        String prefix = "line " + line + (thread == null ? ": " : " (thread " + thread + "): ");
        assertTrue(e.getMessage().startsWith(prefix), () -> "expected prefix '" + prefix + "' in: " + e.getMessage());
        assertEquals(line, e.line());
        assertEquals(thread, e.thread());
        for (String f : fragments) {
            assertTrue(e.getMessage().contains(f), () -> "expected '" + f + "' in: " + e.getMessage());
        }
    }

    /** A program whose thread T0 holds {@code statements} from line 3 on. */
    private static String inT0(String... statements) {
        return "litmus P\nthread T0 {\n" + String.join("\n", statements) + "\n}\n";
    }

    private static Binary bin(Op op, Expr l, Expr r) {
        return new Binary(op, l, r);
    }

    private static Const c(long v) {
        return new Const(v);
    }

    private static Reg reg(String n) {
        return new Reg(n);
    }

    // ---- programs ---------------------------------------------------------------------------

    @Test
    void headerInitAndThreads() {
        LitmusProgram p = parse(
                "# a comment line",
                "litmus 2+2W+4sc   # names are free-form",
                "",
                "init x = 5, y = -3",
                "init z = 0",
                "thread A { }",
                "thread B {",
                "}");
        assertEquals("2+2W+4sc", p.name());
        assertEquals(Map.of("x", 5L, "y", -3L, "z", 0L), p.initialValues());
        assertEquals(List.of("A", "B"), p.threads().stream().map(LitmusProgram.LitmusThread::name).toList());
        assertTrue(p.threads().get(0).body().isEmpty());
    }

    @Test
    void familyStyleNameAndWindowsLineEnds() {
        LitmusProgram p = LitmusParser.parse("litmus ainc(3)\r\nthread T0 {\r\n  r0 = fai x 1 rlx\r\n}\r\n");
        assertEquals("ainc(3)", p.name());
        assertEquals(new Instr.Rmw("r0", RmwOp.FAI, "x", null, c(1), AccessMode.RLX, Deps.NONE, 3),
                p.threads().get(0).body().get(0));
    }

    // ---- instructions ---------------------------------------------------------------------

    @Test
    void storeAndLoad() {
        assertEquals(new Instr.Store("x", c(1), AccessMode.REL, Deps.NONE, 3), single("store x 1 rel"));
        assertEquals(new Instr.Store("x", bin(Op.ADD, reg("r1"), reg("r2")), AccessMode.NA, Deps.NONE, 3),
                single("store x r1 + r2 na"));
        assertEquals(new Instr.Store("x", c(-1), AccessMode.SC, Deps.NONE, 3), single("store x -1 sc"));
        assertEquals(new Instr.Load("r0", "y", AccessMode.ACQ, Deps.NONE, 3), single("r0 = load y acq"));
        assertEquals(new Instr.Load("r12", "loc_2", AccessMode.RLX, Deps.NONE, 3), single("r12 = load loc_2 rlx"));
    }

    @Test
    void everyModeName() {
        assertEquals(AccessMode.NA, ((Instr.Load) single("r0 = load x na")).mode());
        assertEquals(AccessMode.RLX, ((Instr.Load) single("r0 = load x rlx")).mode());
        assertEquals(AccessMode.ACQ, ((Instr.Load) single("r0 = load x acq")).mode());
        assertEquals(AccessMode.SC, ((Instr.Load) single("r0 = load x sc")).mode());
        assertEquals(AccessMode.REL, ((Instr.Store) single("store x 1 rel")).mode());
        assertEquals(AccessMode.ACQ_REL, ((Instr.Rmw) single("r0 = fai x 1 acq_rel")).mode());
    }

    @Test
    void readModifyWrites() {
        assertEquals(new Instr.Rmw("r1", RmwOp.FAI, "x", null, c(1), AccessMode.SC, Deps.NONE, 3),
                single("r1 = fai x 1 sc"));
        assertEquals(new Instr.Rmw("r1", RmwOp.XCHG, "x", null, reg("r0"), AccessMode.ACQ, Deps.NONE, 3),
                single("r1 = xchg x r0 acq"));
        assertEquals(new Instr.Rmw("r2", RmwOp.CAS, "x", c(0), c(1), AccessMode.ACQ_REL, Deps.NONE, 3),
                single("r2 = cas x 0 1 acq_rel"));
        assertEquals(new Instr.Rmw("r2", RmwOp.WEAK_CAS, "x", c(0), c(1), AccessMode.REL, Deps.NONE, 3),
                single("r2 = wcas x 0 1 rel"));
        // EXPECTED is a unary expression, so "-1" after it is the new value, not a subtraction.
        assertEquals(new Instr.Rmw("r2", RmwOp.CAS, "x", c(0), c(-1), AccessMode.RLX, Deps.NONE, 3),
                single("r2 = cas x 0 -1 rlx"));
        assertEquals(new Instr.Rmw("r2", RmwOp.CAS, "x", reg("r1"), bin(Op.ADD, reg("r1"), c(1)), AccessMode.RLX, Deps.NONE, 3),
                single("r2 = cas x r1 r1 + 1 rlx"));
        assertEquals(new Instr.Rmw("r2", RmwOp.CAS, "x", bin(Op.ADD, reg("r1"), c(1)), c(7), AccessMode.RLX, Deps.NONE, 3),
                single("r2 = cas x (r1 + 1) 7 rlx"));
    }

    @Test
    void fences() {
        assertEquals(new Instr.Fence(AccessMode.ACQ, 3), single("fence acq"));
        assertEquals(new Instr.Fence(AccessMode.REL, 3), single("fence rel"));
        assertEquals(new Instr.Fence(AccessMode.ACQ_REL, 3), single("fence acq_rel"));
        assertEquals(new Instr.Fence(AccessMode.SC, 3), single("fence sc"));
    }

    @Test
    void locksAssumeAssertAssign() {
        assertEquals(List.of(
                        new Instr.Lock("m", 3),
                        new Instr.Unlock("m", 4),
                        new Instr.Assume(bin(Op.EQ, reg("r0"), c(1)), 5),
                        new Instr.Assert(bin(Op.LE, bin(Op.ADD, reg("r0"), reg("r1")), c(144)), 6),
                        new Instr.Assign("r3", bin(Op.ADD, reg("r0"), c(1)), 7)),
                body("lock m", "unlock m", "assume r0 == 1", "assert r0 + r1 <= 144", "r3 = r0 + 1"));
    }

    @Test
    void dependencies() {
        Instr.Store s = (Instr.Store) body("r1 = load y rlx", "r2 = load z rlx", "r3 = load w rlx", "r4 = load v rlx",
                "store x r3 rlx addr(r1, r2) data(r3) ctrl(r4)").get(4);
        assertEquals(new Deps(Set.of("r1", "r2"), Set.of("r3"), Set.of("r4")), s.deps());
        Instr.Load l = (Instr.Load) body("r1 = load y rlx", "r2 = load x acq ctrl(r1)").get(1);
        assertEquals(new Deps(Set.of(), Set.of(), Set.of("r1")), l.deps());
        Instr.Rmw r = (Instr.Rmw) body("r1 = load y rlx", "r2 = cas x 0 1 rlx data(r1) addr(r1)").get(1);
        assertEquals(new Deps(Set.of("r1"), Set.of("r1"), Set.of()), r.deps());
    }

    @Test
    void ifElse() {
        assertEquals(List.of(new Instr.If(bin(Op.EQ, reg("r0"), c(1)),
                        List.of(new Instr.Store("x", c(1), AccessMode.RLX, Deps.NONE, 4)),
                        List.of(new Instr.Store("x", c(2), AccessMode.RLX, Deps.NONE, 6),
                                new Instr.Store("x", c(3), AccessMode.RLX, Deps.NONE, 7)),
                        3)),
                body("if r0 == 1 {", "  store x 1 rlx", "} else {", "  store x 2 rlx", "  store x 3 rlx", "}"));
        assertEquals(List.of(new Instr.If(reg("r0"), List.of(), List.of(), 3), new Instr.Fence(AccessMode.SC, 5)),
                body("if r0 {", "}", "fence sc"));
    }

    @Test
    void elseIfAndOneLineBlocks() {
        Instr.If outer = (Instr.If) single("if r0 == 1 { store x 1 rlx } else if r0 == 2 { store x 2 rlx; fence sc } else { }");
        assertEquals(List.of(new Instr.Store("x", c(1), AccessMode.RLX, Deps.NONE, 3)), outer.then());
        Instr.If inner = (Instr.If) outer.otherwise().get(0);
        assertEquals(bin(Op.EQ, reg("r0"), c(2)), inner.cond());
        assertEquals(List.of(new Instr.Store("x", c(2), AccessMode.RLX, Deps.NONE, 3), new Instr.Fence(AccessMode.SC, 3)),
                inner.then());
        assertTrue(inner.otherwise().isEmpty());
    }

    @Test
    void whileLoop() {
        assertEquals(new Instr.While(bin(Op.EQ, reg("r0"), c(0)), 3,
                        List.of(new Instr.Load("r0", "y", AccessMode.ACQ, Deps.NONE, 4)), 3),
                body("while r0 == 0 bound 3 {", "  r0 = load y acq", "}").get(0));
    }

    @Test
    void spawnAndJoin() {
        LitmusProgram p = parse("litmus P", "thread main {", "  spawn T1", "  join T1", "}", "thread T1 {", "  store x 1 rlx", "}");
        assertEquals(List.of(new Instr.Spawn("T1", 3), new Instr.Join("T1", 4)), p.threads().get(0).body());
    }

    @Test
    void lineNumbersCountCommentsAndBlankLines() {
        List<Instr> b = body("# comment", "", "store x 1 rlx   # trailing", "if r0 == 0 {", "", "  fence sc", "}");
        assertEquals(5, b.get(0).line());
        Instr.If f = (Instr.If) b.get(1);
        assertEquals(6, f.line());
        assertEquals(8, f.then().get(0).line());
    }

    @Test
    void semicolonsSeparateStatements() {
        assertEquals(List.of(new Instr.Lock("m", 3), new Instr.Load("r0", "x", AccessMode.RLX, Deps.NONE, 3),
                        new Instr.Unlock("m", 3)),
                body("lock m; r0 = load x rlx; unlock m"));
    }

    // ---- expressions -------------------------------------------------------------------------

    @Test
    void precedenceFollowsC() {
        assertEquals("(1 + (2 * 3))", expr("1 + 2 * 3").toString());
        assertEquals("((1 - 2) - 3)", expr("1 - 2 - 3").toString());
        assertEquals("((1 + 2) * 3)", expr("(1 + 2) * 3").toString());
        assertEquals("((r1 < 2) == (r2 >= 3))", expr("r1 < 2 == r2 >= 3").toString());
        assertEquals("((r1 > 1) != (r2 <= 0))", expr("r1 > 1 != r2 <= 0").toString());
        assertEquals("(1 | (2 ^ (3 & 4)))", expr("1 | 2 ^ 3 & 4").toString());
        assertEquals("((r0 == 1) || ((r1 == 2) && (r2 | 1)))", expr("r0 == 1 || r1 == 2 && r2 | 1").toString());
        assertEquals("((r0 & 1) == 0)", expr("(r0 & 1) == 0").toString());
        assertEquals("(r0 & (1 == 0))", expr("r0 & 1 == 0").toString());
    }

    @Test
    void unaryOperatorsAndLiterals() {
        assertEquals(c(-5), expr("-5"));
        assertEquals(c(Long.MIN_VALUE), expr("-9223372036854775808"));
        assertEquals(c(Long.MAX_VALUE), expr("9223372036854775807"));
        assertEquals(bin(Op.SUB, c(0), reg("r0")), expr("-r0"));
        assertEquals(new Expr.Not(reg("r0")), expr("!r0"));
        assertEquals(bin(Op.LAND, new Expr.Not(bin(Op.EQ, reg("r0"), c(1))), c(1)), expr("!(r0 == 1) && 1"));
        assertEquals(bin(Op.MUL, c(-2), c(3)), expr("-2 * 3"));
        assertEquals(bin(Op.SUB, c(1), c(-1)), expr("1 - -1"));
    }

    // ---- errors ------------------------------------------------------------------------------

    @Test
    void wrongModeNamesLineAndThread() {
        LitmusSyntaxException e = assertThrows(LitmusSyntaxException.class, () -> LitmusParser.parse(
                "litmus P\nthread T0 {\n  store x 1 rlx\n}\nthread T1 {\n  store y 1 rlx\n  r0 = load x acquire\n}\n"));
        assertEquals("line 7 (thread T1): expected a mode (na, rlx, acq, rel, acq_rel, sc) but found 'acquire'",
                e.getMessage());
    }

    @Test
    void missingOrRepeatedHeader() {
        assertError(1, null, "thread T0 {\n}\n", "expected 'litmus NAME'", "'thread'");
        assertError(1, null, "litmus\nthread T0 {\n}\n", "program name");
        assertError(2, null, "litmus A\nlitmus B\nthread T0 { }\n", "only once");
    }

    @Test
    void emptyProgram() {
        assertError(1, null, "litmus P\n", "empty program");
        assertError(2, null, "litmus P\ninit x = 1", "empty program");
        assertError(1, null, "", "expected 'litmus NAME'", "end of file");
    }

    @Test
    void duplicateThreadNames() {
        assertError(3, null, "litmus P\nthread T0 { }\nthread T0 { }\n", "thread T0 is already declared at line 2");
    }

    @Test
    void spawnAndJoinOfUnknownThreads() {
        assertError(3, "main", "litmus P\nthread main {\n  spawn T9\n}\n", "'spawn T9'", "no thread named T9");
        assertError(4, "main", "litmus P\nthread main {\n  spawn T1\n  join T2\n}\nthread T1 { }\n", "'join T2'", "no thread named T2");
    }

    @Test
    void threadSpawnedTwice() {
        assertError(4, "main", "litmus P\nthread main {\n  spawn T1\n  spawn T1\n}\nthread T1 { }\n",
                "'spawn T1'", "already spawned at line 3");
        assertError(6, "B", "litmus P\nthread A {\n  spawn C\n}\nthread B {\n  spawn C\n}\nthread C { }\n",
                "already spawned at line 3 (thread A)");
    }

    @Test
    void spawnThatCannotStart() {
        assertError(3, "T0", "litmus P\nthread T0 {\n  spawn T0\n}\n", "cannot spawn itself");
        assertError(3, "T0", "litmus P\nthread T0 {\n  join T0\n}\n", "cannot join itself");
        assertError(4, "T0", "litmus P\nthread T0 {\n  while 1 bound 2 {\n    spawn T1\n  }\n}\nthread T1 { }\n",
                "inside a while loop");
        LitmusSyntaxException e = assertThrows(LitmusSyntaxException.class, () -> LitmusParser.parse(
                "litmus P\nthread A {\n  spawn B\n}\nthread B {\n  spawn A\n}\nthread C { }\n"));
        assertTrue(e.getMessage().contains("cycle"), e.getMessage());
        assertTrue(e.getMessage().startsWith("line 3 (thread A)") || e.getMessage().startsWith("line 6 (thread B)"),
                e.getMessage());
    }

    @Test
    void inexpressibleModes() {
        assertError(3, "T0", inT0("store x 1 acq"), "'store x 1 acq'", "a store cannot have mode acq");
        assertError(3, "T0", inT0("store x 1 acq_rel"), "a store cannot have mode acq_rel");
        assertError(3, "T0", inT0("r0 = load x rel"), "'r0 = load x rel'", "a load cannot have mode rel");
        assertError(3, "T0", inT0("r0 = load x acq_rel"), "a load cannot have mode acq_rel");
        assertError(3, "T0", inT0("r0 = fai x 1 na"), "'r0 = fai x 1 na'", "read-modify-write cannot have mode na");
        assertError(3, "T0", inT0("fence na"), "'fence na'", "a fence cannot have mode na");
        assertError(3, "T0", inT0("fence rlx"), "a fence cannot have mode rlx");
        assertError(4, "T0", inT0("r1 = load y rlx", "store x 1 acq addr(r1)"), "'store x 1 acq addr(r1)'");
    }

    @Test
    void whileBoundBelowOne() {
        assertError(3, "T0", inT0("while r0 == 0 bound 0 {", "}"), "bound must be between 1");
        assertError(3, "T0", inT0("while r0 == 0 bound -2 {", "}"), "but is -2");
        assertError(3, "T0", inT0("while r0 == 0 {", "}"), "expected 'bound' but found '{'");
        assertError(3, "T0", inT0("while r0 == 0 bound r1 {", "}"), "expected an integer loop bound");
    }

    @Test
    void malformedStatements() {
        assertError(3, "T0", inT0("stor x 1 rlx"), "expected a statement", "'stor'");
        assertError(3, "T0", inT0("x = 1"), "cannot assign to 'x'", "registers are named r0");
        assertError(3, "T0", inT0("store x y rlx"), "expected an expression", "'y'", "registers are named");
        assertError(3, "T0", inT0("store x 1 rlx extra"), "expected end of line or ';'", "'extra'");
        assertError(3, "T0", inT0("store x 1"), "expected a mode", "end of line");
        assertError(3, "T0", inT0("store r1 1 rlx"), "register name 'r1'");
        assertError(3, "T0", inT0("store load 1 rlx"), "keyword 'load'");
        assertError(3, "T0", inT0("r0 = load x rlx @"), "unexpected character '@'");
        assertError(3, "T0", inT0("store x 1x rlx"), "malformed number '1x'");
        assertError(3, "T0", inT0("store x 9223372036854775808 rlx"), "does not fit in 64 bits");
        assertError(3, "T0", inT0("assert (r0 == 1"), "expected ')'");
        assertError(3, "T0", inT0("r0 = load x rlx;;; r1 = = 1"), "expected an expression", "'='");
        assertError(3, "T0", inT0("lock 5"), "expected a mutex name", "'5'");
    }

    @Test
    void blocks() {
        assertError(6, "T0", inT0("if r0 == 1 {", "  fence sc", "}", "else {", "}"), "'} else {'");
        assertError(3, "T0", "litmus P\nthread T0 {\n  if r0 == 1 {\n", "missing '}' for the block opened at line 3");
        assertError(3, "T0", "litmus P\nthread T0 {\n  fence sc\n", "missing '}' for the block opened at line 2");
        assertError(2, "T0", "litmus P\nthread T0\n{\n}\n", "expected '{'", "end of line");
        assertError(4, null, "litmus P\nthread T0 {\n}\nstore x 1 rlx\n", "expected 'init' or 'thread'");
        assertError(3, null, "litmus P\nthread T0 {\n} fence sc\n", "expected end of line");
    }

    @Test
    void initErrors() {
        assertError(2, null, "litmus P\ninit x = 1, x = 2\nthread T0 { }\n", "location x is initialised twice");
        assertError(2, null, "litmus P\ninit x = r1\nthread T0 { }\n", "expected an integer initial value");
        assertError(2, null, "litmus P\ninit x 1\nthread T0 { }\n", "expected '='");
    }

    @Test
    void dependencyErrors() {
        assertError(3, "T0", inT0("store x 1 rlx addr(r5)"), "dependency on register r5", "never assigns");
        assertError(4, "T0", inT0("r1 = load y rlx", "store x 1 rlx addr(r1) addr(r1)"), "'addr(...)' is given twice");
        assertError(4, "T0", inT0("r1 = load y rlx", "store x 1 rlx data()"), "expected a register", "')'");
        assertError(4, "T0", inT0("r1 = load y rlx", "store x 1 rlx ctrl(y)"), "expected a register", "'y'");
    }

    @Test
    void nameUsedAsLocationAndMutex() {
        assertError(4, "T0", inT0("store m 1 rlx", "lock m", "unlock m"), "m is used as a mutex", "location at line 3");
    }

    @Test
    void errorsOutsideThreadsHaveNoThread() {
        LitmusSyntaxException e = assertThrows(LitmusSyntaxException.class, () -> LitmusParser.parse("litmus P\n"));
        assertNull(e.thread());
    }
}
