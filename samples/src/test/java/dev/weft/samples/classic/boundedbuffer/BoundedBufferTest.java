package dev.weft.samples.classic.boundedbuffer;

import dev.weft.junit.ModelCheck;

/**
 * {@link BoundedBuffer}: every item is taken exactly once and every producer and consumer finishes
 * (no lost wake-up), in every execution RC11 allows.
 */
class BoundedBufferTest {

    private static BufferScenario.Buffer of(BoundedBuffer<Integer> b) {
        return new BufferScenario.Buffer() {
            @Override
            public void put(Integer item) throws InterruptedException {
                b.put(item);
            }

            @Override
            public Integer take() throws InterruptedException {
                return b.take();
            }
        };
    }

    /** One producer, one consumer, two items through a one-slot buffer: each waits for the other. */
    @ModelCheck
    void oneProducerOneConsumerTwoItems() throws InterruptedException {
        BufferScenario.run(of(new BoundedBuffer<>(1)), 1, 2, 1, 2);
    }

    /**
     * Two producers and two consumers, one item each, one slot: the scenario in which
     * {@code notify} loses a wake-up ({@link NotifyBoundedBuffer}); {@code notifyAll} does not.
     */
    @ModelCheck
    void twoProducersTwoConsumers() throws InterruptedException {
        BufferScenario.run(of(new BoundedBuffer<>(1)), 2, 1, 2, 1);
    }

    /**
     * Two producers with two items each and one consumer taking all four, through two slots: the
     * indices wrap around, and the consumer waits for either producer.
     */
    @ModelCheck
    void twoProducersTwoItemsEachOneConsumer() throws InterruptedException {
        BufferScenario.run(of(new BoundedBuffer<>(2)), 2, 2, 1, 4);
    }

    /**
     * The while loops make spurious wake-ups harmless: every {@code wait} may also return without a
     * notification (Weft explores at most one such wake-up per thread and execution, which keeps a
     * waiting loop finite).
     */
    @ModelCheck(spuriousWakeups = true)
    void spuriousWakeupsAreHarmless() throws InterruptedException {
        BufferScenario.run(of(new BoundedBuffer<>(1)), 1, 2, 1, 2);
    }
}
