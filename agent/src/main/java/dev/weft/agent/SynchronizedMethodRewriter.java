package dev.weft.agent;

import static dev.weft.agent.Code.OBJECT;
import static dev.weft.agent.Code.hook;
import static dev.weft.agent.Code.op;

import dev.weft.runtime.Site;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodNode;
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

        Object[] locals = isStatic ? new Object[0] : new Object[] {rewrite.className()};
        MethodExits.wrap(method, rewrite.original(), bodyStart, () -> leave(rewrite, isStatic, site, retransforming),
                locals);
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
}
