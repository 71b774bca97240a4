package dev.weft.runtime;

/**
 * Unwinds a model thread whose execution is over (cut short by the explorer, or ended while the
 * thread was blocked). It is an Error so that ordinary {@code catch (Exception e)} in the code
 * under test does not swallow it; if code swallows it anyway, its next hook throws it again.
 */
final class ExecutionAborted extends Error {
    private static final long serialVersionUID = 1L;
    static final ExecutionAborted INSTANCE = new ExecutionAborted();

    private ExecutionAborted() {
        super("Weft: this execution is over; the thread is being unwound", null, false, false);
    }
}
