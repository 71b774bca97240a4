package dev.weft.agent;

import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;

/**
 * Method references to methods the runtime models ({@code counter::incrementAndGet},
 * {@code Thread::start}): javac compiles them to an INVOKEDYNAMIC of {@code LambdaMetafactory}
 * whose implementation is the JDK method itself, which no rewritten body would ever call through
 * a hook. The site is re-bootstrapped by {@code Hooks.bootstrapMethodReference}, which builds the
 * functional interface instance around the modelled call. Lambdas and references to other
 * methods are left to the metafactory: their bodies are rewritten like any other code.
 */
final class MethodReferenceRewriter implements InsnRewriter {
    static final Handle BOOTSTRAP = new Handle(Opcodes.H_INVOKESTATIC, Code.HOOKS, "bootstrapMethodReference",
            "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;"
                    + "Ljava/lang/invoke/MethodType;Ljava/lang/invoke/MethodType;I)Ljava/lang/invoke/CallSite;",
            false);

    private static final String METAFACTORY = "java/lang/invoke/LambdaMetafactory";

    @Override
    public void rewrite(AbstractInsnNode insn, MethodRewrite method) {
        if (!(insn instanceof InvokeDynamicInsnNode indy) || !indy.bsm.getOwner().equals(METAFACTORY)
                || !indy.bsm.getName().equals("metafactory") || !(indy.bsmArgs[1] instanceof Handle impl)) {
            return;
        }
        int opcode = opcodeOf(impl.getTag());
        if (opcode < 0 || !CallInterceptor.intercepts(opcode, impl.getOwner(), impl.getName(), impl.getDesc())) {
            return;
        }
        int site = method.registerSite(indy, opcode, impl.getOwner(), impl.getName(), impl.getDesc());
        // the metafactory's arguments: the erased method type of the interface's method, the
        // implementation (now named by the site), and the method type it is instantiated at
        method.replace(indy, new InvokeDynamicInsnNode(indy.name, indy.desc, BOOTSTRAP,
                indy.bsmArgs[0], indy.bsmArgs[2], site));
    }

    /** The call instruction a method handle's kind stands for; -1 for constructors and field handles. */
    private static int opcodeOf(int tag) {
        return switch (tag) {
            case Opcodes.H_INVOKEVIRTUAL -> Opcodes.INVOKEVIRTUAL;
            case Opcodes.H_INVOKESTATIC -> Opcodes.INVOKESTATIC;
            case Opcodes.H_INVOKEINTERFACE -> Opcodes.INVOKEINTERFACE;
            default -> -1;
        };
    }
}
