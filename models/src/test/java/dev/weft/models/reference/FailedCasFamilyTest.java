package dev.weft.models.reference;

import static org.junit.jupiter.api.Assertions.fail;

import dev.weft.litmus.LitmusProgram;
import dev.weft.litmus.LitmusRunner;
import dev.weft.models.MemoryModel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * IMM on a structured family the random programs rarely reach (one of 480,000 was in it): a
 * load gives a CAS its expected value, the CAS fails, and a later access of the CAS's location
 * may be read by a thread whose exchange (or store) that load reads. Load buffering through such
 * a cycle is allowed by GenMC's IMM, whose ppo has neither casdep nor {@code [R_ex];po}, and
 * reaching it needs revisits that change a CAS's outcome or refill its expected value.
 *
 * <p>Every program must give exactly the reference's graphs: none twice, none the reference
 * rejects, none missed, no exception. A failure lists every program that differs.
 */
class FailedCasFamilyTest {
    private static final List<String> PROGRAMS = programs();

    /** 3,780 programs: two or three threads, in every order. */
    private static List<String> programs() {
        Set<String> programs = new LinkedHashSet<>();
        for (String loadMode : List.of("acq", "rlx")) {
            for (String publish : List.of("r1 = xchg z 1 acq_rel", "r1 = xchg z 1 rel", "store z 1 rel",
                    "r1 = xchg z 1 rlx", "r1 = fai z 1 rel")) {
                String reader = "r0 = load y " + loadMode + "; " + publish;
                for (String before : List.of("", "store y 2 rel; ", "store y 2 rlx; ")) {
                    for (String casMode : List.of("acq", "sc", "rlx")) {
                        for (String after : List.of("r2 = fai y 1 rlx", "store y 1 rlx", "r2 = xchg y 1 rlx")) {
                            String caser = before + "r0 = load z na; r1 = cas y r0 3 " + casMode + "; " + after;
                            for (String third : List.of("", "store z 1 rlx", "store z 2 rlx")) {
                                List<String> threads = third.isEmpty()
                                        ? List.of(reader, caser) : List.of(reader, caser, third);
                                permutations(threads, new ArrayList<>(), programs);
                            }
                        }
                    }
                }
            }
        }
        return new ArrayList<>(programs);
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
        List<String> failures = check();
        if (!failures.isEmpty()) {
            fail(failures.size() + " of " + PROGRAMS.size() + " programs:\n" + String.join("\n", failures));
        }
    }

    private static List<String> check() {
        ReferenceEnumerator reference = new ReferenceEnumerator(ReferenceEnumerator.Semantics.DEFAULT);
        List<String> failures = new ArrayList<>();
        for (String text : PROGRAMS) {
            LitmusProgram program = MiniLitmus.parse("family", text);
            Set<String> expected = reference.enumerate(program, MemoryModel.IMM);
            List<String> actual;
            try {
                actual = LitmusRunner.executionKeys(program, MemoryModel.IMM);
            } catch (RuntimeException e) {
                failures.add(text + "\n  threw " + e);
                continue;
            }
            Set<String> distinct = new HashSet<>(actual);
            if (distinct.size() != actual.size() || !distinct.equals(expected)) {
                failures.add(text + "\n  " + DifferentialExplorerTest.compare(expected, actual).lines().findFirst().orElseThrow());
            }
        }
        return failures;
    }
}
