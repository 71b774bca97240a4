package dev.weft.samples.structures.msqueue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.junit.ModelCheck;
import dev.weft.runtime.RacePolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@link MichaelScottQueue} under RC11: outcomes of two threads with two operations each are those
 * of a sequential queue for some interleaving (linearizability, since all operations overlap),
 * each producer's elements come out in its order (FIFO) with none lost or duplicated while
 * enqueuers help each other swing the tail, and a dequeued element's contents are those its
 * producer wrote.
 */
@ModelCheck(races = RacePolicy.FAIL) // the plain accesses are claimed race-free: hold it to that
class MichaelScottQueueTest {

    /** Dequeues until empty; the elements in order. */
    static <E> List<E> drain(MichaelScottQueue<E> queue) {
        List<E> out = new ArrayList<>();
        for (E e = queue.dequeue(); e != null; e = queue.dequeue()) {
            out.add(e);
        }
        return out;
    }

    /**
     * T1: enqueue(1), dequeue(); T2: enqueue(2), dequeue(). Each dequeue follows its thread's own
     * enqueue, so neither finds the queue empty: (1, 2) or (2, 1), and the queue is empty after.
     */
    @ModelCheck
    void enqueueDequeuePairsAreLinearizable() throws InterruptedException {
        MichaelScottQueue<Integer> queue = new MichaelScottQueue<>();
        Integer[] taken = new Integer[2];
        Thread t1 = new Thread(() -> {
            queue.enqueue(1);
            taken[0] = queue.dequeue();
        });
        Thread t2 = new Thread(() -> {
            queue.enqueue(2);
            taken[1] = queue.dequeue();
        });
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        String outcome = taken[0] + "," + taken[1];
        assertTrue(Set.of("1,2", "2,1").contains(outcome), "not linearizable: dequeues returned " + outcome);
        assertNull(queue.dequeue(), "queue not empty after two enqueues and two dequeues");
    }

    /**
     * The queue holds 1; T1: dequeue(), dequeue(); T2: enqueue(2), enqueue(3). A sequential queue
     * allows exactly two outcomes ("T1's dequeues | what is left"): T1 takes 1 and then 2 or
     * nothing.
     */
    @ModelCheck
    void dequeuesRacingWithEnqueuesAreLinearizable() throws InterruptedException {
        MichaelScottQueue<Integer> queue = new MichaelScottQueue<>();
        queue.enqueue(1);
        Integer[] taken = new Integer[2];
        Thread t1 = new Thread(() -> {
            taken[0] = queue.dequeue();
            taken[1] = queue.dequeue();
        });
        Thread t2 = new Thread(() -> {
            queue.enqueue(2);
            queue.enqueue(3);
        });
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        String outcome = taken[0] + "," + taken[1] + " | " + drain(queue);
        assertTrue(Set.of("1,2 | [3]", "1,null | [2, 3]").contains(outcome), "not linearizable: " + outcome);
    }

    /**
     * Two producers enqueue two elements each, racing for the tail and helping each other swing
     * it: afterwards the queue holds all four, each producer's in its order.
     */
    @ModelCheck
    void concurrentEnqueuesKeepEachProducersOrder() throws InterruptedException {
        MichaelScottQueue<Integer> queue = new MichaelScottQueue<>();
        Thread t1 = new Thread(() -> {
            queue.enqueue(1);
            queue.enqueue(2);
        });
        Thread t2 = new Thread(() -> {
            queue.enqueue(3);
            queue.enqueue(4);
        });
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        List<Integer> all = drain(queue);
        assertEquals(4, all.size(), "lost or duplicated: " + all);
        assertTrue(all.indexOf(1) >= 0 && all.indexOf(1) < all.indexOf(2), "1 and 2 out of order: " + all);
        assertTrue(all.indexOf(3) >= 0 && all.indexOf(3) < all.indexOf(4), "3 and 4 out of order: " + all);
    }

    /** An element whose contents are written by plain stores before it is enqueued. */
    static final class Message {
        int body;
    }

    /**
     * The producer fills two messages and enqueues them; the consumer dequeues twice and sees, in
     * each message it gets, the body the producer wrote, and in FIFO order.
     */
    @ModelCheck
    void dequeuedElementsArePublished() throws InterruptedException {
        MichaelScottQueue<Message> queue = new MichaelScottQueue<>();
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

    /** Writes before an enqueue, outside the element, are visible after the dequeue ({@link MailboxScenario}). */
    @ModelCheck
    void writesBeforeEnqueueAreVisibleAfterDequeue() throws InterruptedException {
        MichaelScottQueue<Integer> queue = new MichaelScottQueue<>();
        MailboxScenario.run(queue::enqueue, queue::dequeue);
    }
}
