package dev.weft.agent;

import dev.weft.runtime.Hooks;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/** Small builders for the instructions the rewriters insert. */
final class Code {
    static final String HOOKS = Type.getInternalName(Hooks.class);
    static final String OBJECT = "Ljava/lang/Object;";

    private Code() {}

    static InsnList of(AbstractInsnNode... insns) {
        InsnList list = new InsnList();
        for (AbstractInsnNode insn : insns) {
            list.add(insn);
        }
        return list;
    }

    static MethodInsnNode hook(String name, String descriptor) {
        return new MethodInsnNode(Opcodes.INVOKESTATIC, HOOKS, name, descriptor, false);
    }

    static InsnNode op(int opcode) {
        return new InsnNode(opcode);
    }

    static VarInsnNode local(int opcode, int slot) {
        return new VarInsnNode(opcode, slot);
    }

    /** The shortest instruction that pushes the int constant. */
    static AbstractInsnNode pushInt(int value) {
        if (value >= -1 && value <= 5) {
            return new InsnNode(Opcodes.ICONST_0 + value);
        }
        if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
            return new IntInsnNode(Opcodes.BIPUSH, value);
        }
        if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
            return new IntInsnNode(Opcodes.SIPUSH, value);
        }
        return new LdcInsnNode(value);
    }

    /** The node itself if it is a real instruction, else the next one (skipping labels, line numbers and frames), or null. */
    static AbstractInsnNode firstReal(AbstractInsnNode node) {
        AbstractInsnNode insn = node;
        while (insn != null && insn.getOpcode() < 0) {
            insn = insn.getNext();
        }
        return insn;
    }

    /** The next real instruction after the node, or null. */
    static AbstractInsnNode nextReal(AbstractInsnNode node) {
        return firstReal(node.getNext());
    }
}
