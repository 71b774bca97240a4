package dev.weft.agent;

import dev.weft.runtime.Site;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;

/**
 * Marks each spin loop ({@link SpinLoopDetector}) for the runtime: its head starts an iteration
 * ({@code Hooks.spinLoopHead}) and each of its back jumps ends one ({@code Hooks.spinLoopBackEdge}),
 * so the runtime judges an iteration from the head to a jump back to it, never a visit of the head
 * from an earlier run of the loop. A conditional back jump goes through a trampoline at the end of
 * the method (hook, then {@code GOTO} the head) that carries the head's own stack map frame, since
 * it leaves with the same stack and locals.
 */
final class SpinLoopRewriter {
    private SpinLoopRewriter() {}

    static void rewrite(MethodRewrite rewrite) {
        for (SpinLoopDetector.SpinLoop loop : rewrite.spinLoops()) {
            LabelNode head = loop.head();
            AbstractInsnNode start = Code.firstReal(head);
            int site = rewrite.registerSite(start, Site.SPIN_LOOP, null, null, null);
            rewrite.insertBefore(start, call("spinLoopHead", site));
            FrameNode frame = frameAt(head);
            for (JumpInsnNode jump : loop.backJumps()) {
                if (jump.getOpcode() == Opcodes.GOTO) {
                    rewrite.insertBefore(jump, call("spinLoopBackEdge", site));
                } else if (frame != null) {
                    LabelNode trampoline = new LabelNode();
                    jump.label = trampoline;
                    InsnList code = Code.of(copy(frame), trampoline);
                    code.add(call("spinLoopBackEdge", site));
                    code.add(new JumpInsnNode(Opcodes.GOTO, head));
                    rewrite.append(code);
                }
                // without a frame at the head (no class file has one missing at a jump target), the
                // edge goes unchecked: the loop is then only cut less, never wrongly
            }
        }
    }

    /** {@code Hooks.<name>(site)}. */
    private static InsnList call(String hook, int site) {
        return Code.of(Code.pushInt(site), Code.hook(hook, "(I)V"));
    }

    /** The expanded frame the class file gives the head (read with EXPAND_FRAMES), or null. */
    private static FrameNode frameAt(LabelNode head) {
        for (AbstractInsnNode insn = head.getNext(); insn != null && insn.getOpcode() < 0; insn = insn.getNext()) {
            if (insn instanceof FrameNode frame && frame.type == Opcodes.F_NEW && frame.stack.isEmpty()) {
                return frame;
            }
        }
        return null;
    }

    private static FrameNode copy(FrameNode f) {
        return new FrameNode(Opcodes.F_NEW, f.local.size(), f.local.toArray(), f.stack.size(), f.stack.toArray());
    }
}
