package dev.weft.jcstress;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.InvocationTargetException;
import java.util.Optional;

/**
 * jcstress's annotations, read by name through the class loader of the class that carries them, so
 * that Weft's main code never links against jcstress (a test-scope dependency of its users).
 */
final class JCStressAnnotations {
    static final String PACKAGE = "org.openjdk.jcstress.annotations.";
    static final String JCSTRESS_TEST = PACKAGE + "JCStressTest";
    static final String RESULTS_PACKAGE = "org.openjdk.jcstress.infra.results.";

    final Class<? extends Annotation> test;
    final Class<? extends Annotation> state;
    final Class<? extends Annotation> actor;
    final Class<? extends Annotation> arbiter;
    final Class<? extends Annotation> signal;
    final Class<? extends Annotation> outcome;
    final Class<? extends Annotation> meta;
    final Class<? extends Annotation> description;
    final Class<? extends Annotation> result;

    private JCStressAnnotations(ClassLoader loader) throws ClassNotFoundException {
        test = load(loader, "JCStressTest");
        state = load(loader, "State");
        actor = load(loader, "Actor");
        arbiter = load(loader, "Arbiter");
        signal = load(loader, "Signal");
        outcome = load(loader, "Outcome");
        meta = load(loader, "JCStressMeta");
        description = load(loader, "Description");
        result = load(loader, "Result");
    }

    /** jcstress's annotations as {@code loader} sees them, or empty when jcstress is not there. */
    static Optional<JCStressAnnotations> in(ClassLoader loader) {
        try {
            return Optional.of(new JCStressAnnotations(loader));
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.empty();
        }
    }

    /** Whether {@code loader} can see jcstress's annotations. */
    static boolean available(ClassLoader loader) {
        try {
            Class.forName(JCSTRESS_TEST, false, loader);
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Whether {@code c} itself carries {@code @JCStressTest} (by name: no jcstress class is loaded here). */
    static boolean isJCStressTest(Class<?> c) {
        try {
            for (Annotation a : c.getDeclaredAnnotations()) {
                if (a.annotationType().getName().equals(JCSTRESS_TEST)) {
                    return true;
                }
            }
        } catch (LinkageError | RuntimeException e) {
            // a class whose annotations cannot be read is no test of ours
        }
        return false;
    }

    boolean has(AnnotatedElement e, Class<? extends Annotation> type) {
        return e.isAnnotationPresent(type);
    }

    /** An attribute of an annotation, through its interface method (annotations are interfaces). */
    static Object attribute(Annotation a, String name) {
        try {
            return a.annotationType().getMethod(name).invoke(a);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + a.annotationType().getSimpleName() + "." + name, e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + a.annotationType().getSimpleName() + "." + name
                    + ": this version of jcstress is not supported (" + e + ")", e);
        }
    }

    /** An enum attribute's constant name. */
    static String enumAttribute(Annotation a, String name) {
        return ((Enum<?>) attribute(a, name)).name();
    }

    @SuppressWarnings("unchecked")
    private static Class<? extends Annotation> load(ClassLoader loader, String simpleName) throws ClassNotFoundException {
        Class<?> c = Class.forName(PACKAGE + simpleName, false, loader);
        if (!c.isAnnotation()) {
            throw new ClassNotFoundException(c.getName() + " is not an annotation");
        }
        return (Class<? extends Annotation>) c;
    }
}
