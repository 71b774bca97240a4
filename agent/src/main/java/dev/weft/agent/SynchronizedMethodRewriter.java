package dev.weft.agent;

import static dev.weft.agent.Code.OBJECT;
import static dev.weft.agent.Code.hook;
import static dev.weft.agent.Code.op;

import dev.weft.runtime.Site;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * A {@code synchronized} method's implicit monitor. At class load it becomes explicit (the flag is
 * cleared, the body is wrapped in monitorEnter/MONITORENTER and monitorExit/MONITOREXIT, the latter
 * before every return and in a catch-all handler that rethrows), so that the runtime controls it
 * like a synchronized block. A retransformed class may not change method modifiers: there the
 * flag stays and the body only reports entry and exit (syncMethodEnter / syncMethodExit).
 */
final class SynchronizedMethodRewriter {
    private static final String SYNC_DESCRIPTOR = "(" + OBJECT + "I)V";

    private SynchronizedMethodRewriter() {}

    /** The monitor is reloaded from local 0 at every exit: refuses a method that overwrites it. */
    static void checkRewritable(MethodNode method) {
        if ((method.access & (Opcodes.ACC_SYNCHRONIZED | Opcodes.ACC_STATIC)) == Opcodes.ACC_SYNCHRONIZED
                && storesToThisSlot(method)) {
            throw new NotRewritable("synchronized method " + method.name + method.desc + " overwrites local 0 (this)");
        }
    }

    static void rewrite(MethodRewrite rewrite, boolean retransforming) {
        MethodNode method = rewrite.method();
        if ((method.access & Opcodes.ACC_SYNCHRONIZED) == 0) {
            return;
        }
        boolean isStatic = (method.access & Opcodes.ACC_STATIC) != 0;
        InsnList insns = method.instructions;
        AbstractInsnNode first = Code.firstReal(insns.getFirst());
        int site = rewrite.registerSite(first, Site.SYNCHRONIZED_METHOD, rewrite.className(), method.name, method.desc);

        LabelNode bodyStart = new LabelNode();
        InsnList entry = enter(rewrite, isStatic, site, retransforming);
        entry.add(bodyStart);
        insns.insert(entry);

        // The handler covers the body but not the exit sequences, so that an exit that throws is
        // not exited twice.
        List<LabelNode> bounds = new ArrayList<>();
        bounds.add(bodyStart);
        for (AbstractInsnNode insn : rewrite.original()) {
            if (insn.getOpcode() >= Opcodes.IRETURN && insn.getOpcode() <= Opcodes.RETURN) {
                LabelNode exitStart = new LabelNode();
                LabelNode resume = new LabelNode();
                InsnList exit = new InsnList();
                exit.add(exitStart);
                exit.add(leave(rewrite, isStatic, site, retransforming));
                insns.insertBefore(insn, exit);
                insns.insert(insn, resume);
                bounds.add(exitStart);
                bounds.add(resume);
            }
        }
        LabelNode bodyEnd = new LabelNode();
        insns.add(bodyEnd);
        bounds.add(bodyEnd);

        LabelNode handler = new LabelNode();
        insns.add(handler);
        Object[] locals = isStatic ? new Object[0] : new Object[] {rewrite.className()};
        insns.add(new FrameNode(Opcodes.F_NEW, locals.length, locals, 1, new Object[] {"java/lang/Throwable"}));
        insns.add(leave(rewrite, isStatic, site, retransforming));
        insns.add(op(Opcodes.ATHROW));
        for (int i = 0; i < bounds.size(); i += 2) {
            if (hasCode(bounds.get(i), bounds.get(i + 1))) {
                method.tryCatchBlocks.add(new TryCatchBlockNode(bounds.get(i), bounds.get(i + 1), handler, null));
            }
        }
        if (!retransforming) {
            method.access &= ~Opcodes.ACC_SYNCHRONIZED;
        }
        rewrite.markChanged();
    }

    /** monitor; site; monitorEnter; MONITORENTER (or, when retransforming, syncMethodEnter). */
    private static InsnList enter(MethodRewrite rewrite, boolean isStatic, int site, boolean retransforming) {
        InsnList code = Code.of(monitor(rewrite, isStatic), Code.pushInt(site));
        if (retransforming) {
            code.add(hook("syncMethodEnter", SYNC_DESCRIPTOR));
        } else {
            code.add(hook(MonitorRewriter.ENTER, MonitorRewriter.DESCRIPTOR));
            code.add(op(Opcodes.MONITORENTER));
        }
        return code;
    }

    /** monitor; site; monitorExit; MONITOREXIT (or, when retransforming, syncMethodExit). */
    private static InsnList leave(MethodRewrite rewrite, boolean isStatic, int site, boolean retransforming) {
        InsnList code = Code.of(monitor(rewrite, isStatic), Code.pushInt(site));
        if (retransforming) {
            code.add(hook("syncMethodExit", SYNC_DESCRIPTOR));
        } else {
            code.add(hook(MonitorRewriter.EXIT, MonitorRewriter.DESCRIPTOR));
            code.add(op(Opcodes.MONITOREXIT));
        }
        return code;
    }

    /** The implicit monitor: this, or the class for a static method. */
    private static AbstractInsnNode monitor(MethodRewrite rewrite, boolean isStatic) {
        return isStatic ? new LdcInsnNode(Type.getObjectType(rewrite.className())) : new VarInsnNode(Opcodes.ALOAD, 0);
    }

    private static boolean storesToThisSlot(MethodNode method) {
        for (AbstractInsnNode insn : method.instructions) {
            if (insn instanceof VarInsnNode var && var.var == 0 && var.getOpcode() >= Opcodes.ISTORE
                    && var.getOpcode() <= Opcodes.ASTORE) {
                return true;
            }
        }
        return false;
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
