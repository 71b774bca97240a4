package dev.weft.samples.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.models.MemoryModel;
import dev.weft.runtime.CheckOptions;
import dev.weft.runtime.CheckResult;
import dev.weft.runtime.Failure;
import dev.weft.runtime.Weft;
import java.io.IOException;
import java.net.URISyntaxException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A class first initialised inside a check is initialised in its first execution only: the code
 * its static initialiser runs is no part of any execution, so the check explores what it would
 * with the class initialised before it. Each check gets its own copy of {@link ClassInitPrograms}.
 */
class ClassInitTest {
    @Test
    void aSwitchOverAnEnum() throws Exception {
        assertAsIfInitialisedBefore(2, "enumSwitch");
    }

    @Test
    void aConstantBuiltByAProgramMethod() throws Exception {
        assertAsIfInitialisedBefore(2, "staticFactory");
    }

    @Test
    void aStaticInitialiserThatLocksAndCountsAtomically() throws Exception {
        assertAsIfInitialisedBefore(2, "lockingInitialiser");
    }

    @Test
    void aStaticInitialiserThatThrowsAndIsCaught() throws Exception {
        assertAsIfInitialisedBefore(2, "brokenInitialiserCaught");
    }

    /** The error reaches the body and fails the check; the next check models its threads as ever. */
    @Test
    void aStaticInitialiserThatThrows() throws Exception {
        CheckResult broken = Weft.check(CheckOptions.of(MemoryModel.SC), body(fresh("brokenInitialiser")));
        assertFalse(broken.passed(), broken.report());
        Failure f = broken.failures().get(0);
        assertEquals(Failure.Kind.UNCAUGHT_EXCEPTION, f.kind(), f.toString());
        assertTrue(f.toString().contains("ExceptionInInitializerError"), f.toString());
        assertTrue(f.toString().contains("broken on purpose"), f.toString());

        CheckResult next = Weft.check(CheckOptions.of(MemoryModel.SC), body(fresh("plainWriters")));
        assertTrue(next.passed(), next.report());
        assertEquals(2, next.executions(), next.report());
    }

    /**
     * Under SC and RC11, the program passes with {@code executions} executions both when its first
     * execution initialises its classes and when they were initialised (by running it once) before.
     */
    private static void assertAsIfInitialisedBefore(int executions, String program) throws Exception {
        for (MemoryModel model : new MemoryModel[] {MemoryModel.SC, MemoryModel.RC11}) {
            CheckResult first = Weft.check(CheckOptions.of(model), body(fresh(program)));
            assertTrue(first.passed(), "initialised in the check: " + first.report());
            assertEquals(executions, first.executions(), "initialised in the check: " + first.report());

            Method initialised = fresh(program);
            initialised.invoke(null); // outside any check
            CheckResult again = Weft.check(CheckOptions.of(model), body(initialised));
            assertTrue(again.passed(), "initialised before: " + again.report());
            assertEquals(executions, again.executions(), "initialised before: " + again.report());
        }
    }

    /** The program, from a new copy of ClassInitPrograms whose classes are not initialised yet. */
    private static Method fresh(String program) throws ReflectiveOperationException, IOException, URISyntaxException {
        Class<?> programs = Class.forName(ClassInitPrograms.class.getName(), false, new FreshCopies());
        Method m = programs.getDeclaredMethod(program);
        m.setAccessible(true);
        return m;
    }

    /** Runs the program, throwing what it throws. */
    private static Weft.Body body(Method program) {
        return () -> {
            try {
                program.invoke(null);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
    }

    /**
     * Defines ClassInitPrograms and its nested classes anew, all at once: a class this (instrumented)
     * loader loaded during a check would add the loader's own events to the first execution.
     */
    private static final class FreshCopies extends ClassLoader {
        FreshCopies() throws IOException, URISyntaxException {
            super("class-init-programs", ClassInitTest.class.getClassLoader());
            String name = ClassInitPrograms.class.getSimpleName();
            Path dir = Path.of(ClassInitPrograms.class.getResource(name + ".class").toURI()).getParent();
            try (Stream<Path> files = Files.list(dir)) {
                for (Path file : files.toList()) {
                    String simple = file.getFileName().toString().replaceFirst("\\.class$", "");
                    if (simple.equals(name) || simple.startsWith(name + "$")) {
                        byte[] bytes = Files.readAllBytes(file);
                        defineClass(ClassInitPrograms.class.getPackageName() + "." + simple, bytes, 0, bytes.length);
                    }
                }
            }
        }
    }
}
