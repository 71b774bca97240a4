package dev.weft.models.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.litmus.LitmusProgram;
import dev.weft.models.MemoryModel;
import dev.weft.models.reference.ReferenceEnumerator.Semantics;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Where GenMC's form of a definition ({@link Semantics#GENMC}) and the paper's differ: one small
 * program per {@link Semantics} flag, with the executions that only one of the two has. Where
 * GenMC's own test suite decides between them, the program is that test and the expected counts
 * are GenMC's.
 */
class ReferenceSemanticsTest {
    private static final int RS_POLOC = 0;
    private static final int NA_SYNC = 1;
    private static final int RMW_SPLIT = 2;
    private static final int PSC_PAPER = 3;
    private static final int DETOUR = 4;
    private static final int BOB_PAPER = 5;
    private static final int PPO_REX = 6;
    private static final int RMW_DEPS_WRITE_ONLY = 7;

    /** GenMC's litmus/relseq: 20 executions under RC11 and IMM, which needs the C++20 release sequence. */
    @Test
    void releaseSequenceHasNoPoLocPart() {
        LitmusProgram relseq = MiniLitmus.parse("relseq", "store x 1 rlx; store y 1 rel; store y 2 rlx"
                + " || r = xchg y 3 rlx || r0 = load y rlx; fence acq_rel; r1 = load x rlx");
        for (MemoryModel model : new MemoryModel[] {MemoryModel.RC11, MemoryModel.IMM}) {
            assertEquals(20, new ReferenceEnumerator(Semantics.DEFAULT).enumerate(relseq, model).size());
            assertEquals(16, new ReferenceEnumerator(Semantics.DEFAULT.withFlag(RS_POLOC, true))
                    .enumerate(relseq, model).size());
        }
        LitmusProgram p = MiniLitmus.parse("rs-poloc",
                "store y 1 rlx; store x 1 rel; store x 2 rlx || r0 = load x acq; r1 = load y rlx");
        // r0 = 2, r1 = 0: T0.2 continues T0.1's release sequence only under the 2017 definition
        assertDifference(p, MemoryModel.RC11, RS_POLOC,
                Set.of("co x:T0.1,T0.2; co y:T0.0; rf T1.0<-T0.2; rf T1.1<-init"), Set.of());
    }

    /** GenMC's litmus/WWmerge1 (17) and litmus/Z6.U (22) under RC11 and IMM need GenMC's psc. */
    @Test
    void pscIsGenMCs() {
        LitmusProgram wwmerge1 = MiniLitmus.parse("WWmerge1", "r0 = load x acq; r1 = load y sc"
                + " || store x 1 sc; store x 2 sc || store y 1 sc; r0 = load x sc");
        LitmusProgram z6u = MiniLitmus.parse("Z6.U", "store x 1 sc; store y 1 rel"
                + " || r0 = fai y 1 sc; r1 = load y rlx || store y 3 sc; r0 = load x sc");
        for (MemoryModel model : new MemoryModel[] {MemoryModel.RC11, MemoryModel.IMM}) {
            ReferenceEnumerator genmc = new ReferenceEnumerator(Semantics.DEFAULT);
            ReferenceEnumerator paper = new ReferenceEnumerator(Semantics.DEFAULT.withFlag(PSC_PAPER, true));
            assertEquals(17, genmc.enumerate(wwmerge1, model).size());
            assertEquals(18, paper.enumerate(wwmerge1, model).size());
            assertEquals(22, genmc.enumerate(z6u, model).size());
            assertEquals(24, paper.enumerate(z6u, model).size());
        }
        // GenMC's psc has po;hb;po also through same-location po (the 2017 psc: po|≠loc;hb;po|≠loc)
        LitmusProgram poHbPo = MiniLitmus.parse("psc-po-hb-po", "store x 1 sc; store x 2 rel"
                + " || r0 = load x acq; r1 = load y sc || store y 1 sc; r2 = load x sc");
        assertDifference(poHbPo, MemoryModel.RC11, PSC_PAPER, Set.of(),
                Set.of("co x:T0.0,T0.1; co y:T2.0; rf T1.0<-T0.1; rf T1.1<-init; rf T2.1<-init"));
        // ... but no hb|loc: an sc write hb-before an sc read of its location through a rlx RMW
        LitmusProgram hbLoc = MiniLitmus.parse("psc-hb-loc", "store x 2 sc; r0 = xchg x 3 rlx"
                + " || r1 = load x sc; r2 = load y sc || store y 1 sc; store x 1 sc");
        assertDifference(hbLoc, MemoryModel.RC11, PSC_PAPER,
                Set.of("co x:T2.1,T0.0,T0.1w; co y:T2.0; rf T0.1<-T0.0; rf T1.0<-T0.1w; rf T1.1<-init"), Set.of());
    }

    /** Not decided by GenMC's tests (it reports such races): by default na accesses do not synchronise. */
    @Test
    void nonAtomicAccessesDoNotSynchronise() {
        LitmusProgram p = MiniLitmus.parse("na-fence-sync",
                "store y 1 rlx; fence rel; store x 1 na || r0 = load x rlx; fence acq; r1 = load y rlx");
        // r0 = 1, r1 = 0: allowed when the na write after the release fence cannot synchronise
        assertEquals(Set.of("co x:T0.2; co y:T0.0; rf T1.0<-T0.2; rf T1.2<-init"),
                difference(p, MemoryModel.RC11, Semantics.DEFAULT, Semantics.GENMC));
        assertEquals(Set.of(), difference(p, MemoryModel.RC11, Semantics.GENMC, Semantics.DEFAULT));
    }

    /** IMM's bob: GenMC labels a rel RMW's read rel, so po-earlier events are ordered before it. */
    @Test
    void releaseRmwReadPartIsReleaseAsInGenMC() {
        LitmusProgram p = MiniLitmus.parse("lb-rel-fai",
                "r0 = load y rlx; r1 = fai x 1 rel; store z r1 rlx || r2 = load z rlx; store y r2 rlx");
        assertDifference(p, MemoryModel.IMM, RMW_SPLIT, Set.of(),
                Set.of("co x:T0.1w; co y:T1.1; co z:T0.2; rf T0.0<-T1.1; rf T0.1<-init; rf T1.0<-T0.2"));
    }

    /** IMM's [W_ex⊒acq];po;[W] orders an acquire RMW's write before later writes under either labelling. */
    @Test
    void acquireRmwWriteOrdersLaterWrites() {
        LitmusProgram p = MiniLitmus.parse("lb-acq-fai",
                "r0 = load y rlx; r1 = fai x r0 acq; store z 1 rlx || r2 = load z rlx; store y r2 rlx");
        assertEquals(3, new ReferenceEnumerator(Semantics.DEFAULT).enumerate(p, MemoryModel.IMM).size());
        assertEquals(3, new ReferenceEnumerator(Semantics.PAPERS).enumerate(p, MemoryModel.IMM).size());
    }

    /** GenMC's detour also orders a write before a po-later read of a later internal write. */
    @Test
    void detourIsGenMCs() {
        LitmusProgram p = MiniLitmus.parse("detour-internal",
                "r0 = load y rlx; store x r0 rlx; store x 2 rlx; r1 = load x rlx; store z r1 rlx"
                        + " || r2 = load z rlx; store y r2 rlx");
        assertDifference(p, MemoryModel.IMM, DETOUR, Set.of(),
                Set.of("co x:T0.1,T0.2; co y:T1.1; co z:T0.4; rf T0.0<-T1.1; rf T0.3<-T0.2; rf T1.0<-T0.4"));
    }

    /** GenMC's bob orders everything before an sc read (it is ⊒rel); IMM's only before ⊒rel writes. */
    @Test
    void bobIsGenMCs() {
        LitmusProgram p = MiniLitmus.parse("lb-sc-read",
                "r0 = load x rlx; r1 = load y sc; store z r1 rlx || r2 = load z rlx; store x r2 rlx");
        assertDifference(p, MemoryModel.IMM, BOB_PAPER, Set.of(),
                Set.of("co x:T1.1; co z:T0.2; rf T0.0<-T1.1; rf T0.1<-init; rf T1.0<-T0.2"));
    }

    /** IMM's [R_ex];po: after an RMW's read nothing is reordered before it; GenMC has only rmw. */
    @Test
    void exclusiveReadsDoNotOrderLaterEvents() {
        LitmusProgram p = MiniLitmus.parse("lb-xchg",
                "r1 = load x rlx; store y 3 rel || r0 = xchg y 1 rlx; store x 2 rlx");
        assertDifference(p, MemoryModel.IMM, PPO_REX,
                Set.of("co x:T1.1; co y:T0.1,T1.0w; rf T0.0<-T1.1; rf T1.0<-T0.1"), Set.of());
    }

    /**
     * GenMC labels an RMW's read with the instruction's data dependencies, so load buffering
     * through an XCHG whose operand a po-earlier read defines is forbidden; under HMC's Algorithm 1
     * only the write part depends on the operand, and the read part may be reordered before that
     * read. (The random program of the IMM differential test at index 3259 differs the same way:
     * 235 executions against 370.)
     */
    @Test
    void rmwReadPartCarriesTheOperandsDependenciesAsInGenMC() {
        LitmusProgram p = MiniLitmus.parse("lb-xchg-operand",
                "r0 = load x rlx; r1 = xchg z r0 rlx; store y r1 rlx || r2 = load y rlx; store x r2 rlx");
        assertDifference(p, MemoryModel.IMM, RMW_DEPS_WRITE_ONLY, Set.of(),
                Set.of("co x:T1.1; co y:T0.2; co z:T0.1w; rf T0.0<-T1.1; rf T0.1<-init; rf T1.0<-T0.2"));
    }

    // ---- helpers ------------------------------------------------------------------------------

    /**
     * With flag {@code flag} switched to the paper's form, the default loses {@code onlyGenMCForm}
     * and gains {@code onlyPaperForm}.
     */
    private static void assertDifference(
            LitmusProgram p, MemoryModel model, int flag, Set<String> onlyGenMCForm, Set<String> onlyPaperForm) {
        Semantics paper = Semantics.DEFAULT.withFlag(flag, true);
        String program = "\n" + RandomLitmusGenerator.render(p);
        assertEquals(onlyGenMCForm, difference(p, model, Semantics.DEFAULT, paper), "only GenMC's form" + program);
        assertEquals(onlyPaperForm, difference(p, model, paper, Semantics.DEFAULT), "only the paper's form" + program);
    }

    /** Executions under {@code a} that are not under {@code b}. */
    private static Set<String> difference(LitmusProgram p, MemoryModel model, Semantics a, Semantics b) {
        Set<String> d = new TreeSet<>(new ReferenceEnumerator(a).enumerate(p, model));
        d.removeAll(new ReferenceEnumerator(b).enumerate(p, model));
        return d;
    }
}
