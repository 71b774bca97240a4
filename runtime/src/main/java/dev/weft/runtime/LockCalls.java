package dev.weft.runtime;

import dev.weft.models.AccessMode;
import java.lang.invoke.MethodHandle;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * {@code ReentrantLock} and its {@code Condition}s, on the explorer's library locks as monitors are
 * ({@link Monitors}): {@code lock} takes the lock (blocking), {@code tryLock} is a strong acquire
 * CAS that the explorer lets read every unlock it may see (so a timed {@code tryLock} that would
 * have waited for one is covered too: time is not modelled), {@code await} is {@code wait} on the
 * condition's own wait set, {@code signal} is {@code notify}. A blocking lock is not woken by an
 * interrupt, as a blocked monitor enter is not. Calls on a class of the program's own that
 * implements {@code Lock} or {@code Condition} (or overrides these methods) run its code.
 */
final class LockCalls implements Calls.Family {
    static final LockCalls INSTANCE = new LockCalls();

    /** The lock each condition belongs to (conditions outlive executions; a lock is never collected while its condition lives). */
    private static final Map<Condition, ReentrantLock> CONDITIONS = Collections.synchronizedMap(new WeakHashMap<>());

    private LockCalls() {}

    static boolean models(String owner) {
        return owner.equals("java/util/concurrent/locks/ReentrantLock") || owner.equals("java/util/concurrent/locks/Lock")
                || owner.equals("java/util/concurrent/locks/Condition")
                || owner.equals("java/util/concurrent/locks/AbstractQueuedSynchronizer$ConditionObject");
    }

    @Override
    public Object invoke(ModelThread me, Site site, MethodHandle original, Object[] args) throws Throwable {
        Object receiver = Calls.receiver(site, args);
        if (ConcurrentApiPolicy.runsProgramCode(receiver, site)) {
            return Calls.original(original, args);
        }
        if (receiver instanceof ReentrantLock lock) {
            return onLock(me, site, original, args, lock);
        }
        if (!(receiver instanceof Condition condition)) {
            return ConcurrentApiPolicy.INSTANCE.invoke(me, site, original, args); // another JDK Lock
        }
        ReentrantLock lock = CONDITIONS.get(condition);
        if (lock == null) {
            throw new UnsupportedByWeft("Condition." + site.name() + " at " + site.frame() + " on a Condition that"
                    + " Weft did not see created: Weft models the Conditions that code under a check creates with"
                    + " ReentrantLock.newCondition(). Create the lock's conditions inside the check (not before it"
                    + " starts), and use no other lock class's conditions.");
        }
        return onCondition(me, site, condition, lock);
    }

    private static Object onLock(ModelThread me, Site site, MethodHandle original, Object[] args, ReentrantLock lock)
            throws Throwable {
        Monitors monitors = me.scheduler.monitors;
        int location = me.scheduler.locations.reentrantLock(lock);
        switch (site.name() + site.descriptor()) {
            case "lock()V":
                monitors.lock(me, location, site);
                return null;
            case "lockInterruptibly()V":
                Threads.checkInterrupted(me, site);
                monitors.lock(me, location, site);
                return null;
            case "tryLock()Z":
                return monitors.tryLock(me, location, site);
            case "tryLock(JLjava/util/concurrent/TimeUnit;)Z":
                Threads.checkInterrupted(me, site);
                return monitors.tryLock(me, location, site);
            case "unlock()V":
                if (!monitors.unlock(me, location, site)) {
                    throw new IllegalMonitorStateException("unlock() of a ReentrantLock this thread does not hold at "
                            + site.location());
                }
                return null;
            case "newCondition()Ljava/util/concurrent/locks/Condition;":
                Condition condition = (Condition) Calls.original(original, args);
                CONDITIONS.put(condition, lock);
                return condition;
            case "isHeldByCurrentThread()Z":
                return monitors.holds(me, location) > 0;
            case "getHoldCount()I":
                return monitors.holds(me, location);
            case "isLocked()Z":
                // AQS's state is a volatile field
                return me.scheduler.perform(me, Events.read(location, AccessMode.SC, site.frame())) != 0;
            case "isFair()Z":
                return Calls.original(original, args);
            default:
                throw new UnsupportedByWeft("ReentrantLock." + site.name() + " is not modelled by Weft (called at "
                        + site.frame() + "): Weft models lock, lockInterruptibly, tryLock, unlock, newCondition,"
                        + " isLocked, isHeldByCurrentThread, getHoldCount and isFair; the lock's queue is not modelled.");
        }
    }

    private static Object onCondition(ModelThread me, Site site, Condition condition, ReentrantLock lock)
            throws InterruptedException {
        Monitors monitors = me.scheduler.monitors;
        int location = me.scheduler.locations.reentrantLock(lock);
        if (monitors.holds(me, location) == 0) {
            throw new IllegalMonitorStateException("Condition." + site.name()
                    + "() without holding its ReentrantLock at " + site.location());
        }
        switch (site.name()) {
            case "await":
                boolean timed = !site.descriptor().equals("()V");
                boolean notified = monitors.await(me, location, condition, timed, true, site);
                return timed ? notified : null;
            case "awaitUninterruptibly":
                // an interrupt may end it early, which its javadoc allows as a spurious wake-up; the flag stays set
                monitors.await(me, location, condition, false, false, site);
                return null;
            case "awaitNanos":
                return monitors.await(me, location, condition, true, true, site) ? 1L : 0L; // > 0: signalled in time
            case "awaitUntil":
                return monitors.await(me, location, condition, true, true, site);
            case "signal":
                monitors.signal(me, condition, false, site);
                return null;
            case "signalAll":
                monitors.signal(me, condition, true, site);
                return null;
            default:
                throw new UnsupportedByWeft("Condition." + site.name() + " is not modelled by Weft (called at "
                        + site.frame() + ").");
        }
    }
}
