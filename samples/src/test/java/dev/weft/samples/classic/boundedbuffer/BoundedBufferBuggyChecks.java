package dev.weft.samples.classic.boundedbuffer;

import dev.weft.junit.ModelCheck;

/**
 * The buffers that wait wrongly. {@link NotifyBoundedBuffer} and {@link OneConditionBoundedBuffer}
 * deadlock with two producers and two consumers (a lost wake-up); {@link IfWaitBoundedBuffer} lets a consumer take from an empty buffer
 * after a spurious wake-up. All fail by design, under every model; {@code LocksBuggyVariantsTest}
 * runs them.
 */
public class BoundedBufferBuggyChecks {

    /** Two producers and two consumers, one item each, through a one-slot {@link NotifyBoundedBuffer}. */
    public static void notifyTwoProducersTwoConsumers() throws InterruptedException {
        NotifyBoundedBuffer<Integer> b = new NotifyBoundedBuffer<>(1);
        BufferScenario.run(new BufferScenario.Buffer() {
            @Override
            public void put(Integer item) throws InterruptedException {
                b.put(item);
            }

            @Override
            public Integer take() throws InterruptedException {
                return b.take();
            }
        }, 2, 1, 2, 1);
    }

    /** Two producers and two consumers, one item each, through a one-slot {@link OneConditionBoundedBuffer}. */
    public static void oneConditionTwoProducersTwoConsumers() throws InterruptedException {
        OneConditionBoundedBuffer<Integer> b = new OneConditionBoundedBuffer<>(1);
        BufferScenario.run(new BufferScenario.Buffer() {
            @Override
            public void put(Integer item) throws InterruptedException {
                b.put(item);
            }

            @Override
            public Integer take() throws InterruptedException {
                return b.take();
            }
        }, 2, 1, 2, 1);
    }

    /** One producer and one consumer, two items, through a one-slot {@link IfWaitBoundedBuffer}. */
    public static void ifWaitOneProducerOneConsumer() throws InterruptedException {
        IfWaitBoundedBuffer<Integer> b = new IfWaitBoundedBuffer<>(1);
        BufferScenario.run(new BufferScenario.Buffer() {
            @Override
            public void put(Integer item) throws InterruptedException {
                b.put(item);
            }

            @Override
            public Integer take() throws InterruptedException {
                return b.take();
            }
        }, 1, 2, 1, 2);
    }

    @ModelCheck
    void notifyLosesAWakeup() throws InterruptedException {
        notifyTwoProducersTwoConsumers();
    }

    @ModelCheck
    void oneConditionLosesASignal() throws InterruptedException {
        oneConditionTwoProducersTwoConsumers();
    }

    @ModelCheck(spuriousWakeups = true)
    void ifInsteadOfWhileTakesFromAnEmptyBuffer() throws InterruptedException {
        ifWaitOneProducerOneConsumer();
    }
}
