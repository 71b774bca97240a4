package dev.weft.agent;

import static dev.weft.agent.Listing.HOOKS;
import static dev.weft.agent.Listing.SITE;
import static dev.weft.agent.Listing.assertSequence;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.weft.fixtures.AbstractOnly;
import dev.weft.fixtures.Fields;
import dev.weft.fixtures.StaticInit;
import dev.weft.runtime.Site;
import dev.weft.runtime.Sites;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Opcodes;

class FieldAccessRewriteTest {
    private static final String FIELDS = "dev/weft/fixtures/Fields";

    private final FixtureLoader loader = new FixtureLoader(Fields.class, false);

    @Test
    void behaviourIsUnchanged() throws Exception {
        Object fields = loader.load().getConstructor().newInstance();
        assertEquals(new Fields().roundTrip(), call(fields, "roundTrip"));
        assertEquals(42, call(fields, "viaInner"));
        assertEquals(42, fields.getClass().getMethod("viaCapture", int.class).invoke(fields, 1));
        assertEquals(5L, fields.getClass().getMethod("writeLong", long.class).invoke(fields, 5L));
        loader.verify(Fields.class.getName() + "$Inner");
        loader.verify(Fields.class.getName() + "$1");
    }

    @Test
    void getFieldHandsItsValueToTheHook() throws Exception {
        List<String> code = Listing.of(loader.bytes(Fields.class.getName()), "readInt");
        int at = assertSequence(code, "ALOAD 0", "DUP", "GETFIELD " + FIELDS + ".i I", SITE,
                HOOKS + "readInt (Ljava/lang/Object;II)I", "IRETURN");
        Site site = Sites.get(Listing.pushed(code.get(at + 3)));
        assertEquals(Opcodes.GETFIELD, site.opcode());
        assertEquals(FIELDS, site.owner());
        assertEquals("i", site.name());
        assertEquals("I", site.descriptor());
        assertEquals(FIELDS, site.className());
        assertEquals("readInt", site.methodName());
        assertEquals("Fields.java", site.sourceFile());
        assertEquals(Listing.lineOf(FixtureLoader.originalBytes(Fields.class.getName()), "readInt",
                "GETFIELD " + FIELDS + ".i I"), site.line());
        assertEquals(loader, site.loader());
    }

    @Test
    void referenceReadsAreCastBack() throws Exception {
        byte[] bytes = loader.bytes(Fields.class.getName());
        assertSequence(Listing.of(bytes, "readString"), "DUP", "GETFIELD " + FIELDS + ".str Ljava/lang/String;", SITE,
                HOOKS + "readRef (Ljava/lang/Object;Ljava/lang/Object;I)Ljava/lang/Object;", "CHECKCAST java/lang/String",
                "ARETURN");
        assertSequence(Listing.of(bytes, "readStatic"), "GETSTATIC " + FIELDS + ".sstr Ljava/lang/String;", SITE,
                HOOKS + "readStaticRef (Ljava/lang/Object;I)Ljava/lang/Object;", "CHECKCAST java/lang/String", "ARETURN");
        List<String> roundTrip = Listing.of(bytes, "roundTrip");
        assertSequence(roundTrip, "GETFIELD " + FIELDS + ".ints [I", SITE,
                HOOKS + "readRef (Ljava/lang/Object;Ljava/lang/Object;I)Ljava/lang/Object;", "CHECKCAST [I");
        // Object needs no cast.
        assertSequence(roundTrip, "GETFIELD " + FIELDS + ".obj Ljava/lang/Object;", SITE,
                HOOKS + "readRef (Ljava/lang/Object;Ljava/lang/Object;I)Ljava/lang/Object;", "ALOAD 0");
    }

    @Test
    void writesAreReportedBeforeTheyHappen() throws Exception {
        byte[] bytes = loader.bytes(Fields.class.getName());
        List<String> roundTrip = Listing.of(bytes, "roundTrip");
        assertSequence(roundTrip, "ALOAD 0", "PUSH 1", "DUP2", SITE, HOOKS + "writeInt (Ljava/lang/Object;II)V",
                "PUTFIELD " + FIELDS + ".i I");
        assertSequence(roundTrip, "DUP2", SITE, HOOKS + "writeFloat (Ljava/lang/Object;FI)V", "PUTFIELD " + FIELDS + ".f F");
        assertSequence(roundTrip, "DUP2", SITE, HOOKS + "writeInt (Ljava/lang/Object;II)V", "PUTFIELD " + FIELDS + ".z Z");
        assertSequence(roundTrip, "DUP2", SITE, HOOKS + "writeRef (Ljava/lang/Object;Ljava/lang/Object;I)V",
                "PUTFIELD " + FIELDS + ".str Ljava/lang/String;");
        // Wide values go through a temporary beyond the method's locals (roundTrip has only this).
        assertSequence(roundTrip, "LDC 2", "LSTORE 1", "DUP", "LLOAD 1", SITE, HOOKS + "writeLong (Ljava/lang/Object;JI)V",
                "LLOAD 1", "PUTFIELD " + FIELDS + ".l J");
        assertSequence(roundTrip, "DSTORE 1", "DUP", "DLOAD 1", SITE, HOOKS + "writeDouble (Ljava/lang/Object;DI)V",
                "DLOAD 1", "PUTFIELD " + FIELDS + ".d D");
        assertSequence(roundTrip, "PUSH 10", "DUP", SITE, HOOKS + "writeStaticInt (II)V", "PUTSTATIC " + FIELDS + ".si I");
        assertSequence(roundTrip, "DUP2", SITE, HOOKS + "writeStaticLong (JI)V", "PUTSTATIC " + FIELDS + ".sl J");
        assertSequence(roundTrip, "DUP2", SITE, HOOKS + "writeStaticDouble (DI)V", "PUTSTATIC " + FIELDS + ".sd D");
        // A compound assignment reads, then writes.
        assertSequence(roundTrip, "ALOAD 0", "DUP", "DUP", "GETFIELD " + FIELDS + ".l J", SITE,
                HOOKS + "readLong (Ljava/lang/Object;JI)J");
    }

    @Test
    void constructorWritesBeforeSuperAreLeftAlone() throws Exception {
        String inner = Fields.class.getName() + "$Inner";
        List<String> constructor = Listing.of(loader.bytes(inner), "<init>");
        assertSequence(constructor, "ALOAD 0", "ALOAD 1", "PUTFIELD " + FIELDS + "$Inner.this$0 L" + FIELDS + ";",
                "ALOAD 0", "INVOKESPECIAL java/lang/Object.<init> ()V", "ALOAD 0", SITE,
                HOOKS + "allocated (Ljava/lang/Object;I)V", "ALOAD 0", SITE, HOOKS + "freeze (Ljava/lang/Object;I)V",
                "RETURN"); // this$0 is a final field: the constructor's end freezes it
        List<String> anonymous = Listing.of(loader.bytes(Fields.class.getName() + "$1"), "<init>");
        assertEquals(0, Listing.count(anonymous, HOOKS + "write"), String.join("\n", anonymous));
        // After super(), the inner class's own reads are rewritten.
        assertSequence(Listing.of(loader.bytes(inner), "outerInt"), "DUP",
                "GETFIELD " + FIELDS + "$Inner.this$0 L" + FIELDS + ";", SITE);
    }

    /** Only bracketed by the class-initialisation hooks ({@link ClassInitRewriteTest}). */
    @Test
    void staticInitialisersAreNotRewritten() throws Exception {
        byte[] original = FixtureLoader.originalBytes(StaticInit.class.getName());
        FixtureLoader counterLoader = new FixtureLoader(StaticInit.class, false);
        byte[] rewritten = counterLoader.bytes(StaticInit.class.getName());
        List<String> bracketed = Listing.of(rewritten, "<clinit>");
        List<String> own = bracketed.subList(0, bracketed.size() - 1).stream() // less the handler's ATHROW
                .filter(line -> !line.matches(".*Hooks\\.(enter|exit)ClassInit .*")).toList();
        assertEquals(Listing.of(original, "<clinit>"), own);
        counterLoader.load();
    }

    @Test
    void aClassWithNothingToRewriteIsLeftAsItIs() {
        WeftTransformer transformer = new WeftTransformer(AgentConfig.from(null, new Properties()));
        String name = AbstractOnly.class.getName();
        assertNull(transformer.transform(loader, name.replace('.', '/'), null, null, FixtureLoader.originalBytes(name)));
    }

    private static Object call(Object target, String method) throws Exception {
        return target.getClass().getMethod(method).invoke(target);
    }
}
