package dev.weft.extfixtures;

import dev.weft.junit.ReportKeys;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;

/** Publishes the report entry a jcstress-style test would, so the launcher's listener can be tested alone. */
public class OutcomeEntries {
    @Test
    void publishes(TestReporter reporter) {
        Map<String, String> entry = new LinkedHashMap<>();
        entry.put(ReportKeys.CHECK, OutcomeEntries.class.getName() + "#stressed");
        entry.put(ReportKeys.MODEL, "RC11");
        entry.put(ReportKeys.EXECUTIONS, "4");
        entry.put(ReportKeys.BLOCKED, "0");
        entry.put(ReportKeys.RESULT, ReportKeys.PASS);
        entry.put(ReportKeys.TIME, "0.012");
        entry.put(ReportKeys.outcome(0), ReportKeys.outcomeValue("0, 0", 1, "ACCEPTABLE_INTERESTING"));
        entry.put(ReportKeys.outcome(1), ReportKeys.outcomeValue("1, 1", 3, "ACCEPTABLE"));
        reporter.publishEntry(entry);
    }
}
