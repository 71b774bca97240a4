package dev.weft.junit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The summary lines of a check, made from its report entry (the keys of {@link ReportKeys}). */
public final class CheckLines {
    private CheckLines() {}

    /** Whether a report entry is a check's summary. */
    public static boolean isCheck(Map<String, String> entry) {
        return entry.containsKey(ReportKeys.CHECK);
    }

    /**
     * {@code CHECK <class>#<method-or-test> model=.. executions=.. blocked=.. result=.. time=..s}, and
     * {@code exhaustive=false} after a PASS when a budget ({@code maxExecutions}, {@code timeoutSeconds})
     * ran out first: the check passed on part of the executions only. (A FAIL stops at its first
     * failing execution anyway.)
     */
    public static String check(Map<String, String> entry) {
        boolean partialPass = ReportKeys.PASS.equals(entry.get(ReportKeys.RESULT))
                && "false".equals(entry.get(ReportKeys.EXHAUSTIVE));
        return "CHECK " + entry.get(ReportKeys.CHECK) + " model=" + entry.get(ReportKeys.MODEL)
                + " executions=" + entry.get(ReportKeys.EXECUTIONS) + " blocked=" + entry.get(ReportKeys.BLOCKED)
                + " result=" + entry.get(ReportKeys.RESULT) + " time=" + entry.get(ReportKeys.TIME) + "s"
                + (partialPass ? " exhaustive=false" : "");
    }

    /** {@code OUTCOME <class> "<id>" count=<N> expect=<EXPECT>}, one per outcome key, in key order. */
    public static List<String> outcomes(Map<String, String> entry) {
        String check = entry.get(ReportKeys.CHECK);
        int hash = check.indexOf('#');
        String testClass = hash < 0 ? check : check.substring(0, hash);
        List<String> lines = new ArrayList<>();
        for (int i = 0; entry.containsKey(ReportKeys.outcome(i)); i++) {
            lines.add("OUTCOME " + testClass + " " + entry.get(ReportKeys.outcome(i)));
        }
        return lines;
    }
}
