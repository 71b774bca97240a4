package dev.weft.agent;

import static dev.weft.agent.Listing.HOOKS;
import static dev.weft.agent.Listing.assertSequence;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weft.fixtures.StaticInits;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.objectweb.asm.tree.MethodNode;

class ClassInitRewriteTest {
    private static final String ENTER = HOOKS + "enterClassInit ()V";
    private static final String EXIT = HOOKS + "exitClassInit ()V";

    /** Bracketed by the hooks: at its start, at its return and in a last catch-all handler. */
    @ParameterizedTest(name = "retransform={0}")
    @ValueSource(booleans = {false, true})
    void aStaticInitialiserIsBracketedAndOtherwiseLeftAlone(boolean retransform) throws Exception {
        FixtureLoader loader = new FixtureLoader(StaticInits.class, retransform);
        assertEquals(5, loader.load().getMethod("size").invoke(null));
        byte[] rewritten = loader.bytes(StaticInits.class.getName());
        MethodNode clinit = Listing.method(Listing.classNode(rewritten), "<clinit>");
        List<String> code = Listing.of(clinit);
        assertEquals(0, assertSequence(code, ENTER), "entered first");
        assertSequence(code, EXIT, "RETURN");
        assertEquals(code.size() - 2, assertSequence(code, EXIT, "ATHROW"), "the handler comes last");
        assertEquals(2, Listing.count(code, EXIT));
        assertNull(clinit.tryCatchBlocks.get(clinit.tryCatchBlocks.size() - 1).type);
        // Its own code is left as it is (FieldAccessRewriteTest); what it calls is rewritten, and
        // kept out of the model by the runtime.
        assertEquals(2, Listing.count(Listing.of(rewritten, "build"), HOOKS + "writeArrayInt"));
    }

    /** The JVM verifies the handler's frame, and the initialiser's exception comes through. */
    @ParameterizedTest(name = "retransform={0}")
    @ValueSource(booleans = {false, true})
    void aStaticInitialiserThatThrowsEndsThroughTheHandler(boolean retransform) throws Exception {
        FixtureLoader loader = new FixtureLoader(StaticInits.class, retransform);
        String broken = StaticInits.Broken.class.getName();
        loader.verify(broken);
        ExceptionInInitializerError e = assertThrows(ExceptionInInitializerError.class,
                () -> Class.forName(broken, true, loader));
        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertEquals(2, Listing.count(Listing.of(loader.bytes(broken), "<clinit>"), EXIT));
    }
}
