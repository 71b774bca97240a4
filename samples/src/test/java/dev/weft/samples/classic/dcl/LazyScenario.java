package dev.weft.samples.classic.dcl;

import dev.weft.samples.locks.Workers;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;

/**
 * The check every double-checked-locking variant runs: two threads get the lazy value twice each;
 * each must see it fully built, and it must be created exactly once.
 */
final class LazyScenario {
    private LazyScenario() {}

    /** A value with a plain field set by its constructor: what a half-published object gets wrong. */
    static final class Settings {
        int port;

        Settings(int port) {
            this.port = port;
        }
    }

    /** A value whose state is all final: safe to publish through a race (JLS 17.5). */
    static final class FrozenSettings {
        final int port;

        FrozenSettings(int port) {
            this.port = port;
        }
    }

    private static final class Creations {
        int count;
    }

    /** Runs the scenario on the lazy value that {@code lazyOf} builds around a supplier of {@link Settings}. */
    static void twoThreadsTwiceEach(Function<Supplier<Settings>, Supplier<Settings>> lazyOf)
            throws InterruptedException {
        twoThreadsTwiceEach(lazyOf, Settings::new, s -> s.port);
    }

    /** The scenario with values made by {@code create} from a port number, read back by {@code portOf}. */
    static <S> void twoThreadsTwiceEach(Function<Supplier<S>, Supplier<S>> lazyOf, IntFunction<S> create,
                                        ToIntFunction<S> portOf) throws InterruptedException {
        Creations creations = new Creations();
        Supplier<S> lazy = lazyOf.apply(() -> {
            creations.count++; // the supplier runs under the lazy value's lock
            return create.apply(8080);
        });
        Object[] seen = new Object[4];
        Workers.run(2, id -> {
            for (int i = 0; i < 2; i++) {
                S s = lazy.get();
                int port = portOf.applyAsInt(s);
                if (port != 8080) {
                    throw new AssertionError("thread " + id + " saw the lazily created " + s.getClass().getSimpleName()
                            + " half built: port = " + port);
                }
                seen[2 * id + i] = s;
            }
        });
        if (creations.count != 1) {
            throw new AssertionError("the value was created " + creations.count + " times");
        }
        for (Object s : seen) {
            if (s != seen[0]) {
                throw new AssertionError("two threads got different instances");
            }
        }
    }
}
