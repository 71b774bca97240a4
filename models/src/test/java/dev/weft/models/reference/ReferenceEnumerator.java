package dev.weft.models.reference;

import dev.weft.litmus.Expr;
import dev.weft.litmus.Instr;
import dev.weft.litmus.LitmusProgram;
import dev.weft.models.AccessMode;
import dev.weft.models.MemoryModel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * A brute-force reference for differential testing of the explorer: it enumerates the execution
 * graphs of a small straight-line litmus program and keeps those that satisfy the axioms of a memory
 * model, written directly from their definitions. It shares no code with the explorer.
 *
 * <h2>Method</h2>
 *
 * <ol>
 *   <li>For every combination of CAS outcomes (a strong CAS must succeed exactly when it reads the
 *       expected value; a weak CAS that reads it may also fail), build the event set: one event per
 *       load, store and fence, a read and (if it writes) a write part per RMW, one initialisation
 *       write per location.
 *   <li>For every location independently, enumerate every coherence order (init first) and every
 *       rf choice of its reads. Only SC-per-location (coherence) is used to cut this down, and every
 *       model below implies it: co extends po on same-thread writes; a read does not read from a
 *       po-later write, nor from a write older in co than a po-earlier same-location write or than
 *       what a po-earlier same-location read read; the read part of a successful RMW reads the
 *       immediate co-predecessor of its write part (RMW atomicity).
 *   <li>Combine the locations (pruning with monotone necessary conditions: porf-acyclicity for SC,
 *       RA and RC11; acyclicity of {@code rfe ∪ bob ∪ ppo} for IMM; the full SC order for SC).
 *   <li>Compute values along rf and data dependencies; a candidate whose values depend on
 *       themselves (thin air) is dropped. Check that the guessed CAS outcomes agree with the values.
 *   <li>Check the model's axioms in full on the complete graph.
 * </ol>
 *
 * <h2>Definitions</h2>
 *
 * Each model is checked as GenMC (v0.11) checks it, since GenMC's counts are the ground truth;
 * where GenMC's form differs from the papers, {@link Semantics} can switch to the paper's form
 * one definition at a time ({@link Semantics#PAPERS} switches all of them).
 *
 * <p>Common to all: {@code po} includes init before every thread event; {@code fr = rf⁻¹;co};
 * {@code eco = (rf ∪ co ∪ fr)+}; atomicity: for each successful RMW {@code (r,w)}, the write r
 * reads from is co-before w with no write co-between them (i.e. {@code rmw ∩ (fre;coe) = ∅} and
 * w is co-after r's source).
 *
 * <ul>
 *   <li><b>SC</b>: {@code acyclic(po ∪ rf ∪ co ∪ fr)}.
 *   <li><b>RA</b> (Tracer / GenMC's RA): every rf synchronises: {@code hb = (po ∪ rf)+},
 *       {@code irreflexive(hb;eco?)}.
 *   <li><b>RC11</b> (Lahav et al., PLDI 2017, with GenMC's release sequence and psc):
 *       <pre>
 *   sw   = [E⊒rel];([F];po)?;[W⊒rlx];(rf;rmw)*;rf;[R⊒rlx];(po;[F])?;[E⊒acq]
 *   hb   = (po ∪ sw)+                        coherence: irreflexive(hb;eco?)
 *   scb  = po ∪ rf ∪ co ∪ fr
 *   psc  = [SC];po;hb;po;[SC] ∪ [SC];([F];hb)?;scb;(hb;[F])?;[SC]
 *          ∪ [F_sc];hb;[F_sc] ∪ [F_sc];hb;eco;hb;[F_sc]    acyclic(psc), acyclic(po ∪ rf)
 *       </pre>
 *       where [SC] is every sc access and sc fence. The release sequence is the C++20 one, as in
 *       GenMC: the 2017 paper's {@code [W];(po|loc)?} before {@code [W⊒rlx]} is absent (GenMC's
 *       test {@code litmus/relseq} expects 20 executions, the 2017 definition gives 16). psc is
 *       GenMC's (kater's {@code rc11-genmc.kat}); the 2017 paper's
 *       {@code psc_base = ([E_sc] ∪ [F_sc];hb?);(po ∪ po|≠loc;hb;po|≠loc ∪ hb|loc ∪ co ∪ fr);
 *       ([E_sc] ∪ hb?;[F_sc])} ∪ {@code psc_F} gives 18 and 24 executions on GenMC's tests
 *       {@code litmus/WWmerge1} and {@code litmus/Z6.U}, where GenMC expects 17 and 22. Non-atomic
 *       accesses never synchronise ({@code [W⊒rlx]}, {@code [R⊒rlx]}); GenMC's sw has no such
 *       restriction, which matters only in racy programs (GenMC reports the race).
 *   <li><b>IMM</b> (Podkopaev, Lahav, Vafeiadis, POPL 2019, as GenMC checks it: kater's
 *       {@code imm-genmc.kat}, HMC ASPLOS 2020): RC11's hb, coherence and psc as above, plus
 *       {@code acyclic(ar)} with
 *       <pre>
 *   bob    = po;[E⊒rel] ∪ [E⊒acq];po ∪ po;[F] ∪ [F];po ∪ [W⊒rel];po|loc;[W]
 *   deps   = data ∪ ctrl ∪ addr;po? ∪ rmw
 *   ppo    = [R];(deps ∪ rfi)+;[W]
 *   detour = [W];po|loc;[R] minus rf          (GenMC's graph iterator; see Semantics)
 *   ar     = rfe ∪ bob ∪ ppo ∪ detour ∪ [W_ex⊒acq];po;[W] ∪ [F_sc];hb;eco;hb;[F_sc]
 *       </pre>
 *       ([W_ex⊒acq];po;[W] is the IMM paper's; GenMC gets it from bob, as it labels an acq RMW's
 *       write acq.) No porf-acyclicity; thin air is excluded by the value computation (and by
 *       ar). Dependencies: data = registers in a store's value (through assignments), in an RMW's
 *       operand and in a CAS's expected value (for its write part), plus explicit
 *       {@code data(..)}; addr only explicit (on the instruction itself; both parts of an RMW);
 *       ctrl explicit and cumulative, as IMM's {@code ctrl = [R];deps;[Br];po}: an annotation is a
 *       branch that orders every later event of the thread; a register depends on the reads (load or RMW read part) that last defined the
 *       registers it was computed from.
 * </ul>
 *
 * Access modes: {@code ⊒rlx} is "atomic" (not na); both parts of an RMW, and a failed CAS's
 * read, carry the instruction's mode, as GenMC labels them (this matters only for IMM's bob; for
 * hb and psc only a write's ⊒rel and a read's ⊒acq count, so it is the same as making an acq RMW's
 * write rlx and a rel RMW's read rlx). Under SC the modes are irrelevant; under RA every rf
 * synchronises and fences are no-ops.
 */
public final class ReferenceEnumerator {

    /**
     * Which form of each definition to check, where GenMC (v0.11: kater's {@code rc11-genmc.kat}
     * and {@code imm-genmc.kat}, its interpreter and graph iterators) differs from the papers
     * (RC11: Lahav et al. PLDI 2017; IMM: Podkopaev et al. POPL 2019). Every flag is true for the
     * paper's form. {@link #DEFAULT} is GenMC's forms except {@code naNeverSynchronises}.
     *
     * @param releaseSequencePoLoc the 2017 release sequence {@code [W];(po|loc)?;[W⊒rlx];(rf;rmw)*};
     *     false: GenMC's (C++20) {@code [W⊒rlx];(rf;rmw)*}. GenMC's {@code litmus/relseq} needs false.
     * @param naNeverSynchronises the release-sequence head and the read in sw must be atomic
     *     ({@code [W⊒rlx]}, {@code [R⊒rlx]}); false: GenMC's sw, where a na write after a release
     *     fence or a na read before an acquire fence synchronises.
     * @param rmwPartsSplitModes an acq RMW's write part and a rel RMW's read part (and a failed rel
     *     CAS) are rlx; false: every part carries the instruction's mode (GenMC's labels). Matters
     *     only for IMM's bob.
     * @param pscRc11Paper the 2017 {@code psc_base ∪ psc_F}; false: GenMC's psc. GenMC's
     *     {@code litmus/WWmerge1} and {@code litmus/Z6.U} need false.
     * @param detourCoeRfe IMM's {@code detour = (coe;rfe) ∩ po}; false: GenMC's, every
     *     same-thread po-earlier same-location write other than the one the read reads from.
     * @param bobImmPaper IMM's {@code bob = po;[W⊒rel] ∪ [R⊒acq];po ∪ po;[F] ∪ [F];po ∪
     *     [W⊒rel];po|loc;[W]}; false: GenMC's, with {@code po;[E⊒rel] ∪ [E⊒acq];po} over all events
     *     (so also sc reads, sc writes and acq_rel RMW parts).
     * @param ppoExclusiveReadsOrderPo IMM's {@code [R_ex];po} in ppo's deps (everything after an RMW's
     *     read, also a failed CAS, is ordered after it); false: GenMC's deps, with only rmw.
     * @param rmwDepsOnWritePartOnly HMC's program semantics (seed 002, Algorithm 1): an RMW's read
     *     part has only its address and control dependencies; its operand's and a CAS's expected
     *     value's go to the write part. false: both parts carry the instruction's data dependencies,
     *     as GenMC's interpreter labels them (an FAI's or XCHG's operand, a CAS's new value), and a
     *     CAS's read also its expected value's (IMM's casdep), which decides whether it writes.
     */
    public record Semantics(
            boolean releaseSequencePoLoc,
            boolean naNeverSynchronises,
            boolean rmwPartsSplitModes,
            boolean pscRc11Paper,
            boolean detourCoeRfe,
            boolean bobImmPaper,
            boolean ppoExclusiveReadsOrderPo,
            boolean rmwDepsOnWritePartOnly) {
        /** Every definition as GenMC checks it. */
        public static final Semantics GENMC = new Semantics(false, false, false, false, false, false, false, false);
        /** Every definition as the papers give it. */
        public static final Semantics PAPERS = new Semantics(true, true, true, true, true, true, true, true);
        /** GenMC's forms, but non-atomic accesses never synchronise (as RC11 2017 and the brief say). */
        public static final Semantics DEFAULT = GENMC.withFlag(1, true);

        static final String[] NAMES = {"releaseSequencePoLoc", "naNeverSynchronises", "rmwPartsSplitModes",
            "pscRc11Paper", "detourCoeRfe", "bobImmPaper", "ppoExclusiveReadsOrderPo", "rmwDepsOnWritePartOnly"};

        boolean flag(int i) {
            return flags()[i];
        }

        boolean[] flags() {
            return new boolean[] {releaseSequencePoLoc, naNeverSynchronises, rmwPartsSplitModes, pscRc11Paper,
                detourCoeRfe, bobImmPaper, ppoExclusiveReadsOrderPo, rmwDepsOnWritePartOnly};
        }

        /** This semantics with flag {@code i} (in declaration order) set to {@code value}. */
        Semantics withFlag(int i, boolean value) {
            boolean[] f = flags();
            f[i] = value;
            return new Semantics(f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7]);
        }

        /** The flags that differ from {@link #GENMC}, or "GENMC". */
        public String describe() {
            List<String> paper = new ArrayList<>();
            boolean[] f = flags();
            for (int i = 0; i < f.length; i++) {
                if (f[i]) {
                    paper.add(NAMES[i]);
                }
            }
            return paper.isEmpty() ? "GENMC" : "GENMC+" + String.join("+", paper);
        }
    }

    private static final int MAX_CAS = 16;

    private final Semantics semantics;

    public ReferenceEnumerator() {
        this(Semantics.DEFAULT);
    }

    public ReferenceEnumerator(Semantics semantics) {
        this.semantics = Objects.requireNonNull(semantics);
    }

    /** The canonical keys of all consistent complete executions under the default definitions. */
    public static Set<String> executionKeys(LitmusProgram program, MemoryModel model) {
        return new ReferenceEnumerator().enumerate(program, model);
    }

    /** The canonical keys (docs/litmus-keys.md) of all consistent complete executions. */
    public Set<String> enumerate(LitmusProgram program, MemoryModel model) {
        Objects.requireNonNull(program);
        Objects.requireNonNull(model);
        int cas = validate(program);
        Set<String> keys = new TreeSet<>();
        for (int outcomes = 0; outcomes < (1 << cas); outcomes++) {
            Graph g = new Graph(program, outcomes);
            new Search(g, model).run(keys);
        }
        return keys;
    }

    /** Rejects what the reference does not model; returns the number of CAS instructions. */
    private static int validate(LitmusProgram program) {
        int cas = 0;
        for (LitmusProgram.LitmusThread t : program.threads()) {
            for (Instr instr : t.body()) {
                if (instr instanceof Instr.Rmw m) {
                    if (m.op() == Instr.RmwOp.CAS || m.op() == Instr.RmwOp.WEAK_CAS) {
                        cas++;
                        if (m.expected() == null) {
                            throw new IllegalArgumentException("CAS without expected value: " + instr);
                        }
                    }
                } else if (!(instr instanceof Instr.Load
                        || instr instanceof Instr.Store
                        || instr instanceof Instr.Fence
                        || instr instanceof Instr.Assign)) {
                    throw new IllegalArgumentException(
                            "the reference handles only straight-line load/store/rmw/fence/assign, got "
                                    + instr.getClass().getSimpleName() + " in thread " + t.name());
                }
            }
        }
        if (cas > MAX_CAS) {
            throw new IllegalArgumentException("too many CAS instructions for the reference: " + cas);
        }
        return cas;
    }

    // ------------------------------------------------------------------------------------------
    // Events
    // ------------------------------------------------------------------------------------------

    private enum Kind { READ, WRITE, FENCE }

    private static final class Event {
        final int id;
        final int thread; // -1 for the initialisation writes
        final Kind kind;
        final String loc; // null for fences
        final AccessMode mode; // the mode of this event's label
        final String name; // as in the canonical key
        AccessMode instrMode; // the mode written on the instruction (differs for RMW parts)
        boolean exclusive; // a part of an RMW instruction
        int partner = -1; // successful RMW: the other part
        Expr value; // writes: over placeholders "#<read id>"; init: a constant
        long valueRefs; // reads whose values the value expression uses
        Expr expected; // CAS read part: the expected value, over placeholders
        long expectedRefs;
        int casSlot = -1;
        boolean casSucceeds;
        boolean weakCas;
        long data;
        long addr;
        long ctrl;

        Event(int id, int thread, Kind kind, String loc, AccessMode mode, String name) {
            this.id = id;
            this.thread = thread;
            this.kind = kind;
            this.loc = loc;
            this.mode = mode;
            this.name = name;
            this.instrMode = mode;
        }

        boolean isInit() {
            return thread < 0;
        }
    }

    private static final String PLACEHOLDER = "#";

    private static Expr readRef(int id) {
        return new Expr.Reg(PLACEHOLDER + id);
    }

    /** Replaces registers by their current symbolic definitions (unassigned registers read 0). */
    private static Expr subst(Expr e, Map<String, Expr> sym) {
        if (e instanceof Expr.Const) {
            return e;
        } else if (e instanceof Expr.Reg r) {
            if (r.name().startsWith(PLACEHOLDER)) {
                throw new IllegalArgumentException("register names must not start with " + PLACEHOLDER);
            }
            return sym.getOrDefault(r.name(), new Expr.Const(0));
        } else if (e instanceof Expr.Binary b) {
            return new Expr.Binary(b.op(), subst(b.left(), sym), subst(b.right(), sym));
        } else if (e instanceof Expr.Not not) {
            return new Expr.Not(subst(not.operand(), sym));
        }
        throw new IllegalArgumentException("unknown expression " + e);
    }

    /** The reads a symbolic expression depends on, as a mask. */
    private static long refs(Expr symbolic) {
        long mask = 0;
        for (String r : symbolic.registers()) {
            mask |= 1L << Integer.parseInt(r.substring(PLACEHOLDER.length()));
        }
        return mask;
    }

    /** The reads the named registers depend on (explicit dependencies). */
    private static long refs(Set<String> registers, Map<String, Expr> sym) {
        long mask = 0;
        for (String r : registers) {
            mask |= refs(subst(new Expr.Reg(r), sym));
        }
        return mask;
    }

    // ------------------------------------------------------------------------------------------
    // The event graph skeleton for one combination of CAS outcomes: events, po, deps, modes.
    // ------------------------------------------------------------------------------------------

    private final class Graph {
        final List<Event> events = new ArrayList<>();
        final List<String> locs;
        final Map<String, Integer> initOf = new HashMap<>();
        final int n;

        long reads, writes, fences, rel, acq, atomic, scAccesses, scFences, wexAcq, exclusive;
        final Rel po, sameLoc, poLoc, poNotLoc, internal, rmw, data, addr, ctrl, idAll;

        Graph(LitmusProgram program, int outcomes) {
            TreeSet<String> locSet = new TreeSet<>();
            for (LitmusProgram.LitmusThread t : program.threads()) {
                for (Instr instr : t.body()) {
                    if (instr instanceof Instr.Load l) {
                        locSet.add(l.loc());
                    } else if (instr instanceof Instr.Store s) {
                        locSet.add(s.loc());
                    } else if (instr instanceof Instr.Rmw m) {
                        locSet.add(m.loc());
                    }
                }
            }
            locs = List.copyOf(locSet);
            for (String loc : locs) {
                Event init = add(-1, Kind.WRITE, loc, AccessMode.NA, "init");
                init.value = new Expr.Const(program.initialValues().getOrDefault(loc, 0L));
                initOf.put(loc, init.id);
            }
            int casSlot = 0;
            for (int t = 0; t < program.threads().size(); t++) {
                Map<String, Expr> sym = new HashMap<>();
                long ctrlSoFar = 0; // a ctrl(..) annotation is a branch: it orders everything after it
                List<Instr> body = program.threads().get(t).body();
                for (int i = 0; i < body.size(); i++) {
                    Instr instr = body.get(i);
                    String name = "T" + t + "." + i;
                    if (instr instanceof Instr.Load l) {
                        Event r = add(t, Kind.READ, l.loc(), l.mode(), name);
                        r.addr = refs(l.deps().addr(), sym);
                        ctrlSoFar |= refs(l.deps().ctrl(), sym);
                        r.ctrl = ctrlSoFar;
                        r.data = refs(l.deps().data(), sym);
                        sym.put(l.reg(), readRef(r.id));
                    } else if (instr instanceof Instr.Store s) {
                        Event w = add(t, Kind.WRITE, s.loc(), s.mode(), name);
                        w.value = subst(s.value(), sym);
                        w.valueRefs = refs(w.value);
                        w.data = w.valueRefs | refs(s.deps().data(), sym);
                        w.addr = refs(s.deps().addr(), sym);
                        ctrlSoFar |= refs(s.deps().ctrl(), sym);
                        w.ctrl = ctrlSoFar;
                    } else if (instr instanceof Instr.Rmw m) {
                        boolean isCas = m.op() == Instr.RmwOp.CAS || m.op() == Instr.RmwOp.WEAK_CAS;
                        Event r = add(t, Kind.READ, m.loc(), readPartMode(m.mode()), name);
                        r.instrMode = m.mode();
                        r.exclusive = true;
                        r.addr = refs(m.deps().addr(), sym);
                        ctrlSoFar |= refs(m.deps().ctrl(), sym);
                        r.ctrl = ctrlSoFar;
                        boolean writes = true;
                        if (isCas) {
                            r.casSlot = casSlot;
                            r.weakCas = m.op() == Instr.RmwOp.WEAK_CAS;
                            r.expected = subst(m.expected(), sym);
                            r.expectedRefs = refs(r.expected);
                            writes = (outcomes >>> casSlot & 1) != 0;
                            r.casSucceeds = writes;
                            casSlot++;
                        }
                        Expr operand = subst(m.operand(), sym);
                        if (!semantics.rmwDepsOnWritePartOnly()) {
                            r.data = refs(operand) | refs(m.deps().data(), sym) | r.expectedRefs;
                        }
                        if (writes) {
                            Event w = add(t, Kind.WRITE, m.loc(), writePartMode(m.mode()), name + "w");
                            w.instrMode = m.mode();
                            w.exclusive = true;
                            w.value = m.op() == Instr.RmwOp.FAI
                                    ? new Expr.Binary(Expr.Op.ADD, readRef(r.id), operand)
                                    : operand;
                            w.valueRefs = refs(w.value);
                            w.data = w.valueRefs | refs(m.deps().data(), sym) | (isCas ? r.expectedRefs : 0);
                            w.addr = r.addr;
                            w.ctrl = r.ctrl;
                            r.partner = w.id;
                            w.partner = r.id;
                        }
                        sym.put(m.reg(), readRef(r.id));
                    } else if (instr instanceof Instr.Fence f) {
                        add(t, Kind.FENCE, null, f.mode(), name);
                    } else if (instr instanceof Instr.Assign a) {
                        sym.put(a.reg(), subst(a.value(), sym));
                    }
                }
            }
            n = events.size();
            if (n > 64) {
                throw new IllegalArgumentException("program too large for the reference: " + n + " events");
            }

            for (Event e : events) {
                long bit = 1L << e.id;
                switch (e.kind) {
                    case READ -> reads |= bit;
                    case WRITE -> writes |= bit;
                    case FENCE -> fences |= bit;
                }
                if (e.mode.isRelease()) {
                    rel |= bit;
                }
                if (e.mode.isAcquire()) {
                    acq |= bit;
                }
                if (e.mode.isAtomic() && !e.isInit()) {
                    atomic |= bit;
                }
                if (e.mode == AccessMode.SC) {
                    if (e.kind == Kind.FENCE) {
                        scFences |= bit;
                    } else {
                        scAccesses |= bit;
                    }
                }
                if (e.exclusive) {
                    exclusive |= bit;
                }
                if (e.kind == Kind.WRITE && e.exclusive && e.instrMode.isAcquire()) {
                    wexAcq |= bit;
                }
            }

            idAll = Rel.id(n, Rel.all(n));
            po = new Rel(n);
            sameLoc = new Rel(n);
            internal = new Rel(n);
            rmw = new Rel(n);
            data = new Rel(n);
            addr = new Rel(n);
            ctrl = new Rel(n);
            for (Event a : events) {
                for (Event b : events) {
                    if (a.isInit() && !b.isInit()) {
                        po.add(a.id, b.id);
                    }
                    if (!a.isInit() && a.thread == b.thread) {
                        internal.add(a.id, b.id);
                        if (a.id < b.id) {
                            po.add(a.id, b.id);
                        }
                    }
                    if (a.loc != null && a.loc.equals(b.loc)) {
                        sameLoc.add(a.id, b.id);
                    }
                }
                if (a.kind == Kind.READ && a.partner >= 0) {
                    rmw.add(a.id, a.partner);
                }
                addDeps(data, a.data, a.id);
                addDeps(addr, a.addr, a.id);
                addDeps(ctrl, a.ctrl, a.id);
            }
            poLoc = po.inter(sameLoc);
            poNotLoc = po.minus(sameLoc);
        }

        private Event add(int thread, Kind kind, String loc, AccessMode mode, String name) {
            Event e = new Event(events.size(), thread, kind, loc, mode, name);
            events.add(e);
            return e;
        }

        private void addDeps(Rel rel, long sources, int target) {
            for (long bits = sources; bits != 0; bits &= bits - 1) {
                rel.add(Long.numberOfTrailingZeros(bits), target);
            }
        }

        Rel id(long mask) {
            return Rel.id(n, mask);
        }
    }

    private AccessMode readPartMode(AccessMode m) {
        if (!semantics.rmwPartsSplitModes()) {
            return m;
        }
        return switch (m) {
            case REL -> AccessMode.RLX;
            default -> m;
        };
    }

    private AccessMode writePartMode(AccessMode m) {
        if (!semantics.rmwPartsSplitModes()) {
            return m;
        }
        return switch (m) {
            case ACQ -> AccessMode.RLX;
            default -> m;
        };
    }

    // ------------------------------------------------------------------------------------------
    // The search: per-location coherence candidates, their product, values, axioms.
    // ------------------------------------------------------------------------------------------

    /** One location's choice: its coherence order (init omitted) and the writes its reads read. */
    private record LocalChoice(int[] co, int[] reads, int[] sources) {}

    /** The relations that depend on rf and co (possibly for only some locations). */
    private static final class Dyn {
        Rel rf, co, fr, rfi, rfe, coe, eco;
    }

    private final class Search {
        final Graph g;
        final MemoryModel model;
        final int n;
        final int[] rf; // per read: the write it reads from, -1 while unassigned
        final Map<String, int[]> co = new HashMap<>();
        final Rel bob;

        Search(Graph g, MemoryModel model) {
            this.g = g;
            this.model = model;
            this.n = g.n;
            this.rf = new int[n];
            java.util.Arrays.fill(rf, -1);
            this.bob = model == MemoryModel.IMM ? bob() : null;
        }

        void run(Set<String> out) {
            List<List<LocalChoice>> perLoc = new ArrayList<>();
            for (String loc : g.locs) {
                List<LocalChoice> choices = localChoices(loc);
                if (choices.isEmpty()) {
                    return;
                }
                perLoc.add(choices);
            }
            product(perLoc, 0, out);
        }

        // ---- one location --------------------------------------------------------------------

        List<LocalChoice> localChoices(String loc) {
            int init = g.initOf.get(loc);
            List<Event> ws = new ArrayList<>();
            List<Event> rs = new ArrayList<>();
            for (Event e : g.events) {
                if (loc.equals(e.loc) && !e.isInit()) {
                    (e.kind == Kind.WRITE ? ws : rs).add(e);
                }
            }
            List<LocalChoice> out = new ArrayList<>();
            linearExtensions(ws, new int[ws.size()], new boolean[ws.size()], 0, order -> {
                int[] pos = new int[n];
                int[] byPos = new int[ws.size() + 1];
                byPos[0] = init;
                for (int k = 0; k < order.length; k++) {
                    pos[order[k]] = k + 1;
                    byPos[k + 1] = order[k];
                }
                assignReads(ws, rs, pos, byPos, new int[rs.size()], 0, order, out);
            });
            return out;
        }

        /** Every total order of the writes that extends po (same-thread writes keep their order). */
        void linearExtensions(
                List<Event> ws, int[] order, boolean[] used, int k, java.util.function.Consumer<int[]> sink) {
            if (k == ws.size()) {
                sink.accept(order.clone());
                return;
            }
            for (int j = 0; j < ws.size(); j++) {
                if (used[j]) {
                    continue;
                }
                boolean ready = true;
                for (int p = 0; p < j; p++) {
                    if (!used[p] && ws.get(p).thread == ws.get(j).thread) {
                        ready = false; // a po-earlier write of the same thread is not placed yet
                        break;
                    }
                }
                if (!ready) {
                    continue;
                }
                used[j] = true;
                order[k] = ws.get(j).id;
                linearExtensions(ws, order, used, k + 1, sink);
                used[j] = false;
            }
        }

        void assignReads(
                List<Event> ws, List<Event> rs, int[] pos, int[] byPos, int[] src, int ri, int[] order,
                List<LocalChoice> out) {
            if (ri == rs.size()) {
                int[] readIds = rs.stream().mapToInt(e -> e.id).toArray();
                out.add(new LocalChoice(order, readIds, src.clone()));
                return;
            }
            Event r = rs.get(ri);
            int lo = 0; // co position (init = 0) the source must not be older than
            int hi = ws.size() + 1; // co position the source must be older than
            for (Event w : ws) {
                if (w.thread == r.thread) {
                    if (w.id < r.id) {
                        lo = Math.max(lo, pos[w.id]); // CoWR
                    } else {
                        hi = Math.min(hi, pos[w.id]); // CoRW (and no reading from po-later writes)
                    }
                }
            }
            for (int rj = 0; rj < ri; rj++) {
                if (rs.get(rj).thread == r.thread) {
                    lo = Math.max(lo, pos[src[rj]]); // CoRR
                }
            }
            if (r.partner >= 0) {
                int p = pos[r.partner] - 1; // atomicity: the immediate co-predecessor
                if (p >= lo && p < hi) {
                    src[ri] = byPos[p];
                    assignReads(ws, rs, pos, byPos, src, ri + 1, order, out);
                }
                return;
            }
            for (int p = lo; p < hi; p++) {
                src[ri] = byPos[p];
                assignReads(ws, rs, pos, byPos, src, ri + 1, order, out);
            }
        }

        // ---- combining the locations ---------------------------------------------------------

        void product(List<List<LocalChoice>> perLoc, int li, Set<String> out) {
            if (li == perLoc.size()) {
                leaf(out);
                return;
            }
            String loc = g.locs.get(li);
            for (LocalChoice c : perLoc.get(li)) {
                for (int k = 0; k < c.reads().length; k++) {
                    rf[c.reads()[k]] = c.sources()[k];
                }
                co.put(loc, c.co());
                if (!prunable()) {
                    product(perLoc, li + 1, out);
                }
                for (int r : c.reads()) {
                    rf[r] = -1;
                }
                co.remove(loc);
            }
        }

        Dyn dyn() {
            Dyn d = new Dyn();
            d.rf = new Rel(n);
            for (int r = 0; r < n; r++) {
                if (rf[r] >= 0) {
                    d.rf.add(rf[r], r);
                }
            }
            d.co = new Rel(n);
            for (Map.Entry<String, int[]> e : co.entrySet()) {
                int[] order = e.getValue();
                int init = g.initOf.get(e.getKey());
                for (int a = 0; a < order.length; a++) {
                    d.co.add(init, order[a]);
                    for (int b = a + 1; b < order.length; b++) {
                        d.co.add(order[a], order[b]);
                    }
                }
            }
            d.fr = d.rf.inverse().seq(d.co);
            d.rfi = d.rf.inter(g.internal);
            d.rfe = d.rf.minus(g.internal);
            d.coe = d.co.minus(g.internal);
            d.eco = Rel.union(d.rf, d.co, d.fr).plus();
            return d;
        }

        /** Monotone necessary conditions on a partial assignment (more locations only add edges). */
        boolean prunable() {
            Dyn d = dyn();
            return switch (model) {
                case SC -> !Rel.union(g.po, d.rf, d.co, d.fr).acyclic();
                case RA -> !coherent(Rel.union(g.po, d.rf).plus(), d);
                case RC11 -> !Rel.union(g.po, d.rf).acyclic();
                case IMM -> !Rel.union(d.rfe, bob, ppo(d)).acyclic();
            };
        }

        // ---- a complete candidate ------------------------------------------------------------

        void leaf(Set<String> out) {
            long[] values = values();
            if (values == null) {
                return; // thin air
            }
            for (Event e : g.events) {
                if (e.casSlot >= 0) {
                    long read = values[rf[e.id]];
                    long expected = e.expected.eval(env(e.expectedRefs, values));
                    boolean matches = read == expected;
                    if (e.casSucceeds ? !matches : (matches && !e.weakCas)) {
                        return;
                    }
                }
            }
            Dyn d = dyn();
            if (atomic(d) && consistent(d)) {
                out.add(key());
            }
        }

        /**
         * The value of every write (indexed by event id), computed along rf and the data flow
         * through registers; null if some value depends on itself.
         */
        long[] values() {
            long[] val = new long[n];
            byte[] state = new byte[n]; // 0 new, 1 in progress, 2 done
            for (Event e : g.events) {
                if (e.kind == Kind.WRITE && !writeValue(e.id, val, state)) {
                    return null;
                }
            }
            return val;
        }

        private boolean writeValue(int w, long[] val, byte[] state) {
            if (state[w] == 2) {
                return true;
            }
            if (state[w] == 1) {
                return false;
            }
            state[w] = 1;
            Event e = g.events.get(w);
            for (long bits = e.valueRefs; bits != 0; bits &= bits - 1) {
                int read = Long.numberOfTrailingZeros(bits);
                if (!writeValue(rf[read], val, state)) {
                    return false;
                }
            }
            val[w] = e.value.eval(env(e.valueRefs, val));
            state[w] = 2;
            return true;
        }

        /** Register environment for a symbolic expression: each placeholder is a read's value. */
        private Map<String, Long> env(long refs, long[] writeValues) {
            Map<String, Long> env = new HashMap<>();
            for (long bits = refs; bits != 0; bits &= bits - 1) {
                int read = Long.numberOfTrailingZeros(bits);
                env.put(PLACEHOLDER + read, writeValues[rf[read]]);
            }
            return env;
        }

        /** For every successful RMW: it reads the immediate co-predecessor of its write part. */
        boolean atomic(Dyn d) {
            for (Event r : g.events) {
                if (r.kind != Kind.READ || r.partner < 0) {
                    continue;
                }
                int src = rf[r.id];
                int w = r.partner;
                if (!d.co.has(src, w)) {
                    return false;
                }
                for (int x = 0; x < n; x++) {
                    if (d.co.has(src, x) && d.co.has(x, w)) {
                        return false;
                    }
                }
            }
            return true;
        }

        boolean consistent(Dyn d) {
            return switch (model) {
                case SC -> Rel.union(g.po, d.rf, d.co, d.fr).acyclic();
                case RA -> coherent(Rel.union(g.po, d.rf).plus(), d);
                case RC11 -> {
                    Rel hb = hb(d);
                    yield coherent(hb, d) && psc(hb, d).acyclic() && Rel.union(g.po, d.rf).acyclic();
                }
                case IMM -> {
                    Rel hb = hb(d);
                    yield coherent(hb, d) && psc(hb, d).acyclic() && ar(hb, d).acyclic();
                }
            };
        }

        /** irreflexive(hb ; eco?). */
        boolean coherent(Rel hb, Dyn d) {
            return hb.irreflexive() && hb.seq(d.eco).irreflexive();
        }

        Rel hb(Dyn d) {
            // [E⊒rel] ; ([F];po)?
            Rel release = g.id(g.rel).seq(Rel.union(g.idAll, g.id(g.fences).seq(g.po)));
            // (po;[F])? ; [E⊒acq]
            Rel acquire = Rel.union(g.idAll, g.po.seq(g.id(g.fences))).seq(g.id(g.acq));
            Rel rfRmwStar = d.rf.seq(g.rmw).star();
            // rs = [W] ; [W⊒rlx] ; (rf;rmw)*   (the 2017 paper: [W];(po|loc)?;[W⊒rlx];(rf;rmw)*)
            long syncWrites = semantics.naNeverSynchronises() ? g.writes & g.atomic : g.writes;
            long syncReads = semantics.naNeverSynchronises() ? g.reads & g.atomic : g.reads;
            Rel poLocOpt = semantics.releaseSequencePoLoc() ? g.poLoc.opt() : g.idAll;
            Rel rs = Rel.seq(g.id(g.writes), poLocOpt, g.id(syncWrites), rfRmwStar);
            // sw = [E⊒rel] ; ([F];po)? ; rs ; rf ; [R⊒rlx] ; (po;[F])? ; [E⊒acq]
            Rel sw = Rel.seq(release, rs, d.rf, g.id(syncReads), acquire);
            return Rel.union(g.po, sw).plus();
        }

        /** GenMC's psc (kater's rc11-genmc.kat), or the 2017 paper's psc_base ∪ psc_F. */
        Rel psc(Rel hb, Dyn d) {
            Rel fsc = g.id(g.scFences);
            Rel pscF = Rel.seq(fsc, Rel.union(hb, Rel.seq(hb, d.eco, hb)), fsc);
            if (!semantics.pscRc11Paper()) {
                Rel sc = g.id(g.scAccesses | g.scFences);
                Rel scb = Rel.union(g.po, d.rf, d.co, d.fr);
                Rel fhb = g.id(g.fences).seq(hb).opt();
                Rel hbf = hb.seq(g.id(g.fences)).opt();
                return Rel.union(
                        Rel.seq(sc, g.po, hb, g.po, sc),
                        Rel.seq(sc, fhb, scb, hbf, sc),
                        Rel.seq(fsc, hb, fsc),
                        Rel.seq(fsc, hb, d.eco, hb, fsc),
                        Rel.seq(sc, g.po, sc));
            }
            Rel esc = g.id(g.scAccesses);
            Rel hbOpt = hb.opt();
            Rel scb = Rel.union(
                    g.po, Rel.seq(g.poNotLoc, hb, g.poNotLoc), hb.inter(g.sameLoc), d.co, d.fr);
            Rel left = Rel.union(esc, fsc.seq(hbOpt));
            Rel right = Rel.union(esc, hbOpt.seq(fsc));
            return Rel.union(Rel.seq(left, scb, right), pscF);
        }

        // ---- IMM -----------------------------------------------------------------------------

        /** bob = po;[E⊒rel] ∪ [E⊒acq];po ∪ po;[F] ∪ [F];po ∪ [W⊒rel];po|loc;[W] (or IMM's, see Semantics). */
        Rel bob() {
            long all = Rel.all(n);
            long relTargets = semantics.bobImmPaper() ? g.rel & g.writes : g.rel;
            long acqSources = semantics.bobImmPaper() ? g.acq & g.reads : g.acq;
            return Rel.union(
                    g.po.restrict(all, relTargets),
                    g.po.restrict(acqSources, all),
                    g.po.restrict(all, g.fences),
                    g.po.restrict(g.fences, all),
                    g.poLoc.restrict(g.writes & g.rel, g.writes));
        }

        /** ppo = [R] ; (data ∪ ctrl ∪ addr;po? ∪ rmw ∪ rfi)+ ; [W] (IMM adds [R_ex];po, see Semantics). */
        Rel ppo(Dyn d) {
            Rel deps = Rel.union(g.data, g.ctrl, g.addr.seq(g.po.opt()), g.rmw);
            if (semantics.ppoExclusiveReadsOrderPo()) {
                deps = Rel.union(deps, g.po.restrict(g.reads & g.exclusive, Rel.all(n)));
            }
            return Rel.union(deps, d.rfi).plus().restrict(g.reads, g.writes);
        }

        Rel detour(Dyn d) {
            if (semantics.detourCoeRfe()) {
                return d.coe.seq(d.rfe).inter(g.po);
            }
            Rel r = new Rel(n);
            for (Event read : g.events) {
                if (read.kind != Kind.READ) {
                    continue;
                }
                for (Event w : g.events) {
                    if (w.kind == Kind.WRITE && !w.isInit() && w.thread == read.thread
                            && g.poLoc.has(w.id, read.id) && w.id != rf[read.id]) {
                        r.add(w.id, read.id);
                    }
                }
            }
            return r;
        }

        Rel ar(Rel hb, Dyn d) {
            Rel fsc = g.id(g.scFences);
            return Rel.union(
                    d.rfe,
                    bob,
                    ppo(d),
                    detour(d),
                    g.po.restrict(g.wexAcq, g.writes),
                    Rel.seq(fsc, hb, d.eco, hb, fsc));
        }

        // ---- the key -------------------------------------------------------------------------

        String key() {
            List<String> entries = new ArrayList<>();
            for (Event e : g.events) {
                if (e.kind == Kind.READ) {
                    entries.add("rf " + e.name + "<-" + g.events.get(rf[e.id]).name);
                }
            }
            for (String loc : g.locs) {
                int[] order = co.get(loc);
                if (order.length > 0) {
                    StringBuilder sb = new StringBuilder("co ").append(loc).append(':');
                    for (int k = 0; k < order.length; k++) {
                        sb.append(k == 0 ? "" : ",").append(g.events.get(order[k]).name);
                    }
                    entries.add(sb.toString());
                }
            }
            Collections.sort(entries);
            return String.join("; ", entries);
        }
    }
}
