package dev.weft.litmus;

import dev.weft.litmus.Expr.Op;
import dev.weft.litmus.Token.Kind;
import java.util.List;
import java.util.Map;

/** Parses expressions by precedence climbing, with C's precedence levels. */
final class ExprParser {
    /** Binary operators from the loosest to the tightest binding; all are left-associative. */
    private static final List<Map<String, Op>> LEVELS = List.of(
            Map.of("||", Op.LOR),
            Map.of("&&", Op.LAND),
            Map.of("|", Op.OR),
            Map.of("^", Op.XOR),
            Map.of("&", Op.AND),
            Map.of("==", Op.EQ, "!=", Op.NE),
            Map.of("<", Op.LT, "<=", Op.LE, ">", Op.GT, ">=", Op.GE),
            Map.of("+", Op.ADD, "-", Op.SUB),
            Map.of("*", Op.MUL));

    private final TokenStream in;

    ExprParser(TokenStream in) {
        this.in = in;
    }

    Expr expression() {
        return binary(0);
    }

    /**
     * A unary expression: a literal, register, parenthesised expression or a '!'/'-' applied to one.
     * Used where two expressions follow each other (cas EXPECTED NEW), so that {@code cas x 0 -1}
     * does not read as {@code 0 - 1}.
     */
    Expr unary() {
        if (in.accept("!")) return new Expr.Not(unary());
        if (in.accept("-")) {
            // Fold "-literal" into a constant so that Long.MIN_VALUE is writable.
            if (in.peek().kind() == Kind.NUMBER) return new Expr.Const(literal("-"));
            return new Expr.Binary(Op.SUB, new Expr.Const(0), unary());
        }
        return primary();
    }

    /** An integer literal with an optional leading '-', where only a constant is allowed. */
    long signedLiteral(String what) {
        String sign = in.accept("-") ? "-" : "";
        if (in.peek().kind() != Kind.NUMBER) throw in.expected(what);
        return literal(sign);
    }

    private Expr binary(int level) {
        if (level == LEVELS.size()) return unary();
        Expr left = binary(level + 1);
        while (true) {
            Token t = in.peek();
            Op op = t.kind() == Kind.SYMBOL ? LEVELS.get(level).get(t.text()) : null;
            if (op == null) return left;
            in.next();
            left = new Expr.Binary(op, left, binary(level + 1));
        }
    }

    private Expr primary() {
        Token t = in.peek();
        if (t.kind() == Kind.NUMBER) return new Expr.Const(literal(""));
        if (t.is("(")) {
            in.next();
            Expr e = expression();
            in.expect(")");
            return e;
        }
        if (t.kind() == Kind.WORD && LitmusLexer.isRegister(t.text())) {
            in.next();
            return new Expr.Reg(t.text());
        }
        String what = "an expression (a number, a register r<digits>, '(', '!' or '-')";
        if (t.kind() == Kind.WORD && !LitmusLexer.KEYWORDS.contains(t.text())) {
            throw in.error(t.line(), "expected " + what + " but found '" + t.text()
                    + "'; registers are named r0, r1, ... and a location is read with 'rN = load LOC MODE'");
        }
        throw in.expected(what);
    }

    private long literal(String sign) {
        Token t = in.next();
        try {
            return Long.parseLong(sign + t.text());
        } catch (NumberFormatException e) {
            throw in.error(t.line(), "integer " + sign + t.text() + " does not fit in 64 bits");
        }
    }
}
