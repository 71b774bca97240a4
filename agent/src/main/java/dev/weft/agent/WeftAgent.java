package dev.weft.agent;

import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.agent.ByteBuddyAgent;

/**
 * The agent's entry points: {@code -javaagent} (premain), a late attach (agentmain), or
 * {@link #install()} from inside the JVM, which attaches itself when the JVM was started without
 * the agent. Installing registers the transformer and rewrites the classes already loaded that the
 * configuration includes; installing again does nothing.
 */
public final class WeftAgent {
    private static Instrumentation instrumentation;

    private WeftAgent() {}

    public static void premain(String agentArgs, Instrumentation inst) {
        install(agentArgs, inst);
    }

    public static void agentmain(String agentArgs, Instrumentation inst) {
        install(agentArgs, inst);
    }

    /** The instrumentation, self-attaching (with Byte Buddy's agent) if the JVM was started without the agent. */
    public static synchronized Instrumentation install() {
        if (instrumentation == null) {
            install(null, ByteBuddyAgent.install());
        }
        return instrumentation;
    }

    public static synchronized boolean isInstalled() {
        return instrumentation != null;
    }

    private static synchronized void install(String agentArgs, Instrumentation inst) {
        if (instrumentation != null) {
            return;
        }
        WeftTransformer transformer = new WeftTransformer(AgentConfig.from(agentArgs, System.getProperties()));
        inst.addTransformer(transformer, true);
        retransformLoaded(inst, transformer);
        instrumentation = inst;
        markRuntimeInstalled();
    }

    /** Classes loaded before the agent: retransform them all at once, or one by one if that fails. */
    private static void retransformLoaded(Instrumentation inst, WeftTransformer transformer) {
        List<Class<?>> classes = new ArrayList<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (!c.isArray() && !c.isPrimitive() && !c.isHidden() && inst.isModifiableClass(c)
                    && transformer.wants(c.getClassLoader(), c.getName().replace('.', '/'))) {
                classes.add(c);
            }
        }
        if (classes.isEmpty()) {
            return;
        }
        try {
            inst.retransformClasses(classes.toArray(new Class<?>[0]));
        } catch (UnmodifiableClassException | RuntimeException | LinkageError batchFailure) {
            for (Class<?> c : classes) {
                try {
                    inst.retransformClasses(c);
                } catch (UnmodifiableClassException | RuntimeException | LinkageError e) {
                    System.err.println("weft: left " + c.getName() + " uninstrumented: " + e);
                }
            }
        }
    }

    /** Tells the runtime that rewritten code can now run (a no-op while the runtime lacks AgentStatus). */
    private static void markRuntimeInstalled() {
        Class<?> status;
        try {
            status = Class.forName("dev.weft.runtime.AgentStatus", true, WeftAgent.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            return;
        }
        try {
            status.getMethod("markInstalled").invoke(null);
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new IllegalStateException("dev.weft.runtime.AgentStatus.markInstalled() is missing", e);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("dev.weft.runtime.AgentStatus.markInstalled() failed", e.getCause());
        }
    }
}
