package dev.weft.runtime;

import java.lang.invoke.MethodHandle;

/** {@code Thread} and {@code LockSupport} calls of model threads. */
final class ThreadCalls implements Calls.Family {
    static final ThreadCalls INSTANCE = new ThreadCalls();

    private ThreadCalls() {}

    @Override
    public Object invoke(ModelThread me, Site site, MethodHandle original, Object[] args) throws Throwable {
        String owner = site.owner();
        String name = site.name();
        if (owner.equals("java/util/concurrent/locks/LockSupport")) {
            return lockSupport(me, site, original, args, name);
        }
        boolean onThread = args.length > 0 && args[0] instanceof Thread;
        switch (name) {
            case "currentThread":
                return me.userThread;
            case "start":
                if (onThread && args.length == 1) {
                    Threads.start(me, (Thread) args[0], site);
                    return null;
                }
                break;
            case "join":
                if (onThread) {
                    Threads.join(me, (Thread) args[0], site);
                    return null;
                }
                break;
            case "sleep":
                if (owner.equals("java/lang/Thread")) {
                    Threads.checkInterrupted(me, site); // time is not modelled: sleeping only lets others run
                    return null;
                }
                break;
            case "yield":
            case "onSpinWait":
                if (owner.equals("java/lang/Thread")) {
                    return null; // the explorer already considers every interleaving
                }
                break;
            case "interrupt":
                if (onThread) {
                    Threads.interrupt(me, (Thread) args[0], site);
                    return null;
                }
                break;
            case "isInterrupted":
                if (onThread) {
                    return Threads.isInterrupted(me, (Thread) args[0], site);
                }
                break;
            case "interrupted":
                if (owner.equals("java/lang/Thread")) {
                    return Threads.interrupted(me, site);
                }
                break;
            case "isAlive":
                if (onThread) {
                    return Threads.isAlive(me, (Thread) args[0]);
                }
                break;
            default:
                break;
        }
        return Calls.original(original, args);
    }

    private static Object lockSupport(ModelThread me, Site site, MethodHandle original, Object[] args, String name)
            throws Throwable {
        switch (name) {
            case "park":
                Threads.park(me, false, site);
                return null;
            case "parkNanos":
            case "parkUntil":
                Threads.park(me, true, site);
                return null;
            case "unpark":
                Threads.unpark(me, (Thread) args[0], site);
                return null;
            default:
                return Calls.original(original, args);
        }
    }
}
