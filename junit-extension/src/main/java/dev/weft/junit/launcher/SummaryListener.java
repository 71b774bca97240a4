package dev.weft.junit.launcher;

import dev.weft.junit.CheckLines;
import java.io.PrintStream;
import java.util.HashSet;
import java.util.Set;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Prints a CHECK line (and OUTCOME lines) from each check's report entry, then, for a failed
 * test, its failure indented; remembers whether anything failed.
 */
final class SummaryListener implements TestExecutionListener {
    private final PrintStream out;
    private final Set<String> checked = new HashSet<>();
    private boolean failed;

    SummaryListener(PrintStream out) {
        this.out = out;
    }

    boolean failed() {
        return failed;
    }

    @Override
    public void reportingEntryPublished(TestIdentifier test, ReportEntry entry) {
        if (!CheckLines.isCheck(entry.getKeyValuePairs())) {
            return;
        }
        checked.add(test.getUniqueId());
        out.println(CheckLines.check(entry.getKeyValuePairs()));
        CheckLines.outcomes(entry.getKeyValuePairs()).forEach(out::println);
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (result.getStatus() != TestExecutionResult.Status.FAILED) {
            return;
        }
        failed = true;
        if (!checked.contains(test.getUniqueId())) {
            // a plain test or a container (a class that cannot be set up) has no CHECK line of its own
            out.println((test.isContainer() ? "ERROR " : "TEST ") + name(test) + " result=FAIL");
        }
        result.getThrowable().ifPresent(t -> out.println(indent(describe(t))));
    }

    private static String name(TestIdentifier test) {
        return test.getSource().map(source -> source instanceof MethodSource m ? m.getClassName() + "#" + m.getMethodName()
                : source instanceof ClassSource c ? c.getClassName() : null).orElse(test.getDisplayName());
    }

    /** An assertion's message as it is; any other throwable with its type. */
    private static String describe(Throwable t) {
        return t instanceof AssertionError && t.getMessage() != null ? t.getMessage() : t.toString();
    }

    private static String indent(String text) {
        return text.strip().lines().map(line -> "    " + line).reduce((a, b) -> a + System.lineSeparator() + b)
                .orElse("");
    }
}
