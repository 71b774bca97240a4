package dev.weft.litmus;

import dev.weft.models.AccessMode;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Parses the shared-memory instructions (load, store, RMWs, fence): their location, mode and
 * explicit dependencies, and rejects modes that C11 cannot express for them.
 */
final class AccessParser {
    private static final Set<AccessMode> LOAD_MODES = EnumSet.of(AccessMode.NA, AccessMode.RLX, AccessMode.ACQ, AccessMode.SC);
    private static final Set<AccessMode> STORE_MODES = EnumSet.of(AccessMode.NA, AccessMode.RLX, AccessMode.REL, AccessMode.SC);
    private static final Set<AccessMode> RMW_MODES = EnumSet.complementOf(EnumSet.of(AccessMode.NA));
    private static final Set<AccessMode> FENCE_MODES = EnumSet.of(AccessMode.ACQ, AccessMode.REL, AccessMode.ACQ_REL, AccessMode.SC);

    private final TokenStream in;
    private final ExprParser exprs;

    AccessParser(TokenStream in, ExprParser exprs) {
        this.in = in;
        this.exprs = exprs;
    }

    /** {@code store LOC EXPR MODE [deps]}; the next token is 'store'. */
    Instr store() {
        int start = in.position();
        in.expect("store");
        String loc = location();
        Expr value = exprs.expression();
        AccessMode mode = mode();
        Instr.Deps deps = deps();
        check(mode, STORE_MODES, "a store", start);
        return new Instr.Store(loc, value, mode, deps, in.lineOf(start));
    }

    /** The part after {@code REG =} of a load or RMW; {@code start} is the token of REG. */
    Instr loadOrRmw(String reg, int start) {
        String op = in.next().text();
        String loc = location();
        Expr expected = op.equals("cas") || op.equals("wcas") ? exprs.unary() : null;
        Expr operand = op.equals("load") ? null : exprs.expression();
        AccessMode mode = mode();
        Instr.Deps deps = deps();
        int line = in.lineOf(start);
        if (op.equals("load")) {
            check(mode, LOAD_MODES, "a load", start);
            return new Instr.Load(reg, loc, mode, deps, line);
        }
        check(mode, RMW_MODES, "a read-modify-write", start);
        Instr.RmwOp rmw = switch (op) {
            case "fai" -> Instr.RmwOp.FAI;
            case "xchg" -> Instr.RmwOp.XCHG;
            case "cas" -> Instr.RmwOp.CAS;
            default -> Instr.RmwOp.WEAK_CAS;
        };
        return new Instr.Rmw(reg, rmw, loc, expected, operand, mode, deps, line);
    }

    /** {@code fence MODE}. */
    Instr fence() {
        int start = in.position();
        in.expect("fence");
        AccessMode mode = mode();
        check(mode, FENCE_MODES, "a fence", start);
        return new Instr.Fence(mode, in.lineOf(start));
    }

    private String location() {
        Token t = in.peek();
        String loc = in.name("a location");
        if (LitmusLexer.isRegister(loc)) {
            throw in.error(t.line(), "expected a location but found the register name '" + loc
                    + "'; names of the form r<digits> are registers");
        }
        return loc;
    }

    private AccessMode mode() {
        Token t = in.peek();
        if (t.kind() == Token.Kind.WORD) {
            for (AccessMode m : AccessMode.values()) {
                if (m.shortName().equals(t.text())) {
                    in.next();
                    return m;
                }
            }
        }
        throw in.expected("a mode (na, rlx, acq, rel, acq_rel, sc)");
    }

    /** Optional {@code addr(r1,r2) data(r3) ctrl(r4)} in any order, each at most once. */
    private Instr.Deps deps() {
        Set<String> addr = null;
        Set<String> data = null;
        Set<String> ctrl = null;
        while (in.peek().is("addr") || in.peek().is("data") || in.peek().is("ctrl")) {
            Token kind = in.next();
            boolean seen = switch (kind.text()) {
                case "addr" -> addr != null;
                case "data" -> data != null;
                default -> ctrl != null;
            };
            if (seen) throw in.error(kind.line(), "'" + kind.text() + "(...)' is given twice; list all its registers once");
            Set<String> regs = registerList();
            switch (kind.text()) {
                case "addr" -> addr = regs;
                case "data" -> data = regs;
                default -> ctrl = regs;
            }
        }
        if (addr == null && data == null && ctrl == null) return Instr.Deps.NONE;
        return new Instr.Deps(orEmpty(addr), orEmpty(data), orEmpty(ctrl));
    }

    private Set<String> registerList() {
        in.expect("(");
        Set<String> regs = new LinkedHashSet<>();
        do {
            Token t = in.peek();
            if (t.kind() != Token.Kind.WORD || !LitmusLexer.isRegister(t.text())) throw in.expected("a register (r<digits>)");
            regs.add(in.next().text());
        } while (in.accept(","));
        in.expect(")");
        return regs;
    }

    private void check(AccessMode mode, Set<AccessMode> allowed, String what, int start) {
        if (allowed.contains(mode)) return;
        String names = allowed.stream().map(AccessMode::shortName).collect(Collectors.joining(", "));
        throw in.error(in.lineOf(start), "'" + in.textFrom(start) + "': " + what + " cannot have mode "
                + mode.shortName() + " (allowed: " + names + ")");
    }

    private static Set<String> orEmpty(Set<String> s) {
        return s == null ? Set.of() : s;
    }
}
