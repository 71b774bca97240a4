package dev.weft.runtime;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Shapes an intercepted call: the call site gets a handle of the original call's type that boxes
 * its arguments into an array and hands them, with the site and the original method, to a
 * {@link Family}. Outside a check a family simply invokes the original.
 */
final class Calls {
    private Calls() {}

    /** The model's version of a group of JDK methods. */
    @FunctionalInterface
    interface Family {
        /** Performs the call for model thread {@code me} ({@code args[0]} is the receiver of an instance method). */
        Object invoke(ModelThread me, Site site, MethodHandle original, Object[] args) throws Throwable;
    }

    private static final MethodHandle DISPATCH;

    static {
        try {
            DISPATCH = MethodHandles.lookup().findStatic(Calls.class, "dispatch", MethodType.methodType(Object.class,
                    Family.class, Site.class, MethodHandle.class, Object[].class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static MethodHandle through(Family family, Site site, MethodHandle original, MethodType type) {
        MethodHandle spread = original.asSpreader(Object[].class, type.parameterCount())
                .asType(MethodType.methodType(Object.class, Object[].class));
        return MethodHandles.insertArguments(DISPATCH, 0, family, site, spread)
                .asCollector(Object[].class, type.parameterCount())
                .asType(type);
    }

    private static Object dispatch(Family family, Site site, MethodHandle original, Object[] args) throws Throwable {
        ModelThread me = ModelThread.current();
        if (me == null) {
            return original.invokeExact(args);
        }
        return family.invoke(me, site, original, args);
    }

    /** The receiver of an instance call, which throws as the JVM would, naming the call site, on null. */
    static Object receiver(Site site, Object[] args) {
        if (args[0] == null) {
            throw new NullPointerException(site.name() + "() on null at " + site.location());
        }
        return args[0];
    }

    /** Invokes the original method (its handle takes the argument array). */
    static Object original(MethodHandle original, Object[] args) throws Throwable {
        return original.invokeExact(args);
    }
}
