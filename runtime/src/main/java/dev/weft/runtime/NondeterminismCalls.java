package dev.weft.runtime;

import java.lang.invoke.MethodHandle;
import java.util.SplittableRandom;

/**
 * Clocks, identity hashes and {@code ThreadLocalRandom} of model threads, made functions of the
 * execution so that replays repeat them: a clock advances by one microsecond per call of the
 * thread, a hash comes from the object's stable number, random numbers from a per-thread seed.
 */
final class NondeterminismCalls implements Calls.Family {
    static final NondeterminismCalls INSTANCE = new NondeterminismCalls();
    private static final long EPOCH_MILLIS = 1_700_000_000_000L;

    private NondeterminismCalls() {}

    @Override
    public Object invoke(ModelThread me, Site site, MethodHandle original, Object[] args) throws Throwable {
        String owner = site.owner();
        String name = site.name();
        if (owner.equals("java/lang/System")) {
            switch (name) {
                case "nanoTime":
                    return ++me.clockTicks * 1_000L;
                case "currentTimeMillis":
                    return EPOCH_MILLIS + ++me.clockTicks;
                case "identityHashCode":
                    return args[0] == null ? 0 : identityHash(me, args[0]);
                default:
                    return Calls.original(original, args);
            }
        }
        if (owner.equals("java/lang/Math") && name.equals("random")) {
            return me.random.nextDouble();
        }
        if (owner.equals("java/util/concurrent/ThreadLocalRandom") && name.startsWith("next")) {
            return random(me.random, name, args);
        }
        return Calls.original(original, args);
    }

    static int identityHash(ModelThread me, Object o) {
        long id = me.scheduler.ids.idOf(o);
        long h = id * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & 0x7fffffff;
    }

    private static Object random(SplittableRandom r, String name, Object[] a) {
        int n = a.length - 1; // a[0] is the ThreadLocalRandom
        switch (name) {
            case "nextInt":
                return n == 0 ? r.nextInt() : n == 1 ? r.nextInt((Integer) a[1]) : r.nextInt((Integer) a[1], (Integer) a[2]);
            case "nextLong":
                return n == 0 ? r.nextLong() : n == 1 ? r.nextLong((Long) a[1]) : r.nextLong((Long) a[1], (Long) a[2]);
            case "nextDouble":
                return n == 0 ? r.nextDouble() : n == 1 ? r.nextDouble((Double) a[1]) : r.nextDouble((Double) a[1], (Double) a[2]);
            case "nextFloat":
                return r.nextFloat();
            case "nextBoolean":
                return r.nextBoolean();
            case "nextGaussian":
                return r.nextGaussian();
            default:
                throw new UnsupportedByWeft("ThreadLocalRandom." + name + " is not made deterministic by Weft;"
                        + " use nextInt/nextLong/nextDouble/nextBoolean");
        }
    }
}
