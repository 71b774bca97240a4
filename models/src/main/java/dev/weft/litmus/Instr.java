package dev.weft.litmus;

import dev.weft.models.AccessMode;
import java.util.List;
import java.util.Set;

/**
 * An instruction of a litmus thread. {@code line} is the source line (1-based, 0 when built in
 * code) so that errors can name the instruction. Dependencies for IMM: data dependencies come from
 * the registers a value expression uses, control dependencies from the conditions of enclosing
 * {@code if}s and earlier {@code assume}s, and {@link Deps} adds explicit ones (for address
 * dependencies, which a language with named locations cannot otherwise express).
 */
public sealed interface Instr {
    int line();

    /** Explicit dependencies on registers, in addition to the implicit ones. */
    record Deps(Set<String> addr, Set<String> data, Set<String> ctrl) {
        public static final Deps NONE = new Deps(Set.of(), Set.of(), Set.of());

        public Deps {
            addr = Set.copyOf(addr);
            data = Set.copyOf(data);
            ctrl = Set.copyOf(ctrl);
        }
    }

    /** {@code reg = load loc mode}. */
    record Load(String reg, String loc, AccessMode mode, Deps deps, int line) implements Instr {}

    /** {@code store loc value mode}. */
    record Store(String loc, Expr value, AccessMode mode, Deps deps, int line) implements Instr {}

    /** The read-modify-write operations. */
    enum RmwOp { FAI, XCHG, CAS, WEAK_CAS }

    /**
     * {@code reg = fai loc operand mode}, {@code reg = xchg loc operand mode},
     * {@code reg = cas loc expected operand mode}, {@code reg = wcas loc expected operand mode}.
     * The register receives the old value. {@code expected} is null unless the op is a CAS.
     * A weak CAS may fail spuriously even when it reads the expected value.
     */
    record Rmw(String reg, RmwOp op, String loc, Expr expected, Expr operand, AccessMode mode, Deps deps, int line)
            implements Instr {}

    /** {@code fence mode}. */
    record Fence(AccessMode mode, int line) implements Instr {}

    /** {@code lock m}: blocks while another thread holds m. */
    record Lock(String mutex, int line) implements Instr {}

    /** {@code unlock m}. */
    record Unlock(String mutex, int line) implements Instr {}

    /** {@code assume cond}: the thread blocks when cond is false (GenMC's assume). */
    record Assume(Expr cond, int line) implements Instr {}

    /** {@code assert cond}: the execution is an error when cond is false. */
    record Assert(Expr cond, int line) implements Instr {}

    /** {@code reg = expr}: a thread-local assignment. */
    record Assign(String reg, Expr value, int line) implements Instr {}

    /** {@code if cond { then } else { otherwise }}. */
    record If(Expr cond, List<Instr> then, List<Instr> otherwise, int line) implements Instr {
        public If {
            then = List.copyOf(then);
            otherwise = List.copyOf(otherwise);
        }
    }

    /**
     * {@code while cond bound n { body }}: runs body while cond holds, at most n times; if cond still
     * holds after n iterations the thread blocks (the bound is a spin bound, as GenMC's loop bound).
     */
    record While(Expr cond, int bound, List<Instr> body, int line) implements Instr {
        public While {
            body = List.copyOf(body);
        }
    }

    /** {@code spawn T}: creates and starts thread T. */
    record Spawn(String thread, int line) implements Instr {}

    /** {@code join T}: waits until thread T has finished. */
    record Join(String thread, int line) implements Instr {}
}
