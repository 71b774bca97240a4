package dev.weft.samples.structures.spsc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.junit.ModelCheck;
import java.util.ArrayList;
import java.util.List;

/**
 * The check that finds the bug of {@link BuggySpscRingBuffer} (an opaque store of {@code tail}):
 * the consumer sees the new {@code tail} but the slot as it was, polls {@code null} and frees the
 * slot, so the element is lost. Not a test class of its own: {@code StructuresBuggyVariantsTest}
 * runs it under each model and checks that it fails exactly where the model allows the bug.
 */
public class SpscRingBufferBuggyChecks {

    /** Capacity 2; the producer offers 1 and 2, the consumer polls twice, then drains. */
    @ModelCheck
    void everyOfferedElementIsPolledOnce() throws InterruptedException {
        BuggySpscRingBuffer<Integer> buffer = new BuggySpscRingBuffer<>(2);
        List<Integer> polled = new ArrayList<>();
        Thread producer = new Thread(() -> {
            buffer.offer(1);
            buffer.offer(2);
        });
        Thread consumer = new Thread(() -> {
            for (int i = 0; i < 2; i++) {
                Integer e = buffer.poll();
                if (e != null) {
                    polled.add(e);
                }
            }
        });
        producer.start();
        consumer.start();
        producer.join();
        consumer.join();
        for (Integer e = buffer.poll(); e != null; e = buffer.poll()) {
            polled.add(e);
        }
        assertEquals(List.of(1, 2), polled, "elements lost, duplicated or reordered: polled " + polled);
    }
}
