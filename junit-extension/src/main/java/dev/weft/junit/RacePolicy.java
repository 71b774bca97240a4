package dev.weft.junit;

/**
 * What a check does when it finds a data race (two conflicting plain accesses not ordered by
 * happens-before). Race detection is not implemented yet: the runtime reports no races, so every
 * policy currently behaves like {@link #IGNORE}.
 */
public enum RacePolicy {
    /** Fail the check on the first race. */
    FAIL,
    /** Report races without failing. */
    WARN,
    /** Do not look for races. */
    IGNORE
}
