package dev.weft.agent;

import static dev.weft.agent.Code.OBJECT;
import static dev.weft.agent.Code.hook;
import static dev.weft.agent.Code.local;
import static dev.weft.agent.Code.op;

import dev.weft.runtime.Site;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;

/**
 * Reports each new object once it is initialised, so that the runtime can name its locations
 * stably: after the constructor call of a {@code NEW; DUP} pair, after an array creation, in
 * every constructor where {@code this} becomes initialised (which also covers objects created by
 * reflection, cloning aside), and after a lambda or method reference that captures values. Also
 * flags {@code new Random()}, whose seed comes from the clock.
 */
final class AllocationRewriter implements InsnRewriter {
    private static final String ALLOCATED = "allocated";
    private static final String ALLOCATED_DESCRIPTOR = "(" + OBJECT + "I)V";
    private static final String METAFACTORY = "java/lang/invoke/LambdaMetafactory";

    @Override
    public void rewrite(AbstractInsnNode insn, MethodRewrite method) {
        switch (insn.getOpcode()) {
            case Opcodes.NEWARRAY, Opcodes.ANEWARRAY, Opcodes.MULTIANEWARRAY -> method.insertAfter(insn, Code.of(
                    op(Opcodes.DUP), method.site(insn, insn.getOpcode(), arrayType(insn), null, null),
                    hook(ALLOCATED, ALLOCATED_DESCRIPTOR)));
            case Opcodes.INVOKESPECIAL -> {
                if (ConstructorCalls.isConstructorCall(insn)) {
                    constructorCall((MethodInsnNode) insn, method);
                }
            }
            case Opcodes.INVOKEDYNAMIC -> functionObject((InvokeDynamicInsnNode) insn, method);
        }
    }

    /**
     * A lambda or method reference that captures values is a new object each time its site runs.
     * One that captures nothing is the same object every time (the metafactory's, or the runtime's
     * for a rewritten reference), which outlives the execution like a constant and is not reported.
     */
    private static void functionObject(InvokeDynamicInsnNode indy, MethodRewrite method) {
        Type factory = Type.getMethodType(indy.desc);
        if (indy.bsm.getOwner().equals(METAFACTORY) && factory.getArgumentTypes().length > 0) {
            method.insertAfter(indy, Code.of(op(Opcodes.DUP),
                    method.site(indy, Opcodes.INVOKEDYNAMIC, factory.getReturnType().getInternalName(), null, null),
                    hook(ALLOCATED, ALLOCATED_DESCRIPTOR)));
        }
    }

    private static void constructorCall(MethodInsnNode call, MethodRewrite method) {
        if (call.owner.equals("java/util/Random") && call.desc.equals("()V")) {
            method.insertBefore(call, Code.of(
                    method.site(call, call.getOpcode(), call.owner, call.name, call.desc), hook("unseededRandom", "(I)V")));
        }
        ConstructorCalls calls = method.constructorCalls();
        AbstractInsnNode creation = calls.allocationOf(call);
        if (creation != null) {
            // The NEW; DUP reference is on top once the constructor returned.
            method.insertAfter(call, Code.of(op(Opcodes.DUP),
                    method.site(creation, Opcodes.NEW, ((TypeInsnNode) creation).desc, null, null),
                    hook(ALLOCATED, ALLOCATED_DESCRIPTOR)));
        } else if (calls.initialisesThis(call)) {
            method.insertAfter(call, Code.of(local(Opcodes.ALOAD, 0),
                    method.site(call, Site.CONSTRUCTOR, method.className(), null, null),
                    hook(ALLOCATED, ALLOCATED_DESCRIPTOR)));
        }
    }

    /** The internal name of the created array's class, {@code [I} or {@code [Ljava/lang/String;}. */
    private static String arrayType(AbstractInsnNode insn) {
        return switch (insn.getOpcode()) {
            case Opcodes.NEWARRAY -> "[" + primitive(((IntInsnNode) insn).operand).getDescriptor();
            case Opcodes.ANEWARRAY -> "[" + Type.getObjectType(((TypeInsnNode) insn).desc).getDescriptor();
            default -> ((MultiANewArrayInsnNode) insn).desc;
        };
    }

    private static Type primitive(int newArrayOperand) {
        return switch (newArrayOperand) {
            case Opcodes.T_BOOLEAN -> Type.BOOLEAN_TYPE;
            case Opcodes.T_CHAR -> Type.CHAR_TYPE;
            case Opcodes.T_FLOAT -> Type.FLOAT_TYPE;
            case Opcodes.T_DOUBLE -> Type.DOUBLE_TYPE;
            case Opcodes.T_BYTE -> Type.BYTE_TYPE;
            case Opcodes.T_SHORT -> Type.SHORT_TYPE;
            case Opcodes.T_INT -> Type.INT_TYPE;
            case Opcodes.T_LONG -> Type.LONG_TYPE;
            default -> throw new IllegalArgumentException("NEWARRAY of unknown type " + newArrayOperand);
        };
    }
}
