package dev.weft.agent;

import static dev.weft.agent.Code.OBJECT;
import static dev.weft.agent.Code.hook;
import static dev.weft.agent.Code.local;

import dev.weft.runtime.Site;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;

/**
 * Reports the end of each constructor of a class that declares final instance fields: JLS 17.5
 * freezes them there, and what they refer to is then published with them. Before every RETURN of
 * such a constructor, {@code this} is initialised and goes to the hook.
 */
final class FreezeRewriter implements InsnRewriter {
    @Override
    public void rewrite(AbstractInsnNode insn, MethodRewrite method) {
        if (insn.getOpcode() == Opcodes.RETURN && method.method().name.equals("<init>")
                && method.classDeclaresFinalInstanceFields()) {
            method.insertBefore(insn, Code.of(local(Opcodes.ALOAD, 0),
                    method.site(insn, Site.FREEZE, method.className(), null, null),
                    hook("freeze", "(" + OBJECT + "I)V")));
        }
    }
}
