package dev.weft.litmus;

import dev.weft.litmus.LitmusProgram.LitmusThread;
import dev.weft.litmus.Token.Kind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses the litmus text language into a {@link LitmusProgram}.
 *
 * <pre>
 * litmus NAME                      # first statement; NAME is any run of non-blank characters
 * init x = 5, y = -1               # optional, repeatable; locations default to 0
 * thread T0 {
 *   store LOC EXPR MODE [DEPS]
 *   rN = load LOC MODE [DEPS]
 *   rN = fai|xchg LOC EXPR MODE [DEPS]           # rN gets the old value
 *   rN = cas|wcas LOC EXPECTED EXPR MODE [DEPS]  # EXPECTED is a number, register, (EXPR) or unary
 *   fence acq|rel|acq_rel|sc
 *   lock M ; unlock M
 *   assume EXPR ; assert EXPR ; rN = EXPR
 *   if EXPR { ... } else { ... }    # "} else {" on one line; "} else if EXPR {" also works
 *   while EXPR bound N { ... }      # N &gt;= 1
 *   spawn T ; join T
 * }
 * </pre>
 *
 * MODE is na, rlx, acq, rel, acq_rel or sc; DEPS is any of {@code addr(r1,r2) data(r3) ctrl(r4)},
 * each at most once. Statements end at a newline or ';', '#' starts a comment. Registers are
 * {@code r} followed by digits (so a misspelt location is never taken for a register); locations,
 * threads and mutexes are other identifiers that are not keywords. Expressions use C's operators
 * and precedence: {@code * ; + - ; < <= > >= ; == != ; & ; ^ ; | ; && ; ||}, unary {@code ! -}.
 * Everything that is wrong gives a {@link LitmusSyntaxException} naming the line and thread.
 */
public final class LitmusParser {
    private final TokenStream in;
    private final ExprParser exprs;
    private final AccessParser accesses;
    private final Map<String, Long> init = new LinkedHashMap<>();
    private final Map<String, Integer> threadLines = new LinkedHashMap<>();
    private final List<LitmusThread> threads = new ArrayList<>();

    private LitmusParser(String source) {
        in = new TokenStream(source);
        exprs = new ExprParser(in);
        accesses = new AccessParser(in, exprs);
    }

    public static LitmusProgram parse(String source) {
        LitmusParser parser = new LitmusParser(source);
        LitmusProgram program = parser.program();
        LitmusValidator.validate(program, parser.threadLines);
        return program;
    }

    public static LitmusProgram parse(Path file) throws IOException {
        return parse(Files.readString(file));
    }

    private LitmusProgram program() {
        in.skipSeparators();
        if (!in.peek().is("litmus")) throw in.expected("'litmus NAME' as the first statement");
        in.next();
        if (in.peek().kind() != Kind.NAME) throw in.expected("a program name after 'litmus'");
        String name = in.next().text();
        endStatement();
        while (true) {
            in.skipSeparators();
            Token t = in.peek();
            if (t.kind() == Kind.END_OF_FILE) break;
            if (t.is("init")) {
                initStatement();
            } else if (t.is("thread")) {
                thread();
            } else if (t.is("litmus")) {
                throw in.error(t.line(), "the program is already named; 'litmus NAME' may appear only once");
            } else {
                throw in.expected("'init' or 'thread'");
            }
        }
        if (threads.isEmpty()) {
            throw in.error(in.peek().line(), "empty program: declare at least one 'thread NAME { ... }'");
        }
        return new LitmusProgram(name, threads, init);
    }

    /** {@code init x = 5, y = -1}. */
    private void initStatement() {
        in.expect("init");
        do {
            Token t = in.peek();
            String loc = in.name("a location");
            in.expect("=");
            long value = exprs.signedLiteral("an integer initial value");
            if (init.putIfAbsent(loc, value) != null) throw in.error(t.line(), "location " + loc + " is initialised twice");
        } while (in.accept(","));
        endStatement();
    }

    private void thread() {
        Token keyword = in.expect("thread");
        String name = in.name("a thread name");
        Integer earlier = threadLines.putIfAbsent(name, keyword.line());
        if (earlier != null) {
            throw in.error(keyword.line(), "thread " + name + " is already declared at line " + earlier);
        }
        in.enterThread(name);
        List<Instr> body = block();
        in.enterThread(null);
        endStatement();
        threads.add(new LitmusThread(name, body));
    }

    /** {@code { statements }}; statements may share a line with the braces, separated by ';'. */
    private List<Instr> block() {
        int open = in.expect("{").line();
        List<Instr> body = new ArrayList<>();
        while (true) {
            in.skipSeparators();
            Token t = in.peek();
            if (t.is("}")) {
                in.next();
                return body;
            }
            if (t.kind() == Kind.END_OF_FILE) throw in.error(t.line(), "missing '}' for the block opened at line " + open);
            body.add(statement());
            if (!in.peek().is("}")) endStatement();
        }
    }

    private Instr statement() {
        Token t = in.peek();
        int line = t.line();
        if (t.kind() == Kind.WORD) {
            switch (t.text()) {
                case "store": return accesses.store();
                case "fence": return accesses.fence();
                case "lock": in.next(); return new Instr.Lock(in.name("a mutex name"), line);
                case "unlock": in.next(); return new Instr.Unlock(in.name("a mutex name"), line);
                case "assume": in.next(); return new Instr.Assume(exprs.expression(), line);
                case "assert": in.next(); return new Instr.Assert(exprs.expression(), line);
                case "spawn": in.next(); return new Instr.Spawn(in.name("a thread name"), line);
                case "join": in.next(); return new Instr.Join(in.name("a thread name"), line);
                case "if": return ifStatement();
                case "while": return whileStatement();
                case "else": throw in.error(line, "'else' must follow the '}' of its 'if' on the same line: '} else {'");
                default:
                    if (LitmusLexer.isRegister(t.text())) return assignment();
                    if (in.peek(1).is("=")) {
                        throw in.error(line, "cannot assign to '" + t.text() + "': registers are named r0, r1, ...;"
                                + " write a location with 'store " + t.text() + " EXPR MODE'");
                    }
            }
        }
        throw in.expected("a statement (store, rN = load/fai/xchg/cas/wcas/expression, fence, lock, unlock,"
                + " assume, assert, if, while, spawn, join)");
    }

    /** {@code rN = load ...}, {@code rN = fai|xchg|cas|wcas ...} or {@code rN = EXPR}. */
    private Instr assignment() {
        int start = in.position();
        String reg = in.next().text();
        in.expect("=");
        Token op = in.peek();
        if (op.is("load") || op.is("fai") || op.is("xchg") || op.is("cas") || op.is("wcas")) {
            return accesses.loadOrRmw(reg, start);
        }
        return new Instr.Assign(reg, exprs.expression(), in.lineOf(start));
    }

    /** {@code if COND { ... } else { ... }}, also {@code } else if COND { ... }}. */
    private Instr ifStatement() {
        int line = in.expect("if").line();
        Expr cond = exprs.expression();
        List<Instr> then = block();
        List<Instr> otherwise = List.of();
        if (in.accept("else")) otherwise = in.peek().is("if") ? List.of(ifStatement()) : block();
        return new Instr.If(cond, then, otherwise, line);
    }

    /** {@code while COND bound N { ... }}. */
    private Instr whileStatement() {
        int line = in.expect("while").line();
        Expr cond = exprs.expression();
        in.expect("bound");
        Token t = in.peek();
        long bound = exprs.signedLiteral("an integer loop bound");
        if (bound < 1 || bound > Integer.MAX_VALUE) {
            throw in.error(t.line(), "the loop bound must be between 1 and " + Integer.MAX_VALUE + " but is " + bound);
        }
        return new Instr.While(cond, (int) bound, block(), line);
    }

    private void endStatement() {
        if (!in.atEndOfStatement()) throw in.expected("end of line or ';' after the statement");
        in.next();
    }
}
