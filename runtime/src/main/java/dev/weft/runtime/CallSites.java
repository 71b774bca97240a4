package dev.weft.runtime;

import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/** Links intercepted calls. */
final class CallSites {
    /** The JVM opcode of invokestatic (the runtime does not depend on ASM). */
    private static final int INVOKESTATIC = 184;

    private CallSites() {}

    static CallSite link(MethodHandles.Lookup caller, String name, MethodType type, Site site)
            throws ReflectiveOperationException {
        return new ConstantCallSite(original(caller, name, type, site));
    }

    /** The method the call named, as the original instruction would have invoked it. */
    static MethodHandle original(MethodHandles.Lookup caller, String name, MethodType type, Site site)
            throws ReflectiveOperationException {
        Class<?> owner = Class.forName(site.owner().replace('/', '.'), false, caller.lookupClass().getClassLoader());
        if (site.opcode() == INVOKESTATIC) {
            return caller.findStatic(owner, name, type);
        }
        return caller.findVirtual(owner, name, type.dropParameterTypes(0, 1)).asType(type);
    }
}
