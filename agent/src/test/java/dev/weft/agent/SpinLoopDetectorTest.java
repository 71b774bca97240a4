package dev.weft.agent;

import static dev.weft.agent.Listing.HOOKS;
import static dev.weft.agent.Listing.SITE;
import static dev.weft.agent.Listing.assertSequence;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.fixtures.SpinLoops;
import dev.weft.runtime.Site;
import dev.weft.runtime.Sites;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

class SpinLoopDetectorTest {
    private static final String SPIN_LOOP_HEAD = HOOKS + "spinLoopHead (I)V";

    private final ClassNode original = Listing.classNode(FixtureLoader.originalBytes(SpinLoops.class.getName()));

    @Test
    void loopsThatOnlyReReadSharedMemoryAreSpinLoops() {
        for (String method : List.of("spinOnFlag", "spinOnAtomic", "spinOnVarHandle", "scratch")) {
            assertEquals(1, heads(method).size(), method);
        }
    }

    @Test
    void loopsThatChangeSomethingAreNot() {
        for (String method : List.of("sum", "casRetry", "writingLoop", "carried", "noSharedRead")) {
            assertEquals(List.of(), heads(method), method);
        }
    }

    /**
     * head: read a; inner: read b; if b == 0 goto head; write c; goto inner. The range from head to
     * its back jump writes nothing, but an iteration through "goto inner" does.
     */
    @Test
    void aLoopEnteredFromBelowIsNot() {
        MethodNode method = new MethodNode(Opcodes.ACC_STATIC, "overlapping", "()V", null, null);
        LabelNode head = new LabelNode();
        LabelNode inner = new LabelNode();
        InsnList code = method.instructions;
        code.add(head);
        code.add(new FieldInsnNode(Opcodes.GETSTATIC, "gen/G", "a", "I"));
        code.add(new InsnNode(Opcodes.POP));
        code.add(inner);
        code.add(new FieldInsnNode(Opcodes.GETSTATIC, "gen/G", "b", "I"));
        code.add(new JumpInsnNode(Opcodes.IFEQ, head));
        code.add(new InsnNode(Opcodes.ICONST_1));
        code.add(new FieldInsnNode(Opcodes.PUTSTATIC, "gen/G", "c", "I"));
        code.add(new JumpInsnNode(Opcodes.GOTO, inner));
        assertEquals(List.of(), SpinLoopDetector.heads(method));
    }

    @Test
    void theHookRunsAtTheHeadOfEachIteration() throws Exception {
        FixtureLoader loader = new FixtureLoader(SpinLoops.class, false);
        byte[] bytes = loader.bytes(SpinLoops.class.getName());
        ClassNode rewritten = Listing.classNode(bytes);
        for (String method : List.of("spinOnFlag", "spinOnAtomic", "spinOnVarHandle", "scratch")) {
            MethodNode node = Listing.method(rewritten, method);
            List<String> code = Listing.of(node);
            assertEquals(1, Listing.count(code, SPIN_LOOP_HEAD), method);
            // Straight after the head's label, line number and frame.
            AbstractInsnNode before = hook(node).getPrevious().getPrevious();
            while (before instanceof LineNumberNode || before instanceof FrameNode) {
                before = before.getPrevious();
            }
            assertTrue(before instanceof LabelNode, method + ": the hook follows the head label");
            Site site = Sites.get(Listing.pushed(code.get(code.indexOf(SPIN_LOOP_HEAD) - 1)));
            assertEquals(Site.SPIN_LOOP, site.opcode());
            assertEquals(method, site.methodName());
            assertEquals(headLine(method), site.line(), method);
        }
        assertSequence(Listing.of(bytes, "spinOnFlag"), SITE, SPIN_LOOP_HEAD, "ALOAD 0", "DUP",
                "GETFIELD dev/weft/fixtures/SpinLoops.flag Z");
        for (String method : List.of("sum", "casRetry", "writingLoop", "carried", "noSharedRead")) {
            assertEquals(0, Listing.count(Listing.of(bytes, method), SPIN_LOOP_HEAD), method);
        }
    }

    @Test
    void spinLoopsStillSpinUntilReleased() throws Exception {
        Class<?> spinLoops = new FixtureLoader(SpinLoops.class, false).load();
        Object instance = spinLoops.getConstructor().newInstance();
        ExecutorService spinners = Executors.newFixedThreadPool(3);
        try {
            CompletableFuture<Object> flag = CompletableFuture.supplyAsync(() -> invoke(instance, "spinOnFlag"), spinners);
            CompletableFuture<Object> atomic = CompletableFuture.supplyAsync(() -> invoke(instance, "spinOnAtomic"), spinners);
            CompletableFuture<Object> varHandle =
                    CompletableFuture.supplyAsync(() -> invoke(instance, "spinOnVarHandle"), spinners);
            Thread.sleep(50);
            assertTrue(!flag.isDone() && !atomic.isDone() && !varHandle.isDone());
            invoke(instance, "set");
            flag.get(10, TimeUnit.SECONDS);
            atomic.get(10, TimeUnit.SECONDS);
            assertEquals(5, varHandle.get(10, TimeUnit.SECONDS));
        } finally {
            spinners.shutdownNow();
        }
        assertEquals(1, invoke(instance, "scratch"));
        assertEquals(6, invoke(instance, "sum"));
        assertEquals(0, invoke(instance, "carried"));
    }

    private static AbstractInsnNode hook(MethodNode method) {
        for (AbstractInsnNode insn : method.instructions) {
            if (insn instanceof MethodInsnNode call && call.name.equals("spinLoopHead")) {
                return call;
            }
        }
        throw new AssertionError("no spinLoopHead in " + method.name);
    }

    private List<LabelNode> heads(String method) {
        return SpinLoopDetector.heads(Listing.method(original, method));
    }

    /** The line of the first instruction after the (only) loop head in the original method. */
    private int headLine(String method) {
        LabelNode head = heads(method).get(0);
        int line = -1;
        for (AbstractInsnNode insn : Listing.method(original, method).instructions) {
            if (insn instanceof LineNumberNode number) {
                line = number.line;
            }
            if (insn == Code.firstReal(head)) {
                return line;
            }
        }
        throw new AssertionError("head not found");
    }

    private static Object invoke(Object target, String method) {
        try {
            return target.getClass().getMethod(method).invoke(target);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
