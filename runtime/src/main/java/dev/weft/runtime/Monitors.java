package dev.weft.runtime;

import dev.weft.models.AccessMode;
import dev.weft.models.Action;
import java.util.ArrayDeque;
import java.util.IdentityHashMap;

/**
 * Java monitors and {@code ReentrantLock}s as the explorer's library locks (seed 000 §2.7), with
 * wait sets (a monitor's, or a lock's {@code Condition}s). A thread's holds are counted per lock
 * location, so a monitor and a {@code ReentrantLock} on the same object stay two locks.
 *
 * <ul>
 *   <li>{@code monitorenter} is a blocking acquire of the monitor's lock location; reentry only
 *       counts. The real monitor entered is the thread's private stand-in, so a thread that waits
 *       for its turn never holds a real monitor another model thread needs.</li>
 *   <li>{@code wait} releases the lock, joins the monitor's wait set and blocks on its own
 *       notification location until a {@code notify} writes it (or, with spurious wakeups or a
 *       timeout, may also return without one), then re-acquires the lock with the same count.</li>
 *   <li>{@code notify} wakes any one thread of the wait set, each in executions of its own, as
 *       the JLS leaves the choice open (or, if the options say so, the longest-waiting one, as
 *       HotSpot usually does); {@code notifyAll} wakes all of them. The wait set follows the order
 *       in which the lock was taken, which the graph fixes, so it is the same on every replay.</li>
 * </ul>
 */
final class Monitors {
    private final Scheduler scheduler;
    private final IdentityHashMap<Object, ArrayDeque<ModelThread>> waitSets = new IdentityHashMap<>();

    Monitors(Scheduler scheduler) {
        this.scheduler = scheduler;
    }

    void reset() {
        waitSets.clear();
    }

    Object enter(ModelThread me, Object monitor, Site site) {
        if (monitor == null) {
            throw new NullPointerException("synchronized on null at " + site.location());
        }
        lock(me, scheduler.locations.monitor(monitor), site);
        return me.monitorStandIn;
    }

    Object exit(ModelThread me, Object monitor, Site site) {
        if (scheduler.isAborted()) {
            return me.monitorStandIn; // unwinding: keep the real stand-in balanced, record nothing
        }
        if (!unlock(me, scheduler.locations.monitor(monitor), site)) {
            throw new IllegalMonitorStateException("monitorexit of a monitor this thread does not hold at "
                    + site.location());
        }
        return me.monitorStandIn;
    }

    /** Takes the lock at {@code lock} (a location) for {@code me}; reentry only counts. */
    void lock(ModelThread me, int lock, Site site) {
        int[] count = me.locksHeld.get(lock);
        if (count != null) {
            count[0]++;
        } else {
            scheduler.perform(me, Action.lock(lock, Events.NO_DEPS, site.frame()));
            me.locksHeld.put(lock, new int[] {1});
        }
    }

    /**
     * Takes the lock at {@code lock} if it is free or {@code me}'s already: a strong CAS that the
     * explorer lets read every unlock (or the taking) it may see. Whether it succeeded.
     */
    boolean tryLock(ModelThread me, int lock, Site site) {
        int[] count = me.locksHeld.get(lock);
        if (count != null) {
            count[0]++;
            return true;
        }
        scheduler.perform(me, Events.rmw(Action.RmwOp.CAS, lock, 0, 1, AccessMode.ACQ, site.frame()));
        if (!scheduler.explorer.lastRmwWrote(me.id)) {
            return false;
        }
        me.locksHeld.put(lock, new int[] {1});
        return true;
    }

    /** Releases one hold of the lock at {@code lock}; false if {@code me} does not hold it. */
    boolean unlock(ModelThread me, int lock, Site site) {
        int[] count = me.locksHeld.get(lock);
        if (count == null) {
            return false;
        }
        if (--count[0] == 0) {
            me.locksHeld.remove(lock);
            scheduler.perform(me, Action.unlock(lock, Events.NO_DEPS, site.frame()));
        }
        return true;
    }

    /** How many times {@code me} holds the lock at {@code lock} (0 if not). */
    int holds(ModelThread me, int lock) {
        int[] count = me.locksHeld.get(lock);
        return count == null ? 0 : count[0];
    }

    /** {@code Object.wait} on {@code monitor}. */
    void await(ModelThread me, Object monitor, boolean timed, Site site) throws InterruptedException {
        if (!me.locksHeld.containsKey(scheduler.locations.monitor(monitor))) {
            throw new IllegalMonitorStateException("wait() without holding the monitor at " + site.location());
        }
        await(me, scheduler.locations.monitor(monitor), monitor, timed, true, site);
    }

    /**
     * Waits in the wait set of {@code waitSet} (a monitor, or a lock's condition), which the lock
     * at {@code lock}, held by {@code me}, guards: releases the lock, blocks until notified (or,
     * when {@code timed} or with spurious wake-ups, maybe not), and takes the lock again with the
     * same count. An {@code interruptible} wait throws InterruptedException if the thread was
     * interrupted before or during it (clearing the flag). Whether it was notified.
     */
    boolean await(ModelThread me, int lock, Object waitSet, boolean timed, boolean interruptible, Site site)
            throws InterruptedException {
        if (interruptible) {
            Threads.checkInterrupted(me, site); // an interrupt before the wait makes it throw at once
        }
        int[] count = me.locksHeld.remove(lock);
        String origin = site.frame();
        waitSets.computeIfAbsent(waitSet, k -> new ArrayDeque<>()).addLast(me);
        scheduler.perform(me, Action.unlock(lock, Events.NO_DEPS, origin));
        int wake = scheduler.locations.wake(me.id);
        // a timed wait may time out, like a spurious wake-up: at most once per thread and execution,
        // so that a waiting loop stays finite (its unlock and relock defeat spin-assume)
        boolean notified = !Threads.returnsUnwoken(me, timed || scheduler.options.spuriousWakeups(), site);
        if (notified) {
            scheduler.perform(me, Action.acquire(wake, 1, 0, AccessMode.ACQ, Events.NO_DEPS, origin));
        }
        ArrayDeque<ModelThread> set = waitSets.get(waitSet);
        if (set != null) {
            set.remove(me); // woken without a notify: leave the wait set
        }
        scheduler.perform(me, Action.lock(lock, Events.NO_DEPS, origin));
        me.locksHeld.put(lock, count);
        if (interruptible) {
            Threads.checkInterrupted(me, site);
        }
        return notified;
    }

    /** {@code Object.notify}/{@code notifyAll} on {@code monitor}. */
    void notify(ModelThread me, Object monitor, boolean all, Site site) {
        if (!me.locksHeld.containsKey(scheduler.locations.monitor(monitor))) {
            throw new IllegalMonitorStateException((all ? "notifyAll()" : "notify()")
                    + " without holding the monitor at " + site.location());
        }
        signal(me, monitor, all, site);
    }

    /** Wakes one thread of the wait set of {@code waitSet}, or all of them; the caller holds its lock. */
    void signal(ModelThread me, Object waitSet, boolean all, Site site) {
        ArrayDeque<ModelThread> set = waitSets.get(waitSet);
        if (set == null || set.isEmpty()) {
            return;
        }
        if (all) {
            while (!set.isEmpty()) {
                wake(me, set.pollFirst(), site);
            }
        } else if (set.size() == 1 || !scheduler.options.notifyWakesAnyWaiter()) {
            wake(me, set.pollFirst(), site);
        } else {
            // JLS 17.2.2: no guarantee which waiter is selected, so each is, in executions of its own
            ModelThread[] waiters = set.toArray(new ModelThread[0]);
            ModelThread chosen = waiters[Coins.pick(me, scheduler.locations.waiterChoice(me.id), waiters.length,
                    site.frame())];
            set.remove(chosen);
            wake(me, chosen, site);
        }
    }

    private void wake(ModelThread me, ModelThread waiter, Site site) {
        scheduler.perform(me, Action.write(scheduler.locations.wake(waiter.id), 1, AccessMode.REL,
                Events.NO_DEPS, Events.NO_DEPS, Events.NO_DEPS, site.frame()));
    }

    /**
     * Wakes {@code target} from a wait, now or later (an interrupt does). The wake-up is posted
     * whether or not the thread waits yet: the interrupt is outside the monitor, so whether it comes
     * before or after the wait is for the explorer to decide, not for the order this run took. A
     * wake-up the thread does not use for this interrupt at most makes a later wait return early,
     * which Java allows (a spurious wake-up).
     */
    void interruptWait(ModelThread me, ModelThread target, Site site) {
        scheduler.awaitReplayOrder(me); // the wait sets, unlike a notify, are not guarded by the monitor here
        for (ArrayDeque<ModelThread> set : waitSets.values()) {
            set.remove(target);
        }
        scheduler.perform(me, Action.write(scheduler.locations.wake(target.id), 1, AccessMode.REL,
                Events.NO_DEPS, Events.NO_DEPS, Events.NO_DEPS, site.frame()));
    }

    /**
     * The deadlock in a blocked execution: every live thread waits for good, on a monitor, a
     * notification, a permit or a thread. Null when a thread is blocked by a failed spin-assume
     * instead (that execution is not a real one).
     */
    String describeDeadlock(ModelThread[] threads) {
        StringBuilder sb = new StringBuilder("deadlock: every live thread is blocked for good");
        for (ModelThread t : threads) {
            if (t == null || !scheduler.explorer.isLive(t.id)) {
                continue;
            }
            Action on = scheduler.explorer.blockedOn(t.id);
            if (on != null && on.kind() == Action.Kind.BLOCK) {
                return null;
            }
            sb.append(System.lineSeparator()).append("  ").append(t.name()).append(' ');
            if (on == null) {
                sb.append("waits to join a thread that never finishes");
            } else {
                sb.append("waits for ").append(scheduler.locationName(on.location())).append(" at ").append(on.origin());
            }
        }
        return sb.toString();
    }
}
