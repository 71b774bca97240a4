package dev.weft.samples.structures.msqueue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * A queue's contract beyond its elements: a producer fills two mailboxes and enqueues their
 * numbers, a consumer dequeues twice and reads the mailbox of each number it gets. The elements
 * (boxed numbers) do not reach the mailboxes, so no final field of a node publishes them: only the
 * queue's happens-before, enqueue before dequeue, makes the producer's writes visible.
 */
final class MailboxScenario {
    private MailboxScenario() {}

    /** Where the producer leaves a message before it enqueues the message's number. */
    private static final class Mailbox {
        int body;
    }

    /** Runs the scenario on a queue given by its two operations ({@code dequeue} returns null when empty). */
    static void run(IntConsumer enqueue, Supplier<Integer> dequeue) throws InterruptedException {
        Mailbox[] mailboxes = {new Mailbox(), new Mailbox()};
        Thread producer = new Thread(() -> {
            for (int i = 1; i <= 2; i++) {
                mailboxes[i - 1].body = i;
                enqueue.accept(i);
            }
        });
        Thread consumer = new Thread(() -> {
            for (int i = 0; i < 2; i++) {
                Integer ticket = dequeue.get();
                if (ticket != null) {
                    int body = mailboxes[ticket - 1].body;
                    assertEquals((int) ticket, body, "dequeued ticket " + ticket + " but its mailbox holds " + body);
                }
            }
        });
        producer.start();
        consumer.start();
        producer.join();
        consumer.join();
    }
}
