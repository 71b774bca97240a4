package dev.weft.runtime;

import static dev.weft.runtime.Rewritten.fresh;
import static dev.weft.runtime.Rewritten.join;
import static dev.weft.runtime.Rewritten.start;
import static java.lang.invoke.MethodType.methodType;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.models.MemoryModel;
import java.lang.invoke.MethodHandle;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class AtomicCallsTest {
    private static final Class<?> T = AtomicCallsTest.class;
    private static final MethodHandle GET = Rewritten.virtual(T, AtomicInteger.class, "get", methodType(int.class));
    private static final MethodHandle GET_AND_INCREMENT =
            Rewritten.virtual(T, AtomicInteger.class, "getAndIncrement", methodType(int.class));
    private static final MethodHandle INCREMENT_AND_GET =
            Rewritten.virtual(T, AtomicInteger.class, "incrementAndGet", methodType(int.class));
    private static final MethodHandle CAS =
            Rewritten.virtual(T, AtomicInteger.class, "compareAndSet", methodType(boolean.class, int.class, int.class));
    private static final MethodHandle WEAK_CAS = Rewritten.virtual(T, AtomicInteger.class,
            "weakCompareAndSetVolatile", methodType(boolean.class, int.class, int.class));
    private static final MethodHandle SET_OPAQUE =
            Rewritten.virtual(T, AtomicInteger.class, "setOpaque", methodType(void.class, int.class));
    private static final MethodHandle GET_OPAQUE =
            Rewritten.virtual(T, AtomicInteger.class, "getOpaque", methodType(int.class));
    private static final MethodHandle UPDATE_AND_GET = Rewritten.virtual(T, AtomicInteger.class, "updateAndGet",
            methodType(int.class, IntUnaryOperator.class));
    private static final MethodHandle TO_STRING =
            Rewritten.virtual(T, AtomicInteger.class, "toString", methodType(String.class));
    private static final MethodHandle REF_GET = Rewritten.virtual(T, AtomicReference.class, "get", methodType(Object.class));
    private static final MethodHandle REF_SET =
            Rewritten.virtual(T, AtomicReference.class, "set", methodType(void.class, Object.class));
    private static final MethodHandle ARRAY_GET_ACQUIRE =
            Rewritten.virtual(T, AtomicIntegerArray.class, "getAcquire", methodType(int.class, int.class));
    private static final MethodHandle REF_SET_RELEASE =
            Rewritten.virtual(T, AtomicReference.class, "setRelease", methodType(void.class, Object.class));
    private static final MethodHandle REF_GET_ACQUIRE =
            Rewritten.virtual(T, AtomicReference.class, "getAcquire", methodType(Object.class));
    private static final MethodHandle ADDER_INCREMENT =
            Rewritten.virtual(T, LongAdder.class, "increment", methodType(void.class));

    private static final MethodHandle BOOL_GET_AND_SET =
            Rewritten.virtual(T, AtomicBoolean.class, "getAndSet", methodType(boolean.class, boolean.class));
    private static final MethodHandle BOOL_CAE = Rewritten.virtual(T, AtomicBoolean.class, "compareAndExchange",
            methodType(boolean.class, boolean.class, boolean.class));
    private static final MethodHandle LONG_ADD_AND_GET =
            Rewritten.virtual(T, AtomicLong.class, "addAndGet", methodType(long.class, long.class));
    private static final MethodHandle LONG_INT_VALUE = Rewritten.virtual(T, AtomicLong.class, "intValue", methodType(int.class));
    private static final MethodHandle ARRAY_ACCUMULATE = Rewritten.virtual(T, AtomicIntegerArray.class,
            "accumulateAndGet", methodType(int.class, int.class, int.class, IntBinaryOperator.class));
    private static final MethodHandle ARRAY_TO_STRING =
            Rewritten.virtual(T, AtomicIntegerArray.class, "toString", methodType(String.class));
    private static final MethodHandle ARRAY_LENGTH =
            Rewritten.virtual(T, AtomicIntegerArray.class, "length", methodType(int.class));
    private static final MethodHandle REF_ARRAY_CAE = Rewritten.virtual(T, AtomicReferenceArray.class,
            "compareAndExchangeRelease", methodType(Object.class, int.class, Object.class, Object.class));

    /** A counter that persists across executions: Weft must put it back before each one. */
    private static final AtomicInteger SHARED = new AtomicInteger(10);

    @BeforeAll
    static void agent() {
        AgentStatus.markInstalled();
    }

    private static CheckResult check(MemoryModel model, Weft.Body body) {
        return Weft.check(CheckOptions.of(model), body);
    }

    private static void assertPassed(CheckResult r) {
        assertTrue(r.passed(), r::report);
    }

    @Test
    void twoIncrementsAlwaysGiveTwo() {
        for (MemoryModel model : List.of(MemoryModel.SC, MemoryModel.RC11)) {
            CheckResult r = check(model, () -> {
                AtomicInteger counter = fresh(new AtomicInteger());
                Thread t = start(() -> {
                    int ignored = (int) GET_AND_INCREMENT.invokeExact(counter);
                });
                int ignored = (int) GET_AND_INCREMENT.invokeExact(counter);
                join(t);
                assertEquals(2, (int) GET.invokeExact(counter));
            });
            assertPassed(r);
            // the second increment reads the first: one execution per order of the two RMWs
            assertEquals(2, r.executions(), model::name);
            assertEquals(0, r.blocked());
        }
    }

    @Test
    void aFailingAssertionFailsTheCheck() {
        CheckResult r = check(MemoryModel.SC, () -> {
            AtomicInteger counter = fresh(new AtomicInteger());
            Thread t = start(() -> {
                int ignored = (int) INCREMENT_AND_GET.invokeExact(counter);
            });
            int ignored = (int) INCREMENT_AND_GET.invokeExact(counter);
            join(t);
            assertEquals(3, (int) GET.invokeExact(counter));
        });
        assertFalse(r.passed());
        assertEquals(Failure.Kind.UNCAUGHT_EXCEPTION, r.failures().get(0).kind());
        assertTrue(r.failures().get(0).message().contains("expected: <3> but was: <2>"), r::report);
    }

    @Test
    void onlyOneOfTwoCasesWins() {
        Set<String> winners = ConcurrentHashMap.newKeySet();
        CheckResult r = check(MemoryModel.RC11, () -> {
            AtomicInteger owner = fresh(new AtomicInteger());
            boolean[] won = new boolean[2];
            Thread t = start(() -> won[1] = (boolean) CAS.invokeExact(owner, 0, 2));
            won[0] = (boolean) CAS.invokeExact(owner, 0, 1);
            join(t);
            assertTrue(won[0] ^ won[1], "exactly one CAS wins");
            assertEquals(won[0] ? 1 : 2, (int) GET.invokeExact(owner));
            winners.add(won[0] ? "main" : "child");
        });
        assertPassed(r);
        assertEquals(2, r.executions());
        assertEquals(Set.of("main", "child"), winners);
    }

    @Test
    void storeBufferingWithOpaqueAccesses() {
        for (MemoryModel model : List.of(MemoryModel.SC, MemoryModel.RC11)) {
            Set<String> outcomes = ConcurrentHashMap.newKeySet();
            CheckResult r = check(model, () -> {
                AtomicInteger x = fresh(new AtomicInteger());
                AtomicInteger y = fresh(new AtomicInteger());
                int[] seen = new int[2];
                Thread t = start(() -> {
                    SET_OPAQUE.invokeExact(y, 1);
                    seen[1] = (int) GET_OPAQUE.invokeExact(x);
                });
                SET_OPAQUE.invokeExact(x, 1);
                seen[0] = (int) GET_OPAQUE.invokeExact(y);
                join(t);
                outcomes.add(seen[0] + "" + seen[1]);
            });
            assertPassed(r);
            // each read sees the initial value or the other thread's write; SC forbids both seeing 0
            assertEquals(model == MemoryModel.SC ? 3 : 4, r.executions(), model::name);
            assertEquals(model == MemoryModel.RC11, outcomes.contains("00"), model::name);
        }
    }

    @Test
    void theConstructorsValueIsAWriteOtherThreadsSee() {
        Set<Integer> seen = ConcurrentHashMap.newKeySet();
        CheckResult r = check(MemoryModel.RC11, () -> {
            AtomicReference<AtomicInteger> box = fresh(new AtomicReference<>());
            Thread t = start(() -> {
                AtomicInteger published = (AtomicInteger) (Object) REF_GET.invokeExact(box);
                int v = published == null ? -1 : (int) GET.invokeExact(published);
                assertTrue(v != 0, "read the value before the constructor's");
                seen.add(v);
            });
            REF_SET.invokeExact(box, (Object) fresh(new AtomicInteger(5)));
            join(t);
        });
        assertPassed(r);
        // the reader sees null or the published atomic, whose read is then ordered after its constructor
        assertEquals(2, r.executions());
        assertEquals(Set.of(-1, 5), seen);
    }

    @Test
    void anArrayMadeFromAJavaArrayHoldsItsElements() {
        CheckResult r = check(MemoryModel.RC11, () -> {
            AtomicReference<AtomicIntegerArray> box = fresh(new AtomicReference<>());
            Thread t = start(() -> {
                AtomicIntegerArray a = (AtomicIntegerArray) (Object) REF_GET_ACQUIRE.invokeExact(box);
                if (a != null) {
                    assertEquals(7, (int) ARRAY_GET_ACQUIRE.invokeExact(a, 1));
                }
            });
            REF_SET_RELEASE.invokeExact(box, (Object) fresh(new AtomicIntegerArray(new int[] {0, 7})));
            join(t);
        });
        assertPassed(r);
        assertEquals(2, r.executions());
    }

    @Test
    void aWeakCasMayFailSpuriously() {
        Set<Boolean> results = ConcurrentHashMap.newKeySet();
        CheckResult r = check(MemoryModel.SC, () -> {
            AtomicInteger a = fresh(new AtomicInteger());
            boolean ok = (boolean) WEAK_CAS.invokeExact(a, 0, 1);
            assertEquals(ok ? 1 : 0, (int) GET.invokeExact(a));
            results.add(ok);
        });
        assertPassed(r);
        assertEquals(2, r.executions(), "success and spurious failure");
        assertEquals(Set.of(true, false), results);
    }

    @Test
    void updateAndGetRetriesWithAStrongCas() {
        IntUnaryOperator f = v -> 2 * v + 1;
        CheckResult r = check(MemoryModel.SC, () -> {
            AtomicInteger a = fresh(new AtomicInteger());
            Thread t = start(() -> {
                int ignored = (int) UPDATE_AND_GET.invokeExact(a, f);
            });
            int ignored = (int) UPDATE_AND_GET.invokeExact(a, f);
            join(t);
            assertEquals(3, (int) GET.invokeExact(a));
            assertEquals("3", (String) TO_STRING.invokeExact(a));
        });
        assertPassed(r);
        // one thread after the other (2 orders), or both read 0 and the loser's CAS fails, then it
        // re-reads 1 and applies the function again (2 winners)
        assertEquals(4, r.executions());
    }

    @Test
    void anAtomicThatOutlivesTheExecutionIsPutBack() {
        CheckResult r = check(MemoryModel.SC, () -> {
            Thread t = start(() -> {
                int ignored = (int) INCREMENT_AND_GET.invokeExact(SHARED);
            });
            int ignored = (int) INCREMENT_AND_GET.invokeExact(SHARED);
            join(t);
            assertEquals(12, (int) GET.invokeExact(SHARED));
            assertEquals(12, SHARED.get(), "the real value follows the model's");
        });
        assertPassed(r);
        assertEquals(2, r.executions());
    }

    /** Two volatile ints: a field updater made in the static initialiser is told apart by its name. */
    static final class Node {
        volatile int hits;
        volatile int misses;
        volatile Object item;
        static final AtomicIntegerFieldUpdater<Node> MISSES_UPDATER =
                AtomicIntegerFieldUpdater.newUpdater(Node.class, "misses");
    }

    private static final MethodHandle UPDATER_INCREMENT = Rewritten.virtual(Node.class, AtomicIntegerFieldUpdater.class,
            "incrementAndGet", methodType(int.class, Object.class));
    private static final MethodHandle NEW_REF_UPDATER = Rewritten.statik(Node.class, AtomicReferenceFieldUpdater.class,
            "newUpdater", methodType(AtomicReferenceFieldUpdater.class, Class.class, Class.class, String.class));
    private static final MethodHandle REF_UPDATER_CAS = Rewritten.virtual(Node.class, AtomicReferenceFieldUpdater.class,
            "compareAndSet", methodType(boolean.class, Object.class, Object.class, Object.class));
    private static final int READ_MISSES = Rewritten.site(Node.class, Rewritten.GETFIELD, Rewritten.internal(Node.class),
            "misses", "I");
    private static final int READ_HITS = Rewritten.site(Node.class, Rewritten.GETFIELD, Rewritten.internal(Node.class),
            "hits", "I");
    private static final int READ_ITEM = Rewritten.site(Node.class, Rewritten.GETFIELD, Rewritten.internal(Node.class),
            "item", "Ljava/lang/Object;");

    @Test
    void fieldUpdatersNameTheFieldsLocation() {
        CheckResult r = check(MemoryModel.RC11, () -> {
            Node n = fresh(new Node());
            AtomicReferenceFieldUpdater<?, ?> items =
                    (AtomicReferenceFieldUpdater<?, ?>) NEW_REF_UPDATER.invokeExact(Node.class, Object.class, "item");
            Thread t = start(() -> {
                int ignored = (int) UPDATER_INCREMENT.invokeExact(Node.MISSES_UPDATER, (Object) n);
            });
            int ignored = (int) UPDATER_INCREMENT.invokeExact(Node.MISSES_UPDATER, (Object) n);
            boolean set = (boolean) REF_UPDATER_CAS.invokeExact(items, (Object) n, (Object) null, (Object) "x");
            join(t);
            assertTrue(set);
            assertEquals(2, Hooks.readInt(n, n.misses, READ_MISSES), "a plain read of the field sees the updates");
            assertEquals(0, Hooks.readInt(n, n.hits, READ_HITS));
            assertEquals("x", Hooks.readRef(n, n.item, READ_ITEM));
            assertEquals(2, n.misses, "the real field follows the model's");
        });
        assertPassed(r);
        assertEquals(2, r.executions());
    }

    @Test
    void theOtherClassesAndMethods() {
        CheckResult r = check(MemoryModel.RC11, () -> {
            AtomicBoolean flag = fresh(new AtomicBoolean(true));
            assertTrue((boolean) BOOL_GET_AND_SET.invokeExact(flag, false));
            assertFalse((boolean) BOOL_CAE.invokeExact(flag, false, true));
            AtomicLong big = fresh(new AtomicLong(1L << 40));
            assertEquals((1L << 40) + 3, (long) LONG_ADD_AND_GET.invokeExact(big, 3L));
            assertEquals(3, (int) LONG_INT_VALUE.invokeExact(big));
            AtomicIntegerArray ints = fresh(new AtomicIntegerArray(3));
            assertEquals(4, (int) ARRAY_ACCUMULATE.invokeExact(ints, 2, 4, (IntBinaryOperator) Integer::sum));
            assertEquals(3, (int) ARRAY_LENGTH.invokeExact(ints));
            assertEquals("[0, 0, 4]", (String) ARRAY_TO_STRING.invokeExact(ints));
            Object item = fresh(new Object());
            AtomicReferenceArray<Object> refs = fresh(new AtomicReferenceArray<>(new Object[] {null, item}));
            assertEquals(item, (Object) REF_ARRAY_CAE.invokeExact(refs, 1, item, (Object) "next"));
            assertEquals("next", refs.get(1));
        });
        assertPassed(r);
        assertEquals(1, r.executions());
    }

    @Test
    void anAddThatOverflowsIsRefused() {
        CheckResult r = check(MemoryModel.SC, () -> {
            int ignored = (int) INCREMENT_AND_GET.invokeExact(fresh(new AtomicInteger(Integer.MAX_VALUE)));
        });
        assertFalse(r.passed());
        assertEquals(Failure.Kind.UNSUPPORTED, r.failures().get(0).kind(), r::report);
        assertTrue(r.failures().get(0).message().contains("overflows its int value"), r::report);
    }

    @Test
    void longAdderIsRefusedWithWhatToUseInstead() {
        CheckResult r = check(MemoryModel.SC, () -> {
            ADDER_INCREMENT.invokeExact(new LongAdder());
        });
        assertFalse(r.passed());
        Failure f = r.failures().get(0);
        assertEquals(Failure.Kind.UNSUPPORTED, f.kind(), f::toString);
        assertTrue(f.message().contains("LongAdder.increment is not modelled by Weft") && f.message().contains("AtomicLong"),
                f::message);
    }
}
