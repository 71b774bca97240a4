package dev.weft.litmus;

/**
 * A token of the litmus language. {@code start}/{@code end} are character offsets into the source,
 * so that errors can quote an instruction exactly as it was written.
 */
record Token(Kind kind, String text, int line, int start, int end) {
    enum Kind {
        /** An identifier or keyword. */
        WORD,
        /** The free-form program name after {@code litmus} (may contain '+', '(' and so on). */
        NAME,
        /** An unsigned integer literal; the sign is an operator. */
        NUMBER,
        /** An operator or punctuation. */
        SYMBOL,
        /** A newline or ';'. */
        END_OF_STATEMENT,
        END_OF_FILE,
        /** A lexical error; {@code text} is the message, reported when the parser reaches it. */
        ERROR
    }

    boolean is(String s) {
        return (kind == Kind.WORD || kind == Kind.SYMBOL) && text.equals(s);
    }

    /** How an error message names this token. */
    String describe() {
        return switch (kind) {
            case END_OF_STATEMENT -> text.equals(";") ? "';'" : "end of line";
            case END_OF_FILE -> "end of file";
            default -> "'" + text + "'";
        };
    }
}
