package dev.weft.models.reference;

import dev.weft.litmus.Expr;
import dev.weft.litmus.Instr;
import dev.weft.litmus.LitmusProgram;
import dev.weft.litmus.LitmusProgram.LitmusThread;
import dev.weft.models.AccessMode;
import dev.weft.models.MemoryModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

/**
 * Random small straight-line litmus programs for differential testing: 2 to 4 threads of 1 to 4
 * instructions over 1 to 3 locations (x, y, z), with loads, stores of constants or of register
 * expressions, FAI/XCHG/CAS/WCAS, fences and the odd assignment, in mixed access modes; under IMM
 * also explicit addr/ctrl dependencies on earlier registers. Values stay in 0..3 so that CASes
 * sometimes succeed. Deterministic for a given seed and sequence of calls.
 *
 * <p>A program whose brute-force search space is too large is drawn again (see
 * {@link #searchSpace}): with many same-location accesses the number of executions explodes
 * (hundreds of thousands), which neither the reference nor a differential test can use.
 */
public final class RandomLitmusGenerator {
    private static final String[] LOCS = {"x", "y", "z"};
    private static final AccessMode[] LOAD_MODES = {AccessMode.NA, AccessMode.RLX, AccessMode.ACQ, AccessMode.SC};
    private static final AccessMode[] STORE_MODES = {AccessMode.NA, AccessMode.RLX, AccessMode.REL, AccessMode.SC};
    private static final AccessMode[] RMW_MODES =
            {AccessMode.RLX, AccessMode.ACQ, AccessMode.REL, AccessMode.ACQ_REL, AccessMode.SC};
    private static final AccessMode[] FENCE_MODES =
            {AccessMode.ACQ, AccessMode.REL, AccessMode.ACQ_REL, AccessMode.SC};

    /** Programs with a larger {@link #searchSpace} are drawn again. */
    static final double MAX_SEARCH_SPACE = 1_000_000;

    private final long seed;
    private final Random random;
    private int count;
    private int rejected;

    public RandomLitmusGenerator(long seed) {
        this.seed = seed;
        this.random = new Random(seed);
    }

    /** The next program; {@code model} decides whether explicit dependencies are generated (IMM). */
    public LitmusProgram next(MemoryModel model) {
        int index = count++;
        while (true) {
            int threads = 2 + random.nextInt(3);
            int locs = 1 + random.nextInt(3);
            List<LitmusThread> ts = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                ts.add(new LitmusThread("T" + t, body(1 + random.nextInt(4), locs, model == MemoryModel.IMM)));
            }
            LitmusProgram p = new LitmusProgram("rand_" + seed + "_" + index, ts, Map.of());
            if (searchSpace(p) <= MAX_SEARCH_SPACE) {
                return p;
            }
            rejected++;
        }
    }

    /** How many drawn programs were discarded for their search space so far. */
    public int rejected() {
        return rejected;
    }

    /**
     * A rough size of the brute-force search space: the product over locations of
     * {@code W! * (W+1)^R} for W writes (stores and RMWs) and R reads (loads and RMWs) there.
     */
    static double searchSpace(LitmusProgram program) {
        Map<String, int[]> perLoc = new java.util.TreeMap<>();
        for (LitmusThread t : program.threads()) {
            for (Instr instr : t.body()) {
                if (instr instanceof Instr.Load l) {
                    perLoc.computeIfAbsent(l.loc(), k -> new int[2])[1]++;
                } else if (instr instanceof Instr.Store s) {
                    perLoc.computeIfAbsent(s.loc(), k -> new int[2])[0]++;
                } else if (instr instanceof Instr.Rmw m) {
                    int[] c = perLoc.computeIfAbsent(m.loc(), k -> new int[2]);
                    c[0]++;
                    c[1]++;
                }
            }
        }
        double size = 1;
        for (int[] c : perLoc.values()) {
            double orders = 1;
            for (int k = 2; k <= c[0]; k++) {
                orders *= k;
            }
            size *= orders * Math.pow(c[0] + 1, c[1]);
        }
        return size;
    }

    private List<Instr> body(int length, int locs, boolean deps) {
        List<Instr> body = new ArrayList<>();
        List<String> regs = new ArrayList<>(); // registers defined so far in this thread
        for (int i = 0; i < length; i++) {
            String loc = LOCS[random.nextInt(locs)];
            int kind = random.nextInt(100);
            if (kind < 30) {
                String reg = "r" + regs.size();
                body.add(new Instr.Load(reg, loc, pick(LOAD_MODES), deps(regs, deps, false), 0));
                regs.add(reg);
            } else if (kind < 60) {
                body.add(new Instr.Store(loc, value(regs), pick(STORE_MODES), deps(regs, deps, true), 0));
            } else if (kind < 85) {
                String reg = "r" + regs.size();
                Instr.RmwOp op = Instr.RmwOp.values()[random.nextInt(4)];
                boolean isCas = op == Instr.RmwOp.CAS || op == Instr.RmwOp.WEAK_CAS;
                Expr expected = isCas ? (random.nextInt(4) == 0 && !regs.isEmpty() ? anyReg(regs) : constant(0, 2)) : null;
                Expr operand = op == Instr.RmwOp.FAI ? constant(1, 2) : value(regs);
                body.add(new Instr.Rmw(reg, op, loc, expected, operand, pick(RMW_MODES), deps(regs, deps, true), 0));
                regs.add(reg);
            } else if (kind < 95 || regs.isEmpty()) {
                body.add(new Instr.Fence(pick(FENCE_MODES), 0));
            } else {
                String reg = "r" + regs.size();
                body.add(new Instr.Assign(reg, new Expr.Binary(Expr.Op.ADD, anyReg(regs), constant(1, 1)), 0));
                regs.add(reg);
            }
        }
        return body;
    }

    /** A value to write: mostly a small constant, sometimes a register or register + 1. */
    private Expr value(List<String> regs) {
        int k = random.nextInt(10);
        if (regs.isEmpty() || k < 6) {
            return constant(1, 3);
        } else if (k < 9) {
            return anyReg(regs);
        }
        return new Expr.Binary(Expr.Op.ADD, anyReg(regs), new Expr.Const(1));
    }

    /** Explicit addr/ctrl dependencies on earlier registers (IMM only), now and then. */
    private Instr.Deps deps(List<String> regs, boolean enabled, boolean allowData) {
        if (!enabled || regs.isEmpty() || random.nextInt(3) != 0) {
            return Instr.Deps.NONE;
        }
        Set<String> addr = new TreeSet<>();
        Set<String> ctrl = new TreeSet<>();
        if (random.nextBoolean()) {
            addr.add(regs.get(random.nextInt(regs.size())));
        } else {
            ctrl.add(regs.get(random.nextInt(regs.size())));
        }
        return new Instr.Deps(addr, Set.of(), ctrl);
    }

    private Expr anyReg(List<String> regs) {
        return new Expr.Reg(regs.get(random.nextInt(regs.size())));
    }

    private Expr constant(int lo, int hi) {
        return new Expr.Const(lo + random.nextInt(hi - lo + 1));
    }

    private AccessMode pick(AccessMode[] modes) {
        return modes[random.nextInt(modes.length)];
    }

    // ------------------------------------------------------------------------------------------
    // Rendering in the litmus text syntax
    // ------------------------------------------------------------------------------------------

    /** The program in the litmus text syntax, for failure messages. */
    public static String render(LitmusProgram program) {
        StringBuilder sb = new StringBuilder();
        sb.append("litmus ").append(program.name()).append('\n');
        new TreeSet<>(program.initialValues().keySet()).forEach(loc ->
                sb.append("init ").append(loc).append(" = ").append(program.initialValues().get(loc)).append('\n'));
        for (LitmusThread t : program.threads()) {
            sb.append("thread ").append(t.name()).append(" {\n");
            for (Instr instr : t.body()) {
                sb.append("  ").append(render(instr)).append('\n');
            }
            sb.append("}\n");
        }
        return sb.toString();
    }

    static String render(Instr instr) {
        if (instr instanceof Instr.Load l) {
            return l.reg() + " = load " + l.loc() + " " + l.mode().shortName() + deps(l.deps());
        } else if (instr instanceof Instr.Store s) {
            return "store " + s.loc() + " " + expr(s.value()) + " " + s.mode().shortName() + deps(s.deps());
        } else if (instr instanceof Instr.Rmw m) {
            String args = switch (m.op()) {
                case FAI -> "fai " + m.loc() + " " + expr(m.operand());
                case XCHG -> "xchg " + m.loc() + " " + expr(m.operand());
                case CAS -> "cas " + m.loc() + " " + expr(m.expected()) + " " + expr(m.operand());
                case WEAK_CAS -> "wcas " + m.loc() + " " + expr(m.expected()) + " " + expr(m.operand());
            };
            return m.reg() + " = " + args + " " + m.mode().shortName() + deps(m.deps());
        } else if (instr instanceof Instr.Fence f) {
            return "fence " + f.mode().shortName();
        } else if (instr instanceof Instr.Assign a) {
            return a.reg() + " = " + expr(a.value());
        }
        return "# " + instr;
    }

    /** Expressions as written: no parentheses around the top level. */
    private static String expr(Expr e) {
        String s = e.toString();
        return e instanceof Expr.Binary && s.startsWith("(") && s.endsWith(")") ? s.substring(1, s.length() - 1) : s;
    }

    private static String deps(Instr.Deps d) {
        StringBuilder sb = new StringBuilder();
        append(sb, "addr", d.addr());
        append(sb, "data", d.data());
        append(sb, "ctrl", d.ctrl());
        return sb.toString();
    }

    private static void append(StringBuilder sb, String kind, Set<String> regs) {
        if (!regs.isEmpty()) {
            sb.append(' ').append(kind).append('(').append(String.join(", ", new TreeSet<>(regs))).append(')');
        }
    }
}
