package dev.weft.runtime;

import dev.weft.models.ExplorerOptions;
import dev.weft.models.MemoryModel;
import java.time.Duration;

/**
 * How to check a test body.
 *
 * @param model              the memory model (SC, RA, RC11; IMM is refused for JVM code until
 *                           dependencies are tracked through bytecode)
 * @param maxExecutions      stop after this many executions (complete + blocked); 0 for no limit
 * @param timeBudget         stop starting new executions after this long; zero for no limit
 * @param maxEventsPerThread a thread with more events in one execution is a possible livelock
 * @param spuriousWakeups    whether {@code wait} and {@code park} may also return without a
 *                           notification (the JLS allows it; code must re-check its condition)
 * @param stuckTimeout       a thread that runs this long without reaching an event is reported as
 *                           stuck in uninstrumented code
 * @param races              what a data race on plain accesses does (fail, warn, or nothing)
 * @param replay             0, or the number of an execution ({@link Failure#run}) to stop at: the
 *                           exploration is deterministic, so this re-runs exactly up to that execution
 * @param notifyWakesAnyWaiter whether {@code notify} wakes every waiter in executions of its own, as
 *                           the JLS allows (the default), or only the longest waiter, as HotSpot
 *                           usually does (fewer executions; misses code that relies on the order)
 */
public record CheckOptions(MemoryModel model, long maxExecutions, Duration timeBudget,
                           int maxEventsPerThread, boolean spuriousWakeups, Duration stuckTimeout,
                           RacePolicy races, long replay, boolean notifyWakesAnyWaiter) {

    public static final CheckOptions DEFAULT = new CheckOptions(MemoryModel.RC11, 0, Duration.ZERO,
            10_000, false, Duration.ofSeconds(10), RacePolicy.WARN, 0, true);

    public CheckOptions {
        if (model == null || races == null || maxExecutions < 0 || timeBudget.isNegative() || maxEventsPerThread < 1
                || stuckTimeout.isNegative() || stuckTimeout.isZero() || replay < 0) {
            throw new IllegalArgumentException("invalid check options: " + model + ", maxExecutions="
                    + maxExecutions + ", timeBudget=" + timeBudget + ", maxEventsPerThread=" + maxEventsPerThread
                    + ", stuckTimeout=" + stuckTimeout + ", replay=" + replay);
        }
    }

    public static CheckOptions of(MemoryModel model) {
        return DEFAULT.withModel(model);
    }

    public CheckOptions withModel(MemoryModel m) {
        return new CheckOptions(m, maxExecutions, timeBudget, maxEventsPerThread, spuriousWakeups, stuckTimeout, races, replay, notifyWakesAnyWaiter);
    }

    public CheckOptions withMaxExecutions(long n) {
        return new CheckOptions(model, n, timeBudget, maxEventsPerThread, spuriousWakeups, stuckTimeout, races, replay, notifyWakesAnyWaiter);
    }

    public CheckOptions withTimeBudget(Duration d) {
        return new CheckOptions(model, maxExecutions, d, maxEventsPerThread, spuriousWakeups, stuckTimeout, races, replay, notifyWakesAnyWaiter);
    }

    public CheckOptions withMaxEventsPerThread(int n) {
        return new CheckOptions(model, maxExecutions, timeBudget, n, spuriousWakeups, stuckTimeout, races, replay, notifyWakesAnyWaiter);
    }

    public CheckOptions withSpuriousWakeups(boolean b) {
        return new CheckOptions(model, maxExecutions, timeBudget, maxEventsPerThread, b, stuckTimeout, races, replay, notifyWakesAnyWaiter);
    }

    public CheckOptions withStuckTimeout(Duration d) {
        return new CheckOptions(model, maxExecutions, timeBudget, maxEventsPerThread, spuriousWakeups, d, races, replay, notifyWakesAnyWaiter);
    }

    public CheckOptions withRaces(RacePolicy policy) {
        return new CheckOptions(model, maxExecutions, timeBudget, maxEventsPerThread, spuriousWakeups, stuckTimeout,
                policy, replay, notifyWakesAnyWaiter);
    }

    public CheckOptions withNotifyWakesAnyWaiter(boolean b) {
        return new CheckOptions(model, maxExecutions, timeBudget, maxEventsPerThread, spuriousWakeups, stuckTimeout,
                races, replay, b);
    }

    /** Stops at execution {@code run} of a {@link Failure#replayHandle}. */
    public CheckOptions withReplay(long run) {
        return new CheckOptions(model, maxExecutions, timeBudget, maxEventsPerThread, spuriousWakeups, stuckTimeout, races, run, notifyWakesAnyWaiter);
    }

    /** Stops at the execution a {@link Failure#replayHandle} names ({@code MODEL:run}), under its model. */
    public CheckOptions withReplay(String handle) {
        int colon = handle.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("a replay handle looks like RC11:42, not " + handle);
        }
        return withModel(MemoryModel.valueOf(handle.substring(0, colon).trim()))
                .withReplay(Long.parseLong(handle.substring(colon + 1).trim()));
    }

    ExplorerOptions explorerOptions() {
        return new ExplorerOptions(maxExecutions, true, false, maxEventsPerThread);
    }
}
