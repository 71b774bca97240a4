package dev.weft.runtime;

import java.lang.invoke.MethodHandle;

/** {@code wait}, {@code notify}, {@code notifyAll} and identity {@code hashCode} of model threads. */
final class ObjectCalls implements Calls.Family {
    static final ObjectCalls INSTANCE = new ObjectCalls();

    private ObjectCalls() {}

    @Override
    public Object invoke(ModelThread me, Site site, MethodHandle original, Object[] args) throws Throwable {
        Object target = Calls.receiver(site, args);
        Monitors monitors = me.scheduler.monitors;
        switch (site.name()) {
            case "wait":
                boolean timed = args.length > 1 && ((Long) args[1] != 0 || args.length > 2 && (Integer) args[2] != 0);
                monitors.await(me, target, timed, site);
                return null;
            case "notify":
                monitors.notify(me, target, false, site);
                return null;
            case "notifyAll":
                monitors.notify(me, target, true, site);
                return null;
            case "hashCode":
                return overridesHashCode(target.getClass()) ? Calls.original(original, args)
                        : NondeterminismCalls.identityHash(me, target);
            default:
                return Calls.original(original, args);
        }
    }

    private static final ClassValue<Boolean> OVERRIDES = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> c) {
            try {
                return c.getMethod("hashCode").getDeclaringClass() != Object.class;
            } catch (NoSuchMethodException e) {
                return false;
            }
        }
    };

    private static boolean overridesHashCode(Class<?> c) {
        return OVERRIDES.get(c);
    }
}
