package dev.weft.samples.structures.treiber;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.junit.ModelCheck;
import dev.weft.runtime.RacePolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@link TreiberStack} under RC11: every outcome of two threads with two operations each is one a
 * sequential stack gives for some interleaving of the operations (the threads' operations all
 * overlap, so that is linearizability), nothing is lost or duplicated, and a popped element's
 * contents are those its pusher wrote.
 */
@ModelCheck(races = RacePolicy.FAIL) // the plain accesses are claimed race-free: hold it to that
class TreiberStackTest {

    /** Pops until empty; the elements in pop order. */
    static <E> List<E> drain(TreiberStack<E> stack) {
        List<E> out = new ArrayList<>();
        for (E e = stack.pop(); e != null; e = stack.pop()) {
            out.add(e);
        }
        return out;
    }

    /**
     * T1: push(1), pop(); T2: push(2), pop(). Each pop follows its own push, so neither can find
     * the stack empty, and together they take both elements: (1, 2) or (2, 1).
     */
    @ModelCheck
    void pushPopPairsAreLinearizable() throws InterruptedException {
        TreiberStack<Integer> stack = new TreiberStack<>();
        Integer[] popped = new Integer[2];
        Thread t1 = new Thread(() -> {
            stack.push(1);
            popped[0] = stack.pop();
        });
        Thread t2 = new Thread(() -> {
            stack.push(2);
            popped[1] = stack.pop();
        });
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        String outcome = popped[0] + "," + popped[1];
        assertTrue(Set.of("1,2", "2,1").contains(outcome), "not linearizable: pops returned " + outcome);
        assertNull(stack.pop(), "stack not empty after two pushes and two pops");
    }

    /**
     * The stack holds 1; T1: pop(), pop(); T2: push(2), push(3). The outcomes of a sequential stack
     * over all interleavings, as "T1's pops | what is left, top first": nothing else may happen
     * (no element lost, none popped twice, LIFO order).
     */
    @ModelCheck
    void popsRacingWithPushesAreLinearizable() throws InterruptedException {
        TreiberStack<Integer> stack = new TreiberStack<>();
        stack.push(1);
        Integer[] popped = new Integer[2];
        Thread t1 = new Thread(() -> {
            popped[0] = stack.pop();
            popped[1] = stack.pop();
        });
        Thread t2 = new Thread(() -> {
            stack.push(2);
            stack.push(3);
        });
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        String outcome = popped[0] + "," + popped[1] + " | " + drain(stack);
        Set<String> sequential = Set.of(
                "1,null | [3, 2]",
                "1,2 | [3]",
                "1,3 | [2]",
                "2,1 | [3]",
                "2,3 | [1]",
                "3,2 | [1]");
        assertTrue(sequential.contains(outcome), "not linearizable: " + outcome);
    }

    /** An element whose contents are written by plain stores before it is pushed. */
    static final class Message {
        int body;
    }

    /**
     * A producer fills two messages and pushes them; two consumers pop once each. Whatever a
     * consumer pops, it sees the body the producer wrote, also when the top it acquired was
     * written by the other consumer's pop (whose CAS does not release: the push's release
     * sequence carries over it), and nothing is lost or popped twice.
     */
    @ModelCheck
    void poppedElementsArePublished() throws InterruptedException {
        TreiberStack<Message> stack = new TreiberStack<>();
        Message[] popped = new Message[2];
        Thread producer = new Thread(() -> {
            for (int i = 1; i <= 2; i++) {
                Message m = new Message();
                m.body = i;
                stack.push(m);
            }
        });
        Thread[] consumers = new Thread[2];
        for (int c = 0; c < 2; c++) {
            int me = c;
            consumers[c] = new Thread(() -> {
                Message m = stack.pop();
                if (m != null) {
                    int body = m.body;
                    assertTrue(body == 1 || body == 2, "popped a message whose body is " + body);
                }
                popped[me] = m;
            });
        }
        producer.start();
        consumers[0].start();
        consumers[1].start();
        producer.join();
        consumers[0].join();
        consumers[1].join();
        List<Message> all = new ArrayList<>(drain(stack));
        for (Message m : popped) {
            if (m != null) {
                all.add(m);
            }
        }
        assertEquals(2, all.size(), "messages lost or duplicated: " + all.size() + " popped");
        assertTrue(all.get(0) != all.get(1), "a message was popped twice");
    }
}
