package dev.weft.samples.locks;

/**
 * What the lock checks run under a lock: plain, unsynchronised state that only mutual exclusion
 * (with the happens-before a lock gives from one critical section to the next) keeps consistent.
 * {@link #enter} fails when another thread is seen inside; {@link #assertCount} after the threads
 * are joined fails when an increment was lost.
 */
public final class CriticalSection {
    private int inside; // id + 1 of the thread inside, 0 when empty
    private int count;

    /** The body of one critical section of thread {@code id}. */
    public void enter(int id) {
        int other = inside;
        if (other != 0) {
            throw new AssertionError("mutual exclusion violated: thread " + id
                    + " entered the critical section while thread " + (other - 1) + " was in it");
        }
        inside = id + 1;
        count++;
        inside = 0;
    }

    /** After all threads are joined: each of the {@code expected} critical sections counted once. */
    public void assertCount(int expected) {
        if (count != expected) {
            throw new AssertionError("lost update in the critical section: count = " + count
                    + ", expected " + expected);
        }
    }
}
