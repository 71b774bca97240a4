package dev.weft.runtime;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Stand-ins for what the agent makes of a test's bytecode: call sites linked through
 * {@link Hooks#bootstrap}, field and array hooks with registered sites, and thread start and join
 * in their rewritten form (otherwise the threads are not model threads).
 */
final class Rewritten {
    static final int GETFIELD = 180;
    static final int GETSTATIC = 178;
    static final int INVOKEVIRTUAL = 182;
    static final int INVOKESTATIC = 184;
    static final int IALOAD = 46;

    private static final MethodHandle START = virtual(Rewritten.class, Thread.class, "start", MethodType.methodType(void.class));
    private static final MethodHandle JOIN = virtual(Rewritten.class, Thread.class, "join", MethodType.methodType(void.class));
    private static final int ALLOCATION = site(Rewritten.class, Site.CONSTRUCTOR, "java/lang/Object", null, null);

    private Rewritten() {}

    /** A site in {@code using} (the class whose code would contain the instruction). */
    static int site(Class<?> using, int opcode, String owner, String name, String descriptor) {
        return Sites.register(Rewritten.class.getClassLoader(), using.getName().replace('.', '/'), "test",
                using.getSimpleName() + ".java", 1, opcode, owner, name, descriptor);
    }

    /** An invokedynamic call site as the agent links it; {@code type} includes the receiver of an instance method. */
    static MethodHandle call(Class<?> using, int opcode, String owner, String name, String descriptor, MethodType type) {
        try {
            int id = site(using, opcode, owner, name, descriptor);
            return Hooks.bootstrap(MethodHandles.lookup(), name, type, id).dynamicInvoker();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** A rewritten invokevirtual of {@code owner.name} ({@code type} without the receiver). */
    static MethodHandle virtual(Class<?> using, Class<?> owner, String name, MethodType type) {
        return call(using, INVOKEVIRTUAL, internal(owner), name, type.toMethodDescriptorString(),
                type.insertParameterTypes(0, owner));
    }

    static MethodHandle statik(Class<?> using, Class<?> owner, String name, MethodType type) {
        return call(using, INVOKESTATIC, internal(owner), name, type.toMethodDescriptorString(), type);
    }

    /**
     * A rewritten signature-polymorphic VarHandle call: the site's descriptor is the call's,
     * without the VarHandle, which the call site type has first.
     */
    static MethodHandle varHandle(Class<?> using, String name, MethodType type) {
        return call(using, INVOKEVIRTUAL, "java/lang/invoke/VarHandle", name, type.toMethodDescriptorString(),
                type.insertParameterTypes(0, java.lang.invoke.VarHandle.class));
    }

    static String internal(Class<?> c) {
        return c.getName().replace('.', '/');
    }

    /** What the agent inserts after a constructor in a model thread. */
    static <T> T fresh(T object) {
        Hooks.allocated(object, ALLOCATION);
        return object;
    }

    /** Code of a thread; assertion errors and exceptions fail the check. */
    @FunctionalInterface
    interface Code {
        void run() throws Throwable;
    }

    /** Starts a model thread running {@code code}, as rewritten {@code new Thread(r).start()} does. */
    static Thread start(Code code) throws Throwable {
        Thread t = new Thread(() -> {
            try {
                code.run();
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        });
        START.invokeExact(t);
        return t;
    }

    static void join(Thread t) throws Throwable {
        JOIN.invokeExact(t);
    }
}
