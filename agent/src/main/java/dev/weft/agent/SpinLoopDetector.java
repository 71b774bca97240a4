package dev.weft.agent;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Finds spin loops (GenMC's spin-assume): loops whose iterations only re-read shared memory and
 * change nothing, so that the runtime may block an iteration that read the same values as the one
 * before. A loop is a label with backward jumps to it; its body runs from the label to the last
 * such jump, in instruction order. The body qualifies when it has no side effect (no field, array
 * or monitor write, allocation, throw, IINC or call other than the read-only ones below and
 * {@code Thread.onSpinWait}/{@code yield}), no local carried from one iteration to the next, and
 * at least one shared read. Runs on the original code, before anything is rewritten.
 */
final class SpinLoopDetector {
    private static final Set<String> VAR_HANDLE_READS = Set.of("get", "getVolatile", "getOpaque", "getAcquire");
    private static final Set<String> ATOMIC_READS = Set.of(
            "get", "getPlain", "getOpaque", "getAcquire", "intValue", "longValue", "floatValue", "doubleValue",
            "getReference", "isMarked", "getStamp");

    private SpinLoopDetector() {}

    /** The heads of the method's spin loops. */
    static List<LabelNode> heads(MethodNode method) {
        AbstractInsnNode[] code = method.instructions.toArray();
        InsnList insns = method.instructions;
        int[] lastBackJump = new int[code.length]; // by head index; 0 when none (a jump at 0 is never backward)
        for (int i = 0; i < code.length; i++) {
            if (code[i] instanceof JumpInsnNode jump) {
                int target = insns.indexOf(jump.label);
                if (target < i) {
                    lastBackJump[target] = i;
                }
            }
        }
        List<LabelNode> heads = new ArrayList<>();
        for (int head = 0; head < code.length; head++) {
            if (lastBackJump[head] > 0 && isSpinLoop(code, insns, head, lastBackJump[head])) {
                heads.add((LabelNode) code[head]);
            }
        }
        return heads;
    }

    private static boolean isSpinLoop(AbstractInsnNode[] code, InsnList insns, int head, int end) {
        boolean sharedRead = false;
        BitSet stored = new BitSet();
        for (int i = head; i <= end; i++) {
            AbstractInsnNode insn = code[i];
            if (hasSideEffect(insn)) {
                return false;
            }
            if (insn instanceof MethodInsnNode call) {
                if (isSharedReadCall(call)) {
                    sharedRead = true;
                } else if (!isPause(call)) {
                    return false;
                }
            } else if (isFieldOrArrayLoad(insn.getOpcode())) {
                sharedRead = true;
            } else if (isStore(insn)) {
                stored.set(((VarInsnNode) insn).var);
            }
        }
        return sharedRead && !enteredFromBelow(code, insns, head, end) && !carriesLocals(code, insns, head, end, stored);
    }

    private static boolean hasSideEffect(AbstractInsnNode insn) {
        int opcode = insn.getOpcode();
        return switch (opcode) {
            case Opcodes.PUTFIELD, Opcodes.PUTSTATIC, Opcodes.MONITORENTER, Opcodes.MONITOREXIT, Opcodes.NEW,
                    Opcodes.NEWARRAY, Opcodes.ANEWARRAY, Opcodes.MULTIANEWARRAY, Opcodes.ATHROW, Opcodes.IINC,
                    Opcodes.INVOKEDYNAMIC, Opcodes.JSR, Opcodes.RET -> true;
            default -> opcode >= Opcodes.IASTORE && opcode <= Opcodes.SASTORE;
        };
    }

    private static boolean isFieldOrArrayLoad(int opcode) {
        return opcode == Opcodes.GETFIELD || opcode == Opcodes.GETSTATIC
                || (opcode >= Opcodes.IALOAD && opcode <= Opcodes.SALOAD);
    }

    /** VarHandle and Atomic* plain, opaque, acquire and volatile reads. */
    private static boolean isSharedReadCall(MethodInsnNode call) {
        if (call.getOpcode() != Opcodes.INVOKEVIRTUAL) {
            return false;
        }
        if (call.owner.equals("java/lang/invoke/VarHandle")) {
            return VAR_HANDLE_READS.contains(call.name);
        }
        if (!call.owner.startsWith("java/util/concurrent/atomic/") || !ATOMIC_READS.contains(call.name)) {
            return false;
        }
        for (Type argument : Type.getArgumentTypes(call.desc)) {
            if (argument.getSort() == Type.ARRAY) {
                return false; // AtomicStampedReference.get(int[]) writes into its argument
            }
        }
        return true;
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

    /** A jump from after the body into its middle: an overlapping loop whose iterations the range misses. */
    private static boolean enteredFromBelow(AbstractInsnNode[] code, InsnList insns, int head, int end) {
        for (int i = end + 1; i < code.length; i++) {
            for (int target : jumpTargets(code[i], insns)) {
                if (target > head && target <= end) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether some load in the body may read a value stored by an earlier iteration: a local stored
     * in the body and read where, on some path from the head, it has not been stored yet. A forward
     * must-analysis over the body's own edges (back jumps to the head start a new iteration).
     */
    private static boolean carriesLocals(AbstractInsnNode[] code, InsnList insns, int head, int end, BitSet stored) {
        int size = end - head + 1;
        BitSet[] storedBefore = new BitSet[size]; // null: not reached yet
        storedBefore[0] = new BitSet();
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int k = 0; k < size; k++) {
                if (storedBefore[k] == null) {
                    continue;
                }
                BitSet after = (BitSet) storedBefore[k].clone();
                if (isStore(code[head + k])) {
                    after.set(((VarInsnNode) code[head + k]).var);
                }
                for (int successor : successors(code, insns, head + k)) {
                    int s = successor - head;
                    if (s <= 0 || s >= size) {
                        continue; // back to the head, or out of the loop
                    }
                    if (storedBefore[s] == null) {
                        storedBefore[s] = (BitSet) after.clone();
                        changed = true;
                    } else {
                        BitSet meet = (BitSet) storedBefore[s].clone();
                        meet.and(after);
                        if (!meet.equals(storedBefore[s])) {
                            storedBefore[s] = meet;
                            changed = true;
                        }
                    }
                }
            }
        }
        for (int k = 0; k < size; k++) {
            if (storedBefore[k] != null && isLoad(code[head + k])) {
                int var = ((VarInsnNode) code[head + k]).var;
                if (stored.get(var) && !storedBefore[k].get(var)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static List<Integer> successors(AbstractInsnNode[] code, InsnList insns, int i) {
        AbstractInsnNode insn = code[i];
        int opcode = insn.getOpcode();
        List<Integer> next = jumpTargets(insn, insns);
        boolean fallsThrough = opcode != Opcodes.GOTO && opcode != Opcodes.ATHROW
                && !(opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN)
                && !(insn instanceof TableSwitchInsnNode) && !(insn instanceof LookupSwitchInsnNode);
        if (fallsThrough && i + 1 < code.length) {
            next.add(i + 1);
        }
        return next;
    }

    private static List<Integer> jumpTargets(AbstractInsnNode insn, InsnList insns) {
        List<Integer> targets = new ArrayList<>();
        if (insn instanceof JumpInsnNode jump) {
            targets.add(insns.indexOf(jump.label));
        } else if (insn instanceof TableSwitchInsnNode table) {
            targets.add(insns.indexOf(table.dflt));
            table.labels.forEach(label -> targets.add(insns.indexOf(label)));
        } else if (insn instanceof LookupSwitchInsnNode lookup) {
            targets.add(insns.indexOf(lookup.dflt));
            lookup.labels.forEach(label -> targets.add(insns.indexOf(label)));
        }
        return targets;
    }
}
