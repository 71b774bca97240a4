package dev.weft.jcstress;

import dev.weft.junit.ReportKeys;
import dev.weft.models.MemoryModel;
import dev.weft.runtime.CheckResult;
import dev.weft.runtime.Failure;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What checking a jcstress-style test found: each reachable outcome with the number of executions
 * that reach it and its grading, the underlying {@link CheckResult}, and whether the test passed
 * (no reachable {@link Expectation#FORBIDDEN} outcome and no other failure).
 */
public final class JCStressResult {
    /**
     * A reachable outcome.
     *
     * @param id     the outcome id ({@code "1, 0"}, {@code TERMINATED}, {@code STALE})
     * @param count  complete executions that reach it (for {@code STALE}: the executions found in
     *               which the actor stays blocked, at least 1)
     * @param expect its grading
     * @param desc   the description of the {@code @Outcome} that matched it
     */
    public record OutcomeCount(String id, long count, Expectation expect, String desc) {}

    private final JCStressSpec spec;
    private final CheckResult check;
    private final List<OutcomeCount> outcomes;
    private final Failure witness;
    private final List<Failure> errors;
    private final List<String> notes;
    private final long nanos;

    JCStressResult(JCStressSpec spec, CheckResult check, List<OutcomeCount> outcomes, Failure witness,
                   List<Failure> errors, List<String> notes, long nanos) {
        this.spec = spec;
        this.check = check;
        this.outcomes = List.copyOf(outcomes);
        this.witness = witness;
        this.errors = List.copyOf(errors);
        this.notes = List.copyOf(notes);
        this.nanos = nanos;
    }

    public Class<?> testClass() {
        return spec.testClass();
    }

    public JCStressSpec spec() {
        return spec;
    }

    public MemoryModel model() {
        return check.model();
    }

    /** The check that counted the outcomes (complete and blocked executions, failures other than the witness). */
    public CheckResult checkResult() {
        return check;
    }

    /** The reachable outcomes, ordered by id. */
    public List<OutcomeCount> outcomes() {
        return outcomes;
    }

    /** The ids of the reachable outcomes. */
    public Set<String> reachable() {
        return outcomes.stream().map(OutcomeCount::id).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /** The reachable outcomes graded {@code expect}. */
    public List<OutcomeCount> reachable(Expectation expect) {
        return outcomes.stream().filter(o -> o.expect() == expect).toList();
    }

    /**
     * The execution that reaches the first FORBIDDEN outcome, as Weft reports it (per-thread trace,
     * graph, replay handle); empty when no forbidden outcome is reachable, or for a STALE outcome
     * Weft found only as a blocked execution (which the runtime does not report).
     */
    public Optional<Failure> witness() {
        return Optional.ofNullable(witness);
    }

    /** Failures that are not outcomes: an exception in an actor, a deadlock in a Continuous test, ... */
    public List<Failure> errors() {
        return errors;
    }

    /** Remarks on how the outcomes were counted (for example a count that is only a lower bound). */
    public List<String> notes() {
        return notes;
    }

    /** Wall-clock time of the whole check, including the re-run that finds a forbidden outcome's trace. */
    public long nanos() {
        return nanos;
    }

    /** No reachable FORBIDDEN outcome and no other failure. */
    public boolean passed() {
        return errors.isEmpty() && reachable(Expectation.FORBIDDEN).isEmpty();
    }

    /** {@code <class>#jcstress}, the name of this check in reports. */
    public String checkName() {
        return spec.testClass().getName() + "#jcstress";
    }

    /** The one JUnit report entry of this check (keys of {@link ReportKeys}). */
    public Map<String, String> reportEntry() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(ReportKeys.CHECK, checkName());
        m.put(ReportKeys.MODEL, model().name());
        m.put(ReportKeys.EXECUTIONS, Long.toString(check.executions()));
        m.put(ReportKeys.BLOCKED, Long.toString(check.blocked()));
        m.put(ReportKeys.RESULT, passed() ? ReportKeys.PASS : ReportKeys.FAIL);
        m.put(ReportKeys.TIME, ReportKeys.seconds(nanos));
        m.put(ReportKeys.EXHAUSTIVE, Boolean.toString(check.exhaustive()));
        for (int i = 0; i < outcomes.size(); i++) {
            OutcomeCount o = outcomes.get(i);
            m.put(ReportKeys.outcome(i), ReportKeys.outcomeValue(o.id(), o.count(), o.expect().name()));
        }
        return m;
    }

    /**
     * The table of reachable outcomes: a summary line, the description, one row per outcome (id,
     * count, grading, description), the interesting outcomes the model allows, the declared outcomes
     * it never reaches, and any notes.
     */
    public String table() {
        String nl = System.lineSeparator();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%s under %s: %s, %d executions, %d blocked, %s s", spec.testClass().getName(),
                model(), passed() ? "PASS" : "FAIL", check.executions(), check.blocked(), ReportKeys.seconds(nanos)));
        spec.description().ifPresent(d -> sb.append(nl).append("  ").append(d));
        int width = Math.max(7, outcomes.stream().mapToInt(o -> o.id().length() + 2).max().orElse(0));
        int countWidth = Math.max(5, outcomes.stream().mapToInt(o -> Long.toString(o.count()).length()).max()
                .orElse(0));
        sb.append(nl).append(String.format("    %-" + width + "s  %" + countWidth + "s  %-22s  %s", "Outcome", "Count",
                "Expect", "Description"));
        for (OutcomeCount o : outcomes) {
            sb.append(nl).append(String.format("    %-" + width + "s  %" + countWidth + "d  %-22s  %s",
                    "\"" + o.id() + "\"", o.count(), o.expect(), o.desc()));
        }
        if (outcomes.isEmpty()) {
            sb.append(nl).append("    (no execution completed)");
        }
        List<OutcomeCount> interesting = reachable(Expectation.ACCEPTABLE_INTERESTING);
        if (!interesting.isEmpty()) {
            sb.append(nl).append("  Interesting outcomes ").append(model()).append(" allows: ")
                    .append(interesting.stream().map(o -> "\"" + o.id() + "\"").collect(Collectors.joining(", ")));
        }
        List<String> unreached = unreachedDeclarations();
        if (!unreached.isEmpty()) {
            sb.append(nl).append("  Declared outcomes ").append(model()).append(" never reaches: ")
                    .append(String.join(", ", unreached));
        }
        for (String note : notes) {
            sb.append(nl).append("  Note: ").append(note);
        }
        return sb.toString();
    }

    /** The table, then the trace of the forbidden outcome and the other failures, if any. */
    public String report() {
        String nl = System.lineSeparator();
        StringBuilder sb = new StringBuilder(table());
        List<OutcomeCount> forbidden = reachable(Expectation.FORBIDDEN);
        if (!forbidden.isEmpty()) {
            OutcomeCount first = forbidden.get(0);
            sb.append(nl).append("FORBIDDEN outcome \"").append(first.id()).append("\" is reachable under ")
                    .append(model()).append(" (").append(first.desc()).append(")");
            if (witness != null) {
                sb.append(nl).append("An execution that reaches it:").append(nl).append(witness);
            } else {
                sb.append(nl).append("(Weft found it as a blocked execution, which it reports without a trace)");
            }
        }
        for (Failure f : errors) {
            sb.append(nl).append(f);
        }
        return sb.toString();
    }

    /** Declared outcome ids that no reachable outcome matches, with their grading. */
    private List<String> unreachedDeclarations() {
        Set<String> ids = new LinkedHashSet<>();
        for (OutcomeSpec o : spec.outcomes()) {
            for (String id : o.ids()) {
                if (id.isEmpty()) {
                    continue;
                }
                boolean reached = outcomes.stream().anyMatch(r -> r.id().equals(id)
                        || new OutcomeSpec(List.of(id), o.expect(), o.desc(), o.declaredOn()).matchesPattern(r.id()));
                if (!reached) {
                    ids.add("\"" + id + "\" (" + o.expect() + ")");
                }
            }
        }
        return List.copyOf(ids);
    }

    @Override
    public String toString() {
        return table();
    }
}
