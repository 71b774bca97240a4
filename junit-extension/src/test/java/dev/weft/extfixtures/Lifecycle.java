package dev.weft.extfixtures;

import dev.weft.junit.ModelCheck;
import dev.weft.models.MemoryModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** The test instance and @BeforeEach/@AfterEach live once around the check; the body's writes to fields do not leak. */
public class Lifecycle {
    public static int instances;
    public static int beforeEach;
    public static int afterEach;

    int flag;
    int hits;

    public Lifecycle() {
        instances++;
    }

    @BeforeEach
    void setUp() {
        beforeEach++;
    }

    @AfterEach
    void tearDown() {
        afterEach++;
    }

    /** Two executions (the read sees 0 or 1); each starts from hits == 0. */
    @ModelCheck(model = MemoryModel.SC)
    void fieldsStartAfreshInEveryExecution() throws InterruptedException {
        Thread t = new Thread(() -> flag = 1);
        t.start();
        int seen = flag;
        t.join();
        hits++;
        if (hits != 1) {
            throw new AssertionError("hits = " + hits + " after reading flag = " + seen);
        }
    }
}
