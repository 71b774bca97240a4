package dev.weft.runtime;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code java.util.concurrent} classes that are not modelled. The JDK is not instrumented, so
 * their internal synchronisation is invisible to the explorer: a blocking call would block a model
 * thread outside Weft's control (a hang), and a non-blocking one would hide its interleavings. A
 * model thread that calls them gets an error that says what to use instead; outside a check, for
 * the pure helpers listed here, and for the program's own implementations of their interfaces,
 * calls go through.
 */
final class ConcurrentApiPolicy implements Calls.Family {
    static final ConcurrentApiPolicy INSTANCE = new ConcurrentApiPolicy();

    private ConcurrentApiPolicy() {}

    /** Classes of the package whose calls are safe as they are. */
    static boolean passesThrough(String owner, String name) {
        String simple = owner.substring("java/util/concurrent/".length());
        return simple.equals("Callable") || simple.endsWith("Exception") || simple.equals("ThreadFactory")
                || simple.equals("TimeUnit") && !name.startsWith("sleep") && !name.startsWith("timed");
    }

    /**
     * Whether an instance call runs the program's own code: the receiver's class, or a superclass
     * below the JDK's, declares the method (a {@code Lock} or {@code BlockingQueue} the program
     * implements). That code is rewritten like the rest of the program, so it is explored as it is.
     */
    static boolean runsProgramCode(Object receiver, Site site) {
        return receiver != null && site.opcode() != INVOKESTATIC
                && DECLARED_BY_PROGRAM.get(receiver.getClass()).computeIfAbsent(site.name() + site.descriptor(),
                        k -> declaredByProgram(receiver.getClass(), site));
    }

    private static final int INVOKESTATIC = 184;

    /** Per receiver class, by method name and descriptor: whether the program's code declares it. */
    private static final ClassValue<Map<String, Boolean>> DECLARED_BY_PROGRAM = new ClassValue<>() {
        @Override
        protected Map<String, Boolean> computeValue(Class<?> c) {
            return new ConcurrentHashMap<>();
        }
    };

    private static boolean declaredByProgram(Class<?> receiverClass, Site site) {
        Class<?>[] parameters = MethodType.fromMethodDescriptorString(site.descriptor(), receiverClass.getClassLoader())
                .parameterArray();
        for (Class<?> c = receiverClass; c != null; c = c.getSuperclass()) {
            try {
                c.getDeclaredMethod(site.name(), parameters);
                return !isJdk(c);
            } catch (NoSuchMethodException e) {
                // inherited: look in the superclass
            }
        }
        return false; // an interface's default method: the JDK's
    }

    static boolean isJdk(Class<?> c) {
        ClassLoader loader = c.getClassLoader();
        return loader == null || loader == ClassLoader.getPlatformClassLoader();
    }

    @Override
    public Object invoke(ModelThread me, Site site, MethodHandle original, Object[] args) throws Throwable {
        if (args.length > 0 && runsProgramCode(args[0], site)) {
            return Calls.original(original, args);
        }
        throw refusal(site.owner().replace('/', '.') + "." + site.name(), site);
    }

    /** The error for a call of {@code what}, a method of an unmodelled class, at {@code site}. */
    static UnsupportedByWeft refusal(String what, Site site) {
        return new UnsupportedByWeft(what + " is not modelled by Weft (called at " + site.frame()
                + "). Its synchronisation happens inside the uninstrumented JDK, where Weft can neither explore it"
                + " nor stop it from blocking. In code under a check use synchronized, wait/notify, LockSupport,"
                + " ReentrantLock and its Conditions, CountDownLatch, Semaphore, volatile fields, VarHandles or"
                + " java.util.concurrent.atomic, and Thread.start/join.");
    }
}
