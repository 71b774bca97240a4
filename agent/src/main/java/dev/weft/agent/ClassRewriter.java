package dev.weft.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;

/**
 * Rewrites the bodies of a class's methods; never adds or removes a member, so the same rewriting
 * serves class loading and retransformation. Frames are kept as they are (read expanded, written
 * with COMPUTE_MAXS only, which loads no class): every insertion leaves the stack and locals as
 * the original instruction found them at each existing frame, and the new branch targets (the
 * catch-all handlers of a synchronized method and of a static initialiser, a spin loop's
 * trampolines) come with their own frames.
 */
final class ClassRewriter {
    private static final List<InsnRewriter> REWRITERS = List.of(
            new FieldAccessRewriter(), new ArrayAccessRewriter(), new MonitorRewriter(),
            new CallInterceptor(), new MethodReferenceRewriter(), new AllocationRewriter(), new FreezeRewriter());

    private ClassRewriter() {}

    /**
     * The rewritten class file, or null when nothing in it needed rewriting.
     *
     * @param retransforming whether the class is already loaded (its method modifiers are then fixed)
     * @param rewritten      which other classes (internal names) the agent rewrites as well
     */
    static byte[] rewrite(byte[] classFile, ClassLoader loader, boolean retransforming, Predicate<String> rewritten)
            throws AnalyzerException {
        ClassReader reader = new ClassReader(classFile);
        int major = reader.readUnsignedShort(6);
        if (major < Opcodes.V1_7) {
            throw new NotRewritable("class file version " + major + " predates Java 7 (no invokedynamic)");
        }
        ClassNode owner = new ClassNode();
        reader.accept(owner, ClassReader.EXPAND_FRAMES);
        // Analyse every method before rewriting any, so that a class refused on the way leaves no sites behind.
        List<MethodRewrite> rewrites = new ArrayList<>();
        ClassFiles others = new ClassFiles(loader, rewritten);
        for (MethodNode method : owner.methods) {
            if (isRewritable(method)) {
                SynchronizedMethodRewriter.checkRewritable(method);
                rewrites.add(new MethodRewrite(owner, method, loader, others));
            }
        }
        boolean changed = false;
        for (MethodRewrite rewrite : rewrites) {
            changed |= rewrite(rewrite, retransforming);
        }
        for (MethodNode method : owner.methods) {
            if (ClassInitRewriter.isClassInit(method)) {
                ClassInitRewriter.rewrite(method);
                changed = true;
            }
        }
        if (!changed) {
            return null;
        }
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        owner.accept(writer);
        return writer.toByteArray();
    }

    /**
     * Static initialisers run once, not per execution: their code is left alone, like methods
     * without code, and only bracketed ({@link ClassInitRewriter}).
     */
    private static boolean isRewritable(MethodNode method) {
        return (method.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0
                && !ClassInitRewriter.isClassInit(method)
                && method.instructions.size() > 0;
    }

    private static boolean rewrite(MethodRewrite rewrite, boolean retransforming) {
        // First, while the method's first instruction (whose line its site takes) is still the original one.
        SynchronizedMethodRewriter.rewrite(rewrite, retransforming);
        // A spin loop's head hook goes after its label, line number and frame: before the head's
        // first instruction, and before anything inserted there later.
        SpinLoopRewriter.rewrite(rewrite);
        for (AbstractInsnNode insn : rewrite.original()) {
            for (InsnRewriter rewriter : REWRITERS) {
                rewriter.rewrite(insn, rewrite);
            }
        }
        return rewrite.changed();
    }
}
