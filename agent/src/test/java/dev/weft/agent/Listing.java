package dev.weft.agent;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.util.Printer;

/**
 * A method's real instructions, one compact line each, for asserting on rewritten shapes: int
 * constants print as {@code PUSH n}, calls and field accesses as {@code OPCODE owner.name desc},
 * an intercepted call as {@code INVOKEDYNAMIC name desc site}.
 */
final class Listing {
    /** Matches any {@code PUSH n} line in {@link #assertSequence}. */
    static final String SITE = "PUSH ?";
    static final String HOOKS = "INVOKESTATIC dev/weft/runtime/Hooks.";

    private Listing() {}

    static ClassNode classNode(byte[] bytes) {
        ClassNode node = new ClassNode();
        new ClassReader(bytes).accept(node, 0);
        return node;
    }

    static MethodNode method(ClassNode owner, String name) {
        return owner.methods.stream().filter(m -> m.name.equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no method " + name + " in " + owner.name));
    }

    static List<String> of(byte[] classFile, String method) {
        return of(method(classNode(classFile), method));
    }

    static List<String> of(MethodNode method) {
        List<String> lines = new ArrayList<>();
        for (AbstractInsnNode insn : method.instructions) {
            if (insn.getOpcode() >= 0) {
                lines.add(line(insn));
            }
        }
        return lines;
    }

    private static String line(AbstractInsnNode insn) {
        int opcode = insn.getOpcode();
        String name = Printer.OPCODES[opcode];
        if (opcode >= Opcodes.ICONST_M1 && opcode <= Opcodes.ICONST_5) {
            return "PUSH " + (opcode - Opcodes.ICONST_0);
        }
        if (insn instanceof IntInsnNode i) {
            return opcode == Opcodes.NEWARRAY ? name + " " + i.operand : "PUSH " + i.operand;
        }
        if (insn instanceof LdcInsnNode ldc) {
            return ldc.cst instanceof Integer n ? "PUSH " + n : name + " " + ldc.cst;
        }
        if (insn instanceof MethodInsnNode m) {
            return name + " " + m.owner + "." + m.name + " " + m.desc;
        }
        if (insn instanceof FieldInsnNode f) {
            return name + " " + f.owner + "." + f.name + " " + f.desc;
        }
        if (insn instanceof InvokeDynamicInsnNode indy) {
            return name + " " + indy.name + " " + indy.desc + " " + indy.bsmArgs[0];
        }
        if (insn instanceof TypeInsnNode t) {
            return name + " " + t.desc;
        }
        if (insn instanceof VarInsnNode v) {
            return name + " " + v.var;
        }
        if (insn instanceof IincInsnNode iinc) {
            return name + " " + iinc.var + " " + iinc.incr;
        }
        if (insn instanceof MultiANewArrayInsnNode multi) {
            return name + " " + multi.desc + " " + multi.dims;
        }
        return name;
    }

    /**
     * Asserts that the lines contain the sequence (consecutively; {@link #SITE} matches any pushed
     * int) and returns the index where it starts.
     */
    static int assertSequence(List<String> lines, String... sequence) {
        int from = indexOf(lines, 0, sequence);
        if (from < 0) {
            fail("expected the sequence\n  " + String.join("\n  ", sequence) + "\nin\n  " + String.join("\n  ", lines));
        }
        return from;
    }

    static int indexOf(List<String> lines, int start, String... sequence) {
        for (int from = start; from + sequence.length <= lines.size(); from++) {
            boolean match = true;
            for (int k = 0; k < sequence.length && match; k++) {
                String line = lines.get(from + k);
                match = sequence[k].equals(SITE) ? line.startsWith("PUSH ") : sequence[k].equals(line);
            }
            if (match) {
                return from;
            }
        }
        return -1;
    }

    /** The site ids pushed right before each call of the named hook. */
    static List<Integer> sites(List<String> lines, String hook) {
        List<Integer> sites = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            if (lines.get(i).startsWith(HOOKS + hook + " ")) {
                sites.add(pushed(lines.get(i - 1)));
            }
        }
        return sites;
    }

    static int pushed(String line) {
        if (!line.startsWith("PUSH ")) {
            throw new AssertionError("not a pushed site id: " + line);
        }
        return Integer.parseInt(line.substring("PUSH ".length()));
    }

    /** The source line of the first original instruction of the method that lists as {@code line}. */
    static int lineOf(byte[] classFile, String method, String line) {
        int current = -1;
        for (AbstractInsnNode insn : method(classNode(classFile), method).instructions) {
            if (insn instanceof LineNumberNode number) {
                current = number.line;
            } else if (insn.getOpcode() >= 0 && line(insn).equals(line)) {
                return current;
            }
        }
        throw new AssertionError("no " + line + " in " + method);
    }

    static long count(List<String> lines, String prefix) {
        return lines.stream().filter(l -> l.startsWith(prefix)).count();
    }
}
