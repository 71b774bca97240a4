package dev.weft.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/** Runs fixture classes through the Jupiter engine and picks out what one test method did. */
final class Fixtures {
    private Fixtures() {}

    /** Runs the class with configuration parameters given as key, value, key, value... */
    static EngineExecutionResults run(Class<?> testClass, String... parameters) {
        EngineTestKit.Builder kit = EngineTestKit.engine("junit-jupiter").selectors(selectClass(testClass));
        for (int i = 0; i < parameters.length; i += 2) {
            kit.configurationParameter(parameters[i], parameters[i + 1]);
        }
        return kit.execute();
    }

    /** The one Weft report entry the method published. */
    static Map<String, String> entry(EngineExecutionResults results, String method) {
        List<Map<String, String>> entries = results.allEvents().reportingEntryPublished().stream()
                .filter(e -> isMethod(e, method))
                .map(e -> e.getPayload(ReportEntry.class).orElseThrow().getKeyValuePairs())
                .collect(Collectors.toList());
        assertEquals(1, entries.size(), "report entries of " + method + ": " + entries);
        return entries.get(0);
    }

    /** The throwable the method failed with. */
    static Throwable failure(EngineExecutionResults results, String method) {
        List<Throwable> failures = results.testEvents().failed().stream().filter(e -> isMethod(e, method))
                .map(e -> e.getPayload(TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow())
                .collect(Collectors.toList());
        assertEquals(1, failures.size(), method + " should have failed once");
        return failures.get(0);
    }

    static long succeeded(EngineExecutionResults results, String method) {
        return results.testEvents().succeeded().stream().filter(e -> isMethod(e, method)).count();
    }

    private static boolean isMethod(Event e, String method) {
        return e.getTestDescriptor().getSource().filter(MethodSource.class::isInstance)
                .map(s -> ((MethodSource) s).getMethodName().equals(method)).orElse(false);
    }
}
