package dev.weft.models;

/**
 * An error found in an execution, with that execution: as a graph (for reports that draw it) and
 * rendered per thread (for messages).
 */
public record Violation(String message, String execution, ExecutionSnapshot graph) {
    @Override
    public String toString() {
        return message + System.lineSeparator() + execution;
    }
}
