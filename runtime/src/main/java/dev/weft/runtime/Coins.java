package dev.weft.runtime;

import dev.weft.models.AccessMode;
import dev.weft.models.Action;

/**
 * Choices the JVM leaves open and the explorer must try every way: each toss is a weak CAS on a
 * location only the tossing thread touches, which the explorer lets succeed in one execution and
 * fail spuriously in another, and nothing else can read or revisit.
 */
final class Coins {
    private Coins() {}

    /** True in one execution, false in another. */
    static boolean toss(ModelThread me, int privateLocation, String origin) {
        Scheduler s = me.scheduler;
        s.perform(me, Events.rmw(Action.RmwOp.WEAK_CAS, privateLocation, 0, 0, AccessMode.RLX, origin));
        return s.explorer.lastRmwWrote(me.id);
    }

    /**
     * One of {@code 0 .. n-1}, each in exactly one execution: "this one?" for each but the last, so
     * that choosing {@code i} takes {@code min(i + 1, n - 1)} tosses and no choice is reached twice.
     */
    static int pick(ModelThread me, int privateLocation, int n, String origin) {
        for (int i = 0; i < n - 1; i++) {
            if (toss(me, privateLocation, origin)) {
                return i;
            }
        }
        return n - 1;
    }
}
