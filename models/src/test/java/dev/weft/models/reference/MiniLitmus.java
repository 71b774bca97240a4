package dev.weft.models.reference;

import dev.weft.litmus.Expr;
import dev.weft.litmus.Instr;
import dev.weft.litmus.LitmusProgram;
import dev.weft.litmus.LitmusProgram.LitmusThread;
import dev.weft.models.AccessMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A one-line form of the litmus syntax for writing reference tests compactly (test-only, and
 * deliberately independent of {@code dev.weft.litmus.LitmusParser}): threads are separated by
 * {@code ||}, instructions by {@code ;}, e.g.
 * {@code "store x 1 rel; r0 = load y acq || store y 1 rel; r0 = load x acq"}.
 *
 * <p>Instructions: {@code store LOC EXPR MODE}, {@code REG = load LOC MODE}, {@code REG = fai LOC
 * EXPR MODE}, {@code REG = xchg LOC EXPR MODE}, {@code REG = cas LOC EXPR EXPR MODE}, {@code wcas}
 * likewise, {@code fence MODE}, {@code REG = EXPR}; accesses may end with {@code addr(REG)},
 * {@code data(REG)}, {@code ctrl(REG)}. Expressions have no spaces: integers, registers,
 * parentheses and the binary operators {@code + - * ^ & |} (left to right, no precedence).
 */
final class MiniLitmus {
    private MiniLitmus() {}

    static LitmusProgram parse(String name, String text) {
        List<LitmusThread> threads = new ArrayList<>();
        String[] parts = text.split("\\|\\|");
        for (int t = 0; t < parts.length; t++) {
            List<Instr> body = new ArrayList<>();
            for (String instr : parts[t].split(";")) {
                if (!instr.isBlank()) {
                    body.add(instruction(instr.trim()));
                }
            }
            threads.add(new LitmusThread("T" + t, body));
        }
        return new LitmusProgram(name, threads, Map.of());
    }

    private static Instr instruction(String text) {
        List<String> words = new ArrayList<>(List.of(text.split("\\s+")));
        Set<String> addr = new java.util.TreeSet<>();
        Set<String> data = new java.util.TreeSet<>();
        Set<String> ctrl = new java.util.TreeSet<>();
        while (!words.isEmpty() && words.get(words.size() - 1).matches("(addr|data|ctrl)\\(\\w+\\)")) {
            String dep = words.remove(words.size() - 1);
            String reg = dep.substring(dep.indexOf('(') + 1, dep.length() - 1);
            (dep.startsWith("addr") ? addr : dep.startsWith("data") ? data : ctrl).add(reg);
        }
        Instr.Deps deps = addr.isEmpty() && data.isEmpty() && ctrl.isEmpty()
                ? Instr.Deps.NONE : new Instr.Deps(addr, data, ctrl);
        String reg = null;
        if (words.size() >= 2 && words.get(1).equals("=")) {
            reg = words.get(0);
            words = words.subList(2, words.size());
        }
        String op = words.get(0);
        switch (op) {
            case "store":
                expect(text, reg == null && words.size() == 4);
                return new Instr.Store(words.get(1), expr(words.get(2)), mode(words.get(3)), deps, 0);
            case "load":
                expect(text, reg != null && words.size() == 3);
                return new Instr.Load(reg, words.get(1), mode(words.get(2)), deps, 0);
            case "fai":
            case "xchg":
                expect(text, reg != null && words.size() == 4);
                return new Instr.Rmw(reg, op.equals("fai") ? Instr.RmwOp.FAI : Instr.RmwOp.XCHG, words.get(1), null,
                        expr(words.get(2)), mode(words.get(3)), deps, 0);
            case "cas":
            case "wcas":
                expect(text, reg != null && words.size() == 5);
                return new Instr.Rmw(reg, op.equals("cas") ? Instr.RmwOp.CAS : Instr.RmwOp.WEAK_CAS, words.get(1),
                        expr(words.get(2)), expr(words.get(3)), mode(words.get(4)), deps, 0);
            case "fence":
                expect(text, reg == null && words.size() == 2);
                return new Instr.Fence(mode(words.get(1)), 0);
            default:
                expect(text, reg != null && words.size() == 1);
                return new Instr.Assign(reg, expr(words.get(0)), 0);
        }
    }

    private static void expect(String text, boolean ok) {
        if (!ok) {
            throw new IllegalArgumentException("cannot parse instruction: " + text);
        }
    }

    private static AccessMode mode(String s) {
        return AccessMode.valueOf(s.toUpperCase(Locale.ROOT));
    }

    /** Integers, registers, parentheses, binary operators evaluated left to right. */
    static Expr expr(String s) {
        int[] pos = {0};
        Expr e = sequence(s, pos);
        if (pos[0] != s.length()) {
            throw new IllegalArgumentException("cannot parse expression: " + s);
        }
        return e;
    }

    private static Expr sequence(String s, int[] pos) {
        Expr left = atom(s, pos);
        while (pos[0] < s.length() && "+-*^&|".indexOf(s.charAt(pos[0])) >= 0) {
            char c = s.charAt(pos[0]++);
            Expr.Op op = switch (c) {
                case '+' -> Expr.Op.ADD;
                case '-' -> Expr.Op.SUB;
                case '*' -> Expr.Op.MUL;
                case '^' -> Expr.Op.XOR;
                case '&' -> Expr.Op.AND;
                default -> Expr.Op.OR;
            };
            left = new Expr.Binary(op, left, atom(s, pos));
        }
        return left;
    }

    private static Expr atom(String s, int[] pos) {
        if (s.charAt(pos[0]) == '(') {
            pos[0]++;
            Expr e = sequence(s, pos);
            if (pos[0] >= s.length() || s.charAt(pos[0]) != ')') {
                throw new IllegalArgumentException("missing ) in " + s);
            }
            pos[0]++;
            return e;
        }
        int start = pos[0];
        while (pos[0] < s.length() && (Character.isLetterOrDigit(s.charAt(pos[0])) || s.charAt(pos[0]) == '_')) {
            pos[0]++;
        }
        String word = s.substring(start, pos[0]);
        if (word.isEmpty()) {
            throw new IllegalArgumentException("cannot parse expression: " + s);
        }
        return Character.isDigit(word.charAt(0)) ? new Expr.Const(Long.parseLong(word)) : new Expr.Reg(word);
    }
}
