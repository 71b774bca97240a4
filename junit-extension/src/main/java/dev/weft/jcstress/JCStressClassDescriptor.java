package dev.weft.jcstress;

import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;

/**
 * A jcstress-style test class ({@code [engine:weft-jcstress]/[class:<name>]}), a container with one
 * test, {@code [test:jcstress]}: the exhaustive check of the class. The test's source names the
 * pseudo-method {@code jcstress}, so that reports (Surefire's among them) show it as
 * {@code <class>.jcstress}, like the check's name {@code <class>#jcstress}.
 */
final class JCStressClassDescriptor extends AbstractTestDescriptor {
    static final String SEGMENT = "class";
    static final String TEST_SEGMENT = "test";
    static final String TEST_NAME = "jcstress";

    private final Class<?> testClass;

    JCStressClassDescriptor(UniqueId id, Class<?> testClass) {
        super(id, testClass.getSimpleName(), ClassSource.from(testClass));
        this.testClass = testClass;
        addChild(new Check(id.append(TEST_SEGMENT, TEST_NAME), testClass));
    }

    Class<?> testClass() {
        return testClass;
    }

    @Override
    public Type getType() {
        return Type.CONTAINER;
    }

    @Override
    public String getLegacyReportingName() {
        return testClass.getName();
    }

    /** The check of the class. */
    static final class Check extends AbstractTestDescriptor {
        private final Class<?> testClass;

        Check(UniqueId id, Class<?> testClass) {
            super(id, TEST_NAME, MethodSource.from(testClass.getName(), TEST_NAME));
            this.testClass = testClass;
        }

        Class<?> testClass() {
            return testClass;
        }

        @Override
        public Type getType() {
            return Type.TEST;
        }
    }
}
