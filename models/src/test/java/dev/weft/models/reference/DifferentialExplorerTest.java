package dev.weft.models.reference;

import static org.junit.jupiter.api.Assertions.fail;

import dev.weft.litmus.Instr;
import dev.weft.litmus.LitmusProgram;
import dev.weft.litmus.LitmusRunner;
import dev.weft.models.MemoryModel;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Differential test of the explorer against the brute-force {@link ReferenceEnumerator}: for each
 * model, random programs from a seeded {@link RandomLitmusGenerator}; the explorer must visit every
 * execution the reference finds, nothing else, and nothing twice.
 *
 * <p>System properties: {@code weft.diff.programs} (programs per model, default 2000),
 * {@code weft.diff.seed} (the base seed, default 42, to draw programs the default budget never
 * reaches),
 * {@code weft.diff.only} (run only the program with this index, to reproduce a failure; the
 * generator still draws the programs before it), {@code weft.diff.models} (a comma-separated list:
 * check only these models), {@code weft.diff.maxFailures} (failing programs
 * reported per model before stopping, default 3), {@code weft.diff.semantics} ({@code default},
 * {@code genmc} or {@code papers}: the {@link ReferenceEnumerator.Semantics} of the reference).
 *
 * <p>On a mismatch the message also says which combinations of the reference's definition
 * switches ({@link ReferenceEnumerator.Semantics}: GenMC's form or the paper's, per definition), if
 * any, give exactly the explorer's executions, which tells a definition choice from a plain bug,
 * and shows a minimized program that still differs.
 */
class DifferentialExplorerTest {

    /** The seed of a model's programs: 42 plus its ordinal, or {@code weft.diff.seed} plus it. */
    static long seedFor(MemoryModel model) {
        return Long.getLong("weft.diff.seed", 42) + model.ordinal();
    }

    @ParameterizedTest
    @EnumSource(MemoryModel.class)
    void explorerVisitsExactlyTheReferenceExecutions(MemoryModel model) {
        String models = System.getProperty("weft.diff.models");
        Assumptions.assumeTrue(models == null || List.of(models.split(",")).contains(model.name()),
                () -> model + " is not in weft.diff.models=" + models);
        long seed = seedFor(model);
        int programs = Integer.getInteger("weft.diff.programs", model == MemoryModel.IMM ? IMM_PROGRAMS : 2000);
        int only = Integer.getInteger("weft.diff.only", -1);
        int maxFailures = Integer.getInteger("weft.diff.maxFailures", 3);
        ReferenceEnumerator.Semantics semantics = semantics();
        ReferenceEnumerator reference = new ReferenceEnumerator(semantics);
        RandomLitmusGenerator generator = new RandomLitmusGenerator(seed);
        List<String> failures = new ArrayList<>();
        int checked = 0;
        int limit = only >= 0 ? only + 1 : programs;
        for (int index = 0; index < limit && failures.size() < maxFailures; index++) {
            LitmusProgram program = generator.next(model);
            if (only >= 0 && index != only) {
                continue;
            }
            Set<String> expected = reference.enumerate(program, model);
            List<String> actual;
            try {
                actual = LitmusRunner.executionKeys(program, model);
            } catch (UnsupportedOperationException e) {
                throw e; // the explorer is not wired: no point in trying 2000 programs
            } catch (RuntimeException e) {
                failures.add(header(model, seed, index, program) + "the explorer threw:\n" + stackTrace(e));
                continue;
            }
            checked++;
            String problem = compare(expected, actual);
            if (problem != null) {
                String minimized = minimize(program, model, reference);
                failures.add(header(model, seed, index, program) + problem
                        + explain(program, model, semantics, new TreeSet<>(actual))
                        + (minimized == null ? "" : minimized));
            }
        }
        if (!failures.isEmpty()) {
            fail(failures.size() + " failing program(s) under " + model + " (after " + checked
                    + " checked)\n\n" + String.join("\n\n", failures));
        }
    }

    /**
     * IMM programs, minimized, that the random budget above does not reach (seed 45 draws them
     * between 6,000 and 60,000; "seed N003" ones come from {@code weft.diff.seed} N000): each once
     * failed, and each needs one of the revisit rules of docs/architecture.md.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = " :: ", value = {
        // an acquire RMW orders the write after it, so the other RMW on the same write stays in
        // every revisit's prefix: revisiting kept both RMWs on one write (an execution too many)
        "rmw-conflict-in-prefix (12965) :: store z 1 rlx || r1 = wcas z 1 2 sc"
                + " || r0 = fai z 1 acq_rel; store x 2 rlx || r0 = load x sc; r1 = fai z 1 rlx",
        // a deleted read at its ceiling reads a deleted po-earlier write of its own thread
        "ceiling-reads-own-deleted-write (7424) :: store x 2 rlx || r0 = load x rlx"
                + " || store x 1 rlx; r0 = load x na; store x 1 na",
        "ceiling-reads-own-rmw-write (6323) :: r0 = load x rlx || r0 = fai x 1 acq_rel || store x 3 rel"
                + " || r0 = xchg x 3 rlx; r1 = load x na; store x 3 na",
        // load buffering through an RMW's own write: the acquire load that reads the XCHG's write
        // is in the store's prefix, the XCHG is not, so the store revisits it and completes it anew
        "rmw-completed-by-revisit (16884) :: r0 = xchg y 1 rel; r1 = load y acq; store x 1 na"
                + " || r0 = fai x 2 sc; store y 2 na",
        // the same with an FAI: the completed write part writes a new value, which the load reads
        "completed-rmw-writes-anew (16884) :: r0 = fai y 1 rel; r1 = load y acq; store x 1 na"
                + " || r0 = fai x 2 sc; store y 2 na",
        // a completed RMW's parent read the latest write: its own write part and that part's
        // readers move, so they do not bound it (a non-maximal parent visited graphs twice)
        "completion-needs-a-maximal-parent (16884) :: store y 2 rlx || r0 = xchg y 1 rel; r1 = load y acq;"
                + " store x 1 na || r0 = fai x 2 sc; store y 2 na",
        // a CAS reads the completed write, or the write its completion comes after: the RMW kept
        // no longer revisitable is completed all the same, and a kept write whose prefix holds a
        // later event of its thread existed only after it read
        "completion-of-a-settled-rmw (16884) :: r0 = cas y 2 3 sc || r0 = xchg y 1 rel; r1 = load y acq;"
                + " store x 1 na || r0 = fai x 2 sc; store y 2 na",
        // the revisited XCHG read T0's store as a forward alternative, passing over the CAS's write,
        // which the CAS's own revisit then deleted: the XCHG now reads the latest write added
        // before it, so its revisit is a maximal extension although its flag says otherwise
        "maximal-once-the-passed-write-is-gone (16884) :: store y 2 rlx || r0 = cas y 2 3 sc"
                + " || r0 = xchg y 1 rel; r1 = load y acq; store x 1 na || r0 = fai x 2 sc; store y 2 na",
        // the WCAS fails, so its operand (the FAI's result) flows into nothing: the FAI is not in the
        // prefix of the CAS's write although the WCAS is (acquire, before the store of z), and the
        // FAI may read that write while the WCAS replays with a new operand
        "failed-cas-operand-is-no-dependency (59927) :: r0 = fai x 1 rel; r1 = wcas y 2 r0 acq; store z 3 rlx"
                + " || store x 2 rel; r0 = load z na; r1 = cas x 2 r0 sc ctrl(r0)",
        // the store of x 2 revisits the XCHG; the deleted load of T3 reads T2's deleted store at its
        // ceiling, which existed when the load was added: that parent is the one
        "ceiling-read-of-a-deleted-earlier-write (35572) :: r0 = load x sc || r0 = xchg x 1 acq_rel"
                + " || store x 1 na; store x 2 rlx || r0 = load x na; store x 2 na",
        // the failed release CAS before the store of x 1 would keep, through what it reads, the FAI
        // the store revisits: the store revisits the FAI while the CAS reads another write, and the
        // store of x r0, whose prefix then holds the CAS only as a pin, revisits the CAS (once:
        // refilling the CAS after the FAI's revisit visited the graph twice)
        "failed-rmw-refilled (39871) :: r0 = fai x 2 sc; r1 = xchg y r0 rel ctrl(r0)"
                + " || r0 = fai y 2 rel; store x r0 sc || r0 = cas x 2 3 rel; store x 1 rlx",
        "failed-rmw-refilled-after-a-weak-cas (40702) :: r0 = cas y 2 3 rel; store y 1 na || store x 1 rlx"
                + " || r0 = load y rlx; r1 = load x sc; r2 = wcas x 1 r1 acq_rel addr(r0)"
                + " || r0 = load x na; r1 = load y acq addr(r0); store y r1 rel",
        // the store x r0 is kept only as the source of the acquire load (ordered before store y 1),
        // whose value nothing uses: it does not keep the CAS whose result it stores, which the
        // store of y revisits; replay gives the store its new value
        "source-write-keeps-no-value-sources (40702) :: r0 = cas y 2 3 rel; store x r0 rlx; r1 = load x acq;"
                + " store y 1 na || store x 1 rlx || r0 = load y rlx; r1 = load x sc;"
                + " r2 = wcas x 1 r1 acq_rel addr(r0) || r0 = load x na; r1 = load y acq addr(r0); store y r1 rel",
        // the same where the value changes: the revisited load of y now reads 5, and the kept store
        // of x, whose value nothing kept uses, writes 5 instead of 0 when replay reaches it
        "source-write-takes-its-new-value :: r0 = load y rlx; store x r0 rlx; r1 = load x acq; store z 1 na"
                + " || r0 = load z rlx; store y 5 rlx ctrl(r0)",
        // an FAI whose write a kept load reads, on which a kept store depends (ppo), is ordered
        // before that store: the release store before the FAI is kept too
        "rmw-read-starts-a-ppo-chain (40387) :: r0 = load y na || r0 = load z na; store x r0 na addr(r0)"
                + " || store x 3 na; r0 = fai z 2 rel; r1 = load z rlx; store y 1 na ctrl(r1)",
        // the FAI's write revisits the load of x, keeping the weak CAS before it only to pin its
        // prefix: the CAS stays revisitable, and the release store, whose prefix holds it only
        // through that pin (XCHG, address, load of x, FAI, CAS), revisits it and keeps the rest
        "pinned-failed-rmw-revisited (46493) :: store x 3 sc; r0 = load x na; r1 = xchg z 1 rlx addr(r0)"
                + " || r0 = wcas x 1 3 rel; r1 = fai x 2 rlx || r0 = load x sc; r1 = load z sc; store x r0 rel",
        "pinned-failed-rmw-revisited-by-a-release-store (seed 2003: 23624) :: r0 = cas y 1 1 rel; store y 1 rlx"
                + " || r0 = load y sc; r1 = xchg x 1 rel; r2 = load x na"
                + " || r0 = wcas x 1 3 rlx; store y 3 rel addr(r0)",
        // the load of x gives the FAI its address, so ppo's addr;po orders it before the weak CAS's
        // write after the FAI: that write's prefix keeps it (as a hole, its only consistent refill
        // was not its maximal choice, so no parent passed the maximality test)
        "addr-po-orders-later-writes (seed 2003: 41162) :: r0 = load z na; store x r0 rlx || r0 = load x na;"
                + " r1 = fai x 2 rel addr(r0); r2 = wcas z 0 2 rlx || r1 = wcas z 0 3 sc; store z r1 sc",
        "addr-po-orders-a-later-rmw (seed 2003: 40822) :: r1 = wcas z 2 1 sc; store x 2 rel"
                + " || r0 = cas x 2 1 acq; store y 1 sc || r0 = cas y 2 3 rlx; store x 2 rel addr(r0);"
                + " r1 = fai z 2 acq || r0 = cas z 2 3 acq",
        // addr;po across a hole: the store of y r0 between the load of x and the store of y 1 is
        // deleted by the store of y 1's revisit of the CAS, and the load stays in later prefixes
        "addr-po-across-a-hole (seed 2003: 36126) :: r2 = fai x 1 rel || r0 = cas y 0 1 sc; store x 3 na"
                + " || r0 = load x na; store y r0 na addr(r0); store y 1 rlx",
        // the first load of y gives the second its address, which orders it before the store of x
        "addr-po-through-a-read (seed 2003: 56022) :: r0 = load x na || r0 = fai x 2 acq || r0 = fai y 1 rlx"
                + " || r0 = load y na; r1 = load y rlx addr(r0); store x 2 na",
        "addr-po-two-threads-across-holes (seed 2003: 23385) :: r0 = wcas x 0 2 rel || r0 = load x sc;"
                + " store y 2 na addr(r0); r1 = wcas x 2 3 rel"
                + " || r0 = load y na; store x r0 na addr(r0); store x 2 rlx",
        // the store of y revisits the load of y, which the weak CAS (a pin before the FAI that the
        // load of x reads) holds through its expected value; the CAS failed spuriously: had it
        // succeeded, its write would hold the load in the smaller prefix too, so this parent is
        // the only one
        "pinned-weak-cas-failed-spuriously (seed 3003: 34584) :: r0 = load y na; r1 = wcas x r0 r0 rel;"
                + " r2 = fai x 1 rlx || r1 = load x sc; store y r1 na",
        // the weak CAS that the XCHG's write holds as a pin is refilled by the store of x 2; its
        // parent is the graph where it failed reading the latest write, not one where it failed
        // spuriously (that parent is non-maximal: visited the graph twice)
        "refilled-pin-failed-spuriously-is-not-maximal (seed 4003: 39022) :: r0 = fai y 2 acq_rel;"
                + " store x 2 rlx || store x 3 sc || r0 = wcas x 0 3 rlx; r1 = load x rlx; r2 = xchg y r1 acq",
        // the XCHG of T1 is kept only because the acquire load reads its write internally: what
        // it reads (T0's XCHG) is then only a source, whose barriers (the sc store and the CAS
        // before it) the store of x 3 may leave out when they hold the CAS it revisits
        "source-only-rmw-reads-only-a-source (seed 3003: 59213) :: r0 = cas x 1 2 rel; r1 = load y acq;"
                + " store x r1 sc addr(r1); r2 = xchg y 1 rlx || r0 = xchg y 3 rel; r1 = load y acq; store x 3 na",
        // the acquire weak CAS before the store of y failed: it keeps no source of its expected
        // value (the CAS of x), which the store of x revisits; replay gives it the new value
        "failed-weak-cas-keeps-no-expected-value (seed 3003: 8052) :: r0 = cas x 0 2 rel; r1 = wcas y r0 3 acq;"
                + " store y 2 rlx || r1 = fai y 1 sc; store x 2 na addr(r1)",
        // the acquire weak CAS, ordered before the store of x, reads the other CAS's write
        // internally: that CAS is kept only as a source, and so is the FAI it reads, whose
        // acquire load stays out: the store revisits it
        "source-only-rmw-read-through-a-failed-cas (seed 4003: 17067) :: r0 = load x acq; r1 = fai y 1 acq"
                + " || r0 = wcas y 1 1 rel; r1 = wcas y 0 3 acq; store x 1 rlx",
        // the revisit gives the kept weak CAS an expected value that the write it reads matches:
        // it now fails spuriously
        "failed-weak-cas-now-fails-spuriously (seed 4003: 47288) :: r0 = wcas z 1 1 sc; store x 2 rel"
                + " || r0 = load z acq; r1 = load x na; r2 = wcas z r1 2 acq; r3 = cas z r0 1 rlx",
        // as in 59213 the load of x is revisited by a store whose prefix holds T2's XCHG only as the
        // source of T1's source-only XCHG; but that prefix does not hold the load either way, so
        // the store keeps the XCHG's barrier (the sc store of x): leaving it out deletes a write
        // that was not added last, and the graph has no parent
        "source-only-rmw-read-keeps-barriers-it-can (seed 6003: 3654) :: r0 = load x rlx"
                + " || r0 = xchg y 2 rlx; r1 = load y acq; store x 3 rlx || store x 2 sc; r0 = xchg y 2 rel",
        // the release CAS succeeded, so its write part orders the store of x 1 after it: the sc
        // store of x is in the prefix of every write that reaches it. Reading the sc store it
        // fails, and then only pins that store: the sc store revisits it keeping its prefix in the
        // graph where the CAS failed, and replay refills the CAS
        "succeeded-rmw-revisited-to-fail (seed 6003: 45477) :: r0 = cas x 0 1 rel; store x 1 na"
                + " || r0 = load y na; store x 3 sc || r0 = load x rlx; store y r0+1 sc",
        "succeeded-rmw-revisited-to-fail-through-an-address (seed 6003: 22963) :: r0 = load y sc;"
                + " r1 = load x na addr(r0); store y 3 sc || r0 = cas y 0 2 rel; store y 1 na"
                + " || r0 = load y sc; store x 3 na",
        "succeeded-rmw-revisited-to-fail-past-a-cas (seed 4003: 56702) :: r0 = load x rlx;"
                + " r1 = cas y r0 r0 rel; store y 1 na || r0 = load x acq; r1 = cas y 1 r0+1 acq addr(r0);"
                + " store z 3 sc addr(r0) || r0 = xchg z 1 rel; store y 3 rel",
        // the weak CAS, revisited by the store of y 2, failed spuriously reading T1's store, which
        // the kept acquire load reads too: it could not have succeeded there, so that failure is
        // its maximal choice and this graph the parent (the one where it read init passed over
        // T1's kept store)
        "spurious-failure-is-maximal-when-writing-is-incoherent (seed 6003: 42134) :: r0 = wcas y 1 1 rel;"
                + " r1 = load y acq; store x 2 rlx ctrl(r1) || r0 = load x sc; store y 1 na addr(r0)"
                + " || r0 = load x na; store y 2 rel",
        // both loads of y read the store of y 3, which the failed CAS pins, holding the later load
        // through the weak CAS and the store of z: the store revisits the earlier load keeping its
        // full prefix, then the later load keeping the smaller one (the other order would keep the
        // earlier load reading init)
        "refilling-revisit-after-a-revisit-by-the-same-write (seed 6003: 49833) :: r0 = load y rlx"
                + " || r0 = load y sc; store z r0+1 na addr(r0) || r0 = wcas z 2 3 rlx; r1 = cas y r0 3 rel;"
                + " store y 3 rlx",
        // the store of y revisits the load of y keeping the RMW only as the source of the acquire
        // load; the store of z it reads from another thread must keep the value it depends on.
        // Before, that value followed replay: the FAI threw a false nondeterminism error, the CAS
        // kept a write part it no longer made, the exchange was visited twice
        "unordered-source-keeps-its-value-fai (seed 8003: 12555) :: r1 = load y rlx; store z r1 rlx"
                + " || r0 = fai z 1 rlx; r1 = load z acq; store y 3 rlx",
        "unordered-source-keeps-its-value-cas :: r1 = load y rlx; store z r1 rlx"
                + " || r0 = cas z 0 1 rlx; r1 = load z acq; store y 3 rlx",
        "unordered-source-keeps-its-value-xchg :: r1 = load y rlx; store z r1 rlx"
                + " || r0 = xchg z 1 rlx; r1 = load z acq; store y 3 rlx",
        // the weak CAS must read the store of y, whose address depends on the load of x, which
        // must read the store of x after the CAS: the store of y is kept only as the CAS's source,
        // and an address of a litmus access only orders (it never changes the location), so the
        // unordered-sources prefix of the store of x leaves the load out, and revisits it even
        // though an earlier revisit settled it
        "settled-plain-read-revisited-keeping-its-settler (seed 6003: 42134) :: r0 = wcas y 1 1 rel;"
                + " r1 = load y acq; store x 3 na || r0 = load x sc; store y 1 na addr(r0)",
        // the store of y revisits the load of y keeping the FAI, which reads the store of z of T1
        // (kept before the FAI) or init (T1 after); the store of z of T0 then completes the FAI,
        // and T1's events, no longer in the store of y's prefix, stay between that load and the
        // store: the same graph as the one where T1 runs after, visited twice until such a graph
        // was dropped
        "completion-leaves-an-earlier-revisit-s-prefix (seed 8003: 12555) :: r1 = load y sc; store z r1 rlx"
                + " || r0 = xchg x 3 acq; store z r0 rlx ctrl(r0) || r0 = fai z 1 rel; r1 = load z acq; store y 3 rlx",
        "revisit-leaves-an-earlier-revisit-s-prefix (seed 8003: 59416) :: r0 = wcas x 0 3 rlx; r1 = cas z 0 1 rel"
                + " || r0 = load z na; r1 = cas x r0 1 rel; store x 2 rlx || store z 1 na",
        "revisit-leaves-an-earlier-revisit-s-prefix (seed 9003: 39119) :: r0 = load x acq; store y 2 sc"
                + " || r0 = load y na; r1 = xchg x 3 rlx; store x r0 rlx"
                + " || r0 = load x sc; r1 = wcas x 2 r0 rel; store x r0+1 na",
        // the FAI must revisit the load of y while the failed acquire CAS before it stays: the CAS
        // reads the load of z for its expected value, and that load reads the exchange after the
        // load of y, so the FAI's full prefix holds the load of y; the revisit leaves the load of
        // z out and replay refills it, reading the exchange again
        "expected-value-sources-refilled (seed 8003: 35107) :: r0 = load y acq; r1 = xchg z 1 acq_rel"
                + " || r0 = load z na; r1 = cas y r0 3 acq; r2 = fai y 1 rlx",
        // here the CAS fails whatever the load of z reads: the exchange revisiting that load while
        // the FAI keeps the CAS, and the load's refilled alternative reading init, visited graphs twice
        "expected-value-source-refilled-once (seed 8003: 35107) :: r0 = load y acq; r1 = xchg z 1 acq_rel"
                + " || store y 2 rel; r0 = load z na; r1 = cas y r0 3 acq; r2 = fai y 1 rlx",
        // the refilled load of z (at its latest store, or an alternative) and a store of z in a later
        // thread that revisits it must each bring the load of y back into the FAI's prefix: their
        // other graphs are those where the FAI revisits keeping the load of z (visited twice before)
        "expected-value-source-refilled-from-an-earlier-thread :: store z 2 rlx || r0 = load y acq;"
                + " r1 = xchg z 1 acq_rel || r0 = load z na; r1 = cas y r0 3 acq; r2 = fai y 1 rlx",
        "expected-value-source-revisited-by-a-later-thread :: r0 = load y acq; r1 = xchg z 1 acq_rel"
                + " || r0 = load z na; r1 = cas y r0 3 acq; r2 = fai y 1 rlx || store z 2 rlx",
        "expected-value-source-revisited-by-a-later-equal-write :: r0 = load y acq; r1 = xchg z 1 acq_rel"
                + " || r0 = load z na; r1 = cas y r0 3 acq; r2 = fai y 1 rlx || store z 1 rlx",
        // load buffering through a failed CAS (FailedCasFamilyTest): the exchange revisits the load
        // of z while the load of y, which bob orders before it, reads the FAI. Every other prefix
        // holds the load of z through that load; HMC's dependencies only leave it out, and replay
        // refills it reading the FAI again (no construction order built this graph before)
        "dependencies-only-through-a-failed-cas :: r0 = load z na; r1 = cas y r0 3 acq; r2 = fai y 1 rlx"
                + " || r0 = load y acq; r1 = xchg z 1 acq_rel",
        "dependencies-only-past-a-store-before-the-cas :: store y 2 rel; r0 = load z na; r1 = cas y r0 3 acq;"
                + " r2 = fai y 1 rlx || r0 = load y acq; r1 = fai z 1 rel || store z 1 rlx",
        "dependencies-only-after-a-third-thread :: store z 2 rlx || r0 = load z na; r1 = cas y r0 3 acq;"
                + " r2 = fai y 1 rlx || r0 = load y acq; r1 = xchg z 1 acq_rel",
        // the third thread's store of z is the load of z's maximal choice: the FAI's revisit that
        // keeps its full prefix keeps the load reading it, and the one beside it, leaving the load
        // out, lets replay refill it reading the exchange
        "expected-value-source-refilled-beside-the-full-prefix :: r0 = load y acq; r1 = xchg z 1 acq_rel"
                + " || store z 1 rlx || r0 = load z na; r1 = cas y r0 3 acq; r2 = fai y 1 rlx",
        // the load of z's maximal choice, the store of z 2, makes the CAS succeed (y is 2): the
        // parent of the FAI's revisit is the graph where the load read the latest write that keeps
        // the CAS failing (the FAI of z), and replay refills it
        "expected-value-source-at-the-latest-write-keeping-the-cas-failed :: r0 = load y acq; r1 = fai z 1 rel"
                + " || store z 2 rlx || store y 2 rel; r0 = load z na; r1 = cas y r0 3 acq; r2 = fai y 1 rlx",
        // as above with a relaxed CAS, which the FAI's prefix does not hold: the deleted CAS reads
        // the store of y that the kept FAI reads, so atomicity makes it fail in every parent, and the
        // load of z's ceiling is the latest write that keeps it failing (the store of z 1)
        "expected-value-source-of-a-deleted-cas-a-kept-rmw-makes-fail :: r0 = load y rlx; store z 1 rel"
                + " || store z 2 rlx || store y 2 rlx; r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx",
        // the CAS's expected value comes from a weak CAS: failing spuriously on the store of x is
        // never the maximal choice, so only the parent where it succeeded revisits
        "expected-value-source-that-failed-spuriously (default seed: 4900) :: r0 = load y rlx"
                + " || store x 2 rlx; r0 = wcas x 2 2 acq_rel; r2 = cas y r0 2 rlx || r0 = fai y 2 sc",
        // the third thread's FAI and the CAS thread's FAI both read init; the CAS's latest write is
        // the third thread's FAI, but taking it would make it succeed on a write a kept FAI wrote on
        // (atomicity): its maximal choice is then init, on which it fails
        "deleted-cas-cannot-take-a-write-a-kept-rmw-wrote-on :: r0 = load y acq; r1 = xchg z 1 acq_rel"
                + " || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r3 = fai y 1 rlx",
        // the exchange and the CAS of y both read the store of y 2 in the parent where the CAS
        // succeeded (GenMC's conflicting RMW): that parent is the maximal one, so the CAS is not
        // forced to fail by a kept RMW of another thread
        "cas-forced-to-fail-only-by-a-later-rmw-of-its-thread (seed 4003: 18618) :: r0 = load y sc"
                + " || store y 2 rlx; store x 2 rel || r0 = cas x 2 3 acq; r1 = cas y r0 1 rel || r0 = xchg y 3 acq_rel",
        // the exchange revisits the load of x keeping dependencies only: the fence between that
        // load and the kept store of y is a hole, and replay's refilled fence closes an ar cycle
        // (load, fence, store, acquire load, exchange) that must end the execution
        "dependencies-only-refilled-fence-is-checked (default seed: 57303) :: r0 = load x na; fence acq_rel;"
                + " store y 3 rlx || r0 = load y acq; r1 = xchg x r0 acq",
        // the store of x revisits the load of x keeping dependencies only, so the load of y before
        // it is a hole; T1's exchange then revisits the first load of z, deleting the load of x
        // before the hole is filled. Its graphs come from the parent where T2 ran in order: the
        // explorer refuses such a revisit (they were visited twice)
        "dependencies-only-hole-open-when-its-read-is-revisited (default seed: 3259) :: r0 = load z sc;"
                + " r1 = load x acq ctrl(r0); r2 = load z acq; r3 = xchg z r2+1 rlx"
                + " || r0 = wcas x 1 1 rlx; r1 = xchg z r0 rlx; store y r1 na || r1 = load y acq; store x 1 na",
        // the load of z reads the store of z, the CAS fails on init and the FAI reads init too: with
        // the load's old value the CAS succeeds on init, so the FAI's only parent reads the CAS's
        // write. The store revisits the load keeping the FAI's write part, which the load of y
        // reads, and the FAI's read part takes init, the write now right before it
        "rmw-read-refilled-under-its-kept-write-part :: store y 5 rlx"
                + " || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y rlx; store z 1 rel",
        // as above, the third thread's FAI reading the refilled FAI's write: its value follows too
        "rmw-read-refilled-values-follow-along-rmws :: r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx"
                + " || r3 = fai y 1 rlx || r0 = load y acq; r1 = xchg z 1 acq_rel",
        // a weak CAS may fail spuriously on init with the load's old value: that parent builds the
        // graph, and refilling the FAI under its write part visited it twice
        "rmw-read-not-refilled-after-a-weak-cas :: r0 = load z na; r1 = wcas y r0 3 rlx; r2 = fai y 1 rlx"
                + " || r0 = load y acq; r1 = xchg z 1 acq_rel",
        // the CAS's expected value comes from the load of z, not from the exchange of z that the
        // store revisits: the CAS fails on the store of y in a parent too (visited twice otherwise)
        "rmw-read-not-refilled-when-the-revisited-read-does-not-decide-the-cas :: r3 = xchg z 2 rlx"
                + " || store y 2 rlx; r0 = load z na; r1 = cas y r0 3 rlx; r2 = xchg y 1 rlx"
                + " || r0 = load y acq; store z 1 rel",
        // the third thread's FAI and the CAS thread's FAI both read init, and the CAS thread's
        // FAI's prefix holds the third thread's through the failed CAS (its pin), the load of z,
        // the exchange and the load of y: refilling the CAS leaves it out, so that revisit may go on
        "conflicting-rmw-left-out-by-refilling-a-pin-of-its-thread :: r3 = fai y 1 rlx"
                + " || r0 = load y acq; r1 = xchg z 1 acq_rel || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx",
        // the two exchanges of z both read init, held through the CAS thread's pin, not one of the
        // exchanging thread: that graph comes from the parent where the load of z is added after
        // the revisit, and letting this revisit go on too visited it twice
        "conflicting-rmw-held-through-another-threads-pin :: r3 = xchg z 2 rlx"
                + " || r0 = load y acq; r1 = xchg z 1 acq_rel || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx",
        // the store of y revisits the load of y keeping the load of z, which reads the exchange, as
        // the CAS's pin; the store of z then revisits the exchange and would refill that load: the
        // graph also comes from leaving the load of z out at the first revisit, refilled after the
        // second, and was visited twice
        "expected-value-hole-inside-an-earlier-revisits-prefix :: r3 = xchg z 2 rlx"
                + " || r0 = load y acq; store z 1 rel || r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx",
        // as above with a relaxed CAS before an FAI: the CAS is a pin of the FAI's write, and both
        // revisits that leave it out refill it instead of leaving a hole
        "refilled-pin-source-inside-an-earlier-revisits-prefix :: r3 = xchg z 2 rlx"
                + " || r0 = load y acq; store z 1 rel || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx",
        // the exchange of z revisits the load of z refilling the CAS, a pin of the FAI's write that
        // the load of y took from an earlier revisit: no other route builds that graph
        "refilled-pin-alone-inside-an-earlier-revisits-prefix :: r0 = load y acq; r1 = xchg z 1 acq_rel"
                + " || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r3 = xchg z 2 rlx",
        // the store of y 1 revisits the load of y, then the FAI does: once both leave the load of
        // z out as a hole, once the first keeps it reading init and the second leaves it out; the
        // graph where the CAS fails on the store of y 2 and the load of z reads the store of z was
        // visited twice
        "expected-value-hole-inside-the-revisited-reads-earlier-prefix :: r0 = load y acq; store z 1 rel"
                + " || store y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || r3 = fai y 1 rlx",
        // the FAI of the third thread revisits the load of y that the CAS thread's FAI gave its
        // write; the load of z, in that write's prefix, reads the exchange after the load of y and
        // goes with it: refusing that revisit missed a graph
        "revisited-reads-dependants-inside-its-earlier-prefix :: r0 = load y acq; r1 = xchg z 1 acq_rel"
                + " || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r3 = fai y 1 rlx",
        // the store of z revisits the load of z refilling the FAI's read part under its write,
        // which the first FAI took from an earlier revisit: the load and the CAS fall out of that
        // write's prefix, and no other route builds the graph, the load's thread running first
        "rmw-refilled-under-an-earlier-revisits-write-before-the-writers-thread :: r3 = fai y 1 rlx"
                + " || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y rlx; store z 1 rel",
        // the same with the exchange's thread first: the graph also comes from the FAI refilling
        // the CAS when it revisits the load of y, the load of z reading the exchange
        "rmw-refilled-under-an-earlier-revisits-write-after-the-writers-thread :: r0 = load y acq;"
                + " r1 = xchg z 1 acq_rel || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx",
        // the exchange of z 1 conflicts with the first one on init, which its prefix holds only
        // through the failed CAS, a pin of the FAI in a thread running before it, and the load of
        // z: it revisits that exchange refilling the pin, and the load, filled again, reads either
        // exchange (two graphs missed without the revisit, one without the refill condition's
        // expected-value clause)
        "conflicting-rmw-held-through-a-pin-of-an-earlier-thread :: r3 = xchg z 2 rlx || r0 = load z na;"
                + " r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y acq; r1 = xchg z 1 acq_rel",
        // the store of z revisits the exchange refilling the CAS; the load of z, filled again,
        // reads the store: no parent gave it that write before, so this revisit is the parent
        "expected-value-from-the-revisiting-write-alone :: r3 = xchg z 2 rlx || r0 = load z na;"
                + " r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y acq; store z 1 rel",
        // the same with a store of z 5 the load may read, keeping the CAS failing: the graph also
        // comes from the full prefix's revisit and the exchange's refilling revisit of the load
        "expected-value-source-with-another-failing-write :: store z 5 rlx || r3 = xchg z 2 rlx"
                + " || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y acq; r1 = xchg z 1 acq_rel",
        // with a store of y 6 the CAS may read instead, the load's init fails it too
        "expected-value-source-with-another-value-for-the-cas :: r3 = xchg z 2 rlx || r0 = load z na;"
                + " r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y acq; r1 = xchg z 1 acq_rel || store y 6 rlx",
        // the revisited exchange of z 5 runs after the store's thread: added again after the store,
        // it reads it too (the expected-value clause's thread condition); and the first exchange,
        // which took the store from an earlier revisit, may not be revisited by refilling the pin
        "expected-value-from-the-revisiting-write-after-the-writers-thread :: r3 = xchg z 2 rlx"
                + " || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y acq; store z 1 rel"
                + " || r4 = xchg z 5 rlx",
        // the store of z revisits the load of z refilling the CAS, a pin of the FAI's write that
        // the first FAI took from an earlier revisit: the load leaves that write's prefix until the
        // CAS is refilled (two graphs missed when the earlier revisit's prefix check counted it)
        "revisited-read-refilled-back-into-an-earlier-revisits-prefix :: r3 = fai y 1 rlx || store y 2 rlx;"
                + " r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y acq; store z 1 rel",
        // the same exemption with the revisited load's thread last: visited twice
        "revisited-read-refilled-back-after-the-writers-thread :: store z 2 rlx || r0 = load y acq;"
                + " r1 = xchg z 1 acq_rel || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx",
        // where the CAS succeeded, the store's dependencies-only revisit of the exchange and its
        // revisit of the load of z that frees the FAI's source refill the CAS failing: the graphs
        // the store's refilling revisits build where the CAS failed on init (three visited twice
        // without the rule; two missed when a later revisit of the FAI of y 2, added before the
        // exchange, kept the test)
        "revisit-yields-to-the-refilling-revisit-of-the-failed-cas :: r4 = fai y 2 rlx || r3 = xchg z 2 rlx"
                + " || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y acq; store z 1 rel",
        // the CAS expects the revisited load's value: with its old one it would succeed on the
        // store of y 2, which the second CAS took, so no refilling revisit builds the graph where
        // it fails (two missed when the rule did not look at the old value)
        "revisit-keeps-its-graphs-when-the-old-value-fails-no-cas :: store z 2 rlx || store y 2 rlx;"
                + " r0 = load z na; r1 = cas y r0 3 rlx; r2 = cas y 2 4 rlx || r0 = load y rlx; store z 1 rel",
        // the store's refilling revisit of the exchange of z 5 puts the exchange of z 2, added
        // again, on the store too; its revisit settling that conflict, before the CAS is refilled,
        // built two graphs that the store's revisit of the exchange of z 2 builds (visited twice
        // until such a revisit was refused)
        "conflict-on-a-refilling-revisits-write-settled-before-the-pin :: r5 = xchg z 5 rlx"
                + " || r3 = xchg z 2 rlx || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx"
                + " || r0 = load y acq; store z 1 rel",
        // the exchange and the load of z both read the store, the CAS fails on init: a FAI after
        // the CAS reads init too, so no parent of the store's full-prefix revisit has the CAS
        // failing with the load on init (missed one graph)
        "refilled-cas-bound-by-the-fai-after-it :: store y 6 rlx || r3 = xchg z 2 rlx"
                + " || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y acq; store z 1 rel",
        // the fourth thread's FAI revisits the load of y, and the store of z, added again, refills
        // the CAS as it revisits the exchange: the load of z it deletes was added before the load
        // of y, so no route left it out there (missed two graphs)
        "refilling-revisit-after-an-earlier-revisit-of-a-later-read :: r3 = xchg z 2 rlx"
                + " || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y acq; store z 1 rel"
                + " || r4 = fai y 2 rlx",
        // the fourth thread's store of z revisits the first exchange, and the second, added
        // again, takes the store too: its write may settle that conflict refilling the CAS, as
        // no other route puts both exchanges on a write of a later thread (missed one graph)
        "conflict-on-a-later-threads-write-left-out-by-refilling :: r3 = xchg z 2 rlx"
                + " || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y acq; r1 = xchg z 1 rlx"
                + " || store z 5 rlx",
        // the store of y 2 goes before the store of y 6 in co, the first FAI, revisited by the
        // second, right after it; the store of z's revisit of the load of z deletes the first
        // FAI's write part, which replay adds again where it is (missed one graph)
        "deleted-write-part-of-a-kept-rmw-is-no-choice :: store y 6 rlx || r3 = fai y 1 rlx"
                + " || store y 2 rlx; r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx"
                + " || r0 = load y acq; store z 1 rel",
        // the exchange of z 1 refills the CAS as it revisits the load of z, which read the store
        // of z 5; the FAI of y's earlier revisit of the first FAI held that store through the
        // load, and the exchange's prefix holds it still (missed two graphs)
        "old-source-of-the-revisited-read-held-by-the-revisiting-write :: r3 = fai y 1 rlx"
                + " || store y 2 rlx; r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx"
                + " || r0 = load y acq; r1 = xchg z 1 rlx || store z 5 rlx",
        // the same with the store of z 5 unread at the end: it then floats where the load's old
        // source put it, and the graph comes from the route that adds it last (visited twice
        // when exempt too)
        "old-source-of-the-revisited-read-left-unread :: r3 = xchg z 2 rlx || r0 = load z na;"
                + " r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y acq; store z 1 rel || store z 5 rlx",
        // the exchange revisits the load of z giving the acquire CAS its expected value, which bob
        // keeps: where the store of y's revisit made the CAS fail, the CAS keeps its write and
        // replay gives it the new value (a false nondeterminism error before, then a graph
        // missed); where it succeeded on the initial write, the revisit makes it fail there (two
        // graphs missed)
        "acquire-cas-made-to-fail-by-the-revisited-load :: r0 = load z na; r1 = cas y r0 3 acq;"
                + " r2 = fai y 1 rlx || store y 5 rlx || r0 = load y acq; r1 = xchg z 1 acq_rel",
        // the store of y revisits the FAI leaving the load of z, the CAS's expected value, out; the
        // load of z, refilled, reads the store of z, which brings in the load of y, added again
        // and reading the store of y too: no revisit keeping the full prefix builds that graph
        // (missed one)
        "read-brought-in-by-refilled-sources-reads-the-revisiting-write :: r3 = fai y 1 rlx"
                + " || r0 = load y acq; store z 1 rel || r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx",
        // the same where the refilled load of z, the CAS's expected value, reads the store of z
        // itself, as the exchange it revisits does (missed one)
        "refilled-source-reads-the-revisiting-write :: r3 = xchg z 2 rlx || r0 = load z na;"
                + " r1 = cas y r0 3 acq; store y 1 rlx || r0 = load y acq; store z 1 rel",
        // the store of z's prefix does not hold the load of z while the load of y reads the store
        // of y 5; keeping dependencies only, the load of y, refilled, reads the store of y 1, which
        // the acquire CAS, failing on its own thread's store, orders after the load of z (missed
        // three)
        "dependencies-only-revisit-brings-the-read-in :: store y 2 rel; r0 = load z na;"
                + " r1 = cas y r0 3 acq; store y 1 rlx || store y 5 rlx || r0 = load y acq; store z 1 rel",
        // the same where the CAS wrote: the revisit that makes it fail builds those graphs
        // (two visited twice without the rule)
        "dependencies-only-revisit-yields-to-the-cas-made-to-fail :: r0 = load z na;"
                + " r1 = cas y r0 3 acq; store y 1 rlx || store y 5 rlx || r0 = load y acq; store z 1 rel",
        // the exchange revisits the load of z, which reads the store of z: the store's revisit,
        // keeping dependencies only with the load held, builds those graphs (one visited twice)
        "dependencies-only-revisit-of-a-read-a-revisit-gave-its-write :: r0 = load z na;"
                + " r1 = cas y r0 3 acq; store y 1 rlx || r0 = load y acq; store z 1 rel || r3 = xchg z 2 rlx",
        // relaxed CASes: refilled, the load of y brings the load of z in only through the failed
        // CAS, a pin, and the store's refilling revisit builds those graphs (two visited twice)
        "dependencies-only-revisit-brings-the-read-in-through-more-than-pins :: r3 = fai y 1 rlx"
                + " || store y 2 rlx; r0 = load z na; r1 = cas y r0 3 rlx; r2 = cas y 2 4 rlx"
                + " || r0 = load y acq; store z 1 rel",
        // a fourth thread's store of z: after the revisit that brings the load of z in, the store
        // of y 5 revisits the CAS expecting its value; the CAS's revisit first, then the one that
        // makes it fail, builds those graphs (two visited twice, four missed before the rule)
        "no-revisit-of-the-cas-expecting-the-read-brought-in :: store z 5 rlx || r0 = load z na;"
                + " r1 = cas y r0 3 acq; store y 1 rlx || store y 5 rlx || r0 = load y acq; store z 1 rel",
        // seed 6003's 42134, minimized: the load of x gives no CAS its value, and the store of x
        // 1's dependencies-only revisit of it, with the later store of y revisiting the weak CAS,
        // built a graph the two revisits in the other order build (visited twice)
        "dependencies-only-revisit-needs-a-failed-cas-on-the-read :: r0 = wcas y 1 1 rel; r1 = load y acq;"
                + " store x 3 na || r0 = load x sc; store y 1 na addr(r0) || r0 = load x na; r1 = load y rlx;"
                + " store x 1 sc addr(r1)",
        // the exchange of z 1 conflicts with the first on init, and the prefix holds the first
        // through the acquire CAS and the load of z: the revisit leaving the CAS's expected value
        // out leaves the conflicting exchange out too (missed two)
        "conflicting-rmw-left-out-with-the-expected-value :: r3 = xchg z 2 rlx || r0 = load z na;"
                + " r1 = cas y r0 3 acq; store y 1 rlx || r0 = load y acq; r1 = xchg z 1 rlx",
        // both exchanges take the store of z; the exchange of z 5 holds the first through the
        // acquire CAS and the load of z reading the first's write, more than pins: a smaller
        // prefix may leave the first out (missed two)
        "conflicting-rmw-held-through-more-than-pins :: r3 = xchg z 2 rlx || r0 = load z na;"
                + " r1 = cas y r0 3 acq; store y 1 rlx || r0 = load y acq; store z 1 rel || r5 = xchg z 5 rlx",
        // the same with a relaxed CAS, which the FAI pins: the first exchange comes back where
        // the pin's thread is added after the revisit (visited one twice when left out here)
        "conflicting-rmw-held-only-through-pins :: r3 = xchg z 2 rlx || r0 = load z na;"
                + " r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y acq; store z 1 rel || r5 = xchg z 5 rlx",
        // the store of z 5 gives the load of z its write by a revisit and holds nothing else; the
        // exchange, taking it too, revisits the load keeping its dependencies only, and the load
        // of y, refilled, reads the second CAS's write (missed two; one visited twice when the
        // exchange's revisit leaving the CAS's expected value out applied too)
        "dependencies-only-revisit-of-a-read-a-plain-revisit-gave-its-write :: store y 2 rlx; r0 = load z na;"
                + " r1 = cas y r0 3 acq; r2 = cas y 2 4 rlx || store y 5 rlx || r0 = load y acq; r1 = xchg z 1 rlx"
                + " || store z 5 rlx",
        // the exchange of z 2's thread first: the store of z, which holds the load of y by bob,
        // gave the load of z its write, and its own dependencies-only revisit builds these graphs
        // (one visited twice when the exchange's revisit was allowed too)
        "dependencies-only-revisit-not-of-a-read-a-barrier-holding-write-gave :: r0 = load z na;"
                + " r1 = cas y r0 3 acq; store y 1 rlx || r3 = xchg z 2 rlx || r0 = load y acq; store z 1 rel",
        // the store of z, which holds the load of y by bob, gave the load of z its write keeping
        // dependencies only; the exchange, taking the store too, revisits the load of z leaving
        // the CAS's expected value out, though the CAS reads a write added before it (missed three)
        "expected-value-revisit-of-a-read-a-barrier-holding-write-gave :: store y 2 rel; r0 = load z na;"
                + " r1 = cas y r0 3 acq; store y 1 rlx || store y 5 rlx || r0 = load y acq; store z 1 rel"
                + " || r5 = xchg z 5 rlx",
        // the FAI gives the load of y its write by a revisit; the store of z makes the CAS fail
        // though the FAI's thread runs after it: in the other order the FAI's write would hold
        // the load of y through the load of z reading the store of z (missed two)
        "cas-made-to-fail-keeping-a-later-thread-that-holds-the-read :: r0 = load z na;"
                + " r1 = cas y r0 3 acq; store y 1 rlx || store y 5 rlx || r0 = load y acq; store z 1 rel"
                + " || r4 = fai y 2 rlx",
        // the same without the store of y 5: the load of y read the store of y 1 first, and the
        // store of z's dependencies-only revisit, refilling it, builds the graph (one visited
        // twice when the CAS was made to fail here too)
        "cas-made-to-fail-yields-where-the-read-first-took-a-write-holding-it :: r0 = load z na;"
                + " r1 = cas y r0 3 acq; store y 1 rlx || r0 = load y acq; store z 1 rel || r3 = fai y 1 rlx",
        // the FAI's prefix does not hold the load of z: it reads the initial write, and the
        // CAS's revisit by it, after the store of z's, builds the graph (one visited twice)
        "cas-made-to-fail-yields-to-a-later-thread-not-holding-the-read :: r3 = xchg z 2 rlx"
                + " || r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || r0 = load y acq; store z 1 rel"
                + " || r4 = fai y 2 rlx",
        // the store of y 1 gave the first FAI its write leaving the load of z out; the fourth
        // thread's FAI, reading the first, revisits the load of y leaving it out again, so the
        // store of z it deletes was added after the store of y 1 and no route keeps it (missed one)
        "expected-value-revisit-deleting-what-an-earlier-revisit-left-out :: r3 = fai y 1 rlx"
                + " || r0 = load y acq; store z 1 rel || r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx"
                + " || r4 = fai y 2 rlx",
        // the exchange revisits the load of z, which read the initial write, keeping the store of
        // z 5 of a later thread; read from that store, the load would make the acquire CAS succeed,
        // so its choice is maximal (missed one)
        "acquire-cas-expected-value-maximal-below-a-later-threads-write :: r0 = load z na;"
                + " r1 = cas y r0 3 acq; store y 1 rlx || store y 5 rlx || r0 = load y acq; r1 = xchg z 1 rlx"
                + " || store z 5 rlx",
        // after the store of z's refilling revisit of the load of z, the CAS is refilled before
        // the second FAI is added, so that the FAI's write, revisiting the first, keeps the load
        // of z through the CAS (missed one)
        "cas-hole-refilled-before-later-threads :: r4 = fai y 2 rlx || r3 = fai y 1 rlx || store y 2 rlx;"
                + " r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y acq; store z 1 rel",
        // the store of z revisits the exchange leaving out the load of z, which reads the
        // exchange's write and which the second CAS's revisit of the FAI kept: refilled in the
        // other route before the store existed, it could not bring the FAI back (missed two)
        "expected-value-source-depending-on-the-revisited-read :: r5 = xchg z 5 rlx || r3 = fai y 1 rlx"
                + " || store y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; r2 = cas y 2 4 rlx"
                + " || r0 = load y acq; store z 1 rel",
        // the same in a revisit that refills the CAS: the FAI, added after the exchange, is held
        // by the store of z only through the FAI of y 1 it reads (missed one)
        "refilled-cas-source-depending-on-the-revisited-read :: r5 = xchg z 5 rlx || r3 = fai y 1 rlx"
                + " || store y 2 rlx; r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx"
                + " || r0 = load y rlx; store z 1 rel",
        // but not where the earlier revisited read, the first FAI, was added before the exchange:
        // it survives the store of z's revisit of the exchange, and the CAS thread's FAI, added
        // anew, revisits it after that (visited four graphs twice)
        "earlier-read-added-before-the-revisited-read :: r4 = fai y 2 rlx || r3 = xchg z 2 rlx"
                + " || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y acq; store z 1 rel",
        // the exchange of z 5 takes the store of z, which the first exchange took from a revisit,
        // held through the CAS: the store's refilling revisit of the second exchange is the other
        // route, so the second may not leave the first out (visited a graph twice)
        "conflicting-rmw-on-a-store-that-revisited-it :: r3 = xchg z 2 rlx || r0 = load z na;"
                + " r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y acq; store z 1 rel || r5 = xchg z 5 rlx",
        // the store of z makes the CAS fail while the FAI after it reads the fourth thread's store
        // of y 6: beside the store of y 5, the parent revisiting the load of z first cannot give
        // the FAI that store (missed two)
        "later-threads-write-to-an-rmw-beside-a-third-write :: r0 = load z na; r1 = cas y r0 3 acq;"
                + " r2 = fai y 1 rlx || store y 5 rlx || r0 = load y acq; store z 1 rel || store y 6 rlx",
        // without the store of y 5, the dependencies-only revisit of the load of z refills the FAI
        // after the store of z, and the store of y revisits it there (visited a graph twice)
        "later-threads-write-to-an-rmw-without-a-third-write :: r0 = load z na; r1 = cas y r0 3 acq;"
                + " r2 = fai y 1 rlx || r0 = load y acq; store z 1 rel || store y 5 rlx",
        // the load of y, a hole of the store of z's dependencies-only revisit, must read the FAI's
        // write to bring the load of z back: that is its maximal choice, and the store of y 6
        // revisits the FAI from that graph, deleting the store of y 5 (missed three)
        "refilled-hole-takes-the-latest-write-its-condition-leaves :: store y 2 rlx; r0 = load z na;"
                + " r1 = cas y r0 3 acq; r2 = fai y 1 rlx || store y 5 rlx || r0 = load y rlx; store z 1 rel"
                + " || store y 6 rlx",
        // the store of y revisits the FAI keeping the load of z only for the CAS's expected value;
        // the store of z then revisits that load (and the exchange, the load refilled reading the
        // store): the other order deletes the exchange below the store of z (missed four)
        "expected-value-source-kept-by-an-earlier-revisit :: r4 = fai y 2 rlx || r3 = xchg z 2 rlx"
                + " || r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || r0 = load y rlx; store z 1 rel",
        // the same where the CAS fails on its thread's store of y 2: the exchange, deleted by the
        // store of y's revisit of the FAI, was added again after the load of z (missed four)
        "expected-value-source-kept-by-an-earlier-revisit-exchange-added-after :: r4 = fai y 2 rlx"
                + " || r3 = xchg z 2 rlx || store y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx"
                + " || r0 = load y rlx; store z 1 rel",
        // with an exchange of z revisiting: the load of z, refilled, must read the revisiting write
        // and not the first exchange's, whose graphs the other order builds (missed two)
        "expected-value-source-kept-by-an-earlier-revisit-must-read-the-write :: r4 = fai y 2 rlx"
                + " || r3 = xchg z 2 rlx || r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx"
                + " || r0 = load y rlx; r1 = xchg z 1 acq_rel",
        // the exchange of z 1 conflicts with the first one on init, held through the acquire CAS:
        // revisiting it leaving the CAS's expected value out, and with it the conflicting RMW,
        // once built a graph twice here (only a revisit that refills pins could leave that RMW out
        // then); any smaller prefix may now, and none does twice (exact since the rule on an
        // expected-value source kept by an earlier revisit)
        "conflicting-rmw-left-out-by-a-smaller-prefix :: r4 = fai y 2 rlx || r3 = xchg z 2 rlx"
                + " || r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || r0 = load y acq; r1 = xchg z 1 rlx",
        // the store's dependencies-only revisit of the exchange, where the acquire CAS succeeded,
        // refills it failing on init: the revisit that leaves its expected value out builds that
        // graph where it failed there (visited twice without the rule; exact since the rule on an
        // expected-value source kept by an earlier revisit)
        "revisit-yields-to-the-expected-values-free-revisit :: r4 = fai y 2 rlx || r3 = xchg z 2 rlx"
                + " || r0 = load z na; r1 = cas y r0 3 acq; r2 = fai y 1 rlx || r0 = load y acq; store z 1 rel",
        // the store of y 1 revisits the load of y keeping the load of z for the CAS's expected
        // value; the exchange of z 5 then revisits the load of z: in the other order the store
        // of y 1 could not revisit the load of y, which the exchange of z 1 the exchange of z 5
        // reads orders before it (missed one)
        "expected-value-source-kept-while-the-writer-holds-the-earlier-read :: r3 = fai y 1 rlx"
                + " || r0 = load y acq; r1 = xchg z 1 rlx || r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx"
                + " || r5 = xchg z 5 rlx",
        // but not where the revisiting store holds the FAI only through a load of its write that
        // a dependencies-only revisit deletes: the other order builds the graph (visited twice)
        "expected-value-source-kept-while-a-hole-holds-the-earlier-read :: r4 = fai y 2 rlx"
                + " || r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || store y 5 rlx"
                + " || r0 = load y rlx; store z 1 rel",
        // the load of z, refilled, reads the exchange of z 1 and not the exchange of z 2 after it,
        // whose prefix holds the load of z through the CAS: the CAS would succeed on 2, and the
        // cycle it closes makes the exchange of z 1 the maximal choice; the exchange of z 5 then
        // revisits the load of z from there (missed one)
        "expected-value-source-passes-over-a-write-that-makes-the-cas-succeed :: r3 = xchg z 2 rlx"
                + " || store y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx"
                + " || r0 = load y acq; r1 = xchg z 1 rlx || r5 = xchg z 5 rlx",
        // the FAI of y 2 revisits the FAI of y 1 keeping the load of z for the CAS's expected
        // value, and the load of y, refilled, reads either FAI's write; the store of z then
        // revisits the load of z: in the other order the FAI of y 2 comes after the store of z,
        // whose release keeps the load of y reading what it read (missed two; visited six twice
        // when the FAI of y 2 need not be of a thread after the store's)
        "expected-value-source-kept-while-the-writer-holds-a-read-of-the-earlier-revisit :: r3 = fai y 1 rlx"
                + " || store y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; r2 = cas y 2 4 rlx"
                + " || r0 = load y rlx; store z 1 rel || r4 = fai y 2 rlx",
        // the exchange of z 1 revisits the exchange of z 5, refilling the CAS; the exchange of z 2
        // takes the exchange of z 1's write too and revisits the exchange of z 5; the load of z,
        // refilled, reads the exchange of z 2: no route keeps the full prefix here, so the first
        // revisit's condition is not carried on (missed one)
        "conflict-settled-on-a-refilling-rmws-write :: r5 = xchg z 5 rlx || r3 = xchg z 2 rlx"
                + " || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx"
                + " || r0 = load y acq; r1 = xchg z 1 rlx",
        // the same with the pins filled when the exchange of z 5 settles the conflict on the
        // exchange of z 1's write, which the exchange of z 2 took from a refilling revisit (missed one)
        "conflict-settled-on-a-refilling-rmws-write-pins-filled :: r3 = xchg z 2 rlx"
                + " || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx"
                + " || r0 = load y acq; r1 = xchg z 1 rlx || r5 = xchg z 5 rlx",
        // the store's dependencies-only revisit of the exchange refills the CAS failing on init
        // (above), then the exchange of z 2 revisits the exchange of z 5 again: the rule goes on
        // to the later revisit's graphs (one visited twice without it, three missed without the rule)
        "revisit-yields-after-a-later-revisit-of-the-same-read :: r5 = xchg z 5 rlx || r3 = xchg z 2 rlx"
                + " || r3 = fai y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; r2 = cas y 2 4 rlx"
                + " || r0 = load y acq; store z 1 rel",
        // the store of z revisits the load of z keeping dependencies only where the CAS wrote; the
        // CAS, added again, fails on the initial write, the load of y, refilled, reads the FAI's
        // write, and the FAI of y 2, reading the initial write too, revisits the FAI: that settles
        // the conflict the revisit owes the RMW-sources-free route (missed one; seven visited twice
        // when the revisit owes none, four when any revisit of the FAI settles it, one when the
        // store of y 5's revisit of the FAI is not dropped)
        "owed-conflict-settled-by-a-conflicting-rmw :: r0 = load z na;"
                + " r1 = cas y r0 3 acq; r2 = fai y 1 rlx || store y 5 rlx || r0 = load y acq; store z 1 rel"
                + " || r4 = fai y 2 rlx",
        // the same with a store of y 6, which the RMW-sources-free route lets revisit the FAI before
        // the exchange's revisit: it settles nothing (four visited twice when any revisit settled)
        "owed-conflict-not-settled-by-a-plain-write :: r0 = load z na; r1 = cas y r0 3 acq;"
                + " r2 = fai y 1 rlx || store y 5 rlx || r0 = load y acq; r1 = xchg z 1 acq_rel || store y 6 rlx",
        // the first CAS reads the FAI's write, given by a revisit while the CAS succeeded on the
        // load of z reading the exchange; the store of z's RMW-sources-free revisit would keep that
        // read, but where the load read the initial write the FAI's revisit deleted the exchange,
        // and the expected-values-free revisit builds the graph (one visited twice)
        "rmw-sources-free-yields-where-a-read-of-the-rmw-precedes-the-source :: r4 = cas y 0 2 rlx"
                + " || r3 = xchg z 2 rlx || store y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; r2 = fai y 1 rlx"
                + " || r0 = load y rlx; store z 1 rel",
        // the last FAI took the first FAI's write, which the FAI of y 1 had taken too; its prefix
        // holds that conflicting FAI only through the load of z giving the acquire CAS its expected
        // value, so its expected-values-free revisit of the first load leaves it to replay (four missed)
        "expected-values-free-past-a-held-conflict :: r4 = load y rlx || r3 = fai y 1 rlx"
                + " || r0 = load y rlx; store z 1 rel || r3 = fai y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq;"
                + " r2 = fai y 1 rlx",
        // the store of z revisits the load of z keeping dependencies only; where the store of y 5
        // makes the second CAS fail, the load of y, refilled, leaves the load of z out, and that
        // graph owes the condition until the exchange revisits the CAS (one missed when it was
        // cut; two visited twice when the choice before the owing one still counted as the latest;
        // one missed when a revisit of the hole itself could not settle the debt)
        "owed-refill-settled-by-a-later-revisit :: store y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq;"
                + " r2 = cas y 2 4 rlx || store y 5 rlx || r0 = load y rlx; store z 1 rel || r4 = xchg y 2 rlx",
        // the exchange of z 1 revisits the acquire load of z leaving out the load of z that gives the
        // CAS its expected value; its full prefix held the exchange of z 2 (both on the initial
        // write), so no revisit keeping it builds the graphs where that exchange, added again,
        // reads the exchange of z 1 (four missed)
        "expected-values-free-past-a-held-conflict-adds-the-rmw-again :: r4 = load z acq; store y 7 rlx"
                + " || r3 = xchg z 2 rlx || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx"
                + " || r0 = load y acq; r1 = xchg z 1 rlx",
        // the same with a store of z 1: the load of z, refilled, reads it while the exchange of z 2,
        // added again, reads the initial write; after the store's revisit keeping the full prefix
        // the exchange would be held by nothing, so its refilling revisit of the load is refused
        // (one missed)
        "expected-values-free-where-the-other-route-leaves-an-event-unheld :: r4 = load z acq;"
                + " store y 7 rlx || r3 = xchg z 2 rlx || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx"
                + " || r0 = load y rlx; store z 1 rel",
        // with a relaxed load of z first, the load of z could read the initial write and keep the
        // CAS failing on the store of y 7: the store's revisit keeping the full prefix from there,
        // then its refilling revisit of the load of z, builds the graphs where the exchange reads
        // the initial write (two visited twice when the expected-values-free revisit kept them);
        // and where the exchange reads the store, the exchange does not refill the load of z the
        // store gave its write (two visited twice)
        "other-route-from-a-source-that-kept-the-cas-failing :: r4 = load z rlx; store y 7 rlx"
                + " || r3 = xchg z 2 rlx || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx"
                + " || r0 = load y acq; store z 1 rel",
        // the same with the exchange of z 1: the conflict its full prefix held from the parent where
        // the load of z read the exchange of z 2 is not held from the one where it read the initial
        // write (four visited twice), and the exchange of z 2 does not refill the load of z (two)
        "other-route-from-a-source-that-kept-the-cas-failing-past-a-conflict :: r4 = load z rlx;"
                + " store y 7 rlx || r3 = xchg z 2 rlx || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx"
                + " || r0 = load y acq; r1 = xchg z 1 rlx",
        // the CAS thread's FAI revisits the FAI of y 1 leaving out the load of z, the CAS's source;
        // the store of z then revisits the relaxed load of z, deleting the FAI of y 1 while the
        // hole is open, and the load of z, refilled, reads the store, the one write of z on which
        // the CAS, on the initial write of y, fails (two missed when that revisit was refused)
        "dropped-while-the-hole-waits-for-the-write :: r4 = load z rlx; store y 7 rlx || r3 = fai y 1 rlx"
                + " || r0 = load y acq; store z 1 rel || r0 = load z na; r1 = cas y r0 3 acq; r2 = fai y 1 rlx",
        // the same with the store of y 1 revisiting the FAI of y 7 and the store of z the acquire
        // load of z before it (four missed)
        "dropped-while-the-hole-waits-for-the-write-past-an-acquire-load :: r4 = load z acq; r5 = fai y 7 rlx"
                + " || r3 = fai y 1 rlx || r0 = load y acq; store z 1 rel || r0 = load z na; r1 = cas y r0 3 acq;"
                + " store y 1 rlx",
        // both loads of z read the store of z and the acquire CAS fails on the initial write, on
        // which it succeeded in every parent: the store's revisit of the acquire load makes it
        // fail, the load of z refilled on the store (three missed)
        "cas-failing-anew-beside-the-full-prefix :: r4 = load z acq; store y 7 rlx || r0 = load z na;"
                + " r1 = cas y r0 3 acq; store y 1 rlx || store y 5 rlx || r0 = load y rlx; store z 1 rel",
        // the same with an FAI after the CAS: it read the CAS's write, and takes the initial write
        // under its own write part (two missed)
        "cas-failing-anew-refills-the-rmw-after-it :: r4 = load z acq; store y 7 rlx || r0 = load z na;"
                + " r1 = cas y r0 3 acq; r2 = fai y 1 rlx || store y 5 rlx || r0 = load y rlx; store z 1 rel",
        // with the exchange of z 2, the load of z could read the initial write and keep the CAS
        // failing on the store of y 2: the store's expected-values-free revisit builds those graphs
        // (three visited twice when this revisit counted them too)
        "cas-failing-anew-yields-to-a-source-keeping-it-failed :: r4 = load z acq; store y 7 rlx"
                + " || r3 = xchg z 2 rlx || store y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx"
                + " || r0 = load y acq; store z 1 rel",
        // but not when a kept write above that source would make the CAS succeed: the exchange of
        // z 1 reads the exchange of z 2, so that parent is not maximal (three missed)
        "cas-failing-anew-where-a-kept-write-makes-the-cas-succeed :: r4 = load z acq; store y 7 rlx"
                + " || r3 = xchg z 2 rlx || store y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx"
                + " || r0 = load y acq; r1 = xchg z 1 rlx",
        // the CAS's thread runs after the store's: the load of z, refilled after the store by an
        // earlier revisit, reads it on another route (four visited twice)
        "cas-failing-anew-only-for-a-source-of-an-earlier-thread :: r4 = load z acq; store y 7 rlx"
                + " || r3 = fai y 1 rlx || r0 = load y acq; store z 1 rel || r0 = load z na; r1 = cas y r0 3 acq;"
                + " store y 1 rlx",
        // the fourth thread last: the store of z makes the CAS fail while the FAI reads the store
        // of y 7, whose acquire load the prefix keeps beside the store of y 5 (two missed)
        "cas-made-to-fail-keeping-the-acquire-load-of-a-later-thread :: r0 = load z na; r1 = cas y r0 3 acq;"
                + " r2 = fai y 1 rlx || store y 5 rlx || r0 = load y rlx; store z 1 rel || r4 = load z acq;"
                + " store y 7 rlx",
        // both CASes read the store of y 2 and the second succeeds: no parent has the load of z on
        // the exchange of z 2, on which the first would succeed, so reading the initial write is
        // its maximal choice (one missed)
        "expected-values-free-where-the-cas-would-take-a-consumed-write :: r4 = load z acq; store y 7 rlx"
                + " || r3 = xchg z 2 rlx || store y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; r2 = cas y 2 4 rlx"
                + " || r0 = load y rlx; r1 = xchg z 1 acq_rel",
        // with an FAI instead, which writes on the CAS's write too, the revisit that makes the CAS
        // fail builds that graph (two visited twice when exempt)
        "expected-values-free-yields-where-the-rmw-after-the-cas-still-writes :: r4 = load z acq;"
                + " store y 7 rlx || r3 = xchg z 2 rlx || store y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq;"
                + " r2 = fai y 1 rlx || r0 = load y acq; r1 = xchg z 1 rlx",
        // the store of z revisits the exchange, which its full prefix holds only through the
        // acquire load of z, a barrier of the store of y 7 that the FAI reads: that load, a hole,
        // must read the exchange's write again (one visited twice when it took the initial write)
        "unordered-sources-holes-bring-the-read-back :: r3 = xchg z 2 rlx || r3 = fai y 2 rlx;"
                + " r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || r0 = load y acq; store z 1 rel"
                + " || r4 = load z acq; store y 7 rlx",
        // the FAI of y 7 revisits the load of y keeping dependencies only, the exchange then
        // revisits the CAS thread's load of z, and the hole, refilled, reads the initial write: the
        // load of y is back in the FAI's prefix through the CAS thread, not the hole (one visited
        // twice); after the exchange's revisit freeing RMW sources instead, it must count (two missed)
        "holes-bring-the-read-back-themselves-after-a-later-revisit :: r0 = load z na; r1 = cas y r0 3 acq;"
                + " store y 1 rlx || store y 5 rlx || r0 = load y acq; r1 = xchg z 1 rlx || r4 = load z acq;"
                + " r5 = fai y 7 rlx",
        // the FAI's write on y 7 is never the 2 the CAS expects from the exchange: the CAS wrote in
        // no parent, so the store of z's revisit leaving the load of z out, after the store of y
        // revisited the FAI, is the only route, with the load of z on any write (two missed)
        "earlier-revisit-source-of-a-cas-that-never-wrote :: r5 = fai y 7 rlx || r3 = xchg z 2 rlx"
                + " || r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || r0 = load y acq; store z 1 rel",
        // the same with a relaxed CAS and an FAI after it: the store of z's refilling revisit stays,
        // the load of z on another write than the store of z (two missed when refused, two visited
        // twice when it may read it)
        "earlier-revisit-source-of-a-cas-that-never-wrote-refilled :: r5 = fai y 7 rlx || r3 = xchg z 2 rlx"
                + " || r0 = load z na; r1 = cas y r0 3 rlx; r2 = fai y 1 rlx || r0 = load y acq; store z 1 rel",
        // the FAI reads the exchange's write, co-before the store of y 5 the load of y took before
        // the FAI revisited it: the acquire load of z, kept with the FAI, could not have read the
        // release store of z in another parent, and the store's revisit of the load of z making the
        // CAS fail is the only route (one missed when refused; one visited twice when the load of
        // z came with the FAI whatever the load of y took)
        "acquire-load-coming-with-a-holder-of-the-read :: r0 = load z na; r1 = cas y r0 3 acq;"
                + " r2 = xchg y 1 rlx || store y 5 rlx || r0 = load y rlx; store z 1 rel || r4 = load z acq;"
                + " r5 = fai y 7 rlx",
        // with a relaxed exchange of z for the release store, the acquire load of z may read it in
        // the other parent, whose dependencies-only revisit builds the graph (one visited twice
        // when the load of z came with the FAI regardless)
        "acquire-load-coming-with-a-holder-of-the-read-of-a-relaxed-write :: r0 = load z na;"
                + " r1 = cas y r0 3 acq; r2 = xchg y 1 rlx || store y 5 rlx || r0 = load y acq; r1 = xchg z 1 rlx"
                + " || r4 = load z acq; r5 = fai y 7 rlx",
        // both FAIs read the initial write and the FAI of y 7 holds the first one's write through
        // the acquire CAS that read it: completing the first FAI on the FAI of y 7 settles the
        // conflict where the load of z took the exchange's write from a revisit (three missed when
        // refused), not where it read the initial write (three visited twice)
        "completion-settles-a-held-conflict :: r3 = fai y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq;"
                + " store y 1 rlx || store y 5 rlx || r0 = load y acq; r1 = xchg z 1 rlx || r4 = load z acq;"
                + " r5 = fai y 7 rlx",
        // the exchange revisits the acquire load of z leaving the CAS thread's load of z open, and
        // the FAI of y 7, added again, completes the FAI of y 2 while that hole is open; the load
        // of z, filled, reads the exchange, of a thread that runs after its own (three missed when
        // the completion was refused with the hole open)
        "completion-settles-a-held-conflict-over-an-open-hole :: r4 = load z acq; r5 = fai y 7 rlx"
                + " || r3 = fai y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || store y 5 rlx"
                + " || r0 = load y acq; r1 = xchg z 1 rlx",
        // the exchange revisits the acquire load of z; where the FAI read the store of y 7, keeping
        // that store (unordered sources) repeats the full prefix's revisit from where the FAI read
        // another write, then the store's completion of the FAI (three visited twice), and so does
        // the revisit leaving out the CAS's expected-value source, its hole refilled as it was, the
        // FAI bringing the load of z back (three more)
        "completion-instead-of-a-kept-release-store :: r4 = load z acq; store y 7 rel || r3 = fai y 2 rlx;"
                + " r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || store y 5 rlx || r0 = load y acq;"
                + " r1 = xchg z 1 rlx",
        // the FAI of y 7 completes the FAI of y 2 while the CAS thread's load of z is open; filled,
        // it reads the exchange of z 2, of a thread before its own, whose read took the store of z
        // 1, of a thread after it: no parent ran the CAS thread after that exchange (two missed
        // when refused)
        "completion-over-a-hole-on-an-rmw-of-a-later-threads-write :: r4 = load z acq; r5 = fai y 7 rlx"
                + " || r3 = xchg z 2 rlx || r3 = fai y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx"
                + " || r0 = load y acq; store z 1 rlx",
        // the same completion with the CAS thread's load of z filled on the exchange of z 1, of a
        // thread before its own: the FAI of y 1 reads a write of the CAS thread, so the parent
        // where the CAS thread ran after the exchange would delete a read that could not be there
        // (two missed when refused)
        "completion-over-a-hole-where-a-deleted-read-took-a-later-threads-write :: r4 = load z acq;"
                + " r5 = fai y 7 rlx || r3 = fai y 1 rlx || r0 = load y acq; r1 = xchg z 1 rlx || r3 = fai y 2 rlx;"
                + " r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx",
        // the store of z revisits the load of z keeping dependencies only, leaving the load of y
        // open; the exchange, on the store, revisits the load of z again while it is open, and is
        // the only route: the load of y, refilled, reads the store of y 1 (one missed when refused)
        "revisit-again-by-an-rmw-on-the-write-with-a-hole-open :: r0 = load z na; r1 = cas y r0 3 acq;"
                + " store y 1 rlx || r3 = xchg z 2 rlx || r0 = load y acq; store z 1 rel",
        // the exchange of z 1 makes the CAS fail on the FAI of y 2's write of 2, and the FAI of y 7
        // completes that FAI while the CAS's source is open: judged on the 9 the FAI now writes,
        // the exchange of z 2 would keep the CAS failing, but on the 2 it read it makes it succeed
        // (one missed when judged on 9); with a store of z 1 in its place (the row two above) the
        // value is not held, the exchange of z 2 having revisited the load of z again
        "completion-over-the-source-of-a-cas-made-to-fail :: r4 = load z acq; r5 = fai y 7 rlx"
                + " || r3 = xchg z 2 rlx || r3 = fai y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx"
                + " || r0 = load y acq; r1 = xchg z 1 rlx",
        // the FAI of y 7 completes the FAI of y 2 keeping dependencies only, leaving the acquire
        // load of z open; the exchange of z 1 revisits the exchange of z 2 keeping its full
        // prefix, and the load of z, refilled, reads the exchange of z 2: it holds the FAI of y 2
        // only through that exchange's new read, and the route that filled it first, the
        // exchange of z 1 keeping unordered sources, builds the graph (one visited twice when
        // accepted; one missed when the exchange's revisit keeping a smaller prefix counts too)
        "hole-holding-the-read-only-through-a-later-revisit :: r3 = xchg z 2 rlx || r3 = fai y 2 rlx;"
                + " r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || r0 = load y acq; r1 = xchg z 1 rlx"
                + " || r4 = load z acq; r5 = fai y 7 rlx",
        // the FAI of y 7 revisits the FAI of y 1 keeping dependencies only, leaving the acquire
        // load of z open; the FAI of y 2 and the store of y 1 revisit the load of y; the load of z,
        // refilled, reads the exchange, which holds the FAI of y 1 only through the load of y, and
        // the exchange's revisit of the load of z keeping unordered sources builds the graph
        // (visited twice when accepted). And the store of y 1 revisits the FAI of y 1 leaving the
        // load of z out; the load of y, added again, reads the store, held in its prefix only
        // through the acquire load that the exchange then revisits (visited twice when accepted)
        "hole-and-read-added-again-held-only-through-later-revisits :: r3 = fai y 1 rlx"
                + " || r0 = load y acq; r1 = xchg z 1 rlx || r3 = fai y 2 rlx; r0 = load z na;"
                + " r1 = cas y r0 3 acq; store y 1 rlx || r4 = load z acq; r5 = fai y 7 rlx",
        // the exchange's unordered-sources revisit of the acquire load of z keeps the store of y 7
        // as the source of the FAI of y 1, whose write the FAI of y 2 reads; the exchange's
        // revisit from where the FAI of y 2 read the initial write, then the FAI of y 1's
        // completion of it, builds the same two graphs (each visited twice when accepted)
        "completion-instead-through-an-rmw-chain :: r4 = load z acq; store y 7 rel || r3 = fai y 1 rlx"
                + " || r0 = load y acq; r1 = xchg z 1 rlx || r3 = fai y 2 rlx; r0 = load z na;"
                + " r1 = cas y r0 3 acq; store y 1 rlx",
        // the exchange's unordered-sources revisit of the acquire load of z keeps the store of y 7
        // as the source of the FAI, added before that load; the exchange's revisit from where the
        // FAI read the initial write, then the store's completion of it, builds the same three
        // graphs, the CAS that reads the FAI's write failing in both (each visited twice when
        // accepted)
        "completion-instead-for-an-rmw-added-before-the-read :: r3 = fai y 2 rlx; r0 = load z na;"
                + " r1 = cas y r0 3 acq; store y 1 rlx || store y 5 rlx || r0 = load y acq; r1 = xchg z 1 rlx"
                + " || r4 = load z acq; store y 7 rel",
        // the same with three threads, the smallest program that needs the rule (one visited twice)
        "completion-instead-for-an-rmw-added-before-the-read-of-three-threads :: r3 = fai y 2 rlx;"
                + " r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx || r0 = load y acq; r1 = xchg z 1 rlx"
                + " || r4 = load z acq; store y 7 rel",
        // the store of y 7 completes the FAI also where, added after it, it took the FAI's read
        // keeping dependencies only while the CAS succeeded, and where the exchange of z 1 revisits
        // the exchange of z 2 keeping unordered sources, deleting the acquire load of z before the
        // store (seven graphs visited twice); where the load of z reads the exchange of z 2, the
        // completion's parent would have the CAS succeed, and only the unordered-sources revisit
        // builds the graph (one missed when refused)
        "completion-instead-of-holes-and-of-a-store-after-a-deleted-barrier :: r3 = xchg z 2 rlx"
                + " || r3 = fai y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx"
                + " || r0 = load y acq; r1 = xchg z 1 rlx || r4 = load z acq; store y 7 rlx",
        // the store of y 7 revisits the FAI of y 1 leaving the load of z out, besides keeping its
        // full prefix; the FAI of y 1 completes the FAI of y 2 while the load is open, and the load,
        // refilled, holds the FAI of y 1 only through the FAI of y 2 it comes after: the full
        // prefix's revisit, then the same completion, builds the graph (visited twice when counted)
        "hole-holding-the-read-only-through-a-completion :: r3 = fai y 1 rlx || r0 = load y acq;"
                + " r1 = xchg z 1 rlx || r3 = fai y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx"
                + " || r4 = load z acq; store y 7 rel",
        // the exchange of z 1 revisits the acquire load of z keeping dependencies only, and the FAI,
        // added again, reads the store of y 7 after that load: the exchange's revisit keeping a
        // larger prefix, from where the FAI read the initial write, then the store's completion of
        // the FAI, builds the same graphs (six visited twice when both counted). Where the load of
        // z reads the exchange of z 2, the CAS would succeed had the FAI read the initial write:
        // that completion has no parent, and only the dependencies-only revisit counts the graph
        // (two visited twice when the completion's route counted too; two visited twice and two
        // missed when the CAS reading the FAI was judged on the expected value it was kept with);
        // where the exchange of z 1 made the CAS fail, the CAS is judged on the value it read
        // before the completion (one missed when not)
        "completion-of-an-rmw-of-the-prefix-on-a-store-after-the-read :: r4 = load z acq; store y 7 rel"
                + " || r3 = xchg z 2 rlx || r3 = fai y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq;"
                + " store y 1 rlx || r0 = load y acq; r1 = xchg z 1 rlx",
        // the exchange of y 2 reads the store of y 1 after the load of z that the exchange of z 1
        // revisits, but is outside that exchange's prefix: no parent has it read an earlier write
        // before the store was added, and the dependencies-only revisit is the only route (one
        // missed when it did not count)
        "no-completion-of-an-rmw-outside-the-prefix :: r4 = xchg y 2 rlx || r0 = load z na;"
                + " r1 = cas y r0 3 acq; store y 1 rlx || store y 5 rlx || r0 = load y acq; r1 = xchg z 1 acq_rel",
        // the exchange of z 1 revisits the acquire load of z leaving the load of z out, the FAI of
        // y 7, which read the initial write, completes the FAI of y 2 while the load is open, and
        // the load, refilled, reads the exchange of z 2: that completion has no parent either, but
        // the expected-values-free revisit is the graph's only route here, the dependencies-only
        // one counting no graph that an RMW's write completes (two missed when it was refused)
        "completion-by-an-rmw-without-a-parent :: r4 = load z acq; r5 = fai y 7 rlx || r3 = xchg z 2 rlx"
                + " || r3 = fai y 2 rlx; r0 = load z na; r1 = cas y r0 3 acq; store y 1 rlx"
                + " || r0 = load y acq; r1 = xchg z 1 rlx",
    })
    void revisitCornerCasesBeyondTheRandomBudget(String name, String text) {
        LitmusProgram program = MiniLitmus.parse(name, text);
        String problem = compare(new ReferenceEnumerator(ReferenceEnumerator.Semantics.DEFAULT)
                .enumerate(program, MemoryModel.IMM), LitmusRunner.executionKeys(program, MemoryModel.IMM));
        if (problem != null) {
            fail(RandomLitmusGenerator.render(program) + "\n" + problem);
        }
    }

    /**
     * IMM is checked on more programs than the other models: its revisits (dependency prefixes,
     * holes that replay fills, ceilings) have the most corner cases, and some show up only once in
     * a few thousand programs.
     */
    private static final int IMM_PROGRAMS = 6000;

    private static ReferenceEnumerator.Semantics semantics() {
        String name = System.getProperty("weft.diff.semantics", "default");
        return switch (name) {
            case "default" -> ReferenceEnumerator.Semantics.DEFAULT;
            case "genmc" -> ReferenceEnumerator.Semantics.GENMC;
            case "papers" -> ReferenceEnumerator.Semantics.PAPERS;
            default -> throw new IllegalArgumentException(
                    "weft.diff.semantics must be default, genmc or papers: " + name);
        };
    }

    /**
     * Which variants of the reference's definitions give exactly the explorer's executions: the
     * combinations of {@link ReferenceEnumerator.Semantics} flags that do, fewest changes first.
     */
    static String explain(
            LitmusProgram program, MemoryModel model, ReferenceEnumerator.Semantics used, Set<String> explorer) {
        int flags = ReferenceEnumerator.Semantics.NAMES.length;
        List<List<String>> matching = new ArrayList<>();
        for (int mask = 1; mask < 1 << flags; mask++) {
            ReferenceEnumerator.Semantics variant = used;
            List<String> changes = new ArrayList<>();
            for (int i = 0; i < flags; i++) {
                if ((mask >>> i & 1) != 0) {
                    variant = variant.withFlag(i, !used.flag(i));
                    changes.add(ReferenceEnumerator.Semantics.NAMES[i] + "=" + !used.flag(i));
                }
            }
            if (new ReferenceEnumerator(variant).enumerate(program, model).equals(explorer)) {
                matching.add(changes);
            }
        }
        matching.sort(java.util.Comparator.comparingInt(List::size));
        String head = "reference semantics " + used.describe() + "; ";
        if (matching.isEmpty()) {
            return head + "no combination of the Semantics flags gives the explorer's executions"
                    + " (not a definition choice)\n";
        }
        List<String> shown = new ArrayList<>();
        for (List<String> m : matching.subList(0, Math.min(3, matching.size()))) {
            shown.add(String.join(" + ", m));
        }
        return head + "the explorer's executions are exactly the reference's with " + String.join("  |  ", shown)
                + (matching.size() > 3 ? "  (" + matching.size() + " combinations in all)" : "") + "\n";
    }

    /**
     * A smaller program on which the explorer still disagrees with the reference: threads and
     * instructions are removed one at a time while the difference stays (an instruction that
     * defines a register used later in its thread is kept). Null if nothing could be removed.
     */
    static String minimize(LitmusProgram program, MemoryModel model, ReferenceEnumerator reference) {
        LitmusProgram current = program;
        boolean shrunk = false;
        boolean progress = true;
        while (progress) {
            progress = false;
            for (LitmusProgram candidate : smallerPrograms(current)) {
                if (differs(candidate, model, reference)) {
                    current = candidate;
                    shrunk = progress = true;
                    break;
                }
            }
        }
        if (!shrunk) {
            return null;
        }
        Set<String> expected = reference.enumerate(current, model);
        List<String> actual = LitmusRunner.executionKeys(current, model);
        return "minimized program that still differs:\n" + RandomLitmusGenerator.render(current)
                + compare(expected, actual);
    }

    private static boolean differs(LitmusProgram p, MemoryModel model, ReferenceEnumerator reference) {
        try {
            return compare(reference.enumerate(p, model), LitmusRunner.executionKeys(p, model)) != null;
        } catch (RuntimeException e) {
            return false; // only keep candidates that fail the same way, by differing
        }
    }

    private static List<LitmusProgram> smallerPrograms(LitmusProgram p) {
        List<LitmusProgram> out = new ArrayList<>();
        List<LitmusProgram.LitmusThread> threads = p.threads();
        for (int t = 0; t < threads.size(); t++) {
            if (threads.size() > 1) {
                List<LitmusProgram.LitmusThread> fewer = new ArrayList<>();
                for (int u = 0; u < threads.size(); u++) {
                    if (u != t) { // renamed by position, as the keys name them
                        fewer.add(new LitmusProgram.LitmusThread("T" + fewer.size(), threads.get(u).body()));
                    }
                }
                out.add(new LitmusProgram(p.name(), fewer, p.initialValues()));
            }
            List<Instr> body = threads.get(t).body();
            for (int i = 0; i < body.size(); i++) {
                if (body.size() == 1 || definesUsedRegister(body, i)) {
                    continue;
                }
                List<Instr> shorter = new ArrayList<>(body);
                shorter.remove(i);
                List<LitmusProgram.LitmusThread> ts = new ArrayList<>(threads);
                ts.set(t, new LitmusProgram.LitmusThread(threads.get(t).name(), shorter));
                out.add(new LitmusProgram(p.name(), ts, p.initialValues()));
            }
        }
        return out;
    }

    private static boolean definesUsedRegister(List<Instr> body, int i) {
        Instr instr = body.get(i);
        String reg = instr instanceof Instr.Load l ? l.reg()
                : instr instanceof Instr.Rmw m ? m.reg()
                : instr instanceof Instr.Assign a ? a.reg()
                : null;
        if (reg == null) {
            return false;
        }
        for (int j = i + 1; j < body.size(); j++) {
            if (usedRegisters(body.get(j)).contains(reg)) {
                return true;
            }
        }
        return false;
    }

    /** The registers an instruction reads: in its expressions and its explicit dependencies. */
    private static Set<String> usedRegisters(Instr instr) {
        Set<String> regs = new TreeSet<>();
        Instr.Deps deps = Instr.Deps.NONE;
        if (instr instanceof Instr.Load l) {
            deps = l.deps();
        } else if (instr instanceof Instr.Store st) {
            regs.addAll(st.value().registers());
            deps = st.deps();
        } else if (instr instanceof Instr.Rmw m) {
            regs.addAll(m.operand().registers());
            if (m.expected() != null) {
                regs.addAll(m.expected().registers());
            }
            deps = m.deps();
        } else if (instr instanceof Instr.Assign a) {
            regs.addAll(a.value().registers());
        }
        regs.addAll(deps.addr());
        regs.addAll(deps.data());
        regs.addAll(deps.ctrl());
        return regs;
    }

    /** Null if the explorer's keys are exactly the reference's, each once; otherwise what differs. */
    static String compare(Set<String> expected, List<String> actual) {
        Map<String, Integer> seen = new HashMap<>();
        for (String key : actual) {
            seen.merge(key, 1, Integer::sum);
        }
        Set<String> duplicates = new TreeSet<>();
        seen.forEach((key, times) -> {
            if (times > 1) {
                duplicates.add(key + "   (x" + times + ")");
            }
        });
        Set<String> missing = new TreeSet<>(expected);
        missing.removeAll(seen.keySet());
        Set<String> extra = new TreeSet<>(seen.keySet());
        extra.removeAll(expected);
        if (duplicates.isEmpty() && missing.isEmpty() && extra.isEmpty()) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        sb.append("reference: ").append(expected.size()).append(" executions; explorer: ")
                .append(actual.size()).append(" visits of ").append(seen.size()).append(" distinct keys\n");
        section(sb, "visited more than once", duplicates);
        section(sb, "missing (reference only)", missing);
        section(sb, "extra (explorer only)", extra);
        return sb.toString();
    }

    private static void section(StringBuilder sb, String title, Set<String> keys) {
        if (keys.isEmpty()) {
            return;
        }
        sb.append(title).append(" [").append(keys.size()).append("]:\n");
        int shown = 0;
        for (String key : keys) {
            if (shown++ == 20) {
                sb.append("  ... ").append(keys.size() - 20).append(" more\n");
                break;
            }
            sb.append("  ").append(key).append('\n');
        }
    }

    private static String header(MemoryModel model, long seed, int index, LitmusProgram program) {
        return "model " + model + ", seed " + seed + ", program index " + index
                + " (reproduce: -Dtest=DifferentialExplorerTest -Dweft.diff.only=" + index + ")\n"
                + RandomLitmusGenerator.render(program);
    }

    private static String stackTrace(Throwable e) {
        StringWriter sw = new StringWriter();
        e.printStackTrace(new PrintWriter(sw));
        String s = sw.toString();
        return s.length() > 4000 ? s.substring(0, 4000) + "\n..." : s;
    }
}
