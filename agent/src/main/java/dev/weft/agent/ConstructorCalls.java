package dev.weft.agent;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.Interpreter;
import org.objectweb.asm.tree.analysis.Value;

/**
 * Which object each {@code INVOKESPECIAL <init>} of a method initialises. A data-flow analysis
 * follows every reference back to the {@code NEW} that created it, or to the {@code this} a
 * constructor starts with, through locals and stack copies; it loads no class. Rewriters use it
 * to pass only initialised objects to hooks: an allocation is reported after its constructor call,
 * and a constructor's writes to its own fields before {@code super()} are left alone.
 */
final class ConstructorCalls {
    private static final ConstructorCalls NONE = new ConstructorCalls();

    /** Constructor calls on a {@code NEW; DUP} reference (the javac pattern), with their NEW. */
    private final Map<AbstractInsnNode, AbstractInsnNode> allocations = new IdentityHashMap<>();
    /** The call that initialises {@code this} in a constructor. */
    private MethodInsnNode thisInit;
    /** PUTFIELDs on {@code this} that come before {@link #thisInit}. */
    private final Set<AbstractInsnNode> uninitialisedThisWrites = Collections.newSetFromMap(new IdentityHashMap<>());

    private ConstructorCalls() {}

    static ConstructorCalls analyze(String className, MethodNode method) throws AnalyzerException {
        boolean constructor = method.name.equals("<init>");
        if (!constructor && !callsConstructors(method)) {
            return NONE;
        }
        Frame<Origin>[] frames = new Analyzer<>(new OriginInterpreter()).analyze(className, method);
        AbstractInsnNode[] insns = method.instructions.toArray();
        ConstructorCalls calls = new ConstructorCalls();
        List<AbstractInsnNode> thisWrites = new ArrayList<>();
        List<MethodInsnNode> thisInits = new ArrayList<>();
        for (int i = 0; i < insns.length; i++) {
            Frame<Origin> frame = frames[i];
            if (frame == null) {
                continue; // unreachable
            }
            if (isConstructorCall(insns[i])) {
                MethodInsnNode call = (MethodInsnNode) insns[i];
                int receiver = frame.getStackSize() - 1 - Type.getArgumentTypes(call.desc).length;
                Object source = frame.getStack(receiver).source();
                if (source == Origin.THIS) {
                    if (frame.getLocal(0).source() != Origin.THIS) {
                        throw new NotRewritable(method.name + method.desc + " initialises this while local 0 holds something else");
                    }
                    thisInits.add(call);
                } else if (source instanceof AbstractInsnNode creation
                        && isDup(Code.nextReal(creation))
                        && receiver > 0 && frame.getStack(receiver - 1).source() == creation) {
                    calls.allocations.put(call, creation);
                }
            } else if (constructor && insns[i].getOpcode() == Opcodes.PUTFIELD
                    && frame.getStack(frame.getStackSize() - 2).source() == Origin.THIS) {
                thisWrites.add(insns[i]);
            }
        }
        if (constructor) {
            if (thisInits.size() != 1) {
                throw new NotRewritable("constructor " + method.desc + " has " + thisInits.size()
                        + " calls that initialise this (expected one)");
            }
            calls.thisInit = thisInits.get(0);
            int initIndex = method.instructions.indexOf(calls.thisInit);
            for (AbstractInsnNode write : thisWrites) {
                if (method.instructions.indexOf(write) < initIndex) {
                    calls.uninitialisedThisWrites.add(write);
                }
            }
        }
        return calls;
    }

    /** The NEW whose {@code NEW; DUP} reference this constructor call initialises, or null. */
    AbstractInsnNode allocationOf(AbstractInsnNode call) {
        return allocations.get(call);
    }

    /** Whether this is the super() or this() call of a constructor. */
    boolean initialisesThis(AbstractInsnNode call) {
        return call == thisInit;
    }

    /** Whether this is a PUTFIELD on a {@code this} that is not yet initialised. */
    boolean writesUninitialisedThis(AbstractInsnNode insn) {
        return uninitialisedThisWrites.contains(insn);
    }

    static boolean isConstructorCall(AbstractInsnNode insn) {
        return insn.getOpcode() == Opcodes.INVOKESPECIAL && ((MethodInsnNode) insn).name.equals("<init>");
    }

    private static boolean isDup(AbstractInsnNode insn) {
        return insn != null && insn.getOpcode() == Opcodes.DUP;
    }

    private static boolean callsConstructors(MethodNode method) {
        for (AbstractInsnNode insn : method.instructions) {
            if (isConstructorCall(insn)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A value of the analysis: its size and where it comes from, a NEW instruction, {@link #THIS},
     * or null for anything else.
     */
    record Origin(int size, Object source) implements Value {
        static final Object THIS = new Object();

        @Override
        public int getSize() {
            return size;
        }
    }

    /** Tracks origins through copies; every other result is a fresh value of the right size. */
    private static final class OriginInterpreter extends Interpreter<Origin> {
        /** Only asked for sizes: it looks at instructions, never at argument values. */
        private final BasicInterpreter sizes = new BasicInterpreter();

        OriginInterpreter() {
            super(Opcodes.ASM9);
        }

        private static Origin sized(BasicValue value) {
            return value == null ? null : new Origin(value.getSize(), null);
        }

        @Override
        public Origin newValue(Type type) {
            return sized(sizes.newValue(type));
        }

        @Override
        public Origin newParameterValue(boolean isInstanceMethod, int local, Type type) {
            return isInstanceMethod && local == 0 ? new Origin(1, Origin.THIS) : newValue(type);
        }

        @Override
        public Origin newOperation(AbstractInsnNode insn) throws AnalyzerException {
            return insn.getOpcode() == Opcodes.NEW ? new Origin(1, insn) : sized(sizes.newOperation(insn));
        }

        @Override
        public Origin copyOperation(AbstractInsnNode insn, Origin value) {
            return value;
        }

        @Override
        public Origin unaryOperation(AbstractInsnNode insn, Origin value) throws AnalyzerException {
            return sized(sizes.unaryOperation(insn, null));
        }

        @Override
        public Origin binaryOperation(AbstractInsnNode insn, Origin value1, Origin value2) throws AnalyzerException {
            return sized(sizes.binaryOperation(insn, null, null));
        }

        @Override
        public Origin ternaryOperation(AbstractInsnNode insn, Origin value1, Origin value2, Origin value3) {
            return null;
        }

        @Override
        public Origin naryOperation(AbstractInsnNode insn, List<? extends Origin> values) throws AnalyzerException {
            return sized(sizes.naryOperation(insn, null));
        }

        @Override
        public void returnOperation(AbstractInsnNode insn, Origin value, Origin expected) {
            // Nothing to track.
        }

        @Override
        public Origin merge(Origin value1, Origin value2) {
            if (value1.equals(value2)) {
                return value1;
            }
            return new Origin(value1.size() == value2.size() ? value1.size() : 1, null);
        }
    }
}
