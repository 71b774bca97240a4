package dev.weft.runtime;

/**
 * What a check does when a complete execution has a data race: two conflicting accesses from
 * different threads, at least one of them plain, not ordered by happens-before.
 */
public enum RacePolicy {
    /** Fail the check on the first race, with the execution that has it. */
    FAIL,
    /** Report the first race on stderr and in {@link CheckResult#warnings}, without failing. */
    WARN,
    /** Do not look for races. */
    IGNORE
}
