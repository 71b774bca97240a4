package dev.weft.models.reference;

import static org.junit.jupiter.api.Assertions.fail;

import dev.weft.litmus.LitmusProgram;
import dev.weft.litmus.LitmusRunner;
import dev.weft.models.MemoryModel;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * IMM on a structured family the random programs rarely reach (one of 480,000 was in it): a
 * load gives a CAS its expected value, the CAS fails, and a later access of the CAS's location
 * may be read by a thread whose exchange (or store) that load reads. Load buffering through such
 * a cycle is allowed by GenMC's IMM, whose ppo has neither casdep nor {@code [R_ex];po}, and
 * reaching it needs revisits that change a CAS's outcome or refill its expected value.
 *
 * <p>Every program of the family, of a wider one, and of both with a fourth thread added to some
 * of them, must give exactly the reference's graphs: none twice, none the reference rejects, none
 * missed, no exception. With other fourth threads, no program may visit a graph twice but those
 * listed in {@value #OTHER_VISITED_TWICE}, and none may give a graph the reference rejects or
 * throw; with fourth threads of other shapes, none may, and the totals of graphs missed and
 * visited again may only fall. A failure lists every program that differs.
 */
class FailedCasFamilyTest {
    /** 3,780 programs, all exact since 830664c. */
    private static final List<String> PROGRAMS = new Family(List.of("acq", "rlx"),
            List.of("r1 = xchg z 1 acq_rel", "r1 = xchg z 1 rel", "store z 1 rel", "r1 = xchg z 1 rlx", "r1 = fai z 1 rel"),
            List.of("na"),
            List.of("", "store y 2 rel; ", "store y 2 rlx; "),
            List.of("cas y r0 3 acq", "cas y r0 3 sc", "cas y r0 3 rlx"),
            List.of("r2 = fai y 1 rlx", "store y 1 rlx", "r2 = xchg y 1 rlx"),
            List.of("", "store z 1 rlx", "store z 2 rlx")).programs();

    /**
     * 30,720 programs around the same cycle: an acquire load of z, an FAI or a weak CAS before the
     * CAS, a succeeding CAS or a load after it, and a third thread whose RMW, store or dependent
     * store competes with either thread. All exact since a smaller prefix may leave out a
     * conflicting RMW that took its write where no other parent gives it (docs/architecture.md).
     */
    private static final List<String> WIDE = new Family(List.of("acq", "rlx"),
            List.of("r1 = xchg z 1 acq_rel", "store z 1 rel", "r1 = xchg z 1 rlx"),
            List.of("na", "acq"),
            List.of("", "store y 2 rlx; ", "r3 = fai y 2 rlx; ", "store y 2 rel; "),
            List.of("cas y r0 3 rlx", "cas y r0 3 acq", "wcas y r0 3 rlx", "cas y r0 3 sc"),
            List.of("r2 = fai y 1 rlx", "r2 = cas y 2 4 rlx", "r2 = xchg y 1 rlx", "store y 1 rlx",
                    "r2 = load y rlx; store x 1 rlx"),
            List.of("", "store z 2 rlx", "r3 = fai y 1 rlx", "store y 5 rlx", "r3 = xchg z 2 rlx",
                    "r3 = load x rlx; store z 2 rlx")).programs();

    /**
     * 2,480 programs of four threads: each of {@value #FOURTH_THREAD_BASES} with a fourth thread
     * that competes for z or y, first or last. All exact since a dependencies-only revisit from a
     * parent where the CAS wrote may owe a conflict (docs/architecture.md).
     */
    private static final List<String> FOURTH_THREAD = withFourthThread(List.of("store z 5 rlx", "store y 6 rlx",
            "r5 = xchg z 5 rlx", "r4 = fai y 2 rlx"));

    private static final String FOURTH_THREAD_BASES = "fourth-thread-bases.txt";

    /**
     * 3,720 programs: the same bases with six other fourth threads, first or last. Not exact yet
     * (the open part of issue 2, docs/architecture.md "What is left"), but none may visit a graph
     * twice but those listed in {@value #OTHER_VISITED_TWICE}, and together they miss exactly
     * {@link #MISSED_WITH_ANOTHER_FOURTH_THREAD} graphs (none since a revisit no longer keeps a store
     * that a completion gives instead).
     */
    private static final List<String> OTHER_FOURTH_THREAD = withFourthThread(List.of("r4 = xchg y 2 rlx",
            "r4 = cas y 0 2 rlx", "r4 = fai y 2 acq", "store z 5 rel", "r5 = fai z 5 rlx",
            "r4 = load z acq; store y 7 rlx"));

    /** The programs with another fourth thread that still visit a graph twice: a ratchet. */
    private static final String OTHER_VISITED_TWICE = "other-fourth-thread-visited-twice.txt";

    /**
     * The graphs the explorer misses with another fourth thread, in all: a ratchet on the total, so
     * that a rule that trades a graph visited twice for one missed, there or elsewhere, cannot land
     * unnoticed.
     */
    private static final int MISSED_WITH_ANOTHER_FOURTH_THREAD = 0;

    /**
     * 1,860 programs: the same bases with fourth threads of the last shape varied (a release store
     * of y 7, an FAI of y 7, a relaxed load of z), first or last, added to see how far the rules
     * carry. Not exact (docs/architecture.md "What is left"): every program must be sound,
     * and the totals of graphs missed and of visits to a graph already visited are held as
     * ratchets, so that no rule lands that makes either grow.
     */
    private static final List<String> FOURTH_THREAD_OF_OTHER_SHAPES = withFourthThread(List.of(
            "r4 = load z acq; store y 7 rel", "r4 = load z acq; r5 = fai y 7 rlx", "r4 = load z rlx; store y 7 rlx"));

    /**
     * Graphs missed on {@link #FOURTH_THREAD_OF_OTHER_SHAPES}, in all: a ratchet (none since a CAS
     * made to fail is judged on the value it read when a later revisit completes anew the RMW it
     * read).
     */
    private static final int MISSED_WITH_OTHER_SHAPES = 0;

    /** Visits to a graph visited before on {@link #FOURTH_THREAD_OF_OTHER_SHAPES}, in all: a ratchet. */
    private static final int VISITED_AGAIN_WITH_OTHER_SHAPES = 7;

    /**
     * Programs of a reader thread (a load of y, then a publication of z), a CAS thread (an access
     * of y, a load of z giving the CAS of y its expected value, an access of y) and an optional
     * third thread, in every order.
     */
    private record Family(List<String> loadModes, List<String> publications, List<String> expectedLoadModes,
                          List<String> befores, List<String> cases, List<String> afters, List<String> thirds) {
        List<String> programs() {
            Set<String> programs = new LinkedHashSet<>();
            for (String loadMode : loadModes) {
                for (String publish : publications) {
                    String reader = "r0 = load y " + loadMode + "; " + publish;
                    for (String expectedLoadMode : expectedLoadModes) {
                        for (String before : befores) {
                            for (String cas : cases) {
                                for (String after : afters) {
                                    String caser = before + "r0 = load z " + expectedLoadMode + "; r1 = " + cas
                                            + "; " + after;
                                    for (String third : thirds) {
                                        List<String> threads = third.isEmpty()
                                                ? List.of(reader, caser) : List.of(reader, caser, third);
                                        permutations(threads, new ArrayList<>(), programs);
                                    }
                                }
                            }
                        }
                    }
                }
            }
            return new ArrayList<>(programs);
        }
    }

    private static List<String> withFourthThread(List<String> fourths) {
        List<String> programs = new ArrayList<>();
        for (String base : listed(FOURTH_THREAD_BASES)) {
            for (String fourth : fourths) {
                programs.add(fourth + " || " + base);
                programs.add(base + " || " + fourth);
            }
        }
        return programs;
    }

    private static void permutations(List<String> left, List<String> chosen, Set<String> out) {
        if (left.isEmpty()) {
            out.add(String.join(" || ", chosen));
            return;
        }
        for (String t : left) {
            List<String> rest = new ArrayList<>(left);
            rest.remove(t);
            chosen.add(t);
            permutations(rest, chosen, out);
            chosen.remove(chosen.size() - 1);
        }
    }

    @Test
    void explorerVisitsExactlyTheReferenceGraphs() {
        List<String> failures = inexact(PROGRAMS);
        failIfAny(failures, PROGRAMS);
    }

    @Test
    void onTheWideFamilyTheExplorerVisitsExactlyTheReferenceGraphs() {
        failIfAny(inexact(WIDE), WIDE);
    }

    @Test
    void withAFourthThreadTheExplorerVisitsExactlyTheReferenceGraphs() {
        failIfAny(inexact(FOURTH_THREAD), FOURTH_THREAD);
    }

    @Test
    void withAnotherFourthThreadNoGraphIsVisitedTwiceButOnTheListedPrograms() {
        List<Outcome> outcomes = ratchet(OTHER_FOURTH_THREAD, OTHER_VISITED_TWICE, Outcome::sound,
                Outcome::noneTwice, "visits no graph twice now");
        holdRatchet("with another fourth thread", "graphs missed", outcomes.stream().mapToInt(Outcome::missed).sum(),
                MISSED_WITH_ANOTHER_FOURTH_THREAD, "MISSED_WITH_ANOTHER_FOURTH_THREAD");
    }

    @Test
    void withFourthThreadsOfOtherShapesNeitherMissedNorRepeatedGraphsGrow() {
        ReferenceEnumerator reference = new ReferenceEnumerator(ReferenceEnumerator.Semantics.DEFAULT);
        List<String> failures = new ArrayList<>();
        int missed = 0;
        int again = 0;
        for (String text : FOURTH_THREAD_OF_OTHER_SHAPES) {
            Outcome outcome = Outcome.of(reference, text);
            if (!outcome.sound()) {
                failures.add(outcome.report());
            }
            missed += outcome.missed();
            again += outcome.visitedAgain();
        }
        failIfAny(failures, FOURTH_THREAD_OF_OTHER_SHAPES);
        holdRatchet("with fourth threads of other shapes", "graphs missed", missed, MISSED_WITH_OTHER_SHAPES,
                "MISSED_WITH_OTHER_SHAPES");
        holdRatchet("with fourth threads of other shapes", "visits to a graph visited before", again,
                VISITED_AGAIN_WITH_OTHER_SHAPES, "VISITED_AGAIN_WITH_OTHER_SHAPES");
    }

    /** Fails unless {@code count} is {@code held}, telling to lower {@code constant} when it fell. */
    private static void holdRatchet(String family, String what, int count, int held, String constant) {
        if (count != held) {
            fail(family + " the family has " + count + " " + what + " in all, not " + held
                    + (count < held ? ": lower " + constant : ""));
        }
    }

    /**
     * Every program of {@code family} must be {@code allowed}, and reach the {@code goal} unless
     * {@code resource} lists it; a listed one that reaches it, or that is not in the family, fails
     * too, so that the list only shrinks.
     */
    private static List<Outcome> ratchet(List<String> family, String resource, Predicate<Outcome> allowed,
                                         Predicate<Outcome> goal, String reached) {
        Set<String> listed = new LinkedHashSet<>(listed(resource));
        ReferenceEnumerator reference = new ReferenceEnumerator(ReferenceEnumerator.Semantics.DEFAULT);
        List<String> failures = new ArrayList<>();
        List<Outcome> outcomes = new ArrayList<>();
        for (String text : family) {
            Outcome outcome = Outcome.of(reference, text);
            outcomes.add(outcome);
            boolean isListed = listed.contains(text);
            if (!allowed.test(outcome) || (!isListed && !goal.test(outcome))) {
                failures.add(outcome.report());
            } else if (isListed && goal.test(outcome)) {
                failures.add(text + "\n  " + reached + ": remove it from " + resource);
            }
        }
        listed.removeAll(family);
        for (String text : listed) {
            failures.add(text + "\n  is listed in " + resource + " but is not in the family");
        }
        failIfAny(failures, family);
        return outcomes;
    }

    /** Fails with every program of {@code failures}, counted against those of {@code checked}. */
    private static void failIfAny(List<String> failures, List<String> checked) {
        if (!failures.isEmpty()) {
            fail(failures.size() + " of " + checked.size() + " programs:\n" + String.join("\n", failures));
        }
    }

    /** The programs of a test resource, one per line, without its comment lines. */
    private static List<String> listed(String resource) {
        try (InputStream in = FailedCasFamilyTest.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + resource);
            }
            List<String> programs = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    programs.add(line.strip());
                }
            }
            return programs;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The programs the explorer is not exact on, with how: a graph twice, one missed or rejected, or an exception. */
    private static List<String> inexact(List<String> programs) {
        ReferenceEnumerator reference = new ReferenceEnumerator(ReferenceEnumerator.Semantics.DEFAULT);
        List<String> failures = new ArrayList<>();
        for (String text : programs) {
            Outcome outcome = Outcome.of(reference, text);
            if (!outcome.exact()) {
                failures.add(outcome.report());
            }
        }
        return failures;
    }

    /**
     * How the explorer did on one program against the reference. {@code sound}: no graph the
     * reference rejects and no exception; {@code noneTwice}: no graph visited twice; {@code exact}:
     * both, and none missed; {@code missed}: how many of the reference's graphs it did not visit;
     * {@code visitedAgain}: how many of its visits were to a graph it had visited before.
     */
    private record Outcome(String text, boolean sound, boolean noneTwice, boolean exact, int missed,
                           int visitedAgain, String difference) {
        static Outcome of(ReferenceEnumerator reference, String text) {
            LitmusProgram program = MiniLitmus.parse("family", text);
            Set<String> expected = reference.enumerate(program, MemoryModel.IMM);
            List<String> actual;
            try {
                actual = LitmusRunner.executionKeys(program, MemoryModel.IMM);
            } catch (RuntimeException e) {
                return new Outcome(text, false, false, false, expected.size(), 0, "threw " + e);
            }
            Set<String> distinct = new HashSet<>(actual);
            boolean noneTwice = distinct.size() == actual.size();
            boolean exact = noneTwice && distinct.equals(expected);
            String difference = exact ? "" : DifferentialExplorerTest.compare(expected, actual).lines().findFirst().orElseThrow();
            int missed = (int) expected.stream().filter(key -> !distinct.contains(key)).count();
            return new Outcome(text, expected.containsAll(distinct), noneTwice, exact, missed,
                    actual.size() - distinct.size(), difference);
        }

        String report() {
            return text + "\n  " + difference;
        }
    }
}
