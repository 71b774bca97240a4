package dev.weft.samples.structures.seqlock;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * {@link SeqLock} with one bug: {@code tryRead} has no acquire fence between its data reads and
 * the re-check of the sequence number (the first read of the sequence number is an acquire, and
 * "the re-check reads the same variable, so it cannot move up"). But an acquire orders only what
 * comes after it: the opaque data reads are not ordered before the opaque re-check. Under RC11 a
 * reader can read the first value of a write in progress, the second value from before it, and
 * then still the old even sequence number, and accept the torn pair. SC and RA (where the data
 * reads themselves acquire) cannot show it.
 */
public final class BuggySeqLock {
    private static final VarHandle SEQUENCE;
    private static final VarHandle FIRST;
    private static final VarHandle SECOND;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            SEQUENCE = lookup.findVarHandle(BuggySeqLock.class, "sequence", long.class);
            FIRST = lookup.findVarHandle(BuggySeqLock.class, "first", long.class);
            SECOND = lookup.findVarHandle(BuggySeqLock.class, "second", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A consistent snapshot of the two values. */
    public record Pair(long first, long second) {}

    private final Object writeLock = new Object();
    @SuppressWarnings("unused") // accessed through SEQUENCE
    private long sequence;
    @SuppressWarnings("unused") // accessed through FIRST
    private long first;
    @SuppressWarnings("unused") // accessed through SECOND
    private long second;

    /** Sets both values, as one atomic step for readers. */
    public void write(long newFirst, long newSecond) {
        synchronized (writeLock) {
            long s = (long) SEQUENCE.get(this);
            SEQUENCE.setOpaque(this, s + 1);
            VarHandle.releaseFence();
            FIRST.setOpaque(this, newFirst);
            SECOND.setOpaque(this, newSecond);
            SEQUENCE.setRelease(this, s + 2);
        }
    }

    /**
     * One attempt to read both values: the pair as it was between two writes, or null when a
     * write was in progress or overlapped the attempt (then try again, as {@link #read} does).
     */
    public Pair tryRead() {
        long before = (long) SEQUENCE.getAcquire(this);
        if ((before & 1) != 0) {
            return null;
        }
        long a = (long) FIRST.getOpaque(this);
        long b = (long) SECOND.getOpaque(this);
        // BUG: VarHandle.acquireFence() missing: the data reads may be ordered after the re-check
        long after = (long) SEQUENCE.getOpaque(this);
        return after == before ? new Pair(a, b) : null;
    }

    /** Reads both values as they were between two writes, retrying while writes overlap the read. */
    public Pair read() {
        while (true) {
            Pair p = tryRead();
            if (p != null) {
                return p;
            }
            Thread.onSpinWait();
        }
    }
}
