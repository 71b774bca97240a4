package dev.weft.runtime;

import java.util.concurrent.locks.LockSupport;

/**
 * A pooled JVM thread that runs model threads, one at a time. Starting a real thread for every
 * model thread of every execution would cost more than the execution itself; the code under test
 * still sees its own {@code Thread} object through the rewritten {@code Thread.currentThread()}.
 */
final class Carrier extends Thread {
    private final CarrierPool pool;
    /**
     * The model thread this carrier runs now; null while idle, and while it initialises a class.
     * Read by hooks on this thread only.
     */
    private ModelThread modelThread;
    /** How many static initialisers this carrier is inside, and the model thread set aside meanwhile. */
    private int classInits;
    private ModelThread setAside;
    private volatile Runnable task;

    Carrier(CarrierPool pool, int number) {
        super("weft-carrier-" + number);
        this.pool = pool;
        setDaemon(true);
    }

    ModelThread modelThread() {
        return modelThread;
    }

    /**
     * Runs {@code thread} from now on (null: none). Also drops a class initialisation that never
     * reported its end (its exit hook failed, say on a stack overflow), which would otherwise hide
     * every later model thread of this carrier from the model.
     */
    void bind(ModelThread thread) {
        modelThread = thread;
        classInits = 0;
        setAside = null;
    }

    /**
     * A static initialiser starts on this carrier: until it ends, the hooks find no model thread
     * here, so the code it runs does the plain operations, as outside a check.
     */
    void enterClassInit() {
        if (classInits++ == 0) {
            setAside = modelThread;
            modelThread = null;
        }
    }

    /** The static initialiser ended, returning or throwing. */
    void exitClassInit() {
        if (--classInits == 0) {
            modelThread = setAside;
            setAside = null;
        }
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
                bind(null);
                Thread.interrupted(); // an interrupt meant for a model thread must not leak into the next
            }
            if (!pool.release(this)) {
                return;
            }
        }
    }
}
