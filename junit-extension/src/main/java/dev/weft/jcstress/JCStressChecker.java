package dev.weft.jcstress;

import dev.weft.models.MemoryModel;
import dev.weft.runtime.CheckOptions;
import dev.weft.runtime.CheckResult;
import dev.weft.runtime.Failure;
import dev.weft.runtime.RacePolicy;
import dev.weft.runtime.Weft;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks a jcstress-style test class exhaustively under a memory model: every execution the model
 * allows runs once, and its outcome is graded by the test's {@code @Outcome}s.
 *
 * <pre>{@code
 * JCStressResult r = JCStressChecker.check(StoreBufferingTest.class, MemoryModel.RC11);
 * System.out.println(r.table());
 * assert r.passed() : r.report();
 * }</pre>
 *
 * <p><b>How one execution runs</b> (as jcstress grades it): the test instance and the {@code @State}
 * objects are constructed first, so their construction happens before the actors; each
 * {@code @Actor} runs on its own thread; the {@code @Arbiter} runs once every actor has been joined;
 * the result object's text ({@code "1, 0"}) is the outcome. In {@code Mode.Termination} the actor
 * runs on its own thread while the {@code @Signal} runs on the main one, and the outcome is
 * {@code TERMINATED} when the actor returns.
 *
 * <p><b>Counting.</b> The runtime has no callback per execution, so the body itself hands its
 * outcome to the checker as its last action, after the joins. Every complete execution runs the
 * body to its end exactly once, so the counts are exact and add up to
 * {@link CheckResult#executions()}; blocked executions never reach the end and count nowhere.
 *
 * <p><b>A forbidden outcome</b> that is reachable fails the check. To show how it is reached, the
 * checker explores again with a body that fails an assertion on a forbidden outcome: Weft stops at
 * the first such execution and reports it with its per-thread trace and replay handle
 * ({@link JCStressResult#witness()}).
 *
 * <p><b>{@code STALE}</b> (Termination mode) is what Weft can prove about an actor that never returns:
 * <ul>
 *   <li>a deadlock in which the actor has not returned (it waits, parks or locks for good: Weft
 *       reports a {@link Failure.Kind#DEADLOCK}, which then is the witness). Weft stops exploring at
 *       that execution, so the counts of that check are lower bounds;</li>
 *   <li>no complete execution at all, only blocked ones: the actor spins for ever in every execution.</li>
 * </ul>
 * A spin loop that never exits in some executions but does in others is not told apart from the
 * blocked executions every spin loop has (Weft's spin-assume prunes the iterations that read a value
 * another thread overwrites later, and counts them as blocked): that needs the runtime to report
 * which blocked executions read only co-maximal values (GenMC's liveness check).
 */
public final class JCStressChecker {
    private JCStressChecker() {}

    /** The model of a test class: its {@link WeftModel}, else RC11. */
    public static MemoryModel modelOf(Class<?> test) {
        WeftModel m = test.getAnnotation(WeftModel.class);
        return m == null ? MemoryModel.RC11 : m.value();
    }

    /** Checks {@code test} under its {@link #modelOf model}. */
    public static JCStressResult check(Class<?> test) {
        return check(test, modelOf(test));
    }

    /**
     * Checks {@code test} under {@code model}, with the runtime's default bounds and without race
     * detection: jcstress tests race on purpose, and their outcomes say what the races may do.
     */
    public static JCStressResult check(Class<?> test, MemoryModel model) {
        return check(test, options(model));
    }

    /** The options the engine and {@link #check(Class, MemoryModel)} use: the defaults, races ignored. */
    public static CheckOptions options(MemoryModel model) {
        return CheckOptions.of(model).withRaces(RacePolicy.IGNORE);
    }

    /**
     * Checks {@code test} with {@code options} (model, bounds).
     *
     * @throws IllegalArgumentException when {@code test} is not a valid jcstress test
     * @throws dev.weft.runtime.UnsupportedByWeft when the check cannot run (no agent, IMM)
     */
    public static JCStressResult check(Class<?> test, CheckOptions options) {
        JCStressSpec spec = JCStressSpec.of(test);
        spec.initialiseClasses();

        List<String> log = new ArrayList<>();
        CheckResult counted = Weft.check(options, spec.execution(spec.newResult(), log::add, null)::run);
        long nanos = counted.nanos();
        refuseUnmodelled(log);
        List<List<String>> executions = split(log);

        Map<String, Long> counts = new LinkedHashMap<>();
        for (List<String> execution : executions) {
            String outcome = outcomeOf(execution);
            if (outcome != null) {
                counts.merge(outcome, 1L, Long::sum);
            }
        }
        List<String> notes = new ArrayList<>();
        List<Failure> errors = new ArrayList<>();
        Failure witness = null;
        long stale = 0;
        for (Failure f : counted.failures()) {
            boolean actorReturned = !executions.isEmpty() && executions.get(executions.size() - 1)
                    .contains(Execution.ACTOR_DONE);
            if (spec.mode() == JCStressSpec.Mode.TERMINATION && f.kind() == Failure.Kind.DEADLOCK && !actorReturned) {
                stale = 1;
                witness = f;
                notes.add("the actor blocks for good in execution " + f.run() + " (a deadlock); Weft stops exploring"
                        + " there, so the counts are lower bounds");
            } else {
                errors.add(f);
            }
        }
        if (spec.mode() == JCStressSpec.Mode.TERMINATION && counted.executions() == 0 && counted.blocked() > 0
                && counted.failures().isEmpty()) {
            stale = counted.blocked();
            notes.add("no execution completes: the actor spins for ever in every one of them");
        }
        if (stale > 0) {
            counts.merge(JCStressSpec.STALE, stale, Long::sum);
        }
        long countedExecutions = counts.entrySet().stream().filter(e -> !e.getKey().equals(JCStressSpec.STALE))
                .mapToLong(Map.Entry::getValue).sum();
        if (counted.failures().isEmpty() && countedExecutions != counted.executions()) {
            notes.add("the outcomes of " + countedExecutions + " executions were counted, but " + counted.executions()
                    + " completed (an actor starts a thread it does not join?)");
        }
        if (!counted.exhaustive() && counted.failures().isEmpty()) {
            notes.add("the exploration was cut short by a bound: outcomes may be missing");
        }

        List<JCStressResult.OutcomeCount> outcomes = new ArrayList<>();
        boolean forbiddenCompleted = false;
        for (Map.Entry<String, Long> e : counts.entrySet()) {
            JCStressSpec.Grade g = spec.grade(e.getKey());
            outcomes.add(new JCStressResult.OutcomeCount(e.getKey(), e.getValue(), g.expect(), g.desc()));
            if (g.expect() == Expectation.FORBIDDEN && !e.getKey().equals(JCStressSpec.STALE)) {
                forbiddenCompleted = true;
            }
        }
        outcomes.sort(Comparator.comparing(JCStressResult.OutcomeCount::id, JCStressSpec::naturalCompare));

        if (forbiddenCompleted && errors.isEmpty()) {
            // Explore again, failing on the first forbidden outcome, so that Weft reports its execution.
            CheckResult again = Weft.check(options, spec.execution(spec.newResult(), entry -> { },
                    outcome -> forbiddenMessage(spec, outcome))::run);
            nanos += again.nanos();
            Failure found = again.failures().stream()
                    .filter(f -> f.kind() == Failure.Kind.UNCAUGHT_EXCEPTION && f.message().contains(MARKER))
                    .findFirst().orElse(null);
            if (found != null) {
                witness = found;
            } else {
                notes.add("the re-run that looks for the forbidden outcome's execution did not find it: "
                        + again.report());
            }
        }
        return new JCStressResult(spec, counted, outcomes, witness, errors, notes, nanos);
    }

    /**
     * Refuses a check whose actors did not run as model threads: {@code dev.weft.jcstressrun} was left
     * uninstrumented, so the explorer saw none of their accesses and the check means nothing.
     */
    static void refuseUnmodelled(List<String> log) {
        if (log.contains(Execution.UNMODELLED)) {
            throw new IllegalStateException("the actors ran as ordinary threads, not as Weft's model threads:"
                    + " Weft's agent did not instrument dev.weft.jcstressrun.ModelThreads (is dev.weft.jcstressrun"
                    + " excluded by -Dweft.exclude or the agent's exclude= option?), so no execution was explored");
        }
    }

    private static final String MARKER = "Weft jcstress: forbidden outcome";

    private static String forbiddenMessage(JCStressSpec spec, String outcome) {
        JCStressSpec.Grade g = spec.grade(outcome);
        if (g.expect() != Expectation.FORBIDDEN) {
            return null;
        }
        return MARKER + " \"" + outcome + "\" of " + spec.testClass().getSimpleName() + ": " + g.desc();
    }

    /** The log of the whole check, one list per execution (each began with {@link Execution#BEGIN}). */
    private static List<List<String>> split(List<String> log) {
        List<List<String>> executions = new ArrayList<>();
        for (String entry : log) {
            if (entry.equals(Execution.BEGIN)) {
                executions.add(new ArrayList<>());
            } else if (!executions.isEmpty()) {
                executions.get(executions.size() - 1).add(entry);
            }
        }
        return executions;
    }

    private static String outcomeOf(List<String> execution) {
        for (String entry : execution) {
            if (entry.startsWith(Execution.OUTCOME)) {
                return entry.substring(Execution.OUTCOME.length());
            }
        }
        return null;
    }
}
