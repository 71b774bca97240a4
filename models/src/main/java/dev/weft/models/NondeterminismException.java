package dev.weft.models;

/**
 * The program did not repeat an event recorded in the graph when it was re-run: it depends on
 * something the explorer does not control, so its executions cannot be enumerated.
 */
public final class NondeterminismException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public NondeterminismException(String message) {
        super(message);
    }

    static NondeterminismException mismatch(Event recorded, Action now, String what) {
        return new NondeterminismException("nondeterministic program: thread " + recorded.thread + " event "
                + recorded.index + " was " + recorded.kind + " at " + recorded.action.origin()
                + " in an earlier run, but now " + now.kind() + " at " + now.origin() + ": " + what);
    }
}
