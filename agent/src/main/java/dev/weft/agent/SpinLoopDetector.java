package dev.weft.agent;

import java.lang.invoke.VarHandle;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.function.IntUnaryOperator;
import java.util.stream.Collectors;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Finds spin loops (GenMC's spin-assume): loops an iteration of which may leave the thread where
 * it was, so that the runtime may block an iteration that changed nothing. A head is a label that
 * a backward jump targets; its loop is every instruction on a path from the head to one of those
 * jumps, exception handlers included (so loops that javac gives one head, such as the inner and
 * outer loop of a test-and-test-and-set lock, are one loop). Runs on the original code, before
 * anything is rewritten.
 *
 * <p>Whether an iteration changed anything is decided at run time: the runtime counts the thread's
 * events from the head to a jump back to it, and only reads, fences, failed RMWs and an exchange
 * that put back the value it found count as no effect. So the loop may contain whatever the runtime
 * turns into events, writes included (an iteration that wrote is not blocked):
 * <ul>
 *   <li>field and array reads and writes: the rewriters hook every one, except a constructor's
 *       writes to {@code this} before {@code super()} and writes of final fields (no locations), so
 *       field writes are refused in constructors (elsewhere javac writes no final field, and the JVM
 *       allows none from class file version 53, JVMS 6.5);</li>
 *   <li>VarHandle access modes (reads, writes, RMWs) and fences, the value methods of the
 *       atomics the runtime models ({@code Atomic{Integer,Long,Boolean,Reference}}, their arrays and
 *       field updaters), a {@code ReentrantLock}'s {@code tryLock} and {@code isLocked}, a
 *       {@code CountDownLatch}'s {@code getCount} and timed {@code await}, a {@code Semaphore}'s
 *       {@code tryAcquire} and {@code availablePermits}, and a {@code ConcurrentHashMap}'s
 *       {@code get} and {@code containsKey}: each becomes an event, or the call throws;</li>
 *   <li>{@code Thread.onSpinWait}/{@code yield} (no effect) and {@code LockSupport.park*} (no
 *       effect when it returns without a permit, a write when it consumes one).</li>
 * </ul>
 * A call of a method that no subclass can override (private, static or final, or of a final
 * class), of the loop's class or of another class the agent rewrites (read from its class file),
 * is judged by its body, by the same rules: {@code while (!lock.tryLock()) Thread.onSpinWait();}
 * is a spin loop when {@code tryLock} only reads and CASes. Its locals live for one call, so they
 * carry nothing from one iteration to the next. So is an allocation judged by
 * its constructor's body (read from the class file, up to {@code Object}'s or {@code Record}'s):
 * a new object that the iteration does not store anywhere shared changes nothing another
 * execution could see, and arrays have no constructor at all.
 * Everything else could change state that no event shows, and is refused: any other call (code
 * whose effects the runtime may not see, such as the JDK's, or the function of an atomic's
 * {@code updateAndGet}), INVOKEDYNAMIC, monitors, ATHROW, JSR/RET, IINC, and a local that one
 * iteration stores and the next reads. The loop must also access shared memory.
 *
 * <p>The runtime judges one iteration at a time, from the head to a jump back to it
 * ({@link SpinLoopRewriter}), so a loop left without a write and entered again starts afresh.
 */
final class SpinLoopDetector {
    private static final Set<String> VAR_HANDLE_ACCESS = Arrays.stream(VarHandle.AccessMode.values())
            .map(VarHandle.AccessMode::methodName).collect(Collectors.toUnmodifiableSet());
    private static final String ATOMIC_PACKAGE = "java/util/concurrent/atomic/";
    /** The classes {@code AtomicCalls} models: the methods below of each become events. */
    private static final Set<String> ATOMICS = Set.of("AtomicInteger", "AtomicLong", "AtomicBoolean",
            "AtomicReference", "AtomicIntegerArray", "AtomicLongArray", "AtomicReferenceArray",
            "AtomicIntegerFieldUpdater", "AtomicLongFieldUpdater", "AtomicReferenceFieldUpdater");
    private static final Set<String> READS = Set.of("get", "getPlain", "getOpaque", "getAcquire", "getVolatile",
            "intValue", "longValue", "floatValue", "doubleValue", "byteValue", "shortValue");
    private static final Set<String> WRITES = Set.of("set", "setPlain", "setOpaque", "setRelease", "setVolatile",
            "lazySet");
    private static final Set<String> ATOMIC_RMWS = Set.of("compareAndSet", "weakCompareAndSet",
            "weakCompareAndSetPlain", "weakCompareAndSetVolatile", "weakCompareAndSetAcquire",
            "weakCompareAndSetRelease", "compareAndExchange", "compareAndExchangeAcquire",
            "compareAndExchangeRelease", "getAndSet", "getAndAdd", "getAndIncrement", "getAndDecrement",
            "incrementAndGet", "decrementAndGet", "addAndGet");

    /**
     * The {@code ReentrantLock}, {@code CountDownLatch}, {@code Semaphore} and
     * {@code ConcurrentHashMap} methods that are one event each: a CAS or an RMW that writes
     * nothing when it fails, or a read of the lock's state, the latch's count, the permits or a
     * key's mapping ({@code LockCalls}, {@code LatchCalls}, {@code SemaphoreCalls}, {@code MapCalls}).
     */
    private static final Set<String> ONE_EVENT_CALLS = Set.of(
            "java/util/concurrent/locks/ReentrantLock.tryLock()Z",
            "java/util/concurrent/locks/ReentrantLock.tryLock(JLjava/util/concurrent/TimeUnit;)Z",
            "java/util/concurrent/locks/ReentrantLock.isLocked()Z",
            "java/util/concurrent/CountDownLatch.getCount()J",
            "java/util/concurrent/CountDownLatch.await(JLjava/util/concurrent/TimeUnit;)Z",
            "java/util/concurrent/Semaphore.tryAcquire()Z",
            "java/util/concurrent/Semaphore.tryAcquire(I)Z",
            "java/util/concurrent/Semaphore.tryAcquire(JLjava/util/concurrent/TimeUnit;)Z",
            "java/util/concurrent/Semaphore.tryAcquire(IJLjava/util/concurrent/TimeUnit;)Z",
            "java/util/concurrent/Semaphore.availablePermits()I",
            "java/util/concurrent/ConcurrentHashMap.get(Ljava/lang/Object;)Ljava/lang/Object;",
            "java/util/concurrent/ConcurrentHashMap.containsKey(Ljava/lang/Object;)Z");

    private SpinLoopDetector() {}

    /** A spin loop: the label that starts an iteration, and the jumps that end one. */
    record SpinLoop(LabelNode head, List<JumpInsnNode> backJumps) {}

    /**
     * The spin loops of {@code method}, a method of {@code owner}, in the order of their heads;
     * {@code others} gives the original code of the classes whose methods and constructors a loop
     * calls.
     */
    static List<SpinLoop> loops(ClassNode owner, MethodNode method, ClassFiles others) {
        AbstractInsnNode[] code = method.instructions.toArray();
        BitSet[] backJumps = new BitSet[code.length]; // by head: the jumps back to it; null if none
        for (int i = 0; i < code.length; i++) {
            if (code[i] instanceof JumpInsnNode jump && method.instructions.indexOf(jump.label) < i) {
                int head = method.instructions.indexOf(jump.label);
                if (backJumps[head] == null) {
                    backJumps[head] = new BitSet();
                }
                backJumps[head].set(i);
            }
        }
        Flow flow = new Flow(method, code);
        boolean constructor = method.name.equals("<init>");
        List<SpinLoop> loops = new ArrayList<>();
        for (int head = 0; head < code.length; head++) {
            if (backJumps[head] != null
                    && isSpinLoop(owner, others, code, flow, head, flow.loop(head, backJumps[head]), constructor)) {
                loops.add(new SpinLoop((LabelNode) code[head],
                        backJumps[head].stream().mapToObj(i -> (JumpInsnNode) code[i]).toList()));
            }
        }
        return loops;
    }

    private static boolean isSpinLoop(ClassNode owner, ClassFiles others, AbstractInsnNode[] code, Flow flow,
                                      int head, BitSet loop, boolean constructor) {
        Effects effects = new Effects(owner, others);
        BitSet stored = new BitSet();
        for (int i = loop.nextSetBit(0); i >= 0; i = loop.nextSetBit(i + 1)) {
            AbstractInsnNode insn = code[i];
            int opcode = insn.getOpcode();
            if (constructor && (opcode == Opcodes.PUTFIELD || opcode == Opcodes.PUTSTATIC) || !effects.allows(insn, 0)) {
                return false;
            }
            if (isStore(insn)) {
                stored.set(((VarInsnNode) insn).var);
            }
        }
        if (!effects.sharedAccess) {
            return false;
        }
        // a local is carried if some load in the loop may read what an earlier iteration stored
        BitSet[] storedBefore = flow.must(loop, head, i -> isStore(code[i]) ? ((VarInsnNode) code[i]).var : -1);
        for (int i = loop.nextSetBit(0); i >= 0; i = loop.nextSetBit(i + 1)) {
            if (isLoad(code[i]) && storedBefore[i] != null && stored.get(((VarInsnNode) code[i]).var)
                    && !storedBefore[i].get(((VarInsnNode) code[i]).var)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether instructions only have effects that events show, following calls into rewritten
     * methods that cannot be overridden, and whether any of them accesses shared memory.
     */
    private static final class Effects {
        /** How deep calls are followed: a deeper or recursive chain is refused. */
        private static final int MAX_DEPTH = 4;
        /** The constructors every object's chain of super() calls ends in, which do nothing. */
        private static final Set<String> EMPTY_CONSTRUCTORS = Set.of("java/lang/Object", "java/lang/Record");
        private final ClassNode owner;
        private final ClassFiles others;
        boolean sharedAccess;

        Effects(ClassNode owner, ClassFiles others) {
            this.owner = owner;
            this.others = others;
        }

        boolean allows(AbstractInsnNode insn, int depth) {
            int opcode = insn.getOpcode();
            if (isRefused(opcode)) {
                return false;
            }
            if (insn instanceof MethodInsnNode call) {
                if (isAccessCall(call)) {
                    sharedAccess = true;
                    return true;
                }
                if (call.name.equals("<init>")) {
                    return EMPTY_CONSTRUCTORS.contains(call.owner) && call.desc.equals("()V")
                            || allowsBody(constructor(call), depth + 1);
                }
                return isPause(call) || allowsBody(callee(call), depth + 1);
            }
            sharedAccess |= isFieldOrArrayAccess(opcode);
            return true;
        }

        /** The constructor a call runs, from its class's file; null when that cannot be read. */
        private MethodNode constructor(MethodInsnNode call) {
            ClassNode c = classOf(call.owner);
            if (c == null) {
                return null;
            }
            for (MethodNode m : c.methods) {
                if (m.name.equals("<init>") && m.desc.equals(call.desc) && m.instructions.size() > 0) {
                    return m;
                }
            }
            return null;
        }

        private boolean allowsBody(MethodNode callee, int depth) {
            if (callee == null || depth > MAX_DEPTH) {
                return false;
            }
            for (AbstractInsnNode insn : callee.instructions) {
                if (!allows(insn, depth)) {
                    return false;
                }
            }
            return true;
        }

        /**
         * The method a call runs whatever the receiver's class: private, static or final, or
         * resolved from a final class; declared by the loop's class or another class the agent
         * rewrites, or inherited from one (JVMS 5.4.3.3 looks in the superclasses). Null otherwise,
         * and for constructors, synchronized methods (their monitor) and methods without code.
         */
        private MethodNode callee(MethodInsnNode call) {
            ClassNode resolvedFrom = classOf(call.owner);
            if (resolvedFrom == null || call.name.startsWith("<")) {
                return null;
            }
            for (ClassNode c = resolvedFrom; c != null; c = c.superName == null ? null : classOf(c.superName)) {
                for (MethodNode m : c.methods) {
                    if (m.name.equals(call.name) && m.desc.equals(call.desc)) {
                        boolean fixed = (m.access & (Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL)) != 0
                                || (resolvedFrom.access & Opcodes.ACC_FINAL) != 0;
                        boolean opaque = (m.access & (Opcodes.ACC_SYNCHRONIZED | Opcodes.ACC_ABSTRACT
                                | Opcodes.ACC_NATIVE)) != 0 || m.instructions.size() == 0;
                        return fixed && !opaque ? m : null;
                    }
                }
            }
            return null;
        }

        /** The original code of a class: the loop's own, or one the agent rewrites; null otherwise. */
        private ClassNode classOf(String internalName) {
            return internalName.equals(owner.name) ? owner : others.get(internalName);
        }
    }

    /** Changes no event shows: monitors, throws, subroutines, IINC, INVOKEDYNAMIC. */
    private static boolean isRefused(int opcode) {
        return switch (opcode) {
            case Opcodes.MONITORENTER, Opcodes.MONITOREXIT, Opcodes.ATHROW, Opcodes.IINC, Opcodes.INVOKEDYNAMIC,
                    Opcodes.JSR, Opcodes.RET -> true;
            default -> false;
        };
    }

    private static boolean isFieldOrArrayAccess(int opcode) {
        return (opcode >= Opcodes.GETSTATIC && opcode <= Opcodes.PUTFIELD)
                || (opcode >= Opcodes.IALOAD && opcode <= Opcodes.SALOAD)
                || (opcode >= Opcodes.IASTORE && opcode <= Opcodes.SASTORE);
    }

    /**
     * A VarHandle access mode or fence, a value method of a modelled atomic, or one of the
     * {@link #ONE_EVENT_CALLS}: the runtime turns each into an event, or the call throws.
     */
    private static boolean isAccessCall(MethodInsnNode call) {
        if (ONE_EVENT_CALLS.contains(call.owner + "." + call.name + call.desc)) {
            return call.getOpcode() == Opcodes.INVOKEVIRTUAL;
        }
        if (call.owner.equals("java/lang/invoke/VarHandle")) {
            return call.getOpcode() == Opcodes.INVOKEVIRTUAL ? VAR_HANDLE_ACCESS.contains(call.name)
                    : call.getOpcode() == Opcodes.INVOKESTATIC && call.name.endsWith("Fence");
        }
        return call.getOpcode() == Opcodes.INVOKEVIRTUAL && call.owner.startsWith(ATOMIC_PACKAGE)
                && ATOMICS.contains(call.owner.substring(ATOMIC_PACKAGE.length()))
                && (READS.contains(call.name) || WRITES.contains(call.name) || ATOMIC_RMWS.contains(call.name));
    }

    /**
     * A call that only lets time pass: a spin hint, a yield, or a park, which the runtime counts as
     * having no effect when it returns without consuming a permit (a timeout or spurious wake-up).
     */
    private static boolean isPause(MethodInsnNode call) {
        if (call.getOpcode() != Opcodes.INVOKESTATIC) {
            return false;
        }
        if (call.owner.equals("java/util/concurrent/locks/LockSupport")) {
            return call.name.startsWith("park");
        }
        return call.owner.equals("java/lang/Thread") && call.desc.equals("()V")
                && (call.name.equals("onSpinWait") || call.name.equals("yield"));
    }

    private static boolean isStore(AbstractInsnNode insn) {
        return insn.getOpcode() >= Opcodes.ISTORE && insn.getOpcode() <= Opcodes.ASTORE;
    }

    private static boolean isLoad(AbstractInsnNode insn) {
        return insn.getOpcode() >= Opcodes.ILOAD && insn.getOpcode() <= Opcodes.ALOAD;
    }

    /** The method's control flow: each instruction's successors, and the handlers that catch what it throws. */
    private static final class Flow {
        private final List<List<Integer>> next = new ArrayList<>();
        private final List<List<Integer>> handlers = new ArrayList<>();
        private final List<List<Integer>> previous = new ArrayList<>();

        Flow(MethodNode method, AbstractInsnNode[] code) {
            InsnList insns = method.instructions;
            for (int i = 0; i < code.length; i++) {
                next.add(new ArrayList<>());
                handlers.add(new ArrayList<>());
                previous.add(new ArrayList<>());
            }
            for (int i = 0; i < code.length; i++) {
                AbstractInsnNode insn = code[i];
                int opcode = insn.getOpcode();
                List<Integer> targets = next.get(i);
                if (insn instanceof JumpInsnNode jump) {
                    targets.add(insns.indexOf(jump.label));
                } else if (insn instanceof TableSwitchInsnNode table) {
                    targets.add(insns.indexOf(table.dflt));
                    table.labels.forEach(label -> targets.add(insns.indexOf(label)));
                } else if (insn instanceof LookupSwitchInsnNode lookup) {
                    targets.add(insns.indexOf(lookup.dflt));
                    lookup.labels.forEach(label -> targets.add(insns.indexOf(label)));
                }
                boolean fallsThrough = opcode != Opcodes.GOTO && opcode != Opcodes.ATHROW
                        && !(opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN)
                        && !(insn instanceof TableSwitchInsnNode) && !(insn instanceof LookupSwitchInsnNode);
                if (fallsThrough && i + 1 < code.length) {
                    targets.add(i + 1);
                }
            }
            for (TryCatchBlockNode block : method.tryCatchBlocks) {
                for (int i = insns.indexOf(block.start); i < insns.indexOf(block.end); i++) {
                    if (code[i].getOpcode() >= 0) {
                        handlers.get(i).add(insns.indexOf(block.handler));
                    }
                }
            }
            for (int i = 0; i < code.length; i++) {
                for (int s : next.get(i)) {
                    previous.get(s).add(i);
                }
                for (int s : handlers.get(i)) {
                    previous.get(s).add(i);
                }
            }
        }

        /** The natural loop of {@code head}: every instruction on a path from the head to one of its back jumps. */
        BitSet loop(int head, BitSet backJumps) {
            BitSet start = new BitSet();
            next.get(head).forEach(start::set);
            handlers.get(head).forEach(start::set);
            BitSet loop = walk(backJumps, head, walk(start, head, null));
            loop.set(head);
            return loop;
        }

        /** What {@code seeds} reach, forwards, or backwards within {@code within}, without passing {@code stop}. */
        private BitSet walk(BitSet seeds, int stop, BitSet within) {
            BitSet seen = new BitSet();
            Deque<Integer> work = new ArrayDeque<>();
            seeds.stream().forEach(work::push);
            while (!work.isEmpty()) {
                int i = work.pop();
                if (i != stop && !seen.get(i) && (within == null || within.get(i))) {
                    seen.set(i);
                    (within == null ? next : previous).get(i).forEach(work::push);
                    if (within == null) {
                        handlers.get(i).forEach(work::push);
                    }
                }
            }
            return seen;
        }

        /**
         * A forward must-analysis over {@code nodes} from {@code start}, where nothing holds: the
         * facts (bits) that hold before each instruction on every path from the start (null where
         * none leads). Instruction i makes fact {@code makes(i)} hold (none if negative) once it
         * completes; a handler gets what held before the instruction that threw.
         */
        BitSet[] must(BitSet nodes, int start, IntUnaryOperator makes) {
            BitSet[] before = new BitSet[next.size()];
            before[start] = new BitSet();
            boolean changed = true;
            while (changed) {
                changed = false;
                for (int i = nodes.nextSetBit(0); i >= 0; i = nodes.nextSetBit(i + 1)) {
                    if (before[i] == null) {
                        continue;
                    }
                    BitSet after = (BitSet) before[i].clone();
                    if (makes.applyAsInt(i) >= 0) {
                        after.set(makes.applyAsInt(i));
                    }
                    for (int s : next.get(i)) {
                        changed |= meet(before, nodes, s, after);
                    }
                    for (int s : handlers.get(i)) {
                        changed |= meet(before, nodes, s, before[i]);
                    }
                }
            }
            return before;
        }

        private static boolean meet(BitSet[] before, BitSet nodes, int s, BitSet in) {
            if (!nodes.get(s)) {
                return false;
            }
            if (before[s] == null) {
                before[s] = (BitSet) in.clone();
                return true;
            }
            int known = before[s].cardinality();
            before[s].and(in);
            return before[s].cardinality() != known;
        }

    }
}
