package dev.weft.models;

import java.util.List;

/**
 * What an exploration found: complete executions (every thread finished), blocked executions
 * (some thread blocked at the end: a failed assume, a lock never released, a join never satisfied),
 * and the errors found, each with the execution that shows it.
 */
public record ExplorationResult(long complete, long blocked, List<Violation> violations, long nanos) {
    public ExplorationResult {
        violations = List.copyOf(violations);
    }

    public boolean hasViolations() {
        return !violations.isEmpty();
    }
}
