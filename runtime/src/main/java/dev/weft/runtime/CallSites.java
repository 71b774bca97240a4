package dev.weft.runtime;

import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/** Links an intercepted call to the family of the runtime that models it. */
final class CallSites {
    /** The JVM opcode of invokestatic (the runtime does not depend on ASM). */
    private static final int INVOKESTATIC = 184;

    private CallSites() {}

    static CallSite link(MethodHandles.Lookup caller, String name, MethodType type, Site site)
            throws ReflectiveOperationException {
        MethodHandle original = original(caller, name, type, site);
        Calls.Family family = familyOf(site);
        return new ConstantCallSite(family == null ? original : Calls.through(family, site, original, type));
    }

    private static Calls.Family familyOf(Site site) {
        String owner = site.owner();
        String name = site.name();
        if (owner.equals("java/lang/invoke/VarHandle") || owner.equals("java/lang/invoke/MethodHandles$Lookup")
                || owner.equals("java/lang/invoke/MethodHandles")) {
            return VarHandleCalls.INSTANCE;
        }
        if (owner.startsWith("java/util/concurrent/atomic/")) {
            return AtomicCalls.INSTANCE;
        }
        if (owner.equals("java/lang/Thread") || owner.equals("java/util/concurrent/locks/LockSupport")) {
            return ThreadCalls.INSTANCE;
        }
        if (owner.equals("java/lang/System") || owner.equals("java/lang/Math")
                || owner.equals("java/util/concurrent/ThreadLocalRandom")) {
            return NondeterminismCalls.INSTANCE;
        }
        if (owner.equals("java/util/concurrent/CountDownLatch")) {
            return LatchCalls.INSTANCE;
        }
        if (owner.equals("java/util/concurrent/Semaphore")) {
            return SemaphoreCalls.INSTANCE;
        }
        if (MapCalls.models(owner)) {
            return MapCalls.INSTANCE;
        }
        if (LockCalls.models(owner)) {
            return LockCalls.INSTANCE;
        }
        if (CollectionCalls.isCollectionInterface(owner)) {
            return CollectionCalls.INSTANCE;
        }
        if (owner.startsWith("java/util/concurrent/")) {
            return ConcurrentApiPolicy.passesThrough(owner, name) ? null : ConcurrentApiPolicy.INSTANCE;
        }
        switch (name) {
            case "wait", "notify", "notifyAll", "hashCode":
                return ObjectCalls.INSTANCE;
            case "start", "join", "interrupt", "isInterrupted", "isAlive":
                return ThreadCalls.INSTANCE; // a Thread subclass, or an unrelated method of the same name
            default:
                return null;
        }
    }

    /** The method the call named, as the original instruction would have invoked it. */
    private static MethodHandle original(MethodHandles.Lookup caller, String name, MethodType type, Site site)
            throws ReflectiveOperationException {
        Class<?> owner = Class.forName(site.owner().replace('/', '.'), false, caller.lookupClass().getClassLoader());
        if (site.opcode() == INVOKESTATIC) {
            return caller.findStatic(owner, name, type);
        }
        return caller.findVirtual(owner, name, type.dropParameterTypes(0, 1)).asType(type);
    }
}
