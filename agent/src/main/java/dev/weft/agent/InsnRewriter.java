package dev.weft.agent;

import org.objectweb.asm.tree.AbstractInsnNode;

/** Rewrites the instructions of one kind (fields, arrays, monitors, calls, allocations). */
interface InsnRewriter {
    /** Rewrites the original instruction if it is of this rewriter's kind; ignores it otherwise. */
    void rewrite(AbstractInsnNode insn, MethodRewrite method);
}
