package dev.weft.samples.runtime;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Programs on {@code CountDownLatch}: waiting for workers, as tests and services do. */
final class LatchPrograms {
    private LatchPrograms() {}

    static final class Results {
        int a;
        int b;
        boolean timedOut;
    }

    /**
     * Two workers each write a plain result and count down; the main thread awaits the latch and
     * reads both. {@code count} is what the latch starts at: 2 is right; 1 lets the main thread go
     * after the first worker.
     */
    static void awaitWorkers(int count) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(count);
        Results r = new Results();
        new Thread(() -> {
            r.a = 1;
            done.countDown();
        }).start();
        new Thread(() -> {
            r.b = 1;
            done.countDown();
        }).start();
        done.await();
        if (r.a + r.b != 2) {
            throw new AssertionError("the main thread went on with a = " + r.a + ", b = " + r.b);
        }
    }

    /** The same with the count read in a spin loop instead of await. */
    static void spinOnTheCount() throws InterruptedException {
        CountDownLatch done = new CountDownLatch(2);
        Results r = new Results();
        new Thread(() -> {
            r.a = 1;
            done.countDown();
        }).start();
        new Thread(() -> {
            r.b = 1;
            done.countDown();
        }).start();
        while (done.getCount() != 0) {
            Thread.onSpinWait();
        }
        if (r.a + r.b != 2) {
            throw new AssertionError("a = " + r.a + ", b = " + r.b);
        }
    }

    /** More count-downs than the count: the count stops at zero, and awaiting still returns. */
    static void extraCountDowns() throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        Thread t1 = new Thread(done::countDown);
        Thread t2 = new Thread(done::countDown);
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        done.await();
        if (done.getCount() != 0) {
            throw new AssertionError("count " + done.getCount());
        }
    }

    /** A worker that forgets to count down: the main thread awaits for good. */
    static void forgottenCountDown() throws InterruptedException {
        CountDownLatch done = new CountDownLatch(2);
        new Thread(done::countDown).start();
        done.await();
    }

    /** A timed await gives up or sees the count-down; whichever, it says which. */
    static void timedAwait() throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        Results r = new Results();
        new Thread(() -> {
            r.a = 1;
            done.countDown();
        }).start();
        if (done.await(1, TimeUnit.SECONDS)) {
            if (r.a != 1) {
                throw new AssertionError("the await returned true before the count-down's write");
            }
        } else {
            throw new AssertionError("timed out");
        }
    }
}
