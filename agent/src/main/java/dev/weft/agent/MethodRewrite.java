package dev.weft.agent;

import dev.weft.runtime.Sites;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;

/**
 * One method being rewritten: what the rewriters need to know about it, found by analysing the
 * original code before anything changes (its instructions, their source lines, how its constructor
 * calls pair up, its spin loops, a free local), and the edits they make to it.
 */
final class MethodRewrite {
    private final ClassNode owner;
    private final MethodNode method;
    private final ClassLoader loader;
    private final Map<AbstractInsnNode, Integer> lines = new IdentityHashMap<>();
    /** Original instructions that a rewriter replaced, so that the others still find their place. */
    private final Map<AbstractInsnNode, AbstractInsnNode> replacements = new IdentityHashMap<>();
    private final AbstractInsnNode[] original;
    private final ConstructorCalls constructorCalls;
    private final List<SpinLoopDetector.SpinLoop> spinLoops;
    private final int scratch;
    private boolean changed;

    MethodRewrite(ClassNode owner, MethodNode method, ClassLoader loader, ClassFiles others) throws AnalyzerException {
        this.owner = owner;
        this.method = method;
        this.loader = loader;
        this.original = method.instructions.toArray();
        this.constructorCalls = ConstructorCalls.analyze(owner.name, method);
        this.spinLoops = SpinLoopDetector.loops(owner, method, others);
        // Beyond every local the original code uses, and only ever live between two original
        // instructions, so no stack map frame needs to mention it.
        this.scratch = method.maxLocals;
        int line = -1;
        for (AbstractInsnNode insn : method.instructions) {
            if (insn instanceof LineNumberNode number) {
                line = number.line;
            }
            lines.put(insn, line);
        }
    }

    String className() {
        return owner.name;
    }

    /** Whether the method's class declares a final instance field, which its constructors freeze. */
    boolean classDeclaresFinalInstanceFields() {
        return owner.fields.stream().anyMatch(
                f -> (f.access & Opcodes.ACC_FINAL) != 0 && (f.access & Opcodes.ACC_STATIC) == 0);
    }

    MethodNode method() {
        return method;
    }

    /** The method's original instructions, which the rewriters visit (never what they inserted). */
    AbstractInsnNode[] original() {
        return original;
    }

    /** The method's spin loops, found in its original code. */
    List<SpinLoopDetector.SpinLoop> spinLoops() {
        return spinLoops;
    }

    ConstructorCalls constructorCalls() {
        return constructorCalls;
    }

    /** The first local slot (two wide) that the rewriters may use as a temporary. */
    int scratch() {
        return scratch;
    }

    /**
     * Registers a site for the original instruction {@code at}, at the line of the nearest line
     * number before it, and returns its id.
     */
    int registerSite(AbstractInsnNode at, int opcode, String siteOwner, String name, String descriptor) {
        return Sites.register(loader, owner.name, method.name, owner.sourceFile, lines.getOrDefault(at, -1),
                opcode, siteOwner, name, descriptor);
    }

    /** Registers a site (see {@link #registerSite}) and returns the instruction that pushes its id. */
    AbstractInsnNode site(AbstractInsnNode at, int opcode, String siteOwner, String name, String descriptor) {
        return Code.pushInt(registerSite(at, opcode, siteOwner, name, descriptor));
    }

    void insertBefore(AbstractInsnNode at, InsnList code) {
        changed = true;
        method.instructions.insertBefore(current(at), code);
    }

    void insertAfter(AbstractInsnNode at, InsnList code) {
        changed = true;
        method.instructions.insert(current(at), code);
    }

    /** Adds code after the method's last instruction (which never falls through). */
    void append(InsnList code) {
        changed = true;
        method.instructions.add(code);
    }

    void replace(AbstractInsnNode original, AbstractInsnNode replacement) {
        changed = true;
        method.instructions.set(current(original), replacement);
        replacements.put(original, replacement);
    }

    /** Where an original instruction is now: its replacement, if a rewriter replaced it. */
    private AbstractInsnNode current(AbstractInsnNode original) {
        return replacements.getOrDefault(original, original);
    }

    /** Marks the method changed for edits made directly on it (its access flags, its handlers). */
    void markChanged() {
        changed = true;
    }

    boolean changed() {
        return changed;
    }
}
