package dev.weft.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.fixtures.LoadedBeforeInstall;
import dev.weft.runtime.Site;
import dev.weft.runtime.Sites;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Opcodes;

/** Runs in a JVM of its own (see the pom): installing the agent affects every class loaded afterwards. */
class WeftAgentTest {
    @Test
    void installSelfAttachesAndRewritesLoadedAndNewClasses() throws Exception {
        assertFalse(WeftAgent.isInstalled());
        LoadedBeforeInstall before = new LoadedBeforeInstall();
        assertEquals(1, before.increment());
        int firstSite = Sites.count();

        Instrumentation instrumentation = WeftAgent.install();
        assertTrue(WeftAgent.isInstalled());
        assertSame(instrumentation, WeftAgent.install(), "installing twice does nothing");

        // Already loaded: retransformed, so its synchronized method keeps the flag and reports entry and exit.
        List<Site> retransformed = sitesOf("dev/weft/fixtures/LoadedBeforeInstall", firstSite);
        assertTrue(retransformed.stream().anyMatch(s -> s.opcode() == Opcodes.GETFIELD), retransformed.toString());
        assertTrue(retransformed.stream().anyMatch(s -> s.opcode() == Site.SYNCHRONIZED_METHOD));
        assertTrue(Modifier.isSynchronized(LoadedBeforeInstall.class.getMethod("increment").getModifiers()));
        assertEquals(2, before.increment());

        // Loaded afterwards: rewritten as it loads, with an explicit monitor.
        int loadSite = Sites.count();
        Class<?> after = Class.forName("dev.weft.fixtures.LoadedAfterInstall");
        List<Site> rewritten = sitesOf("dev/weft/fixtures/LoadedAfterInstall", loadSite);
        assertTrue(rewritten.stream().anyMatch(s -> s.opcode() == Opcodes.PUTFIELD), rewritten.toString());
        assertTrue(rewritten.stream().anyMatch(s -> s.opcode() == Site.CONSTRUCTOR));
        Method increment = after.getMethod("increment");
        assertFalse(Modifier.isSynchronized(increment.getModifiers()));
        Object instance = after.getConstructor().newInstance();
        assertEquals(1, increment.invoke(instance));
        assertEquals(2, increment.invoke(instance));

        // Weft's own classes are never rewritten.
        assertEquals(List.of(), sitesOf("dev/weft/agent/WeftAgentTest", firstSite));
    }

    private static List<Site> sitesOf(String className, int from) {
        List<Site> sites = new ArrayList<>();
        for (int id = from; id < Sites.count(); id++) {
            if (Sites.get(id).className().equals(className)) {
                sites.add(Sites.get(id));
            }
        }
        return sites;
    }
}
