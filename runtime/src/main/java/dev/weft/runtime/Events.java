package dev.weft.runtime;

import dev.weft.models.AccessMode;
import dev.weft.models.Action;

/** Builds the explorer's actions for JVM operations (JVM code has no IMM dependencies yet). */
final class Events {
    static final int[] NO_DEPS = new int[0];

    private Events() {}

    static Action read(int loc, AccessMode mode, String origin) {
        return Action.read(loc, mode, NO_DEPS, NO_DEPS, origin);
    }

    static Action write(int loc, long value, AccessMode mode, String origin) {
        return Action.write(loc, value, mode, NO_DEPS, NO_DEPS, NO_DEPS, origin);
    }

    static Action rmw(Action.RmwOp op, int loc, long expected, long operand, AccessMode mode, String origin) {
        return Action.rmw(op, loc, expected, operand, mode, NO_DEPS, NO_DEPS, NO_DEPS, NO_DEPS, origin);
    }

    static Action exchange(int loc, long value, AccessMode mode, String origin) {
        return rmw(Action.RmwOp.EXCHANGE, loc, 0, value, mode, origin);
    }

    static Action fence(AccessMode mode, String origin) {
        return Action.fence(mode, NO_DEPS, origin);
    }
}
