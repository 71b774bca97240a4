package dev.weft.agent;

import static dev.weft.agent.Listing.HOOKS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.weft.fixtures.Freezes;
import dev.weft.runtime.Site;
import dev.weft.runtime.Sites;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

class FreezeRewriteTest {
    private static final String FREEZE = HOOKS + "freeze (Ljava/lang/Object;I)V";
    private static final String FREEZES = "dev/weft/fixtures/Freezes";

    private final FixtureLoader loader = new FixtureLoader(Freezes.class, false);

    @Test
    void behaviourIsUnchanged() throws Exception {
        Class<?> freezes = loader.load();
        assertEquals(4, freezes.getMethod("size").invoke(freezes.getConstructor().newInstance()));
        assertEquals(0, freezes.getMethod("size").invoke(freezes.getConstructor(int.class).newInstance(-1)));
        loader.verify(Freezes.class.getName() + "$Sub");
        loader.verify(Freezes.class.getName() + "$NoFinals");
    }

    @Test
    void everyReturnOfAConstructorOfAClassWithFinalFieldsFreezes() throws Exception {
        ClassNode freezes = Listing.classNode(loader.bytes(Freezes.class.getName()));
        for (MethodNode constructor : freezes.methods) {
            if (!constructor.name.equals("<init>")) {
                continue;
            }
            List<String> code = Listing.of(constructor);
            long returns = Listing.count(code, "RETURN");
            assertEquals(constructor.desc.equals("(I)V") ? 2 : 1, returns, String.join("\n", code));
            assertEquals(returns, Listing.count(code, FREEZE), String.join("\n", code));
            for (int at = code.indexOf(FREEZE); at >= 0; at = indexOf(code, FREEZE, at + 1)) {
                assertEquals("ALOAD 0", code.get(at - 2));
                assertEquals("RETURN", code.get(at + 1));
                Site site = Sites.get(Listing.pushed(code.get(at - 1)));
                assertEquals(Site.FREEZE, site.opcode());
                assertEquals(FREEZES, site.owner());
                assertNull(site.name());
            }
        }
        assertEquals(0, Listing.count(Listing.of(freezes.methods.stream()
                .filter(m -> m.name.equals("size")).findFirst().orElseThrow()), FREEZE));
    }

    @Test
    void classesWithoutFinalInstanceFieldsDoNotFreeze() throws Exception {
        for (String nested : new String[] {"$NoFinals", "$Sub"}) {
            List<String> constructor = Listing.of(loader.bytes(Freezes.class.getName() + nested), "<init>");
            assertEquals(0, Listing.count(constructor, FREEZE), String.join("\n", constructor));
        }
    }

    private static int indexOf(List<String> code, String line, int from) {
        for (int i = from; i < code.size(); i++) {
            if (code.get(i).equals(line)) {
                return i;
            }
        }
        return -1;
    }
}
