package dev.weft.samples.runtime;

import static dev.weft.samples.runtime.BugPrograms.startAndJoin;

import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;

/**
 * Programs that hand lambdas and method references from thread to thread through shared memory,
 * each beside the same program with an instance of an ordinary class in their place.
 */
final class FunctionObjectPrograms {
    private FunctionObjectPrograms() {}

    /** A field through which one thread hands a value to another. */
    static final class Slot<T> {
        volatile T value;
    }

    /** A task written as a class of the program. */
    static final class CountDown implements Runnable {
        private final CountDownLatch latch;

        CountDown(CountDownLatch latch) {
            this.latch = latch;
        }

        @Override
        public void run() {
            latch.countDown();
        }
    }

    /**
     * How a program makes a task that counts a latch down: a new object each time.
     */
    enum Task {
        OBJECT {
            @Override
            Runnable countDown(CountDownLatch latch) {
                return new CountDown(latch);
            }
        },
        /** A reference to a method that Weft models. */
        MODELLED_METHOD_REFERENCE {
            @Override
            Runnable countDown(CountDownLatch latch) {
                return latch::countDown;
            }
        },
        LAMBDA {
            @Override
            Runnable countDown(CountDownLatch latch) {
                return () -> latch.countDown();
            }
        },
        /** A reference to a method of the program. */
        PROGRAM_METHOD_REFERENCE {
            @Override
            Runnable countDown(CountDownLatch latch) {
                return new CountDown(latch)::run;
            }
        };

        abstract Runnable countDown(CountDownLatch latch);
    }

    /** A function that captures nothing: the same object each time it is made. */
    enum Constant {
        /** An object made before the check. */
        OBJECT {
            @Override
            Consumer<CountDownLatch> countDown() {
                return COUNT_DOWN;
            }
        },
        /** An unbound reference to a method that Weft models. */
        MODELLED_METHOD_REFERENCE {
            @Override
            Consumer<CountDownLatch> countDown() {
                return CountDownLatch::countDown;
            }
        },
        LAMBDA {
            @Override
            Consumer<CountDownLatch> countDown() {
                return latch -> latch.countDown();
            }
        };

        private static final Consumer<CountDownLatch> COUNT_DOWN = new Consumer<>() {
            @Override
            public void accept(CountDownLatch latch) {
                latch.countDown();
            }
        };

        abstract Consumer<CountDownLatch> countDown();
    }

    /** The main thread publishes a task while a worker looks for it, and runs it if it is there. */
    static void taskPublishedInAField(Task form) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        Slot<Runnable> slot = new Slot<>();
        Thread worker = new Thread(() -> {
            Runnable task = slot.value;
            if (task != null) {
                task.run();
            }
        });
        worker.start();
        slot.value = form.countDown(done);
        worker.join();
    }

    /** A worker that fails when it finds a reference to a modelled method the main thread published. */
    static void referenceFoundInAField() throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        Slot<Runnable> slot = new Slot<>();
        Thread worker = new Thread(() -> {
            if (slot.value != null) {
                throw new AssertionError("found the task");
            }
        });
        worker.start();
        slot.value = done::countDown;
        worker.join();
    }

    /**
     * {@link #taskPublishedInAField} with a function that the JDK makes, which no hook reports:
     * {@code Consumer.andThen} returns a lambda that captures both consumers.
     */
    static void jdkMadeFunctionPublishedInAField() throws InterruptedException {
        CountDownLatch done = new CountDownLatch(2);
        Slot<Consumer<CountDownLatch>> slot = new Slot<>();
        Thread worker = new Thread(() -> {
            Consumer<CountDownLatch> task = slot.value;
            if (task != null) {
                task.accept(done);
            }
        });
        worker.start();
        Consumer<CountDownLatch> countDown = CountDownLatch::countDown;
        slot.value = countDown.andThen(countDown);
        worker.join();
    }

    /** Two tasks passed to workers through a varargs array; both count down in either order. */
    static void tasksPassedInAnArray(Task form) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(2);
        startAndJoin(form.countDown(done), form.countDown(done));
        if (done.getCount() != 0) {
            throw new AssertionError("count " + done.getCount());
        }
    }

    /**
     * The main thread makes one task; two workers each look at the other's slot and write the task
     * into their own, in either order; the main thread then runs what both slots hold.
     */
    static void oneTaskWrittenByTwoThreads(Task form) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(2);
        Runnable task = form.countDown(done);
        Slot<Runnable> first = new Slot<>();
        Slot<Runnable> second = new Slot<>();
        startAndJoin(() -> {
            Runnable seen = second.value;
            first.value = task;
        }, () -> {
            Runnable seen = first.value;
            second.value = task;
        });
        first.value.run();
        second.value.run();
        if (done.getCount() != 0) {
            throw new AssertionError("count " + done.getCount());
        }
    }

    /** {@link #oneTaskWrittenByTwoThreads} with a function that captures nothing, made by each worker. */
    static void oneConstantMadeByTwoThreads(Constant form) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(2);
        Slot<Consumer<CountDownLatch>> first = new Slot<>();
        Slot<Consumer<CountDownLatch>> second = new Slot<>();
        startAndJoin(() -> {
            Consumer<CountDownLatch> seen = second.value;
            first.value = form.countDown();
        }, () -> {
            Consumer<CountDownLatch> seen = first.value;
            second.value = form.countDown();
        });
        first.value.accept(done);
        second.value.accept(done);
        if (done.getCount() != 0) {
            throw new AssertionError("count " + done.getCount());
        }
    }
}
