package dev.weft.models;

/** The kinds of events in an execution graph. */
public enum EventKind {
    READ, WRITE, FENCE, CREATE, FINISH, JOIN, BLOCK, ERROR;

    boolean isMemoryAccess() {
        return this == READ || this == WRITE;
    }
}
