package dev.weft.junit;

import dev.weft.agent.WeftAgent;
import dev.weft.runtime.AgentStatus;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Attaches Weft's agent when a JUnit launcher session opens, before test classes are discovered
 * and loaded: a class loaded before the agent can only be retransformed, which cannot rewrite its
 * synchronized methods, so checks that use them would be refused. Registered as a service, so
 * Surefire, IDEs and {@code bin/weft} all get it; {@code -Dweft.agent.disable=true} prevents it.
 */
public final class AgentSessionListener implements LauncherSessionListener {
    @Override
    public void launcherSessionOpened(LauncherSession session) {
        if (AgentStatus.isInstalled() || Boolean.getBoolean(ModelCheckExtension.AGENT_DISABLE)) {
            return;
        }
        try {
            WeftAgent.install();
        } catch (RuntimeException | LinkageError e) {
            // Weft.check tries again and, if it still cannot, fails the check saying how to add -javaagent
        }
    }
}
