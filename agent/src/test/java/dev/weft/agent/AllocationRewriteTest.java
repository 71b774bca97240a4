package dev.weft.agent;

import static dev.weft.agent.Listing.HOOKS;
import static dev.weft.agent.Listing.SITE;
import static dev.weft.agent.Listing.assertSequence;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.weft.fixtures.Allocations;
import dev.weft.runtime.Site;
import dev.weft.runtime.Sites;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Opcodes;

class AllocationRewriteTest {
    private static final String ALLOCATED = HOOKS + "allocated (Ljava/lang/Object;I)V";
    private static final String ALLOCATIONS = "dev/weft/fixtures/Allocations";

    private final FixtureLoader loader = new FixtureLoader(Allocations.class, false);

    @Test
    void behaviourIsUnchanged() throws Exception {
        Class<?> allocations = loader.load();
        Object instance = allocations.getConstructor().newInstance();
        assertEquals(2, allocations.getMethod("objects").invoke(instance));
        assertEquals(10, allocations.getMethod("arrays").invoke(instance));
        assertEquals(true, allocations.getMethod("randoms").invoke(instance));
        assertEquals(2, allocations.getMethod("child").invoke(null));
        loader.verify(Allocations.class.getName() + "$Child");
    }

    @Test
    void newObjectsAreReportedOnceConstructed() throws Exception {
        byte[] bytes = loader.bytes(Allocations.class.getName());
        List<String> objects = Listing.of(bytes, "objects");
        // new StringBuilder(new String("ab")): the inner object first, each after its own constructor.
        int at = assertSequence(objects, "NEW java/lang/StringBuilder", "DUP", "NEW java/lang/String", "DUP", "LDC ab",
                "INVOKESPECIAL java/lang/String.<init> (Ljava/lang/String;)V", "DUP", SITE, ALLOCATED,
                "INVOKESPECIAL java/lang/StringBuilder.<init> (Ljava/lang/String;)V", "DUP", SITE, ALLOCATED);
        Site string = Sites.get(Listing.pushed(objects.get(at + 7)));
        assertEquals(Opcodes.NEW, string.opcode());
        assertEquals("java/lang/String", string.owner());
        assertEquals(Listing.lineOf(FixtureLoader.originalBytes(Allocations.class.getName()), "objects",
                "NEW java/lang/String"), string.line());
        assertEquals("java/lang/StringBuilder", Sites.get(Listing.pushed(objects.get(at + 11))).owner());
        // A discarded new Object() is reported too, then popped.
        assertSequence(objects, "NEW java/lang/Object", "DUP", "INVOKESPECIAL java/lang/Object.<init> ()V", "DUP", SITE,
                ALLOCATED, "POP");
    }

    @Test
    void arraysAreReportedWithTheirType() throws Exception {
        List<String> arrays = Listing.of(loader.bytes(Allocations.class.getName()), "arrays");
        String[][] expected = {
                {"NEWARRAY " + Opcodes.T_INT, "[I"},
                {"ANEWARRAY java/lang/String", "[Ljava/lang/String;"},
                {"MULTIANEWARRAY [[J 2", "[[J"},
                {"ANEWARRAY [Ljava/lang/String;", "[[Ljava/lang/String;"}};
        for (String[] array : expected) {
            int at = assertSequence(arrays, array[0], "DUP", SITE, ALLOCATED);
            Site site = Sites.get(Listing.pushed(arrays.get(at + 2)));
            assertEquals(array[1], site.owner());
        }
    }

    @Test
    void constructorsReportThisOnceInitialised() throws Exception {
        byte[] bytes = loader.bytes(Allocations.class.getName());
        List<String> delegating = Listing.of(Listing.method(Listing.classNode(bytes), "<init>"));
        int at = assertSequence(delegating, "ALOAD 0", "NEW java/lang/Object", "DUP", "INVOKESPECIAL java/lang/Object.<init> ()V",
                "DUP", SITE, ALLOCATED, "INVOKESPECIAL " + ALLOCATIONS + ".<init> (Ljava/lang/Object;)V", "ALOAD 0", SITE,
                ALLOCATED);
        Site site = Sites.get(Listing.pushed(delegating.get(at + 9)));
        assertEquals(Site.CONSTRUCTOR, site.opcode());
        assertEquals(ALLOCATIONS, site.owner());
        assertEquals("<init>", site.methodName());
        assertNull(site.name());

        List<String> child = Listing.of(loader.bytes(Allocations.class.getName() + "$Child"), "<init>");
        assertSequence(child, "INVOKESPECIAL java/lang/StringBuilder.<init> (Ljava/lang/String;)V", "DUP", SITE, ALLOCATED);
        assertSequence(child, "ANEWARRAY java/lang/Object", "DUP", SITE, ALLOCATED);
        assertSequence(child, "INVOKESPECIAL " + ALLOCATIONS + ".<init> (Ljava/lang/Object;)V", "ALOAD 0", SITE, ALLOCATED,
                "RETURN");
    }

    @Test
    void unseededRandomsAreFlagged() throws Exception {
        List<String> randoms = Listing.of(loader.bytes(Allocations.class.getName()), "randoms");
        int at = assertSequence(randoms, "NEW java/util/Random", "DUP", SITE, HOOKS + "unseededRandom (I)V",
                "INVOKESPECIAL java/util/Random.<init> ()V", "DUP", SITE, ALLOCATED);
        Site site = Sites.get(Listing.pushed(randoms.get(at + 2)));
        assertEquals(Opcodes.INVOKESPECIAL, site.opcode());
        assertEquals("java/util/Random", site.owner());
        assertEquals("<init>", site.name());
        assertEquals("()V", site.descriptor());
        assertEquals(1, Listing.count(randoms, HOOKS + "unseededRandom"), "new Random(42) is seeded");
    }
}
