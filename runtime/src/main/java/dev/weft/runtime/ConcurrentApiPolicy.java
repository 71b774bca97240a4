package dev.weft.runtime;

import java.lang.invoke.MethodHandle;

/**
 * {@code java.util.concurrent} classes that are not modelled. The JDK is not instrumented, so
 * their internal synchronisation is invisible to the explorer: a blocking call would block a model
 * thread outside Weft's control (a hang), and a non-blocking one would hide its interleavings. A
 * model thread that calls them gets an error that says what to use instead; outside a check, and
 * for the pure helpers listed here, calls go through.
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

    @Override
    public Object invoke(ModelThread me, Site site, MethodHandle original, Object[] args) {
        String type = site.owner().replace('/', '.');
        throw new UnsupportedByWeft(type + "." + site.name() + " is not modelled by Weft (called at " + site.frame()
                + "). Its synchronisation happens inside the uninstrumented JDK, where Weft can neither explore it"
                + " nor stop it from blocking. In code under a check use synchronized, wait/notify, LockSupport,"
                + " volatile fields, VarHandles or java.util.concurrent.atomic, and Thread.start/join.");
    }
}
