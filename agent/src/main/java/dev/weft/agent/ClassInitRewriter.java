package dev.weft.agent;

import static dev.weft.agent.Code.hook;

import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * A static initialiser runs once per JVM, not once per execution, so nothing it does, nor what
 * the methods it calls do, belongs to an execution. Its own code stays as it is; it is bracketed by
 * enterClassInit and exitClassInit (before each return, and in a catch-all handler, so that an
 * initialiser that throws ends too), between which the runtime lets the hooks do nothing.
 */
final class ClassInitRewriter {
    private static final String ENTER = "enterClassInit";
    private static final String EXIT = "exitClassInit";
    private static final String DESCRIPTOR = "()V";

    private ClassInitRewriter() {}

    static boolean isClassInit(MethodNode method) {
        return method.name.equals("<clinit>");
    }

    static void rewrite(MethodNode clinit) {
        AbstractInsnNode[] body = clinit.instructions.toArray();
        LabelNode bodyStart = new LabelNode();
        // Before the handler's range: an initialiser whose entry hook failed has nothing to end.
        clinit.instructions.insert(Code.of(hook(ENTER, DESCRIPTOR), bodyStart));
        // The handler's frame has no locals: a static initialiser has no arguments, and the exit loads none.
        MethodExits.wrap(clinit, body, bodyStart, () -> Code.of(hook(EXIT, DESCRIPTOR)), new Object[0]);
    }
}
