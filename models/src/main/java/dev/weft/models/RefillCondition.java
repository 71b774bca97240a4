package dev.weft.models;

import java.util.Arrays;
import java.util.function.Predicate;

/**
 * When a revisit that refills failed RMWs ({@link RevisitRules#refillingPrefixOf}), or the sources
 * of a failed CAS's expected value ({@link RevisitRules#expectedValuesFreePrefixOf}), is the parent
 * of the graphs it leads to: once replay has filled those holes again, they must bring the
 * revisited read back into the revisiting write's full prefix. Otherwise the graph's unique parent
 * (TruSt) is the revisit that kept the full prefix, and visiting it from here too would visit it
 * twice. It is checked whenever a hole gets a write to read: when the last one is filled, and when
 * one takes a forward alternative or is revisited later.
 */
final class RefillCondition {
    private final Event read;
    private final Event write;
    /** The deleted reads, as packed (thread, index) positions: replay fills them again. */
    private final long[] holes;

    private RefillCondition(Event read, Event write, long[] holes) {
        this.read = read;
        this.write = write;
        this.holes = holes;
    }

    /**
     * The condition of a refilling revisit in {@code parent}: the failed RMW reads of the write's
     * full prefix that it does not keep; {@code read} and {@code write} are their copies in the
     * revisited graph.
     */
    static RefillCondition of(ExecutionGraph parent, boolean[] fullPrefix, boolean[] kept, Event read, Event write) {
        return new RefillCondition(read, write, deleted(parent, fullPrefix, kept, Event::isRmwRead));
    }

    /**
     * The condition of a revisit in {@code parent} that leaves holes in the write's full prefix
     * ({@link RevisitRules#expectedValuesFreePrefixOf}): the reads of the full prefix it deletes
     * while keeping a later event of their thread, which replay fills again before going on.
     */
    static RefillCondition ofHoles(ExecutionGraph parent, boolean[] fullPrefix, boolean[] kept, Event read, Event write) {
        return new RefillCondition(read, write,
                deleted(parent, fullPrefix, kept, e -> e.isRead() && RevisitRules.keepsLaterEventOfThread(parent, e, kept)));
    }

    /** The positions of the events of the full prefix that the revisit does not keep and that qualify. */
    private static long[] deleted(ExecutionGraph parent, boolean[] fullPrefix, boolean[] kept, Predicate<Event> hole) {
        long[] holes = new long[0];
        for (int s = 0; s < kept.length; s++) {
            Event e = parent.byStamp(s);
            if (fullPrefix[s] && !kept[s] && hole.test(e)) {
                holes = Arrays.copyOf(holes, holes.length + 1);
                holes[holes.length - 1] = position(e.thread, e.index);
            }
        }
        return holes;
    }

    /**
     * The same condition in a graph copied by a later revisit ({@code map}: old stamp to copy), which
     * still descends from this one if it keeps the read and the write (a hole it deletes is filled
     * again); null otherwise.
     */
    RefillCondition copiedWith(Event[] map) {
        Event readCopy = map[read.stamp];
        Event writeCopy = map[write.stamp];
        return readCopy == null || writeCopy == null ? null : new RefillCondition(readCopy, writeCopy, holes);
    }

    /**
     * Whether the read at (t, i), just given a write, is a hole, every hole is filled, and the
     * revisited read is not back in the write's prefix: the graph does not descend from this revisit.
     */
    boolean failsAfter(ExecutionGraph g, int t, int i, RevisitRules rules) {
        return isHole(t, i) && allFilled(g) && !rules.prefixOf(g, write)[read.stamp];
    }

    /**
     * Whether a later revisit in g that keeps {@code keep} would delete the read or the write while a
     * hole is still open. Its graphs would then descend from this revisit with nothing left to
     * check when replay fills the hole: the explorer refuses such a revisit, and its graphs come
     * from the parent where the hole was filled before (the default seed's 3259, visited twice).
     */
    boolean droppedOpenBy(ExecutionGraph g, boolean[] keep) {
        return !(keep[read.stamp] && keep[write.stamp]) && !allFilled(g);
    }

    private boolean isHole(int t, int i) {
        long p = position(t, i);
        for (long h : holes) {
            if (h == p) {
                return true;
            }
        }
        return false;
    }

    private boolean allFilled(ExecutionGraph g) {
        for (long h : holes) {
            if (g.event((int) (h >>> 32), (int) h) == null) {
                return false;
            }
        }
        return true;
    }

    private static long position(int t, int i) {
        return ((long) t << 32) | i;
    }
}
