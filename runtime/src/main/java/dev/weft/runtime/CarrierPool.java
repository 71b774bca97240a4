package dev.weft.runtime;

import java.util.ArrayDeque;

/** Idle carriers, reused across executions and checks. */
final class CarrierPool {
    private static final int MAX_IDLE = 64;
    static final CarrierPool SHARED = new CarrierPool();

    private final ArrayDeque<Carrier> idle = new ArrayDeque<>();
    private int created;

    /** Runs {@code work} on an idle carrier (a new one if none is idle), bound to {@code thread}. */
    void start(ModelThread thread, Runnable work) {
        Carrier c;
        synchronized (this) {
            c = idle.pollFirst();
            if (c == null) {
                c = new Carrier(this, created++);
                c.start();
            }
        }
        c.bind(thread);
        thread.carrier = c;
        c.assign(work);
    }

    /** Returns a carrier to the pool; false if the pool is full and the carrier should end. */
    synchronized boolean release(Carrier c) {
        if (idle.size() >= MAX_IDLE) {
            return false;
        }
        idle.addFirst(c);
        return true;
    }

    /** A carrier stuck in uninstrumented code is abandoned: it is not returned to the pool. */
    synchronized void forget(Carrier c) {
        idle.remove(c);
    }
}
