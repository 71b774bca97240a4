package dev.weft.extfixtures;

import dev.weft.junit.ModelCheck;

/** Replays of {@link LostUpdate}'s check: the handle its failure printed, and the execution before it. */
public class LostUpdateReplay {
    @ModelCheck(replay = "SC:2")
    void failingExecution() throws InterruptedException {
        LostUpdate.incrementTwice();
    }

    @ModelCheck(replay = "SC:1")
    void executionBefore() throws InterruptedException {
        LostUpdate.incrementTwice();
    }
}
