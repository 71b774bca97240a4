package dev.weft.junit;

import java.util.Locale;

/**
 * The keys of the one JUnit report entry every Weft check publishes, shared by {@code @ModelCheck}
 * and the jcstress-style engine so that the launcher can print both the same way.
 *
 * <p>Every check publishes one entry map with {@link #CHECK}, {@link #MODEL}, {@link #EXECUTIONS},
 * {@link #BLOCKED}, {@link #RESULT}, {@link #TIME} and {@link #EXHAUSTIVE}; a jcstress-style test adds
 * {@link #outcome(int) weft.outcome.0}, {@code weft.outcome.1}, ... in the order to print, each
 * valued {@link #outcomeValue}.
 */
public final class ReportKeys {
    /** {@code <class>#<method-or-test>}. */
    public static final String CHECK = "weft.check";
    /** The memory model's name, e.g. {@code RC11}. */
    public static final String MODEL = "weft.model";
    /** Complete executions explored. */
    public static final String EXECUTIONS = "weft.executions";
    /** Blocked executions. */
    public static final String BLOCKED = "weft.blocked";
    /** {@link #PASS} or {@link #FAIL}. */
    public static final String RESULT = "weft.result";
    /** Wall-clock seconds with three decimals ({@link #seconds}). */
    public static final String TIME = "weft.time";
    /**
     * {@code true} when every execution was explored, {@code false} when a budget ({@code maxExecutions},
     * {@code timeoutSeconds}) or a failure cut the exploration short.
     */
    public static final String EXHAUSTIVE = "weft.exhaustive";
    /** The prefix of the outcome keys; see {@link #outcome(int)}. */
    public static final String OUTCOME_PREFIX = "weft.outcome.";

    public static final String PASS = "PASS";
    public static final String FAIL = "FAIL";

    /**
     * Configuration parameter (also {@code -Dweft.model}) naming a model (SC, RA, RC11, IMM; any
     * case) that overrides the model of every check; the launcher's {@code --model} sets it.
     */
    public static final String MODEL_PARAMETER = "weft.model";
    /**
     * Configuration parameter: {@code true} stops checks printing their CHECK line to stdout
     * (the launcher sets it, since it prints the lines itself from the report entries).
     */
    public static final String QUIET_PARAMETER = "weft.quiet";

    private ReportKeys() {}

    /** The key of the {@code i}-th outcome (0-based). */
    public static String outcome(int i) {
        return OUTCOME_PREFIX + i;
    }

    /** The value of an outcome key: {@code "<id>" count=<N> expect=<EXPECT>}. */
    public static String outcomeValue(String id, long count, String expect) {
        return "\"" + id + "\" count=" + count + " expect=" + expect;
    }

    /** Nanoseconds as seconds with three decimals, independent of the default locale. */
    public static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e9);
    }
}
