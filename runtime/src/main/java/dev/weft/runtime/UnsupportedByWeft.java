package dev.weft.runtime;

/**
 * The code under test did something Weft cannot explore (an unseeded Random, a blocking JDK call
 * it does not model, IMM on JVM code). It fails the check at once with a message that says what to
 * change, instead of a hang or a wrong count.
 */
public final class UnsupportedByWeft extends Error {
    private static final long serialVersionUID = 1L;

    public UnsupportedByWeft(String message) {
        super(message);
    }
}
