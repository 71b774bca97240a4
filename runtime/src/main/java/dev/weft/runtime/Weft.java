package dev.weft.runtime;

import dev.weft.models.MemoryModel;

/**
 * The programmatic entry point: checks a test body under a memory model by running it once per
 * consistent execution graph.
 *
 * <pre>{@code
 * CheckResult r = Weft.check(CheckOptions.of(MemoryModel.RC11), () -> {
 *     var c = new Counter();
 *     Thread t = new Thread(c::increment);
 *     t.start();
 *     c.increment();
 *     t.join();
 *     assert c.get() == 2;
 * });
 * }</pre>
 *
 * The body runs as model thread 0; threads it starts become model threads. It must build its
 * state afresh each time it runs, and depend only on what it reads from shared memory.
 */
public final class Weft {
    private Weft() {}

    /** A test body. */
    @FunctionalInterface
    public interface Body {
        void run() throws Throwable;
    }

    /**
     * Checks {@code body}. Attaches the agent if it is on the class path and not yet installed;
     * refuses with {@link UnsupportedByWeft} if instrumentation is not active, or for IMM.
     */
    public static CheckResult check(CheckOptions options, Body body) {
        if (options.model() == MemoryModel.IMM) {
            throw new UnsupportedByWeft("IMM needs the address, data and control dependencies of every access, which"
                    + " Weft does not yet track through bytecode; check JVM code under SC, RA or RC11 (IMM is available"
                    + " for litmus programs).");
        }
        ensureAgent();
        synchronized (Weft.class) {
            if (ModelThread.current() != null) {
                throw new UnsupportedByWeft("Weft.check was called from inside a check");
            }
            return new Scheduler(options, body).run();
        }
    }

    /** Attaches the agent (if it is on the class path) or fails with what to do. */
    static void ensureAgent() {
        if (AgentStatus.isInstalled()) {
            return;
        }
        try {
            Class.forName("dev.weft.agent.WeftAgent").getMethod("install").invoke(null);
        } catch (ClassNotFoundException e) {
            // not on the class path: reported below
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new UnsupportedByWeft("Weft could not attach its agent to this JVM (" + e + "). Start the JVM"
                    + " with -javaagent:path/to/weft-agent.jar (with Maven Surefire, in its argLine), or, on JDK 21"
                    + " and later, where attaching an agent at run time may be refused (JEP 451), with"
                    + " -XX:+EnableDynamicAgentLoading");
        }
        if (!AgentStatus.isInstalled()) {
            throw new UnsupportedByWeft("Weft's agent is not active in this JVM, so no access would be seen and every"
                    + " check would pass without exploring anything. Start the JVM with -javaagent:path/to/weft-agent.jar"
                    + " or put dev.weft:weft-agent on the test class path so that Weft attaches it.");
        }
    }
}
