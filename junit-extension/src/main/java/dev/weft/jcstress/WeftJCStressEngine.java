package dev.weft.jcstress;

import dev.weft.models.MemoryModel;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.platform.commons.support.ReflectionSupport;
import org.junit.platform.commons.util.ClassLoaderUtils;
import org.junit.platform.engine.ConfigurationParameters;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.ExecutionRequest;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestEngine;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.discovery.ClassSelector;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.discovery.UniqueIdSelector;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.engine.support.descriptor.EngineDescriptor;
import org.junit.platform.engine.support.discovery.EngineDiscoveryRequestResolver;
import org.junit.platform.engine.support.discovery.SelectorResolver;

/**
 * The JUnit Platform engine {@code weft-jcstress}: runs every class annotated with jcstress's
 * {@code @JCStressTest} through {@link JCStressChecker} when jcstress is on the class path (otherwise
 * it finds nothing). Each class is a container with one test, {@code jcstress}: its exhaustive check.
 *
 * <p>Each test prints its table of reachable outcomes and publishes one report entry (the keys of
 * {@code dev.weft.junit.ReportKeys}); it fails when a FORBIDDEN outcome is reachable, with the
 * execution that reaches it.
 *
 * <p>Configuration parameters:
 * <ul>
 *   <li>{@code weft.model}: the memory model of every test of the run (SC, RA, RC11), over the
 *       class's {@link WeftModel} and the default RC11;</li>
 *   <li>{@code weft.jcstress.include-negative}: {@code true} to also discover classes in packages
 *       named {@code negative} ({@code ...negative} or below), which hold tests that are meant to
 *       fail (Weft's own tests keep their deliberately wrong jcstress tests there).</li>
 * </ul>
 */
public final class WeftJCStressEngine implements TestEngine {
    public static final String ENGINE_ID = "weft-jcstress";
    public static final String MODEL_PARAMETER = "weft.model";
    public static final String INCLUDE_NEGATIVE_PARAMETER = "weft.jcstress.include-negative";

    @Override
    public String getId() {
        return ENGINE_ID;
    }

    @Override
    public Optional<String> getGroupId() {
        return Optional.of("dev.weft");
    }

    @Override
    public Optional<String> getArtifactId() {
        return Optional.of("weft-junit");
    }

    @Override
    public TestDescriptor discover(EngineDiscoveryRequest request, UniqueId uniqueId) {
        EngineDescriptor engine = new EngineDescriptor(uniqueId, "Weft jcstress-style tests");
        if (!JCStressAnnotations.available(ClassLoaderUtils.getDefaultClassLoader())) {
            return engine; // no jcstress, no jcstress tests
        }
        boolean includeNegative = request.getConfigurationParameters()
                .getBoolean(INCLUDE_NEGATIVE_PARAMETER).orElse(false);
        Predicate<Class<?>> isTest = c -> JCStressAnnotations.isJCStressTest(c)
                && !java.lang.reflect.Modifier.isAbstract(c.getModifiers())
                && (includeNegative || !isNegative(c));
        EngineDiscoveryRequestResolver.<EngineDescriptor>builder()
                .addClassContainerSelectorResolver(isTest)
                .addSelectorResolver(context -> new Resolver(isTest, context.getClassNameFilter()))
                .build()
                .resolve(request, engine);
        return engine;
    }

    /** A class in a package named {@code negative}, or below one. */
    static boolean isNegative(Class<?> c) {
        String name = c.getPackageName();
        return name.equals("negative") || name.endsWith(".negative") || name.contains(".negative.")
                || name.startsWith("negative.");
    }

    @Override
    public void execute(ExecutionRequest request) {
        TestDescriptor root = request.getRootTestDescriptor();
        EngineExecutionListener listener = request.getEngineExecutionListener();
        ConfigurationParameters parameters = request.getConfigurationParameters();
        listener.executionStarted(root);
        for (TestDescriptor child : root.getChildren()) {
            if (child instanceof JCStressClassDescriptor test) {
                run(test, listener, parameters);
            }
        }
        listener.executionFinished(root, TestExecutionResult.successful());
    }

    private static void run(JCStressClassDescriptor container, EngineExecutionListener listener,
                            ConfigurationParameters parameters) {
        listener.executionStarted(container);
        for (TestDescriptor child : container.getChildren()) {
            if (child instanceof JCStressClassDescriptor.Check check) {
                listener.executionStarted(check);
                listener.executionFinished(check, check(check, listener, parameters));
            }
        }
        listener.executionFinished(container, TestExecutionResult.successful());
    }

    private static TestExecutionResult check(JCStressClassDescriptor.Check test, EngineExecutionListener listener,
                                             ConfigurationParameters parameters) {
        try {
            MemoryModel model = parameters.get(MODEL_PARAMETER).map(WeftJCStressEngine::parseModel)
                    .orElseGet(() -> JCStressChecker.modelOf(test.testClass()));
            JCStressResult result = JCStressChecker.check(test.testClass(), JCStressChecker.options(model));
            System.out.println("[weft-jcstress] " + result.table());
            listener.reportingEntryPublished(test, ReportEntry.from(result.reportEntry()));
            return result.passed() ? TestExecutionResult.successful()
                    : TestExecutionResult.failed(new AssertionError(result.report()));
        } catch (Throwable t) {
            if (t instanceof VirtualMachineError) {
                throw (VirtualMachineError) t;
            }
            return TestExecutionResult.failed(t);
        }
    }

    static MemoryModel parseModel(String name) {
        try {
            return MemoryModel.valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(MODEL_PARAMETER + "=" + name + " is not a memory model (SC, RA, RC11)", e);
        }
    }

    /** Class selectors (and unique ids) to test descriptors; packages and class path roots come as classes. */
    private static final class Resolver implements SelectorResolver {
        private final Predicate<Class<?>> isTest;
        private final Predicate<String> classNameFilter;

        Resolver(Predicate<Class<?>> isTest, Predicate<String> classNameFilter) {
            this.isTest = isTest;
            this.classNameFilter = classNameFilter;
        }

        @Override
        public Resolution resolve(ClassSelector selector, Context context) {
            Class<?> c;
            try {
                c = selector.getJavaClass();
            } catch (RuntimeException | LinkageError e) {
                return Resolution.unresolved();
            }
            if (isTest.test(c) && classNameFilter.test(c.getName())) {
                return context.addToParent(parent -> Optional.of(new JCStressClassDescriptor(
                                parent.getUniqueId().append(JCStressClassDescriptor.SEGMENT, c.getName()), c)))
                        .map(d -> Resolution.match(Match.exact(d)))
                        .orElse(Resolution.unresolved());
            }
            // jcstress tests are often nested in a holder class
            java.util.Set<DiscoverySelector> nested = new java.util.LinkedHashSet<>();
            try {
                for (Class<?> member : c.getDeclaredClasses()) {
                    if (isTest.test(member)) {
                        nested.add(DiscoverySelectors.selectClass(member));
                    }
                }
            } catch (RuntimeException | LinkageError e) {
                return Resolution.unresolved();
            }
            return nested.isEmpty() ? Resolution.unresolved() : Resolution.selectors(nested);
        }

        @Override
        public Resolution resolve(UniqueIdSelector selector, Context context) {
            UniqueId id = selector.getUniqueId();
            var segments = id.getSegments();
            if (segments.size() < 2 || !segments.get(1).getType().equals(JCStressClassDescriptor.SEGMENT)) {
                return Resolution.unresolved();
            }
            return ReflectionSupport.tryToLoadClass(segments.get(1).getValue()).toOptional()
                    .map(c -> Resolution.selectors(java.util.Set.of(DiscoverySelectors.selectClass(c))))
                    .orElse(Resolution.unresolved());
        }
    }
}
