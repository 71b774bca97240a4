package dev.weft.samples.structures.msqueue;

import dev.weft.junit.ModelCheck;

/**
 * The check that finds the bug of {@link BuggyMichaelScottQueue} (an opaque read of
 * {@code head.next} in {@code dequeue}): the consumer dequeues the producer's ticket but does not
 * see what the producer wrote before enqueuing it. Not a test class of its own:
 * {@code StructuresBuggyVariantsTest} runs it under each model and checks that it fails exactly
 * where the model allows the bug.
 */
public class MichaelScottQueueBuggyChecks {

    /** Writes before an enqueue, outside the element, are visible after the dequeue ({@link MailboxScenario}). */
    @ModelCheck
    void writesBeforeEnqueueAreVisibleAfterDequeue() throws InterruptedException {
        BuggyMichaelScottQueue<Integer> queue = new BuggyMichaelScottQueue<>();
        MailboxScenario.run(queue::enqueue, queue::dequeue);
    }
}
