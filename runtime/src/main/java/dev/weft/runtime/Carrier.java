package dev.weft.runtime;

import java.util.concurrent.locks.LockSupport;

/**
 * A pooled JVM thread that runs model threads, one at a time. Starting a real thread for every
 * model thread of every execution would cost more than the execution itself; the code under test
 * still sees its own {@code Thread} object through the rewritten {@code Thread.currentThread()}.
 */
final class Carrier extends Thread {
    private final CarrierPool pool;
    /** The model thread this carrier runs now; null while idle. Read by hooks on this thread only. */
    ModelThread modelThread;
    private volatile Runnable task;

    Carrier(CarrierPool pool, int number) {
        super("weft-carrier-" + number);
        this.pool = pool;
        setDaemon(true);
    }

    /** Hands this idle carrier its next task. */
    void assign(Runnable work) {
        task = work;
        LockSupport.unpark(this);
    }

    @Override
    public void run() {
        while (true) {
            Runnable work;
            while ((work = task) == null) {
                LockSupport.park(this);
            }
            task = null;
            try {
                work.run();
            } finally {
                modelThread = null;
                Thread.interrupted(); // an interrupt meant for a model thread must not leak into the next
            }
            if (!pool.release(this)) {
                return;
            }
        }
    }
}
