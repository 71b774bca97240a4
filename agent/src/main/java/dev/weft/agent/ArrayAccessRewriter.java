package dev.weft.agent;

import static dev.weft.agent.Code.OBJECT;
import static dev.weft.agent.Code.hook;
import static dev.weft.agent.Code.local;
import static dev.weft.agent.Code.op;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;

/**
 * Array loads and stores. Primitive loads hand the loaded value to the hook; AALOAD asks the hook
 * first (it stores the chosen reference into the element, so no cast is needed); stores are
 * reported before they happen.
 */
final class ArrayAccessRewriter implements InsnRewriter {
    @Override
    public void rewrite(AbstractInsnNode insn, MethodRewrite method) {
        int opcode = insn.getOpcode();
        switch (opcode) {
            case Opcodes.IALOAD, Opcodes.BALOAD, Opcodes.CALOAD, Opcodes.SALOAD -> load(insn, ValueKind.INT, method);
            case Opcodes.LALOAD -> load(insn, ValueKind.LONG, method);
            case Opcodes.FALOAD -> load(insn, ValueKind.FLOAT, method);
            case Opcodes.DALOAD -> load(insn, ValueKind.DOUBLE, method);
            case Opcodes.AALOAD -> method.insertBefore(insn, Code.of(
                    op(Opcodes.DUP2), site(insn, method), hook("beforeReadArrayRef", "(" + OBJECT + "II)V")));
            case Opcodes.IASTORE, Opcodes.BASTORE, Opcodes.CASTORE, Opcodes.SASTORE -> store(insn, ValueKind.INT, method);
            case Opcodes.LASTORE -> store(insn, ValueKind.LONG, method);
            case Opcodes.FASTORE -> store(insn, ValueKind.FLOAT, method);
            case Opcodes.DASTORE -> store(insn, ValueKind.DOUBLE, method);
            case Opcodes.AASTORE -> store(insn, ValueKind.REF, method);
        }
    }

    /** DUP2; xALOAD; site; readArrayX(array, index, value, site). */
    private static void load(AbstractInsnNode insn, ValueKind kind, MethodRewrite method) {
        String x = kind.descriptor();
        method.insertBefore(insn, Code.of(op(Opcodes.DUP2)));
        method.insertAfter(insn, Code.of(site(insn, method), hook("readArray" + kind.suffix, "(" + OBJECT + "I" + x + "I)" + x)));
    }

    /** xSTORE t; DUP2; xLOAD t; site; writeArrayX(array, index, value, site); xLOAD t; xASTORE. */
    private static void store(AbstractInsnNode insn, ValueKind kind, MethodRewrite method) {
        int temp = method.scratch();
        method.insertBefore(insn, Code.of(
                local(kind.storeOpcode(), temp), op(Opcodes.DUP2), local(kind.loadOpcode(), temp),
                site(insn, method), hook("writeArray" + kind.suffix, "(" + OBJECT + "I" + kind.descriptor() + "I)V"),
                local(kind.loadOpcode(), temp)));
    }

    private static AbstractInsnNode site(AbstractInsnNode insn, MethodRewrite method) {
        return method.site(insn, insn.getOpcode(), null, null, null);
    }
}
