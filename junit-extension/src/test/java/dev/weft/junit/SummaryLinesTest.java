package dev.weft.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.models.MemoryModel;
import dev.weft.runtime.CheckOptions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The CHECK and OUTCOME lines made from report entries, and the progress line. */
class SummaryLinesTest {

    @Test
    void checkAndOutcomeLinesFollowTheContract() {
        Map<String, String> entry = Map.of(ReportKeys.CHECK, "a.B#test", ReportKeys.MODEL, "RA",
                ReportKeys.EXECUTIONS, "12", ReportKeys.BLOCKED, "3", ReportKeys.RESULT, ReportKeys.FAIL,
                ReportKeys.TIME, ReportKeys.seconds(1_234_567_890L),
                ReportKeys.outcome(0), ReportKeys.outcomeValue("1, 0", 5, "FORBIDDEN"));
        assertEquals("CHECK a.B#test model=RA executions=12 blocked=3 result=FAIL time=1.235s", CheckLines.check(entry));
        assertEquals(List.of("OUTCOME a.B \"1, 0\" count=5 expect=FORBIDDEN"), CheckLines.outcomes(entry));
    }

    /** A PASS whose budget ran out says so; a FAIL stops at its failing execution anyway. */
    @Test
    void aPassThatABudgetCutShortSaysItIsNotExhaustive() {
        Map<String, String> partial = Map.of(ReportKeys.CHECK, "a.B#test", ReportKeys.MODEL, "SC",
                ReportKeys.EXECUTIONS, "100", ReportKeys.BLOCKED, "0", ReportKeys.RESULT, ReportKeys.PASS,
                ReportKeys.TIME, "2.000", ReportKeys.EXHAUSTIVE, "false");
        assertEquals("CHECK a.B#test model=SC executions=100 blocked=0 result=PASS time=2.000s exhaustive=false",
                CheckLines.check(partial));
        Map<String, String> failed = new java.util.HashMap<>(partial);
        failed.put(ReportKeys.RESULT, ReportKeys.FAIL);
        assertEquals("CHECK a.B#test model=SC executions=100 blocked=0 result=FAIL time=2.000s", CheckLines.check(failed));
        Map<String, String> complete = new java.util.HashMap<>(partial);
        complete.put(ReportKeys.EXHAUSTIVE, "true");
        assertEquals("CHECK a.B#test model=SC executions=100 blocked=0 result=PASS time=2.000s", CheckLines.check(complete));
    }

    @Test
    void progressSaysExecutionsRateElapsedAndBudgetLeft() {
        CheckSettings both = new CheckSettings("a.B#test", CheckOptions.of(MemoryModel.SC)
                .withTimeBudget(Duration.ofSeconds(60)).withMaxExecutions(50_000));
        try (Progress p = Progress.start(both)) {
            assertEquals("weft: a.B#test 20000 executions (2000/s), 10 s elapsed, 50 s of the time budget left,"
                    + " 30000 executions of the budget left", p.line(20_000, 10_000_000_000L));
        }
        CheckSettings none = new CheckSettings("a.B#test", CheckOptions.of(MemoryModel.SC));
        try (Progress p = Progress.start(none)) {
            assertEquals("weft: a.B#test 5 executions (1/s), 5 s elapsed, no budget", p.line(5, 5_000_000_000L));
        }
    }
}
