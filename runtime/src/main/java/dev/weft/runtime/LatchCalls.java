package dev.weft.runtime;

import dev.weft.models.AccessMode;
import dev.weft.models.Action;
import java.lang.invoke.MethodHandle;
import java.util.concurrent.CountDownLatch;

/**
 * {@code CountDownLatch} on a location that holds its count, as AQS's volatile state does:
 * {@code countDown} is an SC RMW that subtracts one from a positive count and writes nothing on
 * zero; {@code await} blocks until it reads zero (a blocking acquire that puts the zero back);
 * a timed {@code await} and {@code getCount} read the count once (time is not modelled: a timed
 * wait may give up at once, and the read may still see the last count-down, which is the wait
 * that succeeded). A blocked {@code await} is not woken by an interrupt (only one before it throws).
 */
final class LatchCalls implements Calls.Family {
    static final LatchCalls INSTANCE = new LatchCalls();

    private LatchCalls() {}

    @Override
    public Object invoke(ModelThread me, Site site, MethodHandle original, Object[] args) throws Throwable {
        CountDownLatch latch = (CountDownLatch) Calls.receiver(site, args);
        if (ConcurrentApiPolicy.runsProgramCode(latch, site)) {
            return Calls.original(original, args); // a subclass's own method
        }
        Scheduler s = me.scheduler;
        int count = s.locations.latch(latch, latch.getCount());
        String origin = site.frame();
        switch (site.name() + site.descriptor()) {
            case "countDown()V":
                s.perform(me, Events.rmw(Action.RmwOp.COUNT_DOWN, count, 0, 0, AccessMode.SC, origin));
                return null;
            case "await()V":
                Threads.checkInterrupted(me, site);
                s.perform(me, Action.acquire(count, 0, 0, AccessMode.SC, Events.NO_DEPS, origin));
                return null;
            case "await(JLjava/util/concurrent/TimeUnit;)Z":
                Threads.checkInterrupted(me, site);
                return s.perform(me, Events.read(count, AccessMode.SC, origin)) == 0;
            case "getCount()J":
                return s.perform(me, Events.read(count, AccessMode.SC, origin));
            case "toString()Ljava/lang/String;":
                return latch.getClass().getName() + "[Count = " + s.perform(me, Events.read(count, AccessMode.SC,
                        origin)) + "]";
            default:
                return ConcurrentApiPolicy.INSTANCE.invoke(me, site, original, args);
        }
    }
}
