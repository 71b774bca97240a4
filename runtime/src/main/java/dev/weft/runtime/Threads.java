package dev.weft.runtime;

import dev.weft.models.AccessMode;
import dev.weft.models.Action;

/**
 * Thread operations of model threads: start and join synchronise as thread create and join
 * events; park permits, notifications and interrupt flags are locations of the graph, so that the
 * explorer, not the JVM's scheduler, decides who sees what.
 */
final class Threads {
    private Threads() {}

    static void start(ModelThread me, Thread thread, Site site) {
        if (me.scheduler.modelThreadOf(me, thread) != null) {
            throw new IllegalThreadStateException("thread " + thread.getName() + " was already started (" + site.location() + ")");
        }
        me.spawning = thread;
        me.scheduler.perform(me, Action.spawn(Events.NO_DEPS, site.frame()));
    }

    /**
     * {@code join}: waits until the thread has finished; a thread never started is not waited for.
     * A join is not woken by an interrupt in Weft (it would cost an event on every join).
     */
    static void join(ModelThread me, Thread thread, Site site) {
        ModelThread target = me.scheduler.modelThreadOf(me, thread);
        if (target == null || target == me) {
            if (target == me) {
                throw new UnsupportedByWeft("a thread joins itself at " + site.frame() + ": it would wait forever");
            }
            return;
        }
        me.scheduler.perform(me, Action.join(target.id, Events.NO_DEPS, site.frame()));
    }

    /**
     * A timed park takes the permit if there is one and returns either way (time is not modelled:
     * it may time out at once); in a loop, a return without the permit changes nothing, so
     * spin-assume keeps the loop finite. An untimed park blocks until it gets the permit, or wakes
     * spuriously ({@link #returnsUnwoken}).
     */
    static void park(ModelThread me, boolean timed, Site site) {
        Scheduler s = me.scheduler;
        int permit = s.locations.permit(me.id);
        if (timed) {
            s.perform(me, Events.exchange(permit, 0, AccessMode.ACQ, site.frame()));
        } else if (!returnsUnwoken(me, s.options.spuriousWakeups(), site)) {
            s.perform(me, Action.acquire(permit, 1, 0, AccessMode.ACQ, Events.NO_DEPS, site.frame()));
        }
    }

    /**
     * Whether this wait or park returns without being woken (a spurious wake-up, if {@code allowed};
     * a timed wait's timeout). Both answers are explored ({@link Coins#toss}). At most once per thread per execution: enough to expose a condition that is
     * not re-checked, and it keeps a waiting loop finite.
     */
    static boolean returnsUnwoken(ModelThread me, boolean allowed, Site site) {
        if (!allowed || me.spuriousWakeupUsed) {
            return false;
        }
        me.spuriousWakeupUsed = !Coins.toss(me, me.scheduler.locations.spurious(me.id), site.frame());
        return me.spuriousWakeupUsed;
    }

    static void unpark(ModelThread me, Thread thread, Site site) {
        ModelThread target = thread == null ? null : me.scheduler.modelThreadOf(me, thread);
        if (target == null) {
            return; // unpark of a thread not started: no guaranteed effect (LockSupport javadoc)
        }
        me.scheduler.perform(me, Events.write(me.scheduler.locations.permit(target.id), 1, AccessMode.REL, site.frame()));
    }

    /** Sets the flag, and wakes the thread from park or wait (it then sees the flag). */
    static void interrupt(ModelThread me, Thread thread, Site site) {
        ModelThread target = me.scheduler.modelThreadOf(me, thread);
        if (target == null) {
            return;
        }
        Scheduler s = me.scheduler;
        s.perform(me, Events.write(s.locations.interrupt(target.id), 1, AccessMode.SC, site.frame()));
        s.perform(me, Events.write(s.locations.permit(target.id), 1, AccessMode.REL, site.frame()));
        s.monitors.interruptWait(me, target, site);
    }

    static boolean isInterrupted(ModelThread me, Thread thread, Site site) {
        ModelThread target = me.scheduler.modelThreadOf(me, thread);
        if (target == null) {
            return false;
        }
        return me.scheduler.perform(me, Events.read(me.scheduler.locations.interrupt(target.id), AccessMode.SC,
                site.frame())) != 0;
    }

    /** {@code Thread.interrupted()}: reads and clears the current thread's flag. */
    static boolean interrupted(ModelThread me, Site site) {
        int flag = me.scheduler.locations.interrupt(me.id);
        return me.scheduler.perform(me, Events.exchange(flag, 0, AccessMode.SC, site.frame())) != 0;
    }

    /** Throws InterruptedException (clearing the flag) if the current thread was interrupted. */
    static void checkInterrupted(ModelThread me, Site site) throws InterruptedException {
        if (interrupted(me, site)) {
            throw new InterruptedException("interrupted (Weft) at " + site.location());
        }
    }

    /** {@code isAlive}: started and not finished in the execution so far. */
    static boolean isAlive(ModelThread me, Thread thread) {
        ModelThread target = me.scheduler.modelThreadOf(me, thread);
        return target != null && me.scheduler.explorer.isLive(target.id);
    }
}
