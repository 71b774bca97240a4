package dev.weft.junit.launcher;

import dev.weft.junit.CheckLines;
import java.io.PrintStream;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Prints a CHECK line (and OUTCOME lines) from each check's report entry, then, for a failed
 * test, its failure indented; remembers whether anything failed. With {@code heap}, watches the
 * heap of every test from its start to its report entry ({@link HeapWatch}) and ends its CHECK
 * line with {@code peakHeap=<MiB>}.
 */
final class SummaryListener implements TestExecutionListener {
    private final PrintStream out;
    private final boolean heap;
    private final Set<String> checked = new HashSet<>();
    /** The heap watches of the tests started and not yet reported, by unique id. */
    private final Map<String, HeapWatch> watches = new ConcurrentHashMap<>();
    private boolean failed;

    SummaryListener(PrintStream out, boolean heap) {
        this.out = out;
        this.heap = heap;
    }

    boolean failed() {
        return failed;
    }

    @Override
    public void executionStarted(TestIdentifier test) {
        if (heap && test.isTest()) {
            watches.put(test.getUniqueId(), HeapWatch.start());
        }
    }

    @Override
    public void reportingEntryPublished(TestIdentifier test, ReportEntry entry) {
        if (!CheckLines.isCheck(entry.getKeyValuePairs())) {
            return;
        }
        checked.add(test.getUniqueId());
        String line = CheckLines.check(entry.getKeyValuePairs());
        if (heap) {
            HeapWatch watch = watches.remove(test.getUniqueId());
            // a check published by a container has no watch of its own: its heap is the one it leaves
            long peak = (watch != null ? watch : HeapWatch.start()).stop();
            line += " peakHeap=" + HeapWatch.mebibytes(peak);
        }
        out.println(line);
        CheckLines.outcomes(entry.getKeyValuePairs()).forEach(out::println);
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        HeapWatch unreported = watches.remove(test.getUniqueId());
        if (unreported != null) {
            unreported.cancel(); // a plain test: no CHECK line
        }
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
