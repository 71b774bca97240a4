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
 */
public record CheckOptions(MemoryModel model, long maxExecutions, Duration timeBudget,
                           int maxEventsPerThread, boolean spuriousWakeups, Duration stuckTimeout) {

    public static final CheckOptions DEFAULT = new CheckOptions(MemoryModel.RC11, 0, Duration.ZERO,
            10_000, false, Duration.ofSeconds(10));

    public CheckOptions {
        if (model == null || maxExecutions < 0 || timeBudget.isNegative() || maxEventsPerThread < 1
                || stuckTimeout.isNegative() || stuckTimeout.isZero()) {
            throw new IllegalArgumentException("invalid check options: " + model + ", maxExecutions="
                    + maxExecutions + ", timeBudget=" + timeBudget + ", maxEventsPerThread=" + maxEventsPerThread
                    + ", stuckTimeout=" + stuckTimeout);
        }
    }

    public static CheckOptions of(MemoryModel model) {
        return DEFAULT.withModel(model);
    }

    public CheckOptions withModel(MemoryModel m) {
        return new CheckOptions(m, maxExecutions, timeBudget, maxEventsPerThread, spuriousWakeups, stuckTimeout);
    }

    public CheckOptions withMaxExecutions(long n) {
        return new CheckOptions(model, n, timeBudget, maxEventsPerThread, spuriousWakeups, stuckTimeout);
    }

    public CheckOptions withTimeBudget(Duration d) {
        return new CheckOptions(model, maxExecutions, d, maxEventsPerThread, spuriousWakeups, stuckTimeout);
    }

    public CheckOptions withMaxEventsPerThread(int n) {
        return new CheckOptions(model, maxExecutions, timeBudget, n, spuriousWakeups, stuckTimeout);
    }

    public CheckOptions withSpuriousWakeups(boolean b) {
        return new CheckOptions(model, maxExecutions, timeBudget, maxEventsPerThread, b, stuckTimeout);
    }

    public CheckOptions withStuckTimeout(Duration d) {
        return new CheckOptions(model, maxExecutions, timeBudget, maxEventsPerThread, spuriousWakeups, d);
    }

    ExplorerOptions explorerOptions() {
        return new ExplorerOptions(maxExecutions, true, false, maxEventsPerThread);
    }
}
