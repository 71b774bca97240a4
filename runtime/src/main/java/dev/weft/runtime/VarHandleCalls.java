package dev.weft.runtime;

import dev.weft.models.AccessMode;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Map;

/**
 * VarHandle calls of model threads: every access mode on fields and array elements, the static
 * fences, and the lookups that create VarHandles (so that Weft knows which field each one names).
 */
final class VarHandleCalls implements Calls.Family {
    static final VarHandleCalls INSTANCE = new VarHandleCalls();

    /** The JVM opcode of invokestatic. */
    private static final int INVOKESTATIC = 184;

    private static final Map<String, VarHandle.AccessMode> ACCESS_MODES = new HashMap<>();

    static {
        for (VarHandle.AccessMode m : VarHandle.AccessMode.values()) {
            ACCESS_MODES.put(m.methodName(), m);
        }
    }

    private VarHandleCalls() {}

    @Override
    public Object invoke(ModelThread me, Site site, MethodHandle original, Object[] args) throws Throwable {
        String name = site.name();
        if (!site.owner().equals("java/lang/invoke/VarHandle")) {
            return created(name, original, args);
        }
        if (site.opcode() == INVOKESTATIC) {
            AccessMode fence = fenceMode(name);
            if (fence == null) {
                return Calls.original(original, args);
            }
            me.scheduler.perform(me, Events.fence(fence, Sites.origin(site.id())));
            return null;
        }
        VarHandle.AccessMode m = ACCESS_MODES.get(name);
        if (m == null) {
            return name.equals("hashCode") ? ObjectCalls.INSTANCE.invoke(me, site, original, args)
                    : Calls.original(original, args); // varType, toMethodHandle, toString…
        }
        VarHandle vh = (VarHandle) args[0];
        if (vh == null || !vh.isAccessModeSupported(m) || args.length - 1 != vh.accessModeType(m).parameterCount()) {
            return Calls.original(original, args); // it throws, as the JVM would
        }
        VarHandleTargets.Target target = VarHandleTargets.of(vh, site, args);
        AtomicAccess.Cell cell = target == null ? null : target.cell(me, args);
        if (cell == null) {
            return Calls.original(original, args);
        }
        return AtomicAccess.access(me, cell, m, args, 1 + target.coordinates(), Sites.origin(site.id()));
    }

    /** {@code fullFence} is an SC fence; load-load is an acquire fence and store-store a release one. */
    private static AccessMode fenceMode(String name) {
        switch (name) {
            case "fullFence":
                return AccessMode.SC;
            case "acquireFence":
            case "loadLoadFence":
                return AccessMode.ACQ;
            case "releaseFence":
            case "storeStoreFence":
                return AccessMode.REL;
            default:
                return null;
        }
    }

    /** A lookup that makes a VarHandle: makes it, and records what it names. */
    private static Object created(String name, MethodHandle original, Object[] args) throws Throwable {
        Object made = Calls.original(original, args);
        if (!(made instanceof VarHandle vh)) {
            return made;
        }
        switch (name) {
            case "findVarHandle":
                VarHandleTargets.registerField(vh, field((Class<?>) args[1], (String) args[2], (Class<?>) args[3], false));
                break;
            case "findStaticVarHandle":
                VarHandleTargets.registerField(vh, field((Class<?>) args[1], (String) args[2], (Class<?>) args[3], true));
                break;
            case "unreflectVarHandle":
                VarHandleTargets.registerField(vh, (Field) args[1]);
                break;
            case "arrayElementVarHandle":
                VarHandleTargets.registerArray(vh);
                break;
            default:
                break; // a byte-array or ByteBuffer view: refused when it is used
        }
        return made;
    }

    /** The field a lookup found: named so in the class or a superclass, of that exact type. */
    private static Field field(Class<?> c, String name, Class<?> type, boolean isStatic) throws NoSuchFieldException {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (f.getName().equals(name) && f.getType() == type && Modifier.isStatic(f.getModifiers()) == isStatic) {
                    return f;
                }
            }
        }
        return FieldInfo.find(c, name); // a static field of an interface
    }
}
