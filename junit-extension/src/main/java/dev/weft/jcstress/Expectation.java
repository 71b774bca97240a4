package dev.weft.jcstress;

/**
 * How an outcome is graded: jcstress's {@code Expect}, without linking against jcstress. Its
 * {@code UNKNOWN} (which jcstress reports as an error) is read as {@link #FORBIDDEN}.
 */
public enum Expectation {
    /** Allowed. */
    ACCEPTABLE,
    /** Allowed, and worth pointing out: the memory model's weakness shows. */
    ACCEPTABLE_INTERESTING,
    /** Must never happen: reaching it fails the test. */
    FORBIDDEN;

    static Expectation fromJCStress(String name) {
        return switch (name) {
            case "ACCEPTABLE" -> ACCEPTABLE;
            case "ACCEPTABLE_INTERESTING" -> ACCEPTABLE_INTERESTING;
            default -> FORBIDDEN; // FORBIDDEN, and UNKNOWN, which jcstress fails on as well
        };
    }
}
