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
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class VarHandleCallsTest {
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

    private static VarHandle find(Class<?> c, String name, Class<?> type) {
        try {
            return MethodHandles.lookup().findVarHandle(c, name, type);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static VarHandle findStatic(Class<?> c, String name, Class<?> type) {
        try {
            return MethodHandles.lookup().findStaticVarHandle(c, name, type);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    // ------------------------------------------------------------ one int field, VarHandle made in <clinit>

    static final class Box {
        int value;
        static final VarHandle HANDLE = find(Box.class, "value", int.class);
    }

    private static final Class<?> B = Box.class;
    private static final MethodHandle SET_RELEASE = Rewritten.varHandle(B, "setRelease", methodType(void.class, Box.class, int.class));
    private static final MethodHandle GET_ACQUIRE = Rewritten.varHandle(B, "getAcquire", methodType(int.class, Box.class));
    private static final MethodHandle CAS = Rewritten.varHandle(B, "compareAndSet", methodType(boolean.class, Box.class, int.class, int.class));
    private static final MethodHandle SET_OPAQUE = Rewritten.varHandle(B, "setOpaque", methodType(void.class, Box.class, int.class));
    private static final MethodHandle GET_OPAQUE = Rewritten.varHandle(B, "getOpaque", methodType(int.class, Box.class));
    private static final MethodHandle FULL_FENCE = Rewritten.call(B, Rewritten.INVOKESTATIC, "java/lang/invoke/VarHandle",
            "fullFence", "()V", methodType(void.class));
    private static final int READ_VALUE = Rewritten.site(B, Rewritten.GETFIELD, Rewritten.internal(Box.class), "value", "I");

    @Test
    void releaseAndAcquireNameTheFieldsLocation() {
        Set<Integer> seen = ConcurrentHashMap.newKeySet();
        CheckResult r = check(MemoryModel.RC11, () -> {
            Box box = fresh(new Box());
            Thread t = start(() -> {
                SET_RELEASE.invokeExact(Box.HANDLE, box, 1);
            });
            seen.add((int) GET_ACQUIRE.invokeExact(Box.HANDLE, box));
            join(t);
            assertEquals(1, Hooks.readInt(box, box.value, READ_VALUE), "a plain read after join sees the VarHandle's write");
            assertEquals(1, box.value, "the real field follows the model's");
        });
        assertPassed(r);
        // the acquire reads the initial value or the release write
        assertEquals(2, r.executions());
        assertEquals(Set.of(0, 1), seen);
    }

    @Test
    void onlyOneOfTwoCasesWins() {
        CheckResult r = check(MemoryModel.RC11, () -> {
            Box box = fresh(new Box());
            boolean[] won = new boolean[2];
            Thread t = start(() -> won[1] = (boolean) CAS.invokeExact(Box.HANDLE, box, 0, 2));
            won[0] = (boolean) CAS.invokeExact(Box.HANDLE, box, 0, 1);
            join(t);
            assertTrue(won[0] ^ won[1]);
            assertEquals(won[0] ? 1 : 2, Hooks.readInt(box, box.value, READ_VALUE));
        });
        assertPassed(r);
        assertEquals(2, r.executions());
    }

    @Test
    void fullFencesForbidStoreBuffering() {
        for (boolean fenced : List.of(false, true)) {
            Set<String> outcomes = ConcurrentHashMap.newKeySet();
            CheckResult r = check(MemoryModel.RC11, () -> {
                Box x = fresh(new Box());
                Box y = fresh(new Box());
                int[] seen = new int[2];
                Thread t = start(() -> {
                    SET_OPAQUE.invokeExact(Box.HANDLE, y, 1);
                    if (fenced) {
                        FULL_FENCE.invokeExact();
                    }
                    seen[1] = (int) GET_OPAQUE.invokeExact(Box.HANDLE, x);
                });
                SET_OPAQUE.invokeExact(Box.HANDLE, x, 1);
                if (fenced) {
                    FULL_FENCE.invokeExact();
                }
                seen[0] = (int) GET_OPAQUE.invokeExact(Box.HANDLE, y);
                join(t);
                outcomes.add(seen[0] + "" + seen[1]);
            });
            assertPassed(r);
            assertEquals(fenced ? 3 : 4, r.executions(), "fenced: " + fenced);
            assertEquals(!fenced, outcomes.contains("00"));
        }
    }

    // ------------------------------------------------------------ several fields of one type

    static final class Pair {
        int left;
        int right;
        long count;
        static final VarHandle VH_RIGHT = find(Pair.class, "right", int.class);
        static final VarHandle LEFT_HANDLE = find(Pair.class, "left", int.class);
        static final VarHandle COUNT = find(Pair.class, "count", long.class);
    }

    private static final Class<?> P = Pair.class;
    private static final MethodHandle GET_AND_ADD = Rewritten.varHandle(P, "getAndAdd", methodType(int.class, Pair.class, int.class));
    private static final MethodHandle GET_AND_BITWISE_OR_LONG =
            Rewritten.varHandle(P, "getAndBitwiseOr", methodType(long.class, Pair.class, long.class));
    private static final MethodHandle EXCHANGE_LEFT =
            Rewritten.varHandle(P, "compareAndExchangeAcquire", methodType(int.class, Pair.class, int.class, int.class));
    private static final int READ_LEFT = Rewritten.site(P, Rewritten.GETFIELD, Rewritten.internal(Pair.class), "left", "I");
    private static final int READ_RIGHT = Rewritten.site(P, Rewritten.GETFIELD, Rewritten.internal(Pair.class), "right", "I");

    @Test
    void theHoldersNameTellsSameTypedFieldsApart() {
        CheckResult r = check(MemoryModel.RC11, () -> {
            Pair p = fresh(new Pair());
            Thread t = start(() -> {
                int ignored = (int) GET_AND_ADD.invokeExact(Pair.VH_RIGHT, p, 5);
            });
            int ignored = (int) GET_AND_ADD.invokeExact(Pair.VH_RIGHT, p, 5);
            int witness = (int) EXCHANGE_LEFT.invokeExact(Pair.LEFT_HANDLE, p, 0, 3);
            long old = (long) GET_AND_BITWISE_OR_LONG.invokeExact(Pair.COUNT, p, 6L);
            join(t);
            assertEquals(0, witness);
            assertEquals(0L, old);
            assertEquals(10, Hooks.readInt(p, p.right, READ_RIGHT));
            assertEquals(3, Hooks.readInt(p, p.left, READ_LEFT));
            assertEquals(6L, p.count);
        });
        assertPassed(r);
        assertEquals(2, r.executions());
    }

    static final class Twins {
        int a;
        int b;
        static final VarHandle HANDLE = find(Twins.class, "a", int.class);
    }

    private static final MethodHandle TWINS_GET =
            Rewritten.varHandle(Twins.class, "getVolatile", methodType(int.class, Twins.class));
    private static final MethodHandle FIND_VAR_HANDLE = Rewritten.virtual(Twins.class, MethodHandles.Lookup.class,
            "findVarHandle", methodType(VarHandle.class, Class.class, String.class, Class.class));
    private static final MethodHandle TWINS_SET =
            Rewritten.varHandle(Twins.class, "setVolatile", methodType(void.class, Twins.class, int.class));
    private static final int READ_B = Rewritten.site(Twins.class, Rewritten.GETFIELD, Rewritten.internal(Twins.class), "b", "I");

    @Test
    void anAmbiguousVarHandleIsRefusedWithTheCandidates() {
        CheckResult r = check(MemoryModel.SC, () -> {
            int ignored = (int) TWINS_GET.invokeExact(Twins.HANDLE, fresh(new Twins()));
        });
        assertFalse(r.passed());
        Failure f = r.failures().get(0);
        assertEquals(Failure.Kind.UNSUPPORTED, f.kind(), f::toString);
        assertTrue(f.message().contains("Twins.a, Twins.b") && f.message().contains("findVarHandle"), f::message);
    }

    @Test
    void aVarHandleMadeInTheCheckIsRecorded() {
        CheckResult r = check(MemoryModel.SC, () -> {
            VarHandle b = (VarHandle) FIND_VAR_HANDLE.invokeExact(MethodHandles.lookup(), (Class<?>) Twins.class, "b", (Class<?>) int.class);
            Twins twins = fresh(new Twins());
            TWINS_SET.invokeExact(b, twins, 4);
            assertEquals(4, Hooks.readInt(twins, twins.b, READ_B));
        });
        assertPassed(r);
        assertEquals(1, r.executions());
    }

    // ------------------------------------------------------------ references, booleans, final fields

    static final class Mixed {
        Object item;
        boolean flag;
        final int constant = 7;
        static final VarHandle ITEM = find(Mixed.class, "item", Object.class);
        static final VarHandle FLAG = find(Mixed.class, "flag", boolean.class);
        static final VarHandle CONSTANT = find(Mixed.class, "constant", int.class);
    }

    private static final Class<?> M = Mixed.class;
    private static final MethodHandle ITEM_CAE = Rewritten.varHandle(M, "compareAndExchange",
            methodType(Object.class, Mixed.class, Object.class, Object.class));
    private static final MethodHandle ITEM_WEAK_CAS_PLAIN = Rewritten.varHandle(M, "weakCompareAndSetPlain",
            methodType(boolean.class, Mixed.class, Object.class, Object.class));
    private static final MethodHandle FLAG_XOR =
            Rewritten.varHandle(M, "getAndBitwiseXorRelease", methodType(boolean.class, Mixed.class, boolean.class));
    private static final MethodHandle CONSTANT_GET = Rewritten.varHandle(M, "getVolatile", methodType(int.class, Mixed.class));
    private static final int READ_ITEM = Rewritten.site(M, Rewritten.GETFIELD, Rewritten.internal(Mixed.class), "item",
            "Ljava/lang/Object;");

    @Test
    void referencesBooleansAndFinalFields() {
        Set<Boolean> weak = ConcurrentHashMap.newKeySet();
        CheckResult r = check(MemoryModel.RC11, () -> {
            Mixed m = fresh(new Mixed());
            Object first = fresh(new Object());
            assertEquals(null, (Object) ITEM_CAE.invokeExact(Mixed.ITEM, m, (Object) null, first));
            assertEquals(first, (Object) ITEM_CAE.invokeExact(Mixed.ITEM, m, (Object) null, (Object) "ignored"));
            boolean swapped = (boolean) ITEM_WEAK_CAS_PLAIN.invokeExact(Mixed.ITEM, m, first, (Object) "second");
            weak.add(swapped);
            assertEquals(swapped ? "second" : first, Hooks.readRef(m, m.item, READ_ITEM));
            assertFalse((boolean) FLAG_XOR.invokeExact(Mixed.FLAG, m, true));
            assertTrue(m.flag);
            assertEquals(7, (int) CONSTANT_GET.invokeExact(Mixed.CONSTANT, m), "a final field is read as it is");
        });
        assertPassed(r);
        // the weak CAS succeeds or fails spuriously
        assertEquals(2, r.executions());
        assertEquals(Set.of(true, false), weak);
    }

    // ------------------------------------------------------------ arrays, statics, floats

    static final class Holder {
        static int hits;
        static float total;
        static final VarHandle HITS = findStatic(Holder.class, "hits", int.class);
        static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);
        static final VarHandle TOTAL = findStatic(Holder.class, "total", float.class);
    }

    private static final Class<?> H = Holder.class;
    private static final MethodHandle STATIC_GET_AND_ADD = Rewritten.varHandle(H, "getAndAdd", methodType(int.class, int.class));
    private static final MethodHandle ELEMENT_SET = Rewritten.varHandle(H, "setVolatile", methodType(void.class, int[].class, int.class, int.class));
    private static final MethodHandle ELEMENT_GET = Rewritten.varHandle(H, "getVolatile", methodType(int.class, int[].class, int.class));
    private static final MethodHandle FLOAT_GET_AND_ADD = Rewritten.varHandle(H, "getAndAdd", methodType(float.class, float.class));
    private static final int READ_HITS = Rewritten.site(H, Rewritten.GETSTATIC, Rewritten.internal(Holder.class), "hits", "I");
    private static final int READ_ELEMENT = Rewritten.site(H, Rewritten.IALOAD, null, null, null);

    @Test
    void staticFieldsArePutBackBeforeEachExecution() {
        int before = Holder.hits;
        CheckResult r = check(MemoryModel.SC, () -> {
            Thread t = start(() -> {
                int ignored = (int) STATIC_GET_AND_ADD.invokeExact(Holder.HITS, 1);
            });
            int ignored = (int) STATIC_GET_AND_ADD.invokeExact(Holder.HITS, 1);
            join(t);
            assertEquals(before + 2, Hooks.readStaticInt(Holder.hits, READ_HITS));
        });
        assertPassed(r);
        assertEquals(2, r.executions());
    }

    @Test
    void arrayElementsAreTheArraysLocations() {
        Set<Integer> seen = ConcurrentHashMap.newKeySet();
        CheckResult r = check(MemoryModel.RC11, () -> {
            int[] a = fresh(new int[2]);
            Thread t = start(() -> {
                ELEMENT_SET.invokeExact(Holder.INTS, a, 1, 5);
            });
            seen.add((int) ELEMENT_GET.invokeExact(Holder.INTS, a, 1));
            join(t);
            assertEquals(5, Hooks.readArrayInt(a, 1, a[1], READ_ELEMENT));
            assertEquals(0, Hooks.readArrayInt(a, 0, a[0], READ_ELEMENT));
        });
        assertPassed(r);
        assertEquals(2, r.executions());
        assertEquals(Set.of(0, 5), seen);
    }

    @Test
    void floatingAddIsAReadAndCasLoop() {
        float before = Holder.total;
        CheckResult r = check(MemoryModel.SC, () -> {
            Thread t = start(() -> {
                float ignored = (float) FLOAT_GET_AND_ADD.invokeExact(Holder.TOTAL, 1.5f);
            });
            float ignored = (float) FLOAT_GET_AND_ADD.invokeExact(Holder.TOTAL, 2.25f);
            join(t);
            assertEquals(before + 3.75f, Holder.total);
        });
        assertPassed(r);
        // one add after the other (2 orders), or both read first and the loser's CAS fails and it
        // reads again (2 winners)
        assertEquals(4, r.executions());
    }
}
