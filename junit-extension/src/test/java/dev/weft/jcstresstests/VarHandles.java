package dev.weft.jcstresstests;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** VarHandles on the fields of the jcstress-style tests (not a test). */
final class VarHandles {
    private VarHandles() {}

    static VarHandle field(Class<?> owner, String name, Class<?> type) {
        try {
            return MethodHandles.privateLookupIn(owner, MethodHandles.lookup()).findVarHandle(owner, name, type);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
