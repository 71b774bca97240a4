package dev.weft.samples.classic.boundedbuffer;

import dev.weft.junit.ModelCheck;

/**
 * {@link ConditionBoundedBuffer}: every item is taken exactly once and every producer and consumer
 * finishes, with {@code signal} on two conditions, in every execution RC11 allows (the scenarios of
 * {@link BoundedBufferTest}).
 */
class ConditionBoundedBufferTest {

    private static BufferScenario.Buffer of(ConditionBoundedBuffer<Integer> b) {
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

    @ModelCheck
    void oneProducerOneConsumerTwoItems() throws InterruptedException {
        BufferScenario.run(of(new ConditionBoundedBuffer<>(1)), 1, 2, 1, 2);
    }

    /** The scenario in which one condition with {@code signal} loses a wake-up ({@link OneConditionBoundedBuffer}). */
    @ModelCheck
    void twoProducersTwoConsumers() throws InterruptedException {
        BufferScenario.run(of(new ConditionBoundedBuffer<>(1)), 2, 1, 2, 1);
    }

    @ModelCheck
    void twoProducersTwoItemsEachOneConsumer() throws InterruptedException {
        BufferScenario.run(of(new ConditionBoundedBuffer<>(2)), 2, 2, 1, 4);
    }

    @ModelCheck(spuriousWakeups = true)
    void spuriousWakeupsAreHarmless() throws InterruptedException {
        BufferScenario.run(of(new ConditionBoundedBuffer<>(1)), 1, 2, 1, 2);
    }
}
