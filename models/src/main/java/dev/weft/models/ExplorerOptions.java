package dev.weft.models;

/**
 * Limits and switches of an exploration.
 *
 * @param maxExecutions   stop after this many executions (complete + blocked); 0 for no limit
 * @param stopOnViolation stop at the first violation (the default) or keep exploring
 * @param alwaysFullCheck run the model's full axiomatic check after every non-maximal choice, even
 *                        where the incremental filter is exact (a cross-check for tests)
 */
public record ExplorerOptions(long maxExecutions, boolean stopOnViolation, boolean alwaysFullCheck) {
    public static final ExplorerOptions DEFAULT = new ExplorerOptions(0, true, false);
}
