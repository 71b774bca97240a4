package dev.weft.extfixtures;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.junit.ModelCheck;
import dev.weft.models.MemoryModel;

/** {@code count++} on a plain field loses an update even under SC. */
public class LostUpdate {
    static final class PlainCounter {
        int count;
    }

    static void incrementTwice() throws InterruptedException {
        PlainCounter c = new PlainCounter();
        Thread t = new Thread(() -> c.count++);
        t.start();
        c.count++;
        t.join();
        assertEquals(2, c.count, "lost update");
    }

    @ModelCheck(model = MemoryModel.SC)
    void plainIncrement() throws InterruptedException {
        incrementTwice();
    }
}
