package dev.weft.agent;

import static dev.weft.agent.Listing.HOOKS;
import static dev.weft.agent.Listing.SITE;
import static dev.weft.agent.Listing.assertSequence;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.fixtures.MethodReferences;
import dev.weft.runtime.Site;
import dev.weft.runtime.Sites;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;

class MethodReferenceRewriteTest {
    private final FixtureLoader loader = new FixtureLoader(MethodReferences.class, false);

    @Test
    void behaviourIsUnchangedOutsideACheck() throws Exception {
        assertEquals(44, loader.load().getMethod("run").invoke(null));
    }

    @Test
    void referencesToInterceptedMethodsAreBootstrappedByTheRuntime() throws Exception {
        ClassNode node = Listing.classNode(loader.bytes(MethodReferences.class.getName()));
        InvokeDynamicInsnNode incrementer = onlyIndy(node, "incrementer");
        assertEquals(MethodReferenceRewriter.BOOTSTRAP, incrementer.bsm);
        assertEquals("(Ljava/util/concurrent/atomic/AtomicInteger;)Ljava/util/function/IntSupplier;", incrementer.desc);
        assertEquals(Type.getMethodType("()I"), incrementer.bsmArgs[0]); // the interface's erased type
        Site site = Sites.get((Integer) incrementer.bsmArgs[2]);
        assertEquals(Opcodes.INVOKEVIRTUAL, site.opcode());
        assertEquals("java/util/concurrent/atomic/AtomicInteger", site.owner());
        assertEquals("incrementAndGet", site.name());
        assertEquals("()I", site.descriptor());
        assertEquals("incrementer", site.methodName());

        InvokeDynamicInsnNode starter = onlyIndy(node, "starter");
        assertEquals(MethodReferenceRewriter.BOOTSTRAP, starter.bsm);
        assertEquals(Type.getMethodType("(Ljava/lang/Thread;)V"), starter.bsmArgs[1]); // instantiated type
        assertEquals("java/lang/Thread", Sites.get((Integer) starter.bsmArgs[2]).owner());
    }

    @Test
    void lambdasAndReferencesToRewrittenCodeKeepTheMetafactory() throws Exception {
        ClassNode node = Listing.classNode(loader.bytes(MethodReferences.class.getName()));
        for (String method : List.of("lambda", "own")) {
            assertEquals("java/lang/invoke/LambdaMetafactory", onlyIndy(node, method).bsm.getOwner(), method);
        }
    }

    /**
     * A lambda or reference that captures values is a new object each time, reported as an
     * allocation (after the site is rebootstrapped, for a rewritten one); one that captures nothing
     * is one object for good, and is not.
     */
    @Test
    void functionObjectsThatCaptureValuesAreReportedAsAllocations() throws Exception {
        byte[] bytes = loader.bytes(MethodReferences.class.getName());
        for (String method : List.of("incrementer", "lambda", "own")) {
            List<String> code = Listing.of(bytes, method);
            int at = assertSequence(code, "DUP", SITE, HOOKS + "allocated (Ljava/lang/Object;I)V", "ARETURN");
            assertTrue(code.get(at - 1).startsWith("INVOKEDYNAMIC "), method + ": " + code);
            Site site = Sites.get(Listing.pushed(code.get(at + 1)));
            assertEquals(Opcodes.INVOKEDYNAMIC, site.opcode(), method);
            assertEquals(Type.getReturnType(Listing.method(Listing.classNode(bytes), method).desc).getInternalName(),
                    site.owner(), method);
        }
        assertEquals(0, Listing.count(Listing.of(bytes, "starter"), HOOKS + "allocated"));
    }

    private static InvokeDynamicInsnNode onlyIndy(ClassNode node, String method) {
        List<AbstractInsnNode> indys = StreamSupport.stream(Listing.method(node, method).instructions.spliterator(), false)
                .filter(i -> i instanceof InvokeDynamicInsnNode).toList();
        assertEquals(1, indys.size(), method);
        return (InvokeDynamicInsnNode) indys.get(0);
    }
}
