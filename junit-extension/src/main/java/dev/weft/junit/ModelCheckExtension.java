package dev.weft.junit;

import dev.weft.junit.report.Reports;
import dev.weft.runtime.CheckResult;
import dev.weft.runtime.Failure;
import dev.weft.runtime.UnsupportedByWeft;
import dev.weft.runtime.Weft;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.platform.commons.support.AnnotationSupport;
import org.opentest4j.AssertionFailedError;

/**
 * Runs a {@link ModelCheck} method through {@link Weft#check}. An {@code Invocation} can proceed
 * only once, so in every execution the method is called on the test instance through a method
 * handle, and JUnit's own invocation is skipped. Publishes the check's report entry
 * ({@link ReportKeys}), prints its CHECK line unless {@code weft.quiet=true}, and on failure writes
 * the drawings of the execution and throws an {@link AssertionFailedError} that describes it.
 */
public final class ModelCheckExtension implements InvocationInterceptor {
    /** System property or configuration parameter that makes checks fail as if the agent could not attach. */
    public static final String AGENT_DISABLE = "weft.agent.disable";

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call,
                                    ExtensionContext context) throws Throwable {
        Method method = call.getExecutable();
        if (!AnnotationSupport.isAnnotated(method, ModelCheck.class)) {
            invocation.proceed(); // a plain @Test in a class with class-level defaults
            return;
        }
        invocation.skip();
        CheckSettings settings = CheckSettings.resolve(context.getRequiredTestClass(), method,
                context.getConfigurationParameter(ReportKeys.MODEL_PARAMETER));
        MethodHandle body = handle(method, call.getTarget().orElse(null), call.getArguments().size());
        Object[] arguments = call.getArguments().toArray();
        CheckResult result;
        long start = System.nanoTime();
        try (Progress progress = Progress.start(settings)) {
            if (agentDisabled(context)) {
                throw new UnsupportedByWeft("Weft's agent is disabled (" + AGENT_DISABLE + "=true), so no access would"
                        + " be seen and the check would pass without exploring anything. Start the JVM with"
                        + " -javaagent:path/to/weft-agent.jar or put dev.weft:weft-agent on the test class path.");
            }
            result = Weft.check(settings.options(), () -> {
                progress.executionStarted();
                body.invoke(arguments);
            });
        } catch (UnsupportedByWeft refused) {
            // no check ran, but the launcher still shows one failed line for it
            report(context, entry(settings, settings.options().model().name(), 0, 0, ReportKeys.FAIL,
                    System.nanoTime() - start, false));
            throw refused;
        }
        report(context, entry(settings, result.model().name(), result.executions(), result.blocked(),
                result.passed() ? ReportKeys.PASS : ReportKeys.FAIL, result.nanos(), result.exhaustive()));
        if (!result.passed()) {
            throw failure(settings, result);
        }
    }

    /**
     * The test method bound to its instance, taking its arguments as an array. A method handle
     * rather than {@code Method.invoke}, so that no reflection frames clutter the traces.
     */
    private static MethodHandle handle(Method method, Object target, int arity) throws IllegalAccessException {
        method.setAccessible(true);
        MethodHandle h = MethodHandles.lookup().unreflect(method);
        return (target == null ? h : h.bindTo(target)).asSpreader(Object[].class, arity);
    }

    private static boolean agentDisabled(ExtensionContext context) {
        return Boolean.getBoolean(AGENT_DISABLE)
                || context.getConfigurationParameter(AGENT_DISABLE).map(Boolean::parseBoolean).orElse(false);
    }

    private static Map<String, String> entry(CheckSettings settings, String model, long executions, long blocked,
                                             String verdict, long nanos, boolean exhaustive) {
        Map<String, String> entry = new LinkedHashMap<>();
        entry.put(ReportKeys.CHECK, settings.name());
        entry.put(ReportKeys.MODEL, model);
        entry.put(ReportKeys.EXECUTIONS, Long.toString(executions));
        entry.put(ReportKeys.BLOCKED, Long.toString(blocked));
        entry.put(ReportKeys.RESULT, verdict);
        entry.put(ReportKeys.TIME, ReportKeys.seconds(nanos));
        entry.put(ReportKeys.EXHAUSTIVE, Boolean.toString(exhaustive));
        return entry;
    }

    private static void report(ExtensionContext context, Map<String, String> entry) {
        context.publishReportEntry(entry);
        boolean quiet = context.getConfigurationParameter(ReportKeys.QUIET_PARAMETER).map(Boolean::parseBoolean)
                .orElse(false);
        if (!quiet) {
            System.out.println(CheckLines.check(entry));
        }
    }

    /** The assertion error of a failed check, after writing the drawings of its execution. */
    private static AssertionFailedError failure(CheckSettings settings, CheckResult result) {
        Failure first = result.failures().get(0);
        Path html = first.graph() == null ? null : Reports.htmlFile(Reports.DIRECTORY, settings.name());
        String message = FailureMessage.of(settings.name(), result, first, html);
        IOException notWritten = null;
        if (html != null) {
            try {
                Reports.write(Reports.DIRECTORY, settings.name(), first, message);
            } catch (IOException e) {
                notWritten = e;
            }
        }
        AssertionFailedError error = new AssertionFailedError(message);
        if (notWritten != null) {
            error.addSuppressed(notWritten);
        }
        return error;
    }
}
