package dev.weft.agent;

import static dev.weft.agent.Code.op;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * Runs code at every exit of a method's body: before each return, and in a catch-all handler that
 * runs it and rethrows. The handler comes last in the method's table, so the body's own handlers
 * catch first, and covers the body but not the exit code, so that an exit that throws is not run
 * twice.
 */
final class MethodExits {
    private MethodExits() {}

    /**
     * @param body     the body's original instructions; it starts at {@code start}, which follows any entry code
     * @param exit     makes one copy of the exit code, which leaves the stack as it found it
     * @param locals   the handler frame's locals: only what the exit code loads (a frame with fewer
     *                 locals than the body's accepts every instruction of the body)
     */
    static void wrap(MethodNode method, AbstractInsnNode[] body, LabelNode start, Supplier<InsnList> exit,
                     Object[] locals) {
        InsnList insns = method.instructions;
        List<LabelNode> bounds = new ArrayList<>();
        bounds.add(start);
        for (AbstractInsnNode insn : body) {
            if (insn.getOpcode() >= Opcodes.IRETURN && insn.getOpcode() <= Opcodes.RETURN) {
                LabelNode exitStart = new LabelNode();
                LabelNode resume = new LabelNode();
                InsnList code = new InsnList();
                code.add(exitStart);
                code.add(exit.get());
                insns.insertBefore(insn, code);
                insns.insert(insn, resume);
                bounds.add(exitStart);
                bounds.add(resume);
            }
        }
        LabelNode end = new LabelNode();
        insns.add(end);
        bounds.add(end);

        LabelNode handler = new LabelNode();
        insns.add(handler);
        insns.add(new FrameNode(Opcodes.F_NEW, locals.length, locals, 1, new Object[] {"java/lang/Throwable"}));
        insns.add(exit.get());
        insns.add(op(Opcodes.ATHROW));
        for (int i = 0; i < bounds.size(); i += 2) {
            if (hasCode(bounds.get(i), bounds.get(i + 1))) {
                method.tryCatchBlocks.add(new TryCatchBlockNode(bounds.get(i), bounds.get(i + 1), handler, null));
            }
        }
    }

    /** Whether any real instruction lies between the two labels (an empty handler range is invalid). */
    private static boolean hasCode(LabelNode from, LabelNode to) {
        for (AbstractInsnNode insn = from.getNext(); insn != to; insn = insn.getNext()) {
            if (insn.getOpcode() >= 0) {
                return true;
            }
        }
        return false;
    }
}
