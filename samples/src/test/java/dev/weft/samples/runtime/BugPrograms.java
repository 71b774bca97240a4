package dev.weft.samples.runtime;

/** Small programs with the bugs a model checker for Java must find, written as ordinary Java. */
final class BugPrograms {
    private BugPrograms() {}

    static void startAndJoin(Runnable... bodies) throws InterruptedException {
        Thread[] threads = new Thread[bodies.length];
        for (int i = 0; i < bodies.length; i++) {
            threads[i] = new Thread(bodies[i], "worker-" + i);
            threads[i].start();
        }
        for (Thread t : threads) {
            t.join();
        }
    }

    /** A plain counter: {@code count++} is a read and a write, so increments can be lost. */
    static final class PlainCounter {
        int count;
    }

    static void lostUpdate() throws InterruptedException {
        PlainCounter c = new PlainCounter();
        startAndJoin(() -> c.count++, () -> c.count++);
        if (c.count != 2) {
            throw new AssertionError("lost update: count = " + c.count);
        }
    }

    /** Message passing over plain fields: nothing orders the data before the flag. */
    static final class Mailbox {
        int data;
        boolean ready;
    }

    static void plainMessagePassing() throws InterruptedException {
        Mailbox m = new Mailbox();
        startAndJoin(() -> {
            m.data = 42;
            m.ready = true;
        }, () -> {
            if (m.ready) {
                int data = m.data;
                if (data != 42) {
                    throw new AssertionError("saw ready but data = " + data);
                }
            }
        });
    }

    /** Dekker's entry protocol: each thread raises its flag, then enters only if the other's is down. */
    static final class Dekker {
        volatile boolean flag0;
        volatile boolean flag1;
        boolean in0;
        boolean in1;
    }

    static void dekker() throws InterruptedException {
        Dekker d = new Dekker();
        startAndJoin(() -> {
            d.flag0 = true;
            if (!d.flag1) {
                d.in0 = true;
            }
        }, () -> {
            d.flag1 = true;
            if (!d.flag0) {
                d.in1 = true;
            }
        });
        if (d.in0 && d.in1) {
            throw new AssertionError("both threads entered the critical section");
        }
    }

    /** A value object with one final and one plain field, both set by the constructor. */
    static final class Config {
        final int fin;
        int plain;

        Config(int v) {
            fin = v;
            plain = v;
        }
    }

    /** Double-checked locking without volatile: the reference can be seen before the fields. */
    static final class LazyConfig {
        private static final Object LOCK = new Object();
        private static Config instance;

        static Config get() {
            Config c = instance;
            if (c == null) {
                synchronized (LOCK) {
                    c = instance;
                    if (c == null) {
                        c = new Config(42);
                        instance = c;
                    }
                }
            }
            return c;
        }
    }

    static void doubleCheckedLockingPlainField() throws InterruptedException {
        Runnable user = () -> {
            int v = LazyConfig.get().plain;
            if (v != 42) {
                throw new AssertionError("plain field of the lazily created object is " + v);
            }
        };
        startAndJoin(user, user);
    }

    static void doubleCheckedLockingFinalField() throws InterruptedException {
        Runnable user = () -> {
            int v = LazyConfig.get().fin;
            if (v != 42) {
                throw new AssertionError("final field of the lazily created object is " + v);
            }
        };
        startAndJoin(user, user);
    }

    /** What a final field refers to: a plain field, set before the field is frozen. */
    static final class Box {
        int value;
    }

    /** Holds a box in a final field; published through an opaque (relaxed) reference. */
    static final class BoxHolder {
        private static final java.lang.invoke.VarHandle PUBLISHED;

        static {
            try {
                PUBLISHED = java.lang.invoke.MethodHandles.lookup().findVarHandle(BoxHolder.class, "published",
                        BoxHolder.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final Box box;
        BoxHolder published;

        BoxHolder() {
            box = new Box();
            box.value = 42;
        }
    }

    /**
     * A box reached through a frozen final field of an object published with relaxed accesses: no
     * happens-before, yet JLS 17.5 makes the box's value visible, so its plain read neither sees 0
     * nor races with the constructor's write.
     */
    static void readThroughAFrozenFinalField() throws InterruptedException {
        BoxHolder root = new BoxHolder();
        startAndJoin(() -> BoxHolder.PUBLISHED.setOpaque(root, new BoxHolder()), () -> {
            BoxHolder seen = (BoxHolder) BoxHolder.PUBLISHED.getOpaque(root);
            if (seen != null && seen.box.value != 42) {
                throw new AssertionError("the box reached through a final field holds " + seen.box.value);
            }
        });
    }

    /** A waiter that waits without checking a condition: a notify that comes first is lost. */
    static void missedNotify() throws InterruptedException {
        Object lock = new Object();
        startAndJoin(() -> {
            synchronized (lock) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }
        }, () -> {
            synchronized (lock) {
                lock.notify();
            }
        });
    }

    /** The same hand-off done right: the waiter checks a condition the notifier sets under the lock. */
    static final class Latch {
        boolean open;
    }

    static void guardedWait() throws InterruptedException {
        Object lock = new Object();
        Latch latch = new Latch();
        startAndJoin(() -> {
            synchronized (lock) {
                while (!latch.open) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        throw new AssertionError(e);
                    }
                }
            }
        }, () -> {
            synchronized (lock) {
                latch.open = true;
                lock.notify();
            }
        });
    }

    static final class Flag {
        volatile boolean set;
    }

    /** Spins on a flag nobody sets. */
    static void spinForever() throws InterruptedException {
        Flag f = new Flag();
        startAndJoin(() -> {
            while (!f.set) {
                Thread.onSpinWait();
            }
        });
    }

    /** Spins until another thread sets the flag. */
    static void spinUntilSet() throws InterruptedException {
        Flag f = new Flag();
        startAndJoin(() -> {
            while (!f.set) {
                Thread.onSpinWait();
            }
        }, () -> f.set = true);
    }
}
