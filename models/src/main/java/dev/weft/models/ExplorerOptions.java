package dev.weft.models;

/**
 * Limits and switches of an exploration.
 *
 * @param maxExecutions      stop after this many executions (complete + blocked); 0 for no limit
 * @param stopOnViolation    stop at the first violation (the default) or keep exploring
 * @param alwaysFullCheck    run the model's full axiomatic check after every non-maximal choice,
 *                           even where the incremental filter is exact (a cross-check for tests)
 * @param maxEventsPerThread a thread that reaches this many events in one execution is reported as
 *                           a possible livelock at its last program point, instead of running on
 */
public record ExplorerOptions(long maxExecutions, boolean stopOnViolation, boolean alwaysFullCheck,
                              int maxEventsPerThread) {
    public static final int DEFAULT_MAX_EVENTS_PER_THREAD = 100_000;
    public static final ExplorerOptions DEFAULT = new ExplorerOptions(0, true, false);

    public ExplorerOptions(long maxExecutions, boolean stopOnViolation, boolean alwaysFullCheck) {
        this(maxExecutions, stopOnViolation, alwaysFullCheck, DEFAULT_MAX_EVENTS_PER_THREAD);
    }

    public ExplorerOptions {
        if (maxExecutions < 0 || maxEventsPerThread < 1) {
            throw new IllegalArgumentException("maxExecutions must be >= 0 and maxEventsPerThread >= 1");
        }
    }

    public ExplorerOptions withMaxEventsPerThread(int max) {
        return new ExplorerOptions(maxExecutions, stopOnViolation, alwaysFullCheck, max);
    }
}
