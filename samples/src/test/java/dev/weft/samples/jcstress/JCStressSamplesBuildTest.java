package dev.weft.samples.jcstress;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.weft.jcstress.WeftJCStressEngine;
import dev.weft.samples.jcstress.negative.BuggyTreiberStackJCStressTest;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * Both directions of a build that runs jcstress-style tests through Weft: the correct stack's test
 * passes, and the buggy stack's test fails (so Surefire would fail the build) under RC11, where
 * its opaque read loses an element, but not under SC.
 */
class JCStressSamplesBuildTest {

    private static EngineTestKit.Builder engine(Class<?> test, String model) {
        return EngineTestKit.engine(WeftJCStressEngine.ENGINE_ID).selectors(selectClass(test))
                .configurationParameter(WeftJCStressEngine.INCLUDE_NEGATIVE_PARAMETER, "true")
                .configurationParameter(WeftJCStressEngine.MODEL_PARAMETER, model);
    }

    @Test
    void theCorrectStackPasses() {
        engine(TreiberStackJCStressTest.class, "rc11").execute().testEvents().assertStatistics(s -> s.succeeded(1).failed(0));
    }

    @Test
    void theBuggyStackFailsTheBuildUnderRc11ButNotSc() {
        engine(BuggyTreiberStackJCStressTest.class, "rc11").execute().testEvents().assertStatistics(s -> s.failed(1));
        engine(BuggyTreiberStackJCStressTest.class, "sc").execute().testEvents().assertStatistics(s -> s.succeeded(1).failed(0));
    }
}
