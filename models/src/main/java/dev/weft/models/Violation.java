package dev.weft.models;

/** An error found in an execution, with a readable rendering of that execution. */
public record Violation(String message, String execution) {
    @Override
    public String toString() {
        return message + System.lineSeparator() + execution;
    }
}
