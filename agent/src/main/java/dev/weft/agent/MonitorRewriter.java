package dev.weft.agent;

import static dev.weft.agent.Code.OBJECT;
import static dev.weft.agent.Code.hook;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;

/**
 * MONITORENTER and MONITOREXIT: the hook replaces the operand with the object whose real monitor
 * is to be used, so that a thread waiting for its turn never holds a monitor another one needs.
 */
final class MonitorRewriter implements InsnRewriter {
    static final String ENTER = "monitorEnter";
    static final String EXIT = "monitorExit";
    static final String DESCRIPTOR = "(" + OBJECT + "I)" + OBJECT;

    @Override
    public void rewrite(AbstractInsnNode insn, MethodRewrite method) {
        int opcode = insn.getOpcode();
        if (opcode == Opcodes.MONITORENTER || opcode == Opcodes.MONITOREXIT) {
            method.insertBefore(insn, Code.of(
                    method.site(insn, opcode, null, null, null),
                    hook(opcode == Opcodes.MONITORENTER ? ENTER : EXIT, DESCRIPTOR)));
        }
    }
}
