package dev.weft.litmus;

import java.util.Map;
import java.util.Set;

/** A side-effect-free integer expression over thread-local registers. Booleans are 0 and 1. */
public sealed interface Expr {
    long eval(Map<String, Long> registers);

    /** The registers this expression reads (the source of data and control dependencies). */
    Set<String> registers();

    record Const(long value) implements Expr {
        public long eval(Map<String, Long> registers) {
            return value;
        }

        public Set<String> registers() {
            return Set.of();
        }

        @Override
        public String toString() {
            return Long.toString(value);
        }
    }

    /** A register; an unassigned register reads 0. */
    record Reg(String name) implements Expr {
        public long eval(Map<String, Long> registers) {
            return registers.getOrDefault(name, 0L);
        }

        public Set<String> registers() {
            return Set.of(name);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    enum Op {
        ADD("+"), SUB("-"), MUL("*"), AND("&"), OR("|"), XOR("^"),
        EQ("=="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">="), LAND("&&"), LOR("||");

        public final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        long apply(long a, long b) {
            return switch (this) {
                case ADD -> a + b;
                case SUB -> a - b;
                case MUL -> a * b;
                case AND -> a & b;
                case OR -> a | b;
                case XOR -> a ^ b;
                case EQ -> a == b ? 1 : 0;
                case NE -> a != b ? 1 : 0;
                case LT -> a < b ? 1 : 0;
                case LE -> a <= b ? 1 : 0;
                case GT -> a > b ? 1 : 0;
                case GE -> a >= b ? 1 : 0;
                case LAND -> a != 0 && b != 0 ? 1 : 0;
                case LOR -> a != 0 || b != 0 ? 1 : 0;
            };
        }
    }

    record Binary(Op op, Expr left, Expr right) implements Expr {
        public long eval(Map<String, Long> registers) {
            return op.apply(left.eval(registers), right.eval(registers));
        }

        public Set<String> registers() {
            var s = new java.util.HashSet<>(left.registers());
            s.addAll(right.registers());
            return Set.copyOf(s);
        }

        @Override
        public String toString() {
            return "(" + left + " " + op.symbol + " " + right + ")";
        }
    }

    record Not(Expr operand) implements Expr {
        public long eval(Map<String, Long> registers) {
            return operand.eval(registers) == 0 ? 1 : 0;
        }

        public Set<String> registers() {
            return operand.registers();
        }

        @Override
        public String toString() {
            return "!" + operand;
        }
    }
}
