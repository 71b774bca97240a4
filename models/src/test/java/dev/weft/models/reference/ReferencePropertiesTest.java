package dev.weft.models.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.litmus.Instr;
import dev.weft.litmus.LitmusProgram;
import dev.weft.litmus.LitmusProgram.LitmusThread;
import dev.weft.models.AccessMode;
import dev.weft.models.MemoryModel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Cross-checks of the reference on random programs that do not depend on GenMC's counts: SC
 * against an operational interleaving semantics, inclusions between the models, and equalities that
 * hold when every access has the same strength.
 */
class ReferencePropertiesTest {
    private static final int PROGRAMS = 400;

    /** SC as the set of interleavings: every key the reference finds, and only those. */
    @Test
    void scIsTheSetOfInterleavings() {
        RandomLitmusGenerator generator = new RandomLitmusGenerator(7);
        int checked = 0;
        for (int i = 0; checked < PROGRAMS; i++) {
            LitmusProgram p = generator.next(MemoryModel.SC);
            if (p.threads().stream().mapToInt(t -> t.body().size()).sum() > 9) {
                continue; // keep the number of interleavings small
            }
            checked++;
            Set<String> interleavings = new TreeSet<>();
            interleave(p, new State(p.threads().size()), interleavings);
            assertEquals(interleavings, ReferenceEnumerator.executionKeys(p, MemoryModel.SC),
                    "program " + i + "\n" + RandomLitmusGenerator.render(p));
        }
    }

    @Test
    void strongerModelsHaveFewerExecutions() {
        RandomLitmusGenerator generator = new RandomLitmusGenerator(99);
        for (int i = 0; i < PROGRAMS; i++) {
            LitmusProgram p = generator.next(MemoryModel.IMM);
            Map<MemoryModel, Set<String>> keys = new EnumMap<>(MemoryModel.class);
            for (MemoryModel m : MemoryModel.values()) {
                keys.put(m, ReferenceEnumerator.executionKeys(p, m));
            }
            String where = "program " + i + "\n" + RandomLitmusGenerator.render(p);
            Set<String> sc = keys.get(MemoryModel.SC);
            assertTrue(keys.get(MemoryModel.RA).containsAll(sc), "SC ⊆ RA, " + where);
            assertTrue(keys.get(MemoryModel.RC11).containsAll(sc), "SC ⊆ RC11, " + where);
            assertTrue(keys.get(MemoryModel.IMM).containsAll(sc), "SC ⊆ IMM, " + where);
            assertTrue(keys.get(MemoryModel.IMM).containsAll(keys.get(MemoryModel.RC11)), "RC11 ⊆ IMM, " + where);
        }
    }

    /** With every access and fence sc, RC11 and IMM are SC. */
    @Test
    void allScProgramsAreSequentiallyConsistent() {
        RandomLitmusGenerator generator = new RandomLitmusGenerator(123);
        for (int i = 0; i < PROGRAMS; i++) {
            LitmusProgram p = withModes(generator.next(MemoryModel.IMM), (instr, mode) -> AccessMode.SC);
            Set<String> sc = ReferenceEnumerator.executionKeys(p, MemoryModel.SC);
            String where = "program " + i + "\n" + RandomLitmusGenerator.render(p);
            assertEquals(sc, ReferenceEnumerator.executionKeys(p, MemoryModel.RC11), "RC11, " + where);
            assertEquals(sc, ReferenceEnumerator.executionKeys(p, MemoryModel.IMM), "IMM, " + where);
        }
    }

    /** With acquire loads, release stores, acq_rel RMWs and fences, RC11 is RA. */
    @Test
    void releaseAcquireProgramsAreRaUnderRc11() {
        RandomLitmusGenerator generator = new RandomLitmusGenerator(321);
        for (int i = 0; i < PROGRAMS; i++) {
            LitmusProgram p = withModes(generator.next(MemoryModel.RC11), (instr, mode) ->
                    instr instanceof Instr.Load ? AccessMode.ACQ
                            : instr instanceof Instr.Store ? AccessMode.REL
                            : AccessMode.ACQ_REL);
            assertEquals(ReferenceEnumerator.executionKeys(p, MemoryModel.RA),
                    ReferenceEnumerator.executionKeys(p, MemoryModel.RC11),
                    "program " + i + "\n" + RandomLitmusGenerator.render(p));
        }
    }

    // ---- helpers ------------------------------------------------------------------------------

    static LitmusProgram withModes(LitmusProgram p, BiFunction<Instr, AccessMode, AccessMode> mode) {
        List<LitmusThread> threads = new ArrayList<>();
        for (LitmusThread t : p.threads()) {
            List<Instr> body = new ArrayList<>();
            for (Instr in : t.body()) {
                if (in instanceof Instr.Load l) {
                    body.add(new Instr.Load(l.reg(), l.loc(), mode.apply(in, l.mode()), l.deps(), l.line()));
                } else if (in instanceof Instr.Store s) {
                    body.add(new Instr.Store(s.loc(), s.value(), mode.apply(in, s.mode()), s.deps(), s.line()));
                } else if (in instanceof Instr.Rmw m) {
                    body.add(new Instr.Rmw(m.reg(), m.op(), m.loc(), m.expected(), m.operand(),
                            mode.apply(in, m.mode()), m.deps(), m.line()));
                } else if (in instanceof Instr.Fence f) {
                    body.add(new Instr.Fence(mode.apply(in, f.mode()), f.line()));
                } else {
                    body.add(in);
                }
            }
            threads.add(new LitmusThread(t.name(), body));
        }
        return new LitmusProgram(p.name(), threads, p.initialValues());
    }

    /** One point of an interleaving: program counters, registers, memory, and the key so far. */
    private static final class State {
        final int[] pc;
        final List<Map<String, Long>> regs = new ArrayList<>();
        final Map<String, Long> memory = new HashMap<>();
        final Map<String, List<String>> co = new TreeMap<>(); // writes per location, in order
        final List<String> rf = new ArrayList<>(); // the key's rf entries

        State(int threads) {
            pc = new int[threads];
            for (int t = 0; t < threads; t++) {
                regs.add(new HashMap<>());
            }
        }

        State copy() {
            State s = new State(pc.length);
            System.arraycopy(pc, 0, s.pc, 0, pc.length);
            for (int t = 0; t < pc.length; t++) {
                s.regs.get(t).putAll(regs.get(t));
            }
            s.memory.putAll(memory);
            co.forEach((loc, writes) -> s.co.put(loc, new ArrayList<>(writes)));
            s.rf.addAll(rf);
            return s;
        }

        String lastWrite(String loc) {
            List<String> writes = co.get(loc);
            return writes == null ? "init" : writes.get(writes.size() - 1);
        }

        void read(String name, String loc) {
            rf.add("rf " + name + "<-" + lastWrite(loc));
        }

        void write(String name, String loc, long value) {
            memory.put(loc, value);
            co.computeIfAbsent(loc, k -> new ArrayList<>()).add(name);
        }

        String key() {
            List<String> entries = new ArrayList<>(rf);
            co.forEach((loc, writes) -> entries.add("co " + loc + ":" + String.join(",", writes)));
            Collections.sort(entries);
            return String.join("; ", entries);
        }
    }

    /** Runs every interleaving of the program on one memory (a weak CAS may also fail). */
    private static void interleave(LitmusProgram p, State state, Set<String> out) {
        boolean finished = true;
        for (int t = 0; t < state.pc.length; t++) {
            List<Instr> body = p.threads().get(t).body();
            if (state.pc[t] == body.size()) {
                continue;
            }
            finished = false;
            Instr instr = body.get(state.pc[t]);
            String name = "T" + t + "." + state.pc[t];
            int thread = t;
            List<Consumer<State>> steps = new ArrayList<>();
            if (instr instanceof Instr.Load l) {
                steps.add(s -> {
                    s.read(name, l.loc());
                    s.regs.get(thread).put(l.reg(), s.memory.getOrDefault(l.loc(), 0L));
                });
            } else if (instr instanceof Instr.Store st) {
                steps.add(s -> s.write(name, st.loc(), st.value().eval(s.regs.get(thread))));
            } else if (instr instanceof Instr.Rmw m) {
                Map<String, Long> r = state.regs.get(t);
                long old = state.memory.getOrDefault(m.loc(), 0L);
                Long written = switch (m.op()) {
                    case FAI -> old + m.operand().eval(r);
                    case XCHG -> m.operand().eval(r);
                    case CAS, WEAK_CAS -> old == m.expected().eval(r) ? m.operand().eval(r) : null;
                };
                if (written != null) {
                    steps.add(s -> {
                        s.read(name, m.loc());
                        s.write(name + "w", m.loc(), written);
                        s.regs.get(thread).put(m.reg(), old);
                    });
                }
                if (written == null || m.op() == Instr.RmwOp.WEAK_CAS) {
                    steps.add(s -> {
                        s.read(name, m.loc());
                        s.regs.get(thread).put(m.reg(), old);
                    });
                }
            } else if (instr instanceof Instr.Assign a) {
                steps.add(s -> s.regs.get(thread).put(a.reg(), a.value().eval(s.regs.get(thread))));
            } else {
                steps.add(s -> { }); // fences do nothing under SC
            }
            for (Consumer<State> step : steps) {
                State next = state.copy();
                step.accept(next);
                next.pc[t]++;
                interleave(p, next, out);
            }
        }
        if (finished) {
            out.add(state.key());
        }
    }
}
