package dev.weft.junit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.runtime.CheckOptions;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Attributes reach the runtime's options (what each option does is checked where it acts, as
 * {@code ThreadSemanticsTest} does for {@code notify}).
 */
class CheckSettingsTest {

    static class Methods {
        @ModelCheck
        void byDefault() {}

        @ModelCheck(notifyWakesAnyWaiter = false)
        void longestWaiter() {}
    }

    @ModelCheck(notifyWakesAnyWaiter = false)
    static class LongestWaiterByDefault {
        @ModelCheck
        void inherits() {}
    }

    @Test
    void notifyWakesAnyWaiterUnlessTheMethodOrItsClassAsksForTheLongest() throws NoSuchMethodException {
        assertTrue(options(Methods.class, "byDefault").notifyWakesAnyWaiter());
        assertFalse(options(Methods.class, "longestWaiter").notifyWakesAnyWaiter());
        assertFalse(options(LongestWaiterByDefault.class, "inherits").notifyWakesAnyWaiter());
    }

    private static CheckOptions options(Class<?> testClass, String method) throws NoSuchMethodException {
        return CheckSettings.resolve(testClass, testClass.getDeclaredMethod(method), Optional.empty()).options();
    }
}
