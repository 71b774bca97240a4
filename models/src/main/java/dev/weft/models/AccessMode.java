package dev.weft.models;

/**
 * The access modes of the C11/RC11 family, onto which Java's access modes map (DESIGN §3).
 * Ordered by strength: a mode {@link #atLeast} another includes its guarantees.
 */
public enum AccessMode {
    /** Plain (non-atomic) access: coherent here, races are reported. */
    NA,
    /** Relaxed: Java's opaque. */
    RLX,
    /** Acquire read or fence. */
    ACQ,
    /** Release write or fence. */
    REL,
    /** Acquire and release: RMWs and fences. */
    ACQ_REL,
    /** Sequentially consistent: Java's volatile. */
    SC;

    public boolean isAcquire() {
        return this == ACQ || this == ACQ_REL || this == SC;
    }

    public boolean isRelease() {
        return this == REL || this == ACQ_REL || this == SC;
    }

    public boolean isAtomic() {
        return this != NA;
    }

    public String shortName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
