package dev.weft.runtime;

/** Whether the agent rewrites classes in this JVM; a check refuses to run without it. */
public final class AgentStatus {
    private static volatile boolean installed;

    private AgentStatus() {}

    /** Called by the agent once its transformer is registered. */
    public static void markInstalled() {
        installed = true;
    }

    public static boolean isInstalled() {
        return installed;
    }
}
