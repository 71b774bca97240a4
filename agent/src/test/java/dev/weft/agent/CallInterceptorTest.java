package dev.weft.agent;

import static dev.weft.agent.Listing.assertSequence;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.fixtures.Calls;
import dev.weft.runtime.Site;
import dev.weft.runtime.Sites;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;

class CallInterceptorTest {
    private static final String CALLS = "dev/weft/fixtures/Calls";

    private final FixtureLoader loader = new FixtureLoader(Calls.class, false);

    @Test
    void interceptedCallsBehaveAsTheOriginals() throws Exception {
        Class<?> calls = loader.load();
        Object instance = calls.getConstructor().newInstance();
        Method cas = calls.getMethod("compareAndSet", int.class, int.class);
        assertTrue((Boolean) cas.invoke(instance, 0, 5));
        assertFalse((Boolean) cas.invoke(instance, 0, 6));
        assertEquals(5, calls.getMethod("count").invoke(instance));
        assertEquals("r", calls.getMethod("acquireRef").invoke(instance));
        assertEquals(8, calls.getMethod("arrayElement", int[].class, int.class).invoke(null, new int[] {7, 8}, 1));
        calls.getMethod("fence").invoke(null);
        assertEquals(17, calls.getMethod("lookedUp").invoke(instance));
        AtomicInteger counter = new AtomicInteger(41);
        assertEquals(42, calls.getMethod("incrementAndGet", AtomicInteger.class).invoke(null, counter));
        assertEquals(11, calls.getMethod("startAndJoin").invoke(null));
        assertEquals(true, calls.getMethod("parkAndUnpark").invoke(instance));
        assertEquals(1, calls.getMethod("waitAndNotify").invoke(instance));
        assertEquals(true, calls.getMethod("identity").invoke(null));
        assertEquals(true, calls.getMethod("nondeterminism").invoke(null));
        assertEquals(1, calls.getMethod("lock").invoke(null));
        assertEquals(true, calls.getMethod("interrupts").invoke(null));
        loader.verify(Calls.class.getName() + "$Worker");
    }

    @Test
    void varHandleCallsKeepTheirCallSiteDescriptorWithTheReceiverFirst() throws Exception {
        ClassNode node = Listing.classNode(loader.bytes(Calls.class.getName()));
        InvokeDynamicInsnNode cas = indy(node, "compareAndSet", "compareAndSet");
        assertEquals("(Ljava/lang/invoke/VarHandle;L" + CALLS + ";II)Z", cas.desc);
        assertEquals(new Handle(Opcodes.H_INVOKESTATIC, "dev/weft/runtime/Hooks", "bootstrap",
                "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;I)"
                        + "Ljava/lang/invoke/CallSite;", false), cas.bsm);
        Site site = Sites.get((Integer) cas.bsmArgs[0]);
        assertEquals(Opcodes.INVOKEVIRTUAL, site.opcode());
        assertEquals("java/lang/invoke/VarHandle", site.owner());
        assertEquals("compareAndSet", site.name());
        assertEquals("(L" + CALLS + ";II)Z", site.descriptor());
        assertEquals(Listing.lineOf(FixtureLoader.originalBytes(Calls.class.getName()), "compareAndSet",
                "INVOKEVIRTUAL java/lang/invoke/VarHandle.compareAndSet (L" + CALLS + ";II)Z"), site.line());

        assertEquals("(Ljava/lang/invoke/VarHandle;L" + CALLS + ";)Ljava/lang/String;",
                indy(node, "acquireRef", "getAcquire").desc);
        assertEquals("(Ljava/lang/invoke/VarHandle;[II)I", indy(node, "arrayElement", "get").desc);
        assertEquals("()V", indy(node, "fence", "fullFence").desc);
        assertEquals("(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/Class;Ljava/lang/String;Ljava/lang/Class;)"
                + "Ljava/lang/invoke/VarHandle;", indy(node, "lookedUp", "findVarHandle").desc);
    }

    @Test
    void everyInterceptedFamilyBecomesInvokedynamic() throws Exception {
        ClassNode node = Listing.classNode(loader.bytes(Calls.class.getName()));
        assertEquals("(Ljava/util/concurrent/atomic/AtomicInteger;)I", indy(node, "incrementAndGet", "incrementAndGet").desc);
        assertEquals(List.of("(Ljava/lang/Thread;)V", "(L" + CALLS + "$Worker;)V"), descriptors(node, "startAndJoin", "start"));
        assertEquals(List.of("(Ljava/lang/Thread;)V", "(L" + CALLS + "$Worker;J)V"), descriptors(node, "startAndJoin", "join"));
        assertEquals(List.of("(L" + CALLS + "$Worker;)Z"), descriptors(node, "startAndJoin", "isAlive"));
        assertEquals("(Ljava/lang/Object;)V", indy(node, "parkAndUnpark", "park").desc);
        assertEquals("(Ljava/lang/Thread;)V", indy(node, "parkAndUnpark", "unpark").desc);
        assertEquals("(Ljava/lang/Object;)V", indy(node, "waitAndNotify", "wait").desc);
        assertEquals("(Ljava/lang/Object;)V", indy(node, "waitAndNotify", "notifyAll").desc);
        assertEquals("(Ljava/lang/Object;)I", indy(node, "identity", "identityHashCode").desc);
        assertEquals("()J", indy(node, "nondeterminism", "nanoTime").desc);
        assertEquals("()D", indy(node, "nondeterminism", "random").desc);
        assertEquals("()Ljava/util/concurrent/ThreadLocalRandom;", indy(node, "nondeterminism", "current").desc);
        assertEquals("(Ljava/util/concurrent/locks/ReentrantLock;)V", indy(node, "lock", "lock").desc);
        assertEquals("()Z", indy(node, "interrupts", "interrupted").desc);

        List<String> identity = Listing.of(Listing.method(node, "identity"));
        assertEquals(2, Listing.count(identity, "INVOKEDYNAMIC hashCode "), "Object.hashCode and String.hashCode");
        // Neither constructors nor super calls are intercepted.
        assertSequence(Listing.of(Listing.method(node, "startAndJoin")), "INVOKESPECIAL java/lang/Thread.<init> (Ljava/lang/Runnable;)V");
        assertSequence(Listing.of(Listing.method(Listing.classNode(loader.bytes(Calls.class.getName() + "$Worker")), "<init>")),
                "INVOKESPECIAL java/lang/Thread.<init> ()V");
    }

    @Test
    void theStaticInitialiserIsNotIntercepted() throws Exception {
        ClassNode node = Listing.classNode(loader.bytes(Calls.class.getName()));
        assertEquals(0, Listing.count(Listing.of(Listing.method(node, "<clinit>")), "INVOKEDYNAMIC"));
    }

    @Test
    void theInterceptionRules() {
        assertTrue(CallInterceptor.intercepts(Opcodes.INVOKEVIRTUAL, "java/util/concurrent/ConcurrentHashMap", "get", "(Ljava/lang/Object;)Ljava/lang/Object;"));
        assertTrue(CallInterceptor.intercepts(Opcodes.INVOKEINTERFACE, "java/util/concurrent/locks/Lock", "lock", "()V"));
        assertTrue(CallInterceptor.intercepts(Opcodes.INVOKESTATIC, "java/lang/Thread", "sleep", "(J)V"));
        assertTrue(CallInterceptor.intercepts(Opcodes.INVOKEVIRTUAL, "my/Thing", "notify", "()V"));
        assertTrue(CallInterceptor.intercepts(Opcodes.INVOKEVIRTUAL, "my/Thing", "join", "(JI)V"));
        assertTrue(CallInterceptor.intercepts(Opcodes.INVOKEVIRTUAL, "java/lang/invoke/MethodHandles$Lookup", "unreflectVarHandle", "(Ljava/lang/reflect/Field;)Ljava/lang/invoke/VarHandle;"));
        assertTrue(CallInterceptor.intercepts(Opcodes.INVOKEINTERFACE, "java/util/Map", "put", "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;"));
        assertFalse(CallInterceptor.intercepts(Opcodes.INVOKEVIRTUAL, "java/util/HashMap", "put", "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;"));
        assertFalse(CallInterceptor.intercepts(Opcodes.INVOKESPECIAL, "java/lang/Thread", "start", "()V"));
        assertFalse(CallInterceptor.intercepts(Opcodes.INVOKESTATIC, "java/util/concurrent/Executors", "<clinit>", "()V"));
        assertFalse(CallInterceptor.intercepts(Opcodes.INVOKEVIRTUAL, "my/Thing", "join", "(Ljava/lang/String;)V"));
        assertFalse(CallInterceptor.intercepts(Opcodes.INVOKEINTERFACE, "my/Thing", "hashCode", "()I"));
        assertFalse(CallInterceptor.intercepts(Opcodes.INVOKESTATIC, "java/lang/System", "arraycopy", "(Ljava/lang/Object;ILjava/lang/Object;II)V"));
        assertFalse(CallInterceptor.intercepts(Opcodes.INVOKEVIRTUAL, "java/lang/invoke/MethodHandle", "invokeExact", "()V"));
    }

    private static List<String> descriptors(ClassNode node, String method, String name) {
        List<String> descriptors = new ArrayList<>();
        for (var insn : Listing.method(node, method).instructions) {
            if (insn instanceof InvokeDynamicInsnNode indy && indy.name.equals(name)) {
                descriptors.add(indy.desc);
            }
        }
        return descriptors;
    }

    /** The intercepted call in the method, or in a lambda body named after it ({@code lambda$method$n}). */
    private static InvokeDynamicInsnNode indy(ClassNode node, String method, String name) {
        for (var candidate : node.methods) {
            if (!candidate.name.equals(method) && !candidate.name.startsWith("lambda$" + method + "$")) {
                continue;
            }
            for (var insn : candidate.instructions) {
                if (insn instanceof InvokeDynamicInsnNode indy && indy.name.equals(name)
                        && indy.bsm.getOwner().equals("dev/weft/runtime/Hooks")) {
                    return indy;
                }
            }
        }
        throw new AssertionError("no intercepted " + name + " in " + method);
    }
}
