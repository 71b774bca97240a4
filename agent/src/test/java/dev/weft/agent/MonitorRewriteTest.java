package dev.weft.agent;

import static dev.weft.agent.Listing.HOOKS;
import static dev.weft.agent.Listing.SITE;
import static dev.weft.agent.Listing.assertSequence;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.fixtures.Monitors;
import dev.weft.runtime.Site;
import dev.weft.runtime.Sites;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

class MonitorRewriteTest {
    private static final String MONITORS = "dev/weft/fixtures/Monitors";
    private static final String ENTER = HOOKS + "monitorEnter (Ljava/lang/Object;I)Ljava/lang/Object;";
    private static final String EXIT = HOOKS + "monitorExit (Ljava/lang/Object;I)Ljava/lang/Object;";

    @Test
    void synchronizedBlocksPassTheirMonitorThroughTheHooks() throws Exception {
        FixtureLoader loader = new FixtureLoader(Monitors.class, false);
        assertEquals(1, call(loader.load().getConstructor().newInstance(), "block"));
        List<String> block = Listing.of(loader.bytes(Monitors.class.getName()), "block");
        assertSequence(block, "DUP", "ASTORE 1", SITE, ENTER, "MONITORENTER");
        int exits = 0;
        for (int at = 0; (at = Listing.indexOf(block, at, SITE, EXIT, "MONITOREXIT")) >= 0; at++) {
            exits++;
            assertEquals(Opcodes.MONITOREXIT, Sites.get(Listing.pushed(block.get(at))).opcode());
        }
        assertEquals(2, exits, "the normal exit and javac's catch-all exit");
    }

    @Test
    void synchronizedMethodsBecomeExplicitMonitorsAtLoad() throws Exception {
        FixtureLoader loader = new FixtureLoader(Monitors.class, false);
        Class<?> monitors = loader.load();
        for (String name : List.of("method", "fail", "manyReturns", "staticMethod", "wide", "holds", "staticHolds")) {
            int modifiers = Arrays.stream(monitors.getDeclaredMethods())
                    .filter(m -> m.getName().equals(name)).findFirst().orElseThrow().getModifiers();
            assertFalse(Modifier.isSynchronized(modifiers), name);
        }
        ClassNode node = Listing.classNode(loader.bytes(Monitors.class.getName()));
        List<String> method = Listing.of(Listing.method(node, "method"));
        int entry = assertSequence(method, "ALOAD 0", SITE, ENTER, "MONITORENTER");
        assertEquals(0, entry, "the monitor is entered first");
        assertSequence(method, "ALOAD 0", SITE, EXIT, "MONITOREXIT", "IRETURN");
        // The catch-all handler: exit, rethrow; it is the last handler and covers no exit sequence.
        assertSequence(method, "ALOAD 0", SITE, EXIT, "MONITOREXIT", "ATHROW");
        MethodNode manyReturns = Listing.method(node, "manyReturns");
        TryCatchBlockNode last = manyReturns.tryCatchBlocks.get(manyReturns.tryCatchBlocks.size() - 1);
        assertNull(last.type);
        List<String> returns = Listing.of(manyReturns);
        assertEquals(4, Listing.count(returns, "IRETURN"));
        assertEquals(5, Listing.count(returns, "MONITOREXIT"));
        assertSequence(Listing.of(Listing.method(node, "staticMethod")), "LDC L" + MONITORS + ";", SITE, ENTER, "MONITORENTER");

        int site = Listing.pushed(method.get(1));
        Site entered = Sites.get(site);
        assertEquals(Site.SYNCHRONIZED_METHOD, entered.opcode());
        assertEquals(MONITORS, entered.owner());
        assertEquals("method", entered.name());
        assertEquals("(I)I", entered.descriptor());
        assertEquals(Listing.lineOf(FixtureLoader.originalBytes(Monitors.class.getName()), "method", "ALOAD 0"),
                entered.line());
    }

    @Test
    void explicitMonitorsBehaveLikeSynchronizedMethods() throws Exception {
        Class<?> monitors = new FixtureLoader(Monitors.class, false).load();
        behavesLikeTheOriginal(monitors);
    }

    @Test
    void retransformedSynchronizedMethodsKeepTheFlagAndReportEntryAndExit() throws Exception {
        FixtureLoader loader = new FixtureLoader(Monitors.class, true);
        Class<?> monitors = loader.load();
        behavesLikeTheOriginal(monitors);
        byte[] original = FixtureLoader.originalBytes(Monitors.class.getName());
        ClassNode before = Listing.classNode(original);
        ClassNode after = Listing.classNode(loader.bytes(Monitors.class.getName()));
        // Only bodies change under retransformation.
        assertEquals(signatures(before), signatures(after));
        List<String> method = Listing.of(Listing.method(after, "method"));
        assertEquals(0, assertSequence(method, "ALOAD 0", SITE, HOOKS + "syncMethodEnter (Ljava/lang/Object;I)V"));
        assertSequence(method, "ALOAD 0", SITE, HOOKS + "syncMethodExit (Ljava/lang/Object;I)V", "IRETURN");
        assertSequence(method, "ALOAD 0", SITE, HOOKS + "syncMethodExit (Ljava/lang/Object;I)V", "ATHROW");
        assertEquals(0, Listing.count(method, "MONITOR"));
        assertSequence(Listing.of(Listing.method(after, "staticMethod")), "LDC L" + MONITORS + ";", SITE,
                HOOKS + "syncMethodEnter (Ljava/lang/Object;I)V");
    }

    private static void behavesLikeTheOriginal(Class<?> monitors) throws Exception {
        Object instance = monitors.getConstructor().newInstance();
        assertEquals(5, monitors.getMethod("method", int.class).invoke(instance, 5));
        assertEquals(7L, monitors.getMethod("wide", long.class, double.class).invoke(instance, 3L, 4.5));
        InvocationTargetException thrown = assertThrows(InvocationTargetException.class,
                () -> monitors.getMethod("fail").invoke(instance));
        assertEquals("inside", thrown.getCause().getMessage());
        assertFalse(Thread.holdsLock(instance));
        assertTrue((Boolean) call(instance, "releasedAfterThrow"));
        assertTrue((Boolean) call(instance, "holdsOwnMonitor"));
        assertTrue((Boolean) monitors.getMethod("holdsClassMonitor").invoke(null));
        assertFalse(Thread.holdsLock(monitors));
        assertEquals(1, monitors.getMethod("staticMethod").invoke(null));
        var manyReturns = monitors.getMethod("manyReturns", int.class);
        assertEquals(-1, manyReturns.invoke(instance, -5));
        assertEquals(3, manyReturns.invoke(instance, 10));
        assertEquals(-2, manyReturns.invoke(instance, 2));
        assertFalse(Thread.holdsLock(instance));
    }

    private static List<String> signatures(ClassNode node) {
        List<String> members = new ArrayList<>();
        for (MethodNode m : node.methods) {
            members.add(m.access + " " + m.name + m.desc);
        }
        for (FieldNode f : node.fields) {
            members.add(f.access + " " + f.name + f.desc);
        }
        members.add("class " + node.access + " " + node.superName + " " + node.interfaces);
        return members;
    }

    private static Object call(Object target, String method) throws Exception {
        return target.getClass().getMethod(method).invoke(target);
    }
}
