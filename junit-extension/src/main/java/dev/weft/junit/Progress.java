package dev.weft.junit;

import java.io.Console;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Progress of a long check on stderr, at most every 5 seconds and only when a person is watching
 * (a terminal). The runtime has no progress callback, so executions are counted from the
 * extension's side: the body starts once per execution.
 */
final class Progress implements AutoCloseable {
    private static final long PERIOD_MILLIS = 5_000;

    private final AtomicLong started = new AtomicLong();
    private final CheckSettings settings;
    private final long start = System.nanoTime();
    private final Thread ticker;

    private Progress(CheckSettings settings, boolean show) {
        this.settings = settings;
        this.ticker = show ? new Thread(this::tick, "weft-progress") : null;
        if (ticker != null) {
            ticker.setDaemon(true);
            ticker.start();
        }
    }

    static Progress start(CheckSettings settings) {
        return new Progress(settings, onTerminal());
    }

    /** Called at the start of every execution. */
    void executionStarted() {
        started.incrementAndGet();
    }

    @Override
    public void close() {
        if (ticker != null) {
            ticker.interrupt();
        }
    }

    private void tick() {
        try {
            while (true) {
                Thread.sleep(PERIOD_MILLIS);
                System.err.println(line(started.get(), System.nanoTime() - start));
            }
        } catch (InterruptedException done) {
            // the check finished
        }
    }

    String line(long executions, long nanos) {
        double seconds = nanos / 1e9;
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "weft: %s %d executions (%.0f/s), %.0f s elapsed",
                settings.name(), executions, executions / Math.max(seconds, 1e-9), seconds));
        Duration budget = settings.options().timeBudget();
        if (!budget.isZero()) {
            sb.append(String.format(Locale.ROOT, ", %.0f s of the time budget left",
                    Math.max(0, budget.toNanos() - nanos) / 1e9));
        }
        long max = settings.options().maxExecutions();
        if (max > 0) {
            sb.append(", ").append(Math.max(0, max - executions)).append(" executions of the budget left");
        }
        if (budget.isZero() && max == 0) {
            sb.append(", no budget");
        }
        return sb.toString();
    }

    /**
     * Whether stderr is likely a terminal: there is a console and, from Java 22 (where a console
     * exists even when output is redirected), it says it is a terminal.
     */
    private static boolean onTerminal() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
        } catch (NoSuchMethodException beforeJava22) {
            return true;
        } catch (ReflectiveOperationException e) {
            return false;
        }
    }
}
