package dev.weft.runtime;

import dev.weft.models.AccessMode;
import dev.weft.models.Action;
import java.lang.invoke.MethodHandle;
import java.util.concurrent.Semaphore;

/**
 * {@code Semaphore} on a location that holds its permits, as AQS's volatile state does:
 * {@code release(n)} is an SC add; {@code tryAcquire(n)} an SC RMW that takes n permits when that
 * many are there and writes nothing otherwise; {@code acquire(n)} blocks until it reads at least n
 * permits and takes them in the same RMW (a blocking acquire, as a lock's); {@code drainPermits} an
 * SC RMW that zeroes a nonzero count and returns what it was, negative included; and
 * {@code availablePermits} one read.
 *
 * <p>Time is not modelled: a timed {@code tryAcquire} makes one attempt, so it may give up at once
 * (the executions where it waited for a release are those where the attempt reads it). Neither is
 * the wait queue: a blocked acquire takes its permits once enough are there, whatever else waits
 * (AQS may keep a small request queued behind a larger one that came first: those executions are
 * not explored), fairness orders nothing, and queue inspection is refused. A blocked acquire is
 * not woken by an interrupt (only one before it throws).
 */
final class SemaphoreCalls implements Calls.Family {
    static final SemaphoreCalls INSTANCE = new SemaphoreCalls();

    private SemaphoreCalls() {}

    @Override
    public Object invoke(ModelThread me, Site site, MethodHandle original, Object[] args) throws Throwable {
        Semaphore semaphore = (Semaphore) Calls.receiver(site, args);
        if (ConcurrentApiPolicy.runsProgramCode(semaphore, site)) {
            return Calls.original(original, args); // a subclass's own method
        }
        Scheduler s = me.scheduler;
        int permits = s.locations.semaphore(semaphore, semaphore.availablePermits());
        String origin = site.frame();
        switch (site.name() + site.descriptor()) {
            case "acquire()V", "acquire(I)V": {
                int n = count(site, args);
                Threads.checkInterrupted(me, site);
                s.perform(me, Action.acquirePermits(permits, n, AccessMode.SC, Events.NO_DEPS, origin));
                return null;
            }
            case "acquireUninterruptibly()V", "acquireUninterruptibly(I)V": {
                int n = count(site, args);
                s.perform(me, Action.acquirePermits(permits, n, AccessMode.SC, Events.NO_DEPS, origin));
                return null;
            }
            case "tryAcquire()Z", "tryAcquire(I)Z": {
                int n = count(site, args);
                return s.perform(me, Events.rmw(Action.RmwOp.TAKE_PERMITS, permits, 0, n, AccessMode.SC, origin)) >= n;
            }
            case "tryAcquire(JLjava/util/concurrent/TimeUnit;)Z", "tryAcquire(IJLjava/util/concurrent/TimeUnit;)Z": {
                int n = count(site, args);
                Threads.checkInterrupted(me, site);
                return s.perform(me, Events.rmw(Action.RmwOp.TAKE_PERMITS, permits, 0, n, AccessMode.SC, origin)) >= n;
            }
            case "release()V", "release(I)V":
                s.perform(me, Events.rmw(Action.RmwOp.FETCH_ADD, permits, 0, count(site, args), AccessMode.SC, origin));
                return null;
            case "availablePermits()I":
                return (int) s.perform(me, Events.read(permits, AccessMode.SC, origin));
            case "drainPermits()I":
                return (int) s.perform(me, Events.rmw(Action.RmwOp.DRAIN, permits, 0, 0, AccessMode.SC, origin));
            case "isFair()Z":
                return Calls.original(original, args); // a final field set by the constructor
            case "toString()Ljava/lang/String;":
                return semaphore.getClass().getName() + "[Permits = "
                        + s.perform(me, Events.read(permits, AccessMode.SC, origin)) + "]";
            default:
                return ConcurrentApiPolicy.INSTANCE.invoke(me, site, original, args);
        }
    }

    /** The permits a call names (one unless its first parameter is an int); negative is refused as the JDK does. */
    private static int count(Site site, Object[] args) {
        int n = site.descriptor().startsWith("(I") ? (Integer) args[1] : 1;
        if (n < 0) {
            throw new IllegalArgumentException(site.name() + "(" + n + ") at " + site.location());
        }
        return n;
    }
}
