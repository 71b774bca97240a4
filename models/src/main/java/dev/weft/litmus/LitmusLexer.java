package dev.weft.litmus;

import dev.weft.litmus.Token.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Splits litmus source into tokens. Newlines are tokens because the language is line-oriented;
 * '#' starts a comment that runs to the end of the line.
 */
final class LitmusLexer {
    /** Words that cannot name a location, thread or mutex. */
    static final Set<String> KEYWORDS = Set.of(
            "litmus", "init", "thread", "store", "load", "fai", "xchg", "cas", "wcas", "fence",
            "lock", "unlock", "assume", "assert", "if", "else", "while", "bound", "spawn", "join",
            "addr", "data", "ctrl", "na", "rlx", "acq", "rel", "acq_rel", "sc");

    /** Registers are {@code r} followed by digits, so a misspelt location is never read as a register. */
    private static final Pattern REGISTER = Pattern.compile("r[0-9]+");

    /** Two-character symbols first so that "<=" is not read as "<" "=". */
    private static final List<String> SYMBOLS = List.of(
            "==", "!=", "<=", ">=", "&&", "||",
            "=", "<", ">", "+", "-", "*", "&", "|", "^", "!", "(", ")", "{", "}", ",");

    private final String src;
    private final List<Token> tokens = new ArrayList<>();
    private int pos;
    private int line = 1;

    private LitmusLexer(String src) {
        this.src = src;
    }

    static boolean isRegister(String word) {
        return REGISTER.matcher(word).matches();
    }

    /** The tokens of {@code src}, ending with END_OF_FILE (after an ERROR token if lexing failed). */
    static List<Token> tokenize(String src) {
        LitmusLexer lexer = new LitmusLexer(src);
        lexer.run();
        return lexer.tokens;
    }

    private void run() {
        while (pos < src.length()) {
            char c = src.charAt(pos);
            if (c == '\n') {
                add(Kind.END_OF_STATEMENT, pos, pos + 1);
                line++;
                pos++;
            } else if (c == ';') {
                add(Kind.END_OF_STATEMENT, pos, ++pos);
            } else if (c == '#') {
                while (pos < src.length() && src.charAt(pos) != '\n') pos++;
            } else if (Character.isWhitespace(c)) {
                pos++;
            } else if (Character.isLetter(c) || c == '_') {
                word();
            } else if (Character.isDigit(c)) {
                if (!number()) return;
            } else if (!symbol()) {
                String shown = c >= ' ' && c < 127 ? "'" + c + "'" : String.format("U+%04X", (int) c);
                add(Kind.ERROR, "unexpected character " + shown, pos, pos + 1);
                break;
            }
        }
        endOfFile();
    }

    /** End of file belongs to the last line, not to the empty "line" after a final newline. */
    private void endOfFile() {
        int last = src.endsWith("\n") && line > 1 ? line - 1 : line;
        tokens.add(new Token(Kind.END_OF_FILE, "", last, pos, pos));
    }

    private void word() {
        int start = pos;
        while (pos < src.length() && (Character.isLetterOrDigit(src.charAt(pos)) || src.charAt(pos) == '_')) pos++;
        boolean statementStart = tokens.isEmpty() || tokens.get(tokens.size() - 1).kind() == Kind.END_OF_STATEMENT;
        add(Kind.WORD, start, pos);
        if (statementStart && src.substring(start, pos).equals("litmus")) programName();
    }

    /** Program names like "2+2W" or "ainc(3)" are not identifiers, so the name is one raw word. */
    private void programName() {
        while (pos < src.length() && (src.charAt(pos) == ' ' || src.charAt(pos) == '\t')) pos++;
        int start = pos;
        while (pos < src.length() && !Character.isWhitespace(src.charAt(pos))
                && src.charAt(pos) != '#' && src.charAt(pos) != ';') pos++;
        if (pos > start) add(Kind.NAME, start, pos);
    }

    private boolean number() {
        int start = pos;
        while (pos < src.length() && Character.isDigit(src.charAt(pos))) pos++;
        if (pos < src.length() && (Character.isLetter(src.charAt(pos)) || src.charAt(pos) == '_')) {
            while (pos < src.length() && Character.isLetterOrDigit(src.charAt(pos))) pos++;
            add(Kind.ERROR, "malformed number '" + src.substring(start, pos) + "'", start, pos);
            endOfFile();
            return false;
        }
        add(Kind.NUMBER, start, pos);
        return true;
    }

    private boolean symbol() {
        for (String s : SYMBOLS) {
            if (src.startsWith(s, pos)) {
                add(Kind.SYMBOL, pos, pos += s.length());
                return true;
            }
        }
        return false;
    }

    private void add(Kind kind, int start, int end) {
        add(kind, src.substring(start, end), start, end);
    }

    private void add(Kind kind, String text, int start, int end) {
        tokens.add(new Token(kind, text, line, start, end));
    }
}
