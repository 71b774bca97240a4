package dev.weft.agent;

import static dev.weft.agent.Listing.HOOKS;
import static dev.weft.agent.Listing.SITE;
import static dev.weft.agent.Listing.assertSequence;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weft.fixtures.Arrays;
import dev.weft.runtime.Site;
import dev.weft.runtime.Sites;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Opcodes;

class ArrayAccessRewriteTest {
    private final FixtureLoader loader = new FixtureLoader(Arrays.class, false);

    @Test
    void behaviourIsUnchanged() throws Exception {
        Class<?> arrays = loader.load();
        assertEquals(Arrays.roundTrip(), arrays.getMethod("roundTrip").invoke(null));
        assertEquals(6L, arrays.getMethod("sumLongs", long[].class).invoke(null, (Object) new long[] {1, 2, 3}));
        assertEquals("a", arrays.getMethod("first", String[].class).invoke(null, (Object) new String[] {"a"}));
        long[] values = new long[2];
        Method store = arrays.getMethod("storeLong", long[].class, int.class, long.class);
        store.invoke(null, values, 1, 9L);
        assertArrayEquals(new long[] {0, 9}, values);
    }

    @Test
    void exceptionsComeFromTheOriginalInstruction() throws Exception {
        Method first = loader.load().getMethod("first", String[].class);
        InvocationTargetException empty = assertThrows(InvocationTargetException.class,
                () -> first.invoke(null, (Object) new String[0]));
        assertEquals(ArrayIndexOutOfBoundsException.class, empty.getCause().getClass());
        InvocationTargetException nothing = assertThrows(InvocationTargetException.class,
                () -> first.invoke(null, (Object) null));
        assertEquals(NullPointerException.class, nothing.getCause().getClass());
    }

    @Test
    void loadsHandTheirValueToTheHook() throws Exception {
        byte[] bytes = loader.bytes(Arrays.class.getName());
        List<String> roundTrip = Listing.of(bytes, "roundTrip");
        assertSequence(roundTrip, "DUP2", "IALOAD", SITE, HOOKS + "readArrayInt (Ljava/lang/Object;III)I");
        assertSequence(roundTrip, "DUP2", "LALOAD", SITE, HOOKS + "readArrayLong (Ljava/lang/Object;IJI)J");
        assertSequence(roundTrip, "DUP2", "FALOAD", SITE, HOOKS + "readArrayFloat (Ljava/lang/Object;IFI)F");
        assertSequence(roundTrip, "DUP2", "DALOAD", SITE, HOOKS + "readArrayDouble (Ljava/lang/Object;IDI)D");
        assertSequence(roundTrip, "DUP2", "BALOAD", SITE, HOOKS + "readArrayInt (Ljava/lang/Object;III)I");
        assertSequence(roundTrip, "DUP2", "CALOAD", SITE, HOOKS + "readArrayInt (Ljava/lang/Object;III)I");
        assertSequence(roundTrip, "DUP2", "SALOAD", SITE, HOOKS + "readArrayInt (Ljava/lang/Object;III)I");
        List<String> first = Listing.of(bytes, "first");
        int at = assertSequence(first, "ALOAD 0", "PUSH 0", "DUP2", SITE,
                HOOKS + "beforeReadArrayRef (Ljava/lang/Object;II)V", "AALOAD", "ARETURN");
        Site site = Sites.get(Listing.pushed(first.get(at + 3)));
        assertEquals(Opcodes.AALOAD, site.opcode());
        assertNull(site.owner());
        assertEquals(Listing.lineOf(FixtureLoader.originalBytes(Arrays.class.getName()), "first", "AALOAD"), site.line());
    }

    @Test
    void storesAreReportedBeforeTheyHappen() throws Exception {
        byte[] bytes = loader.bytes(Arrays.class.getName());
        // storeLong(long[] values, int index, long value): locals 0..3, so the temporary is 4.
        assertSequence(Listing.of(bytes, "storeLong"), "ALOAD 0", "ILOAD 1", "LLOAD 2", "LSTORE 4", "DUP2", "LLOAD 4",
                SITE, HOOKS + "writeArrayLong (Ljava/lang/Object;IJI)V", "LLOAD 4", "LASTORE", "RETURN");
        List<String> roundTrip = Listing.of(bytes, "roundTrip");
        for (String[] store : new String[][] {
                {"ISTORE", "ILOAD", "writeArrayInt (Ljava/lang/Object;III)V", "IASTORE"},
                {"FSTORE", "FLOAD", "writeArrayFloat (Ljava/lang/Object;IFI)V", "FASTORE"},
                {"DSTORE", "DLOAD", "writeArrayDouble (Ljava/lang/Object;IDI)V", "DASTORE"},
                {"ISTORE", "ILOAD", "writeArrayInt (Ljava/lang/Object;III)V", "BASTORE"},
                {"ISTORE", "ILOAD", "writeArrayInt (Ljava/lang/Object;III)V", "CASTORE"},
                {"ISTORE", "ILOAD", "writeArrayInt (Ljava/lang/Object;III)V", "SASTORE"},
                {"ASTORE", "ALOAD", "writeArrayRef (Ljava/lang/Object;ILjava/lang/Object;I)V", "AASTORE"}}) {
            int temp = 10; // roundTrip's ten array locals are 0..9
            assertSequence(roundTrip, store[0] + " " + temp, "DUP2", store[1] + " " + temp, SITE, HOOKS + store[2],
                    store[1] + " " + temp, store[3]);
        }
    }
}
