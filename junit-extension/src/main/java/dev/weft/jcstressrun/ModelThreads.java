package dev.weft.jcstressrun;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts and joins the threads of a jcstress-style test's execution, for {@code dev.weft.jcstress}.
 *
 * <p><b>Why this class exists, in a package of its own.</b> Weft's agent turns {@code Thread.start}
 * and {@code Thread.join} into the creation and joining of model threads only in the classes it
 * instruments, and it leaves Weft's own packages alone ({@code dev.weft.runtime}, {@code agent},
 * {@code junit}, {@code models}; the engine's {@code dev.weft.jcstress} ought to be among them). The
 * engine's own {@code start()} calls would then start real threads that the explorer never sees.
 * So the few calls that must be rewritten live here, in a package the agent instruments like user
 * code. Keep it this small: everything else about an execution is the engine's.
 *
 * <p>If a configuration excluded this package too, the actors would run unobserved and a check
 * would pass without exploring; {@link #isModelThread} lets the engine notice and refuse instead.
 */
public final class ModelThreads {
    private static final Method CURRENT_THREAD = currentThreadMethod();

    private ModelThreads() {}

    /** Starts each task on a thread of its own (named by {@code names}), in order, then joins them all. */
    public static void runAll(List<Runnable> tasks, List<String> names) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < tasks.size(); i++) {
            Thread t = new Thread(tasks.get(i), names.get(i));
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
    }

    /** Starts {@code task} on a thread of its own, runs {@code here} on this one, then joins the task's thread. */
    public static void runBeside(Runnable task, String name, Runnable here) throws InterruptedException {
        Thread t = new Thread(task, name);
        t.start();
        here.run();
        t.join();
    }

    /**
     * Whether the calling thread is one of Weft's model threads: in instrumented code
     * {@code Thread.currentThread()} is the model's thread object, while a reflective call (never
     * rewritten) returns the carrier thread that really runs it.
     */
    public static boolean isModelThread() {
        try {
            return Thread.currentThread() != CURRENT_THREAD.invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Method currentThreadMethod() {
        try {
            return Thread.class.getMethod("currentThread");
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
