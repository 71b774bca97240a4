package dev.weft.models;

/**
 * An error found in an execution, with that execution: as a graph (for reports that draw it) and
 * rendered per thread (for messages).
 */
public record Violation(Cause cause, String message, String execution, ExecutionSnapshot graph) {

    /** Why the execution is a violation. */
    public enum Cause {
        /** The program failed: an error action (a failed assertion), or a misuse such as releasing a lock it does not hold. */
        PROGRAM_ERROR,
        /** A thread exceeded the per-thread event bound: a possible livelock. */
        EVENT_BOUND
    }

    @Override
    public String toString() {
        return message + System.lineSeparator() + execution;
    }
}
