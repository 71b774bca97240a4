package dev.weft.agent;

/** A class the agent deliberately leaves as it is; the message says why. */
final class NotRewritable extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NotRewritable(String reason) {
        super(reason, null, false, false);
    }
}
