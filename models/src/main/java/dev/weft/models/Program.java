package dev.weft.models;

/**
 * A program the explorer can run: threads of computation that reach memory only through
 * {@link Action}s. The explorer re-runs the program from its initial state for every execution it
 * explores, so a program must be deterministic given the values it is handed.
 */
public interface Program {
    /** Threads 0..n-1 start with the program; threads created by SPAWN get the next ids. */
    int initialThreads();

    /** Restarts the program from its initial state. */
    void reset();

    /** Runs thread {@code thread} until its next action and returns it. */
    Action next(int thread);

    /**
     * Hands thread {@code thread} the result of its last action: the value read, the old value of an
     * RMW, or the id of a spawned thread. {@code nextIndex} is the index its next event will have.
     */
    void resume(int thread, long value, int nextIndex);

    /** The initial value of a location. */
    long initialValue(int location);

    /** A readable name for a location, used in traces. */
    String locationName(int location);
}
