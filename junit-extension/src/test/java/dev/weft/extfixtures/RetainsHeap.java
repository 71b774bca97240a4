package dev.weft.extfixtures;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.junit.ModelCheck;

/**
 * A check that keeps a large array alive through a static field for as long as it runs (and after,
 * until {@link #release()}), for the launcher's {@code --heap} test; the other checks keep little.
 */
public class RetainsHeap {
    /** The size of the retained array. */
    public static final int BYTES = 64 << 20;

    private static byte[] retained;

    /** Lets the array go. */
    public static void release() {
        retained = null;
    }

    @ModelCheck
    void keepsALargeArray() throws InterruptedException {
        if (retained == null) {
            retained = new byte[BYTES];
        }
        byte[] kept = retained;
        Thread t = new Thread(() -> kept[0] = 1);
        t.start();
        t.join();
        assertEquals(1, kept[0]);
    }
}
