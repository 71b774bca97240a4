package dev.weft.models;

import java.util.HashMap;
import java.util.Map;

/**
 * The prefixes of one write that its backward revisits may keep, each computed at most once: they
 * depend on the write and the graph, not on the read revisited, and a write may try many reads.
 * The IMM variants ({@link DependencyPrefix}) are asked only under IMM. The graph must not change
 * while this is in use; callers read the arrays and never write them.
 */
final class WritePrefixes {
    /** The smaller prefixes of {@link DependencyPrefix} that do not depend on the revisited read. */
    enum Variant {
        WITHOUT_FAILED_RMWS,
        PINS_READING_NOTHING,
        UNORDERED_SOURCES,
        EXPECTED_VALUES_FREE,
        RMW_SOURCES_FREE,
        DEPENDENCIES_ONLY
    }

    private final RevisitRules rules;
    private final ExecutionGraph g;
    private final Event write;
    private boolean[] full;
    /** By {@link Variant#ordinal}, allocated at the first variant asked (most writes ask none). */
    private boolean[][] variants;
    /** By the CAS's stamp: {@link #withCasMadeToFail}, allocated when first asked. */
    private Map<Integer, boolean[]> casMadeToFail;

    WritePrefixes(RevisitRules rules, ExecutionGraph g, Event write) {
        this.rules = rules;
        this.g = g;
        this.write = write;
    }

    Event write() {
        return write;
    }

    /** The write's prefix ({@link RevisitRules#prefixOf}). */
    boolean[] full() {
        if (full == null) {
            full = rules.prefixOf(g, write);
        }
        return full;
    }

    boolean[] get(Variant v) {
        if (variants == null) {
            variants = new boolean[Variant.values().length][];
        }
        boolean[] p = variants[v.ordinal()];
        if (p == null) {
            p = compute(v);
            variants[v.ordinal()] = p;
        }
        return p;
    }

    /**
     * The write's prefix where {@code cas}, a strong CAS that wrote, fails, pins kept
     * ({@link DependencyPrefix#withCasMadeToFail}): it depends on the CAS, not on the read.
     */
    boolean[] withCasMadeToFail(Event cas) {
        if (casMadeToFail == null) {
            casMadeToFail = new HashMap<>();
        }
        return casMadeToFail.computeIfAbsent(cas.stamp, s -> DependencyPrefix.withCasMadeToFail(g, write, cas, true));
    }

    private boolean[] compute(Variant v) {
        return switch (v) {
            case WITHOUT_FAILED_RMWS -> DependencyPrefix.withoutFailedRmws(g, write, false);
            case PINS_READING_NOTHING -> DependencyPrefix.withPinsReadingNothing(g, write);
            case UNORDERED_SOURCES -> DependencyPrefix.withUnorderedSources(g, write);
            case EXPECTED_VALUES_FREE -> DependencyPrefix.withExpectedValuesFree(g, write);
            case RMW_SOURCES_FREE -> DependencyPrefix.withRmwSourcesFree(g, write);
            case DEPENDENCIES_ONLY -> DependencyPrefix.dependenciesOnly(g, write);
        };
    }
}
