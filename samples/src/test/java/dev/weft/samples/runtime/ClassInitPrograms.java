package dev.weft.samples.runtime;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;

/**
 * Programs whose threads first use classes whose initialisation runs instrumented code. The test
 * defines this class anew for each check, so the check's first execution initialises them; it is
 * self-contained because that copy lies in another runtime package than the other test classes.
 */
final class ClassInitPrograms {
    private ClassInitPrograms() {}

    static final class Box {
        volatile int value;
    }

    enum Light { RED, GREEN }

    /** The switch's lookup class (javac's {@code $SwitchMap}) and the enum's {@code $values()}. */
    static int code(Light light) {
        switch (light) {
            case RED:
                return 1;
            case GREEN:
                return 2;
            default:
                return 0;
        }
    }

    static final class Cell {
        int value;

        Cell(int value) {
            this.value = value;
        }
    }

    /** A constant built by a method of the program that allocates and writes fields and an array. */
    static final class Table {
        static final Table DEFAULT = build();

        final Cell[] cells;

        private Table(Cell[] cells) {
            this.cells = cells;
        }

        private static Table build() {
            Cell[] cells = new Cell[2];
            for (int i = 0; i < cells.length; i++) {
                cells[i] = new Cell(i + 1);
            }
            return new Table(cells);
        }
    }

    /** A static initialiser that takes a monitor and counts with an atomic, through a helper. */
    static final class Registry {
        private static final Object LOCK = new Object();
        private static final AtomicInteger REGISTERED = new AtomicInteger();
        static int first;
        static int second;

        static {
            first = register();
            second = register();
        }

        private static int register() {
            synchronized (LOCK) {
                return REGISTERED.incrementAndGet();
            }
        }
    }

    /** A static initialiser that allocates and writes, then throws. */
    static final class Broken {
        static final int VALUE = fail();

        private static int fail() {
            Box scratch = new Box();
            scratch.value = 1;
            throw new IllegalStateException("broken on purpose");
        }
    }

    static void enumSwitch() throws InterruptedException {
        twoWriters(() -> code(Light.RED), () -> code(Light.GREEN));
    }

    static void staticFactory() throws InterruptedException {
        twoWriters(() -> Table.DEFAULT.cells[0].value, () -> Table.DEFAULT.cells[1].value);
    }

    static void lockingInitialiser() throws InterruptedException {
        twoWriters(() -> Registry.first, () -> Registry.second);
    }

    static void brokenInitialiser() {
        if (Broken.VALUE != 0) {
            throw new AssertionError("unreachable: the initialiser throws");
        }
    }

    /** The thread that first uses the class gets its error, and carries on in the model. */
    static void brokenInitialiserCaught() throws InterruptedException {
        try {
            brokenInitialiser();
        } catch (ExceptionInInitializerError | NoClassDefFoundError expected) {
            // the first use (ExceptionInInitializerError), or a later one (NoClassDefFoundError)
        }
        twoWriters(() -> 1, () -> 2);
    }

    static void plainWriters() throws InterruptedException {
        twoWriters(() -> 1, () -> 2);
    }

    /** Two workers write 1 and 2 into one box: either order, 2 executions under SC and RC11. */
    private static void twoWriters(IntSupplier one, IntSupplier two) throws InterruptedException {
        Box box = new Box();
        Thread first = new Thread(() -> box.value = one.getAsInt());
        Thread second = new Thread(() -> box.value = two.getAsInt());
        first.start();
        second.start();
        first.join();
        second.join();
        int v = box.value;
        if (v != 1 && v != 2) {
            throw new AssertionError("the box holds " + v + ", not what a worker wrote");
        }
    }
}
