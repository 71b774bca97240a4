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
import org.objectweb.asm.tree.VarInsnNode;

class SpinLoopDetectorTest {
    private static final String SPIN_LOOP_HEAD = HOOKS + "spinLoopHead (I)V";
    private static final String SPIN_LOOP_BACK_EDGE = HOOKS + "spinLoopBackEdge (I)V";

    private final ClassNode original = Listing.classNode(FixtureLoader.originalBytes(SpinLoops.class.getName()));

    @Test
    void loopsThatOnlyReReadSharedMemoryAreSpinLoops() {
        for (String method : List.of("spinOnFlag", "spinOnAtomic", "spinOnVarHandle", "scratch")) {
            assertEquals(1, heads(method).size(), method);
        }
    }

    /**
     * The runtime counts writes as they happen, so a loop that writes on some iterations is still
     * one: an iteration whose CAS failed, or that took no writing branch, changed nothing.
     */
    @Test
    void loopsThatWriteOnlySometimesAreSpinLoops() {
        for (String method : List.of("casRetry", "republishUntilSet", "plainWrites")) {
            assertEquals(1, heads(method).size(), method);
        }
    }

    /** javac gives the inner read loop and the outer CAS loop one head: one loop, with the CAS in it. */
    @Test
    void testAndTestAndSetIsOneSpinLoop() {
        for (String method : List.of("ttasLock", "ttasLockAtomic")) {
            MethodNode node = Listing.method(original, method);
            List<LabelNode> heads = headsOf(node);
            assertEquals(1, heads.size(), method);
            long backJumps = java.util.stream.StreamSupport.stream(node.instructions.spliterator(), false)
                    .filter(insn -> insn instanceof JumpInsnNode jump && jump.label == heads.get(0)).count();
            assertEquals(2, backJumps, method + ": the inner and the outer loop jump back to the same head");
        }
    }

    /** The outer loop backs off with writes, the inner one waits for the turn: both are spin loops. */
    @Test
    void textbookDekkerHasTwoSpinLoops() {
        assertEquals(2, heads("dekkerLock").size());
    }

    @Test
    void loopsThatChangeSomethingAreNot() {
        // IINC (twice), a local carried from one iteration to the next, no shared access at all, an
        // atomic update through a function, and calls of methods whose effects no event shows or
        // that a subclass may override
        for (String method : List.of("sum", "countsSpins", "carried", "noSharedRead", "updatesWithAFunction",
                "callsAnOverridableMethod", "callsAMethodThatAllocates", "callsAMethodOfAnotherClass",
                "callsASynchronizedMethod", "callsItselfForever", "callsAnOverridableMethodOfAnotherClass")) {
            assertEquals(List.of(), heads(method), method);
        }
    }

    /**
     * A call of the class's own method that no subclass can override is judged by its body: a
     * lock's {@code while (!tryLock()) onSpinWait();} is a spin loop, through two levels of calls.
     */
    @Test
    void callsOfTheClassesOwnMethodsAreJudgedByTheirBodies() {
        for (String method : List.of("callsAMethod", "spinOnPrivateTryLock", "spinOnStaticHelperOfAHelper",
                "spinOnFinalHelper")) {
            assertEquals(1, heads(method).size(), method);
        }
    }

    /**
     * So is a call of another rewritten class's method that no subclass can override, read from
     * that class's file: final, static, of a final class, or final and inherited by the class the
     * call names (resolved in its superclass).
     */
    /** A ReentrantLock's tryLock is one event, a CAS: a loop of failed attempts is a spin loop. */
    @Test
    void tryLockOfAReentrantLockIsAnAccess() {
        assertEquals(1, heads("spinOnTryLock").size());
    }

    /**
     * A Semaphore's tryAcquire is one RMW that writes nothing when it fails, and availablePermits
     * one read: loops of them are spin loops. A blocking acquire is neither.
     */
    @Test
    void tryAcquireAndAvailablePermitsOfASemaphoreAreAccesses() {
        assertEquals(1, heads("spinOnTryAcquire").size());
        assertEquals(1, heads("spinOnAvailablePermits").size());
        assertEquals(List.of(), heads("loopsOnAcquire"));
    }

    @Test
    void callsOfOtherRewrittenClassesMethodsAreJudgedByTheirBodies() {
        for (String method : List.of("spinOnAnotherClassesFinalMethod", "spinOnAStaticMethodOfAnotherClass",
                "spinOnAMethodOfAFinalClass", "spinOnAnInheritedFinalMethod")) {
            assertEquals(1, heads(method).size(), method);
        }
    }

    /**
     * An allocation is judged by its constructor, read from the class file when the agent rewrites
     * that class: a record made on the way out of an attempt (a seqlock's {@code tryRead}), an
     * object with a plain field, an array. A JDK constructor is refused: its writes are no events.
     */
    @Test
    void allocationsAreJudgedByTheirConstructors() {
        for (String method : List.of("spinOnAnAttemptThatAllocatesARecord", "spinAllocatingAnArray",
                "spinAllocatingAnObjectWithAPlainField")) {
            assertEquals(1, heads(method).size(), method);
        }
        assertEquals(List.of(), heads("callsAMethodThatAllocates"));
    }

    /**
     * A loop that may write but can be left without writing, with no write before it: the runtime
     * judges each iteration from the head to a jump back, so entering it again is no spin.
     */
    @Test
    void aLoopThatMayWriteIsMarkedEvenIfItCanBeLeftWithoutAWrite() {
        assertEquals(1, heads("writeInBranchOnly").size());
        assertEquals(1, heads("writingLoop").size());
    }

    /**
     * head: read a; inner: read b; if b == 0 goto head; call sideEffect(); goto inner. An iteration
     * of head may run the code after its last back jump, through "goto inner": it is part of the
     * loop, so its call counts against the head, and it exits inner's loop to a head that is none.
     */
    @Test
    void codeAfterTheLastBackJumpThatAnIterationRunsIsChecked() {
        MethodNode method = overlapping(new MethodInsnNode(Opcodes.INVOKESTATIC, "gen/G", "sideEffect", "()V"));
        assertEquals(List.of(), headsOf(method));
        // with a write there instead (counted at run time), head's loop is a spin loop (and inner's)
        MethodNode writing = overlapping(new FieldInsnNode(Opcodes.PUTSTATIC, "gen/G", "c", "I"));
        assertTrue(headsOf(writing).contains(writing.instructions.getFirst()));
    }

    /** A constructor's field writes may be to this before super() or to final fields: no events. */
    @Test
    void fieldWritesInAConstructorAreRefused() {
        assertEquals(1, headsOf(writesInLoop("spin")).size());
        assertEquals(List.of(), headsOf(writesInLoop("<init>")));
    }

    /**
     * The evidence that what the detector lets a spin loop do is counted: in the rewritten methods
     * every field and array store reports a write to a hook first, and no VarHandle or atomic call
     * is left for the JDK to run unseen (each became an intercepted call site).
     */
    @Test
    void everyWriteAndAccessCallInASpinLoopBecomesAnEvent() throws Exception {
        byte[] bytes = new FixtureLoader(SpinLoops.class, false).bytes(SpinLoops.class.getName());
        for (String method : List.of("ttasLock", "ttasLockAtomic", "dekkerLock", "republishUntilSet", "plainWrites",
                "casRetry")) {
            assertTrue(heads(method).size() > 0, method);
            List<String> code = Listing.of(bytes, method);
            for (int i = 0; i < code.size(); i++) {
                String insn = code.get(i);
                if (insn.startsWith("PUTFIELD") || insn.startsWith("PUTSTATIC") || insn.matches("[IBCSLFDA]ASTORE")) {
                    assertTrue(code.get(i - 1).startsWith(HOOKS + "write") || code.get(i - 2).startsWith(HOOKS + "write"),
                            method + ": " + insn + " is not reported to a hook: " + code);
                }
                assertTrue(!insn.startsWith("INVOKEVIRTUAL java/lang/invoke/VarHandle")
                        && !insn.startsWith("INVOKEVIRTUAL java/util/concurrent/atomic/"),
                        method + ": " + insn + " is not intercepted");
            }
        }
    }

    private static MethodNode overlapping(AbstractInsnNode belowTheBackJump) {
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
        if (belowTheBackJump instanceof FieldInsnNode) {
            code.add(new InsnNode(Opcodes.ICONST_1));
        }
        code.add(belowTheBackJump);
        code.add(new JumpInsnNode(Opcodes.GOTO, inner));
        return method;
    }

    /** c = 0; head: if (b != 0) return; this.d = 1; goto head. */
    private static MethodNode writesInLoop(String name) {
        MethodNode method = new MethodNode(0, name, "()V", null, null);
        LabelNode head = new LabelNode();
        LabelNode exit = new LabelNode();
        InsnList code = method.instructions;
        code.add(new InsnNode(Opcodes.ICONST_0));
        code.add(new FieldInsnNode(Opcodes.PUTSTATIC, "gen/G", "c", "I"));
        code.add(head);
        code.add(new FieldInsnNode(Opcodes.GETSTATIC, "gen/G", "b", "I"));
        code.add(new JumpInsnNode(Opcodes.IFNE, exit));
        code.add(new VarInsnNode(Opcodes.ALOAD, 0));
        code.add(new InsnNode(Opcodes.ICONST_1));
        code.add(new FieldInsnNode(Opcodes.PUTFIELD, "gen/G", "d", "I"));
        code.add(new JumpInsnNode(Opcodes.GOTO, head));
        code.add(exit);
        code.add(new InsnNode(Opcodes.RETURN));
        return method;
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
        for (String method : List.of("sum", "countsSpins", "carried", "noSharedRead", "callsAnOverridableMethod")) {
            assertEquals(0, Listing.count(Listing.of(bytes, method), SPIN_LOOP_HEAD), method);
        }
    }

    /**
     * The runtime judges an iteration from the head to a jump back to it: a GOTO back gets the
     * back-edge hook in front of it, a conditional jump back (a do-while) is sent through a
     * trampoline that calls it, and both pass the head's site.
     */
    @Test
    void eachJumpBackToAHeadEndsAnIterationWithTheHeadsSite() throws Exception {
        byte[] bytes = new FixtureLoader(SpinLoops.class, false).bytes(SpinLoops.class.getName());
        for (String method : List.of("spinOnFlag", "spinOnVarHandle")) {
            List<String> code = Listing.of(bytes, method);
            assertEquals(1, Listing.count(code, SPIN_LOOP_BACK_EDGE), method);
            int head = Listing.pushed(code.get(code.indexOf(SPIN_LOOP_HEAD) - 1));
            int backEdge = Listing.pushed(code.get(code.indexOf(SPIN_LOOP_BACK_EDGE) - 1));
            assertEquals(head, backEdge, method);
            assertTrue(code.get(code.indexOf(SPIN_LOOP_BACK_EDGE) + 1).startsWith("GOTO"), method + ": " + code);
        }
        for (String method : List.of("sum", "carried", "callsAnOverridableMethod")) {
            assertEquals(0, Listing.count(Listing.of(bytes, method), SPIN_LOOP_BACK_EDGE), method);
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
        return headsOf(Listing.method(original, method));
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

    private List<LabelNode> headsOf(MethodNode method) {
        ClassFiles fixtures = new ClassFiles(SpinLoops.class.getClassLoader(), name -> name.startsWith("dev/weft/fixtures/"));
        return SpinLoopDetector.loops(original, method, fixtures).stream().map(SpinLoopDetector.SpinLoop::head).toList();
    }
}
