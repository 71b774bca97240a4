package dev.weft.runtime;

/**
 * A reason a check failed.
 *
 * @param kind      what went wrong
 * @param message   one paragraph that says what and where
 * @param execution the execution that shows it, per thread (empty for setup errors)
 */
public record Failure(Kind kind, String message, String execution) {

    public enum Kind {
        /** An exception or failed assertion in a model thread. */
        UNCAUGHT_EXCEPTION,
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

    @Override
    public String toString() {
        return execution.isEmpty() ? kind + ": " + message
                : kind + ": " + message + System.lineSeparator() + execution;
    }
}
