package dev.weft.samples.structures.msqueue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.junit.ModelCheck;

/**
 * The check that finds the bug of {@link BuggyMichaelScottQueue} (an opaque read of
 * {@code head.next} in {@code dequeue}): the consumer gets the producer's message but not its
 * contents. Not a test class of its own: {@code StructuresBuggyVariantsTest} runs it under each
 * model and checks that it fails exactly where the model allows the bug.
 */
public class MichaelScottQueueBuggyChecks {

    /** An element whose contents are written by plain stores before it is enqueued. */
    static final class Message {
        int body;
    }

    /** The producer fills two messages and enqueues them; the consumer dequeues twice. */
    @ModelCheck
    void dequeuedElementsArePublished() throws InterruptedException {
        BuggyMichaelScottQueue<Message> queue = new BuggyMichaelScottQueue<>();
        Thread producer = new Thread(() -> {
            for (int i = 1; i <= 2; i++) {
                Message m = new Message();
                m.body = i;
                queue.enqueue(m);
            }
        });
        Thread consumer = new Thread(() -> {
            int expected = 1;
            for (int i = 0; i < 2; i++) {
                Message m = queue.dequeue();
                if (m != null) {
                    int body = m.body;
                    assertEquals(expected, body, "dequeued message " + expected + " with body " + body);
                    expected++;
                }
            }
        });
        producer.start();
        consumer.start();
        producer.join();
        consumer.join();
    }
}
