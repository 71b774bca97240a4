package dev.weft.litmus;

/**
 * A litmus source that cannot be parsed or that means nothing (an unknown thread, a load with a
 * release mode, ...). The message always starts with the line and, inside a thread, its name:
 * {@code line 7 (thread T1): expected a mode (...) but found 'acquire'}.
 */
public final class LitmusSyntaxException extends IllegalArgumentException {
    private final int line;
    private final String thread;

    /** {@code thread} is null for errors outside any thread. */
    public LitmusSyntaxException(int line, String thread, String detail) {
        super("line " + line + (thread == null ? "" : " (thread " + thread + ")") + ": " + detail);
        this.line = line;
        this.thread = thread;
    }

    /** The 1-based source line of the error. */
    public int line() {
        return line;
    }

    /** The thread the error is in, or null outside any thread. */
    public String thread() {
        return thread;
    }
}
