package dev.weft.litmus;

import dev.weft.models.Action;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongUnaryOperator;

/**
 * One litmus thread mid-run: registers, the reads each register depends on, the accumulated
 * control dependencies, and a stack of blocks being executed. {@link #next} runs local
 * instructions until the next memory action; {@link #resume} takes that action's result.
 */
final class ThreadState {
    private final LitmusInterpreter interpreter;
    private final String name;
    private final Map<String, Long> registers = new HashMap<>();
    private final Map<String, BitSet> registerDeps = new HashMap<>();
    /** The registers that hold the value a read returned, unchanged: that read's index. */
    private final Map<String, Integer> loadedBy = new HashMap<>();
    private final BitSet ctrl = new BitSet();
    /** ctrl as an array, rebuilt only when ctrl grows: every action carries it. */
    private int[] ctrlArray = NONE;
    private static final int[] NONE = new int[0];
    private final ArrayDeque<Frame> frames = new ArrayDeque<>();
    private int eventIndex;
    /** What to do with the result of the action last returned. */
    private Instr waiting;

    /** A block under execution; for a loop body, the loop and how many iterations ran. */
    private static final class Frame {
        final List<Instr> body;
        int pc;
        final Instr.While loop;
        int iterations;

        Frame(List<Instr> body, Instr.While loop) {
            this.body = body;
            this.loop = loop;
        }
    }

    ThreadState(LitmusInterpreter interpreter, LitmusProgram.LitmusThread thread) {
        this.interpreter = interpreter;
        this.name = thread.name();
        frames.push(new Frame(thread.body(), null));
    }

    Action next() {
        while (true) {
            Frame f = frames.peek();
            if (f == null) {
                return Action.finish(name + ":end");
            }
            if (f.pc >= f.body.size()) {
                if (f.loop != null && condition(f.loop.cond())) {
                    if (f.iterations >= f.loop.bound()) {
                        waiting = f.loop;
                        return Action.block(ctrlDeps(), name + ":" + f.loop.line() + " (loop bound " + f.loop.bound() + ")");
                    }
                    f.pc = 0;
                    f.iterations++;
                    continue;
                }
                frames.pop();
                continue;
            }
            Instr instr = f.body.get(f.pc++);
            Action a = execute(instr);
            if (a != null) {
                return a;
            }
        }
    }

    private Action execute(Instr instr) {
        String origin = name + ":" + instr.line();
        if (instr instanceof Instr.Assign a) {
            registers.put(a.reg(), a.value().eval(registers));
            registerDeps.put(a.reg(), depsOf(a.value().registers()));
            loadedBy.remove(a.reg());
            return null;
        }
        if (instr instanceof Instr.If i) {
            boolean taken = condition(i.cond());
            frames.push(new Frame(taken ? i.then() : i.otherwise(), null));
            return null;
        }
        if (instr instanceof Instr.While w) {
            if (condition(w.cond())) {
                Frame body = new Frame(w.body(), w);
                body.iterations = 1;
                frames.push(body);
            }
            return null;
        }
        if (instr instanceof Instr.Assume a) {
            if (!condition(a.cond())) {
                waiting = instr;
                return Action.block(ctrlDeps(), origin);
            }
            return null;
        }
        if (instr instanceof Instr.Assert a) {
            if (a.cond().eval(registers) == 0) {
                return Action.error("assertion " + a.cond() + " failed", origin);
            }
            return null;
        }
        waiting = instr;
        explicitControl(instr);
        if (instr instanceof Instr.Load l) {
            return Action.read(loc(l.loc()), l.mode(), explicit(l.deps().addr()), ctrlDeps(), origin);
        }
        if (instr instanceof Instr.Store s) {
            BitSet data = depsOf(s.value().registers());
            data.or(depsOf(s.deps().data()));
            return Action.write(loc(s.loc()), s.value().eval(registers), s.mode(), explicit(s.deps().addr()),
                    toArray(data), ctrlDeps(), origin);
        }
        if (instr instanceof Instr.Rmw r) {
            BitSet data = depsOf(r.operand().registers());
            data.or(depsOf(r.deps().data()));
            long expected = 0;
            BitSet expectedData = new BitSet();
            if (r.expected() != null) {
                expectedData = depsOf(r.expected().registers());
                data.or(expectedData);
                expected = r.expected().eval(registers);
            }
            return Action.rmw(rmwOp(r.op()), loc(r.loc()), expected, r.operand().eval(registers), r.mode(),
                    explicit(r.deps().addr()), toArray(data), toArray(expectedData), ctrlDeps(), origin,
                    r.expected() == null ? null : expectedOfOneRead(r.expected()));
        }
        if (instr instanceof Instr.Fence f) {
            return Action.fence(f.mode(), ctrlDeps(), origin);
        }
        if (instr instanceof Instr.Lock l) {
            return Action.lock(loc(l.mutex()), ctrlDeps(), origin);
        }
        if (instr instanceof Instr.Unlock u) {
            return Action.unlock(loc(u.mutex()), ctrlDeps(), origin);
        }
        if (instr instanceof Instr.Spawn) {
            return Action.spawn(ctrlDeps(), origin);
        }
        if (instr instanceof Instr.Join j) {
            return Action.join(interpreter.threadIdOf(j.thread()), ctrlDeps(), origin);
        }
        throw new IllegalStateException("unknown instruction " + instr);
    }

    /** Explicit ctrl(...) annotations act as a branch on those registers: cumulative, like real ones. */
    private void explicitControl(Instr instr) {
        if (instr instanceof Instr.Load l) {
            addControl(depsOf(l.deps().ctrl()));
        } else if (instr instanceof Instr.Store s) {
            addControl(depsOf(s.deps().ctrl()));
        } else if (instr instanceof Instr.Rmw r) {
            addControl(depsOf(r.deps().ctrl()));
        }
    }

    /** Takes the result of the last action; returns the name of a spawned thread, if any. */
    String resume(long value, int nextIndex) {
        int index = eventIndex;
        eventIndex = nextIndex;
        Instr instr = waiting;
        waiting = null;
        if (instr instanceof Instr.Load l) {
            assignRead(l.reg(), value, index);
        } else if (instr instanceof Instr.Rmw r) {
            assignRead(r.reg(), value, index);
        } else if (instr instanceof Instr.Lock) {
            addControl(index); // everything after an acquired lock depends on the acquisition
        } else if (instr instanceof Instr.Spawn s) {
            return s.thread();
        }
        return null;
    }

    private void assignRead(String reg, long value, int index) {
        registers.put(reg, value);
        BitSet d = new BitSet();
        d.set(index);
        registerDeps.put(reg, d);
        loadedBy.put(reg, index);
    }

    private boolean condition(dev.weft.litmus.Expr cond) {
        addControl(depsOf(cond.registers()));
        return cond.eval(registers) != 0;
    }

    private void addControl(BitSet reads) {
        if (!reads.isEmpty()) {
            ctrl.or(reads);
            ctrlArray = null;
        }
    }

    private void addControl(int read) {
        ctrl.set(read);
        ctrlArray = null;
    }

    /**
     * The expected value as a function of the one read whose loaded value all its registers hold,
     * null when it reads none or several, or a register computed from one.
     */
    private LongUnaryOperator expectedOfOneRead(Expr expected) {
        Set<String> regs = expected.registers();
        Integer source = null;
        for (String reg : regs) {
            Integer read = loadedBy.get(reg);
            if (read == null || (source != null && !source.equals(read))) {
                return null;
            }
            source = read;
        }
        if (source == null) {
            return null;
        }
        return v -> { // every register the expression reads holds that read's value
            Map<String, Long> with = new HashMap<>();
            for (String reg : regs) {
                with.put(reg, v);
            }
            return expected.eval(with);
        };
    }

    private BitSet depsOf(Set<String> regs) {
        BitSet out = new BitSet();
        if (regs.isEmpty()) {
            return out;
        }
        for (String r : regs) {
            BitSet d = registerDeps.get(r);
            if (d != null) {
                out.or(d);
            }
        }
        return out;
    }

    private int[] explicit(Set<String> regs) {
        return regs.isEmpty() ? NONE : toArray(depsOf(regs));
    }

    private int[] ctrlDeps() {
        if (ctrlArray == null) {
            ctrlArray = toArray(ctrl);
        }
        return ctrlArray;
    }

    private static int[] toArray(BitSet bits) {
        if (bits.isEmpty()) {
            return NONE;
        }
        int[] out = new int[bits.cardinality()];
        int k = 0;
        for (int i = bits.nextSetBit(0); i >= 0; i = bits.nextSetBit(i + 1)) {
            out[k++] = i;
        }
        return out;
    }

    private int loc(String name) {
        return interpreter.location(name);
    }

    private static Action.RmwOp rmwOp(Instr.RmwOp op) {
        return switch (op) {
            case FAI -> Action.RmwOp.FETCH_ADD;
            case XCHG -> Action.RmwOp.EXCHANGE;
            case CAS -> Action.RmwOp.CAS;
            case WEAK_CAS -> Action.RmwOp.WEAK_CAS;
        };
    }
}
