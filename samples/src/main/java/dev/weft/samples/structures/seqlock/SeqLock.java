package dev.weft.samples.structures.seqlock;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A sequence lock guarding a pair of longs: writers take turns under a monitor, readers take no
 * lock at all but retry when a write overlapped their read. The idea is Lamport's ("Concurrent
 * Reading and Writing", CACM 1977: readers check a version counter before and after reading and
 * retry when it changed); the form is the Linux kernel's seqlock. The access modes and fences are
 * those H.-J. Boehm derives in "Can Seqlocks Get Along with Programming Language Memory Models?"
 * (MSPC 2012), mapped to VarHandles.
 *
 * <p>The sequence number is even when no write is in progress. A writer makes it odd, writes the
 * data, and makes it even again (one higher). A reader ({@link #tryRead}) reads the sequence
 * number, the data, and the sequence number again, and accepts the data only if both reads gave
 * the same even number; {@link #read} repeats that until it succeeds.
 *
 * <p><b>Access modes.</b>
 * <ul>
 *   <li>The data fields are read and written <em>opaque</em>: readers race with writers by
 *       design, so the accesses must be atomic (a plain {@code long} may even tear on 32-bit
 *       JVMs), but they need no ordering of their own.</li>
 *   <li>Writer: the store of the odd number is opaque and is followed by a <em>release
 *       fence</em>, which orders it before the data stores that follow; the final store of the even
 *       number is a <em>release</em> store, which orders the data stores before it.</li>
 *   <li>Reader: the first read of the sequence number is an <em>acquire</em> (data read after it
 *       is at least as new as the write that made it even), and after the data reads comes an
 *       <em>acquire fence</em> before the second, opaque, read of the sequence number. The fence is
 *       the subtle part: it orders the data reads before the re-check. If a data read saw a store
 *       of a write in progress, the writer's release fence and the reader's acquire fence
 *       synchronise, so the re-check sees at least that write's odd number and the reader
 *       retries. An acquire <em>load</em> of the sequence number would not do: it orders only
 *       later accesses after itself, not earlier reads before it ({@link BuggySeqLock} has
 *       neither).</li>
 *   <li>Writers exclude each other with {@code synchronized}; under the monitor a writer reads the
 *       sequence number with a plain load (only writers write it, and the monitor orders them).</li>
 * </ul>
 */
public final class SeqLock {
    private static final VarHandle SEQUENCE;
    private static final VarHandle FIRST;
    private static final VarHandle SECOND;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            SEQUENCE = lookup.findVarHandle(SeqLock.class, "sequence", long.class);
            FIRST = lookup.findVarHandle(SeqLock.class, "first", long.class);
            SECOND = lookup.findVarHandle(SeqLock.class, "second", long.class);
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
        VarHandle.acquireFence();
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
