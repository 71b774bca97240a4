package dev.weft.models.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.litmus.LitmusProgram;
import dev.weft.litmus.LitmusRunner;
import dev.weft.models.MemoryModel;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The straight-line tests of GenMC's own litmus suite ({@code tests/correct/litmus/<name>/} in the
 * GenMC repository, v0.11), transcribed by hand from their C sources, with the counts GenMC expects
 * ({@code expected.sc.mo.in}, {@code expected.rc11.mo.in}, {@code expected.imm.mo.in}: complete
 * executions with co recorded). The suite has no RA counts. Left out: tests with {@code if},
 * {@code assume} or accesses in {@code main}, and tests on plain (non-atomic) globals that need
 * GenMC's race detection switched off.
 *
 * <p>Transcription: {@code atomic_store(&x, v)} and the other unsuffixed C11 calls are sc; a C11
 * {@code compare_exchange} that stores the old value into {@code expected} on failure leaves the
 * old value in that variable either way, which is the register a {@code cas} assigns. Both the
 * reference and the explorer must give GenMC's counts.
 */
class GenMCLitmusSuiteTest {

    static Stream<Arguments> suite() {
        return Stream.of(
                row("2+2W+2sc+scf", 3, 3, 3, "store x 1 sc; store y 2 sc || store y 1 rlx; fence sc; store x 2 rlx"),
                row("2+2W+3sc+rel1", 3, 4, 4, "store x 1 sc; store y 2 sc || store y 1 rel; store x 2 sc"),
                row("2+2W+3sc+rel2", 3, 4, 4, "store x 1 sc; store y 2 sc || store y 1 sc; store x 2 rel"),
                row("2+2W+4sc", 3, 3, 3, "store x 1 sc; store y 2 sc || store y 1 sc; store x 2 sc"),
                row("2+2W+scfs", 3, 3, 3,
                        "store x 1 rlx; fence sc; store y 2 rlx || store y 1 rlx; fence sc; store x 2 rlx"),
                row("2+2W", 3, 4, 4, "store x 1 rel; store y 2 rel || store y 1 rel; store x 2 rel"),
                row("2CoWR", 4, 4, 4, "r0 = load y acq || r0 = load x acq || store x 1 rel || store y 1 rel"),
                row("CoRR", 6, 6, 6, "store x 1 rel; store x 2 rel || r0 = load x acq; r1 = load x acq"),
                row("CoRR0", 4, 4, 4, "store x 1 rel || r0 = load x acq || r0 = load x acq"),
                row("CoRR1", 36, 36, 36,
                        "store x 1 rel || store x 2 rel || r0 = load x acq; r1 = load x acq || r0 = load x acq"),
                row("CoRR2", 72, 72, 72, "store x 1 rel || store x 2 rel || r0 = load x acq; r1 = load x acq"
                        + " || r0 = load x acq; r1 = load x acq"),
                row("CoRW", 3, 3, 3, "r0 = load x acq; store x 1 rel || store x 2 rel"),
                row("CoWR", 3, 3, 3, "store x 1 rel; r0 = load x acq || store x 2 rel"),
                row("IRIW-acq-sc", 15, 16, 16, "store x 1 sc || r0 = load x acq; r1 = load y sc"
                        + " || r0 = load y acq; r1 = load x sc || store y 1 sc"),
                row("IRIWish", 27, 28, 28, "store x 1 rlx || r1 = load x rlx; store y r1 rel"
                        + " || r1 = load x rlx; fence acq_rel; r2 = load y rlx"
                        + " || r1 = load y rlx; fence acq_rel; r2 = load x rlx"),
                row("JLT", 8, 8, 8, "store x 1 rel; r0 = load y acq; r1 = load x acq"
                        + " || store x 2 rel; r0 = load x acq || store y 3 rel"),
                row("LB+acq", 3, 3, 3, "r = load x acq; store y 1 rlx || r = load y acq; store x 1 rlx"),
                row("LB+dep", 3, 3, 3, "r = load x rlx; store y r+1 rlx || r = load y rlx; store x r+1 rlx"),
                row("LB+fr-fr-data+data", 16, 18, 19, "r0 = load x rlx; store y 1+(r0^r0) rlx"
                        + " || r0 = load y rlx; r1 = load y rlx; store x 1+(r1^r1) rlx || store y 2 rlx"),
                row("LB+incMPs", 15, 15, 15, "r0 = load x acq; r1 = fai z 1 acq_rel || r0 = fai z 1 acq_rel; store y 1 rel"
                        + " || r0 = load y acq; r1 = fai w 1 acq_rel || r0 = fai w 1 acq_rel; store x 1 rel"),
                row("LB+rel", 3, 3, 3, "r = load x rlx; store y 1 rel || r = load y rlx; store x 1 rel"),
                row("LB", 3, 3, 3, "r = load y acq; store x 1 rel || r = load x acq; store y 1 rel"),
                row("LB2", 3, 3, 4, "r = load x rlx; store y 1 rlx || r = load y rlx; store x 1 rlx"),
                row("LB3", 7, 7, 8, "r = load a rlx; store b 1 rlx || r = load b rlx; store c 1 rlx"
                        + " || r = load c rlx; store a 1 rlx"),
                row("MCP-rrw", 6, 6, 6, "store x 1 rel || store x 2 rel || r0 = load x acq"),
                row("MP+incMP", 7, 7, 7, "r0 = load y acq; r1 = fai z 1 acq_rel || r0 = fai z 1 acq_rel; r1 = load x acq"
                        + " || store x 1 rel; store y 1 rel"),
                row("MP", 3, 3, 3, "store x 1 rel; store y 1 rel || r0 = load y acq; r1 = load x acq"),
                row("MP2", 9, 9, 9, "store a 1 rlx; store c 1 rlx; fence acq_rel; store b 1 rlx; store d 1 rlx"
                        + " || r1 = load b rlx; fence acq_rel; r2 = load a rlx"
                        + " || r1 = load d rlx; fence acq_rel; r2 = load c rlx"),
                row("RWC+syncs", 7, 7, 7, "store x 1 rlx || r0 = load x rlx; fence sc; r1 = load y rlx"
                        + " || store y 1 rlx; fence sc; r0 = load x rlx"),
                row("S", 3, 4, 4, "store x 2 rlx; store y 1 rlx || r0 = load y rlx; store x 1 rlx"),
                row("SB+2sc+scf", 3, 3, 3, "store x 1 sc; r0 = load y sc || store y 1 rlx; fence sc; r0 = load x rlx"),
                row("SB+3sc+acq", 3, 4, 4, "store x 1 sc; r0 = load y sc || store y 1 sc; r0 = load x acq"),
                row("SB+3sc+rel", 3, 4, 4, "store x 1 sc; r0 = load y sc || store y 1 rel; r0 = load x sc"),
                row("SB+4sc", 3, 3, 3, "store x 1 sc; r0 = load y sc || store y 1 sc; r0 = load x sc"),
                row("SB+rfis", 3, 4, 4, "store x 1 rel; r0 = load x sc; r1 = load y sc"
                        + " || store y 1 rel; r0 = load y sc; r1 = load x sc"),
                row("SB+scfs", 3, 3, 3, "store x 1 rlx; fence sc; r0 = load y rlx || store y 1 rlx; fence sc; r0 = load x rlx"),
                row("SB", 3, 4, 4, "store x 1 rel; r0 = load y acq || store y 1 rel; r0 = load x acq"),
                row("W+RWC", 7, 7, 7, "store x 1 rlx; store z 1 rel || r0 = load z acq; fence sc; r1 = load y rlx"
                        + " || store y 1 rlx; fence sc; r0 = load x rlx"),
                row("WRC+dep", 7, 8, 8, "store x 1 rlx || r1 = load x rlx; store y r1 rlx"
                        + " || r2 = load y rlx; fence acq_rel; r3 = load x rlx"),
                row("WWmerge1", 15, 17, 17, "r0 = load x acq; r1 = load y sc || store x 1 sc; store x 2 sc"
                        + " || store y 1 sc; r0 = load x sc"),
                row("WWmerge2", 7, 8, 8, "r0 = load x acq; r1 = load y sc || store x 2 sc || store y 1 sc; r0 = load x sc"),
                row("Z6+acq", 7, 7, 7, "store a 1 rlx; fence sc; store b 1 rlx || r1 = load b acq; store c 1 rlx"
                        + " || store c 2 rlx; fence sc; r0 = load a rlx"),
                row("Z6.U", 18, 22, 22, "store x 1 sc; store y 1 rel || r0 = fai y 1 sc; r1 = load y rlx"
                        + " || store y 3 sc; r0 = load x sc"),
                row("atomicpo", 3, 4, 4, "store y 1 rlx; fence acq_rel; store x 1 rlx"
                        + " || r1 = xchg x 1 rlx; r2 = xchg y 1 rlx"),
                row("casdep", 2, 2, 2, "a = load x rlx; b = cas y a 1 rlx; store z b rlx || store y 2 rlx"),
                row("ccr", 2, 2, 2, "r = cas x 0 42 rlx || r = cas x 0 17 rlx; r1 = load x rlx"),
                row("cii", 6, 6, 6, "r = cas x 1 2 rlx || r = fai x 1 rlx || r = fai x 1 rlx"),
                row("cumul-release", 7, 8, 8, "store x 1 rlx; store y 1 rel || r1 = load y rlx; store z r1 rlx"
                        + " || r2 = load z rlx; fence acq_rel; r3 = load x rlx"),
                row("default", 12, 12, 12, "r0 = load x acq; r1 = load x acq || store x 1 rel || store x 2 rel"),
                row("detour", 9, 9, 9, "store x 1 rlx || a = load z rlx; store x a-1 rlx; b = load x rlx; store y b rlx"
                        + " || c = load y rlx; store z c rlx"),
                row("fr+w+w+w+reads", 210, 210, 210, "store x 1 rlx || store x 2 rlx || store x 3 rlx"
                        + " || r1 = load x rlx; r2 = load x rlx; r3 = load x rlx; r4 = load x rlx"),
                row("inc+inc+RR+W+RR", 600, 600, 600, "r = fai x 1 rlx || r = fai x 1 rlx"
                        + " || a = load x rlx; b = load x rlx || store x 42 rlx || c = load x rlx; d = load x rlx"),
                row("inc2w", 6, 6, 6, "r = fai x 1 rlx || store x 4 rel || r = fai x 2 rlx"),
                row("isa2", 7, 7, 7, "store a 1 rlx; store b 1 rel || r0 = load b acq; store c 1 rel"
                        + " || r0 = load c acq; r1 = load a rlx"),
                row("peterZ", 7, 7, 7, "store x 1 rlx; fence sc; r0 = load y rlx || store y 1 rlx; store z 1 rel"
                        + " || r0 = load z acq; fence sc; r1 = load x rlx"),
                row("po-loc", 3, 3, 3, "r0 = load y rlx; fence acq_rel; r1 = load x rlx; store x 1 rlx"
                        + " || r2 = load x rlx; store y r2 rlx"),
                row("rel-B-cumul-acq", 14, 16, 16, "store x 1 rlx; store y 1 rel || r1 = load y rlx; store z r1 rlx"
                        + " || r2 = load z rlx; fence acq_rel; r3 = load x rlx || r4 = load y acq"),
                row("rel-pporf", 3, 3, 4, "a = load x rlx; store z 1 rel; store y 1 rel || b = load y rlx; store x 1 rlx"),
                row("relacq-B-cumul", 7, 8, 8, "store x 1 rlx; store y 1 rel || r1 = load y acq; store z 1 rlx"
                        + " || r2 = load z rlx; fence acq_rel; r3 = load x rlx"),
                row("relseq", 16, 20, 20, "store x 1 rlx; store y 1 rel; store y 2 rlx || r = xchg y 3 rlx"
                        + " || r0 = load y rlx; fence acq_rel; r1 = load x rlx"),
                row("rfi-preserved", 3, 3, 4, "a = load x rlx; store y 1 rel; b = load y rlx; store z b rlx"
                        + " || c = load z rlx; store x c rlx"),
                row("rii", 3, 3, 3, "r0 = load x rlx; r1 = fai x 1 rlx || r = fai x 1 rlx"),
                row("rinc+wr", 3, 3, 3, "r = fai x 1 rlx || store x 2 rlx; r0 = load x rlx"),
                row("riwi", 3, 3, 4, "r0 = load y rlx; r1 = fai x 1 rlx || r = fai x 1 rlx; store y 1 rel"),
                row("small0", 9, 9, 9, "r0 = load x acq || r0 = load x acq; store x 1 rel || store x 2 rel"),
                row("small1", 8, 8, 8, "r0 = load y acq; r1 = load z acq; r2 = load x acq || store x 1 rel"
                        + " || store y 1 rel; store z 1 rel"),
                row("viktor-relseq", 180, 180, 180, "r = fai l 1 rlx; s = fai l 1 rlx || r = fai l 1 acq; s = fai l 1 rlx"
                        + " || r = fai l 1 rel || r = fai l 1 rlx"),
                row("wcii", 24, 24, 24, "store x 5 rel || r = cas x 1 2 rlx || r = fai x 1 rlx || r = fai x 1 rlx"),
                row("W+RRR+W", 20, 20, 20, "store x 1 rlx || a = load x rlx; b = load x rlx; c = load x rlx"
                        + " || store x 2 rlx"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("suite")
    void countsMatchGenMC(String name, LitmusProgram program, int sc, int rc11, int imm) {
        ReferenceEnumerator reference = new ReferenceEnumerator();
        String rendered = "\n" + RandomLitmusGenerator.render(program);
        assertEquals(sc, reference.enumerate(program, MemoryModel.SC).size(), "SC " + name + rendered);
        assertEquals(rc11, reference.enumerate(program, MemoryModel.RC11).size(), "RC11 " + name + rendered);
        assertEquals(imm, reference.enumerate(program, MemoryModel.IMM).size(), "IMM " + name + rendered);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("suite")
    void explorerMatchesGenMC(String name, LitmusProgram program, int sc, int rc11, int imm) {
        String rendered = "\n" + RandomLitmusGenerator.render(program);
        assertEquals(sc, LitmusRunner.explore(program, MemoryModel.SC).complete(), "SC " + name + rendered);
        assertEquals(rc11, LitmusRunner.explore(program, MemoryModel.RC11).complete(), "RC11 " + name + rendered);
        assertEquals(imm, LitmusRunner.explore(program, MemoryModel.IMM).complete(), "IMM " + name + rendered);
    }

    static List<Arguments> rows() {
        return suite().toList();
    }

    private static Arguments row(String name, int sc, int rc11, int imm, String text) {
        return Arguments.of(name, MiniLitmus.parse(name, text), sc, rc11, imm);
    }
}
