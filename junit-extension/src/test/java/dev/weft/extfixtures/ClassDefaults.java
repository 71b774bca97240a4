package dev.weft.extfixtures;

import dev.weft.junit.ModelCheck;
import dev.weft.models.MemoryModel;
import org.junit.jupiter.api.Test;

/**
 * Store buffering on plain fields: both threads read 0 only under a weak model. The class asks
 * for SC; one method asks for RA instead.
 */
@ModelCheck(model = MemoryModel.SC, maxEventsPerThread = 500)
public class ClassDefaults {
    /** How often the plain test ran (once: the class-level annotation checks nothing by itself). */
    public static int plainRuns;

    static final class Shared {
        int x;
        int y;
    }

    static void storeBuffering() throws InterruptedException {
        Shared s = new Shared();
        int[] r = new int[2];
        Thread t = new Thread(() -> {
            s.y = 1;
            r[1] = s.x;
        });
        t.start();
        s.x = 1;
        r[0] = s.y;
        t.join();
        if (r[0] == 0 && r[1] == 0) {
            throw new AssertionError("both threads read 0");
        }
    }

    @ModelCheck
    void inheritsSc() throws InterruptedException {
        storeBuffering();
    }

    @ModelCheck(model = MemoryModel.RA)
    void overridesModel() throws InterruptedException {
        storeBuffering();
    }

    @Test
    void plainTest() {
        plainRuns++;
    }
}
