package dev.weft.runtime;

import dev.weft.models.ExecutionSnapshot;
import java.util.Map;

/**
 * A reason a check failed.
 *
 * @param kind      what went wrong
 * @param message   one paragraph that says what and where
 * @param execution the execution that shows it, per thread (empty for setup errors)
 * @param graph     the same execution as a graph (events, rf, co), or null for setup errors
 * @param locations readable names of the graph's locations
 * @param run       the number of the execution (1 for the first one the check ran), or 0
 * @param model     the memory model the execution is consistent under
 */
public record Failure(Kind kind, String message, String execution, ExecutionSnapshot graph,
                      Map<Integer, String> locations, long run, dev.weft.models.MemoryModel model) {

    public enum Kind {
        /** An exception or failed assertion in a model thread. */
        UNCAUGHT_EXCEPTION,
        /** Two conflicting accesses, one plain, not ordered by happens-before ({@link RacePolicy#FAIL}). */
        DATA_RACE,
        /** Every live thread is blocked for good. */
        DEADLOCK,
        /** A thread exceeded the per-thread event bound. */
        LIVELOCK,
        /** The test did something else when an execution was replayed. */
        NONDETERMINISM,
        /** A thread ran uninstrumented code for too long without reaching an event. */
        STUCK,
        /** The test used something Weft does not support. */
        UNSUPPORTED,
        /** Weft itself failed. */
        INTERNAL
    }

    /**
     * A handle that re-runs the check up to exactly this execution ({@link CheckOptions#withReplay}):
     * exploration is deterministic, so execution {@code run} is the same graph every time.
     */
    public String replayHandle() {
        return model + ":" + run;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(kind + ": " + message);
        if (!execution.isEmpty()) {
            sb.append(System.lineSeparator()).append(execution);
        }
        if (run > 0) {
            sb.append("  replay: ").append(replayHandle());
        }
        return sb.toString();
    }
}
