package dev.weft.litmus;

import dev.weft.litmus.Token.Kind;
import java.util.List;

/**
 * A cursor over the tokens of one source, shared by the statement and expression parsers. It knows
 * the thread being parsed so that every error can name it.
 */
final class TokenStream {
    private final String source;
    private final List<Token> tokens;
    private int pos;
    private String thread;

    TokenStream(String source) {
        this.source = source;
        this.tokens = LitmusLexer.tokenize(source);
    }

    void enterThread(String name) {
        thread = name;
    }

    String thread() {
        return thread;
    }

    Token peek() {
        return peek(0);
    }

    /** The token {@code ahead} positions on; lexical errors surface here, when the parser reaches them. */
    Token peek(int ahead) {
        Token t = tokens.get(Math.min(pos + ahead, tokens.size() - 1));
        if (t.kind() == Kind.ERROR) throw error(t.line(), t.text());
        return t;
    }

    Token next() {
        Token t = peek();
        if (t.kind() != Kind.END_OF_FILE) pos++;
        return t;
    }

    boolean accept(String text) {
        if (!peek().is(text)) return false;
        pos++;
        return true;
    }

    Token expect(String text) {
        if (!peek().is(text)) throw expected("'" + text + "'");
        return next();
    }

    /** An identifier that is not a keyword: a location, thread or mutex name. */
    String name(String what) {
        Token t = peek();
        if (t.kind() != Kind.WORD) throw expected(what);
        if (LitmusLexer.KEYWORDS.contains(t.text())) {
            throw error(t.line(), "expected " + what + " but found the keyword '" + t.text() + "'");
        }
        return next().text();
    }

    boolean atEndOfStatement() {
        Kind k = peek().kind();
        return k == Kind.END_OF_STATEMENT || k == Kind.END_OF_FILE;
    }

    void skipSeparators() {
        while (peek().kind() == Kind.END_OF_STATEMENT) pos++;
    }

    /** Index of the next token, to quote a statement later with {@link #textFrom}. */
    int position() {
        return pos;
    }

    /** The source text from token {@code start} up to the last consumed token. */
    String textFrom(int start) {
        int end = Math.max(start, pos - 1);
        return source.substring(tokens.get(start).start(), tokens.get(end).end()).strip();
    }

    int lineOf(int tokenIndex) {
        return tokens.get(tokenIndex).line();
    }

    LitmusSyntaxException expected(String what) {
        Token t = peek();
        return error(t.line(), "expected " + what + " but found " + t.describe());
    }

    LitmusSyntaxException error(int line, String detail) {
        return new LitmusSyntaxException(line, thread, detail);
    }
}
