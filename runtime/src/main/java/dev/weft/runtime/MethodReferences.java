package dev.weft.runtime;

import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandleProxies;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Method references to intercepted methods: the functional interface instance calls the method
 * through the same modelled call site a direct call gets ({@link CallSites}), with the captured
 * values (the bound receiver, if any) first. The instance is a {@link MethodHandleProxies} proxy
 * rather than a metafactory class, which needs a method it can call directly. As with the
 * metafactory, a reference that captures nothing is one instance; the agent reports each other one
 * as an allocation where it is made.
 */
final class MethodReferences {
    /** The JVM opcode of invokestatic (the runtime does not depend on ASM). */
    private static final int INVOKESTATIC = 184;
    private static final MethodHandle INSTANCE;

    static {
        try {
            INSTANCE = MethodHandles.lookup().findStatic(MethodReferences.class, "instance",
                    MethodType.methodType(Object.class, Class.class, MethodHandle.class, Object[].class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private MethodReferences() {}

    static CallSite link(MethodHandles.Lookup caller, MethodType factoryType, MethodType instantiatedType, Site site)
            throws ReflectiveOperationException {
        ClassLoader loader = caller.lookupClass().getClassLoader();
        MethodType callType = MethodType.fromMethodDescriptorString(site.descriptor(), loader);
        if (site.opcode() != INVOKESTATIC) {
            callType = callType.insertParameterTypes(0, Class.forName(site.owner().replace('/', '.'), false, loader));
        }
        MethodHandle call = CallSites.link(caller, site.name(), callType, site).getTarget();
        int captured = factoryType.parameterCount();
        if (captured == 0) {
            // one instance for the site, as the metafactory makes: the same object in every
            // execution, where a new one each time would be named anew in each
            return new ConstantCallSite(MethodHandles.constant(factoryType.returnType(),
                    instance(factoryType.returnType(), call, new Object[0])));
        }
        MethodHandle factory = MethodHandles.insertArguments(INSTANCE, 0, factoryType.returnType(), call)
                .asCollector(Object[].class, captured)
                .asType(factoryType);
        return new ConstantCallSite(factory);
    }

    /** An instance of {@code functionalInterface} whose method calls {@code call} after the captured values. */
    private static Object instance(Class<?> functionalInterface, MethodHandle call, Object[] captured) {
        return MethodHandleProxies.asInterfaceInstance(functionalInterface, MethodHandles.insertArguments(call, 0, captured));
    }
}
