package dev.weft.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.fixtures.Fields;
import dev.weft.runtime.Sites;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

class WeftTransformerTest {
    private final WeftTransformer transformer = new WeftTransformer(AgentConfig.from(null, new Properties()));
    private final ClassLoader loader = getClass().getClassLoader();

    @Test
    void aClassThatMakesAsmThrowIsLeftAsItIsWithOneLine() {
        byte[] original = FixtureLoader.originalBytes(Fields.class.getName());
        byte[] broken = Arrays.copyOf(original, original.length / 2);
        List<String> lines = stderrOf(() -> transformer.transform(loader, "dev/weft/fixtures/Fields", null, null, broken));
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith("weft: left dev.weft.fixtures.Fields uninstrumented: "), lines.get(0));
    }

    @Test
    void classesOlderThanJava7AreLeftAsTheyAre() {
        byte[] java6 = generated(Opcodes.V1_6, "gen/Old", false);
        List<String> lines = stderrOf(() -> transformer.transform(loader, "gen/Old", null, null, java6));
        assertEquals(List.of("weft: left gen.Old uninstrumented: class file version 50 predates Java 7 (no invokedynamic)"), lines);
        assertNotNull(stderrResult(() -> transformer.transform(loader, "gen/New", null, null,
                generated(Opcodes.V1_7, "gen/New", false))));
    }

    @Test
    void aConstructorThatInitialisesThisOnTwoPathsIsLeftAlone() {
        byte[] twoPaths = generated(Opcodes.V11, "gen/TwoPaths", true);
        int sites = Sites.count();
        List<String> lines = stderrOf(() -> transformer.transform(loader, "gen/TwoPaths", null, null, twoPaths));
        assertEquals(List.of("weft: left gen.TwoPaths uninstrumented: constructor (Z)V has 2 calls that initialise this"
                + " (expected one)"), lines);
        assertEquals(sites, Sites.count(), "make(), before the constructor, registered no site");
    }

    @Test
    void aSynchronizedMethodThatOverwritesThisIsLeftAlone() {
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        writer.visit(Opcodes.V11, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "gen/Overwrites", null, "java/lang/Object", null);
        MethodVisitor method = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_SYNCHRONIZED, "m", "()V", null, null);
        method.visitCode();
        method.visitInsn(Opcodes.ACONST_NULL);
        method.visitVarInsn(Opcodes.ASTORE, 0);
        method.visitInsn(Opcodes.RETURN);
        method.visitMaxs(0, 0);
        method.visitEnd();
        writer.visitEnd();
        byte[] bytes = writer.toByteArray();
        assertEquals(List.of("weft: left gen.Overwrites uninstrumented: synchronized method m()V overwrites local 0 (this)"),
                stderrOf(() -> transformer.transform(loader, "gen/Overwrites", null, null, bytes)));
    }

    @Test
    void excludedAndJdkClassesAreNotTouched() {
        byte[] bytes = FixtureLoader.originalBytes(Fields.class.getName());
        List<String> lines = stderrOf(() -> {
            assertNull(transformer.transform(loader, "org/junit/Fields", null, null, bytes));
            assertNull(transformer.transform(loader, "dev/weft/runtime/Fields", null, null, bytes));
            assertNull(transformer.transform(null, "dev/weft/fixtures/Fields", null, null, bytes));
            assertNull(transformer.transform(ClassLoader.getPlatformClassLoader(), "dev/weft/fixtures/Fields", null, null, bytes));
            assertNull(transformer.transform(loader, null, null, null, bytes));
            return null;
        });
        assertEquals(List.of(), lines);
    }

    @Test
    void aLoaderThatCannotSeeTheRuntimeGetsTheClassAsItIs() {
        ClassLoader isolated = new ClassLoader(null) { };
        byte[] bytes = FixtureLoader.originalBytes(Fields.class.getName());
        List<String> lines = stderrOf(() -> transformer.transform(isolated, "dev/weft/fixtures/Fields", null, null, bytes));
        assertEquals(List.of("weft: left dev.weft.fixtures.Fields uninstrumented: its class loader does not see the Weft runtime"),
                lines);
    }

    @Test
    void newWithoutDupIsLeftUnreportedAndStillVerifies() throws Exception {
        byte[] bytes = generated(Opcodes.V11, "gen/NoDup", false);
        byte[] rewritten = stderrResult(() -> transformer.transform(loader, "gen/NoDup", null, null, bytes));
        List<String> make = Listing.of(rewritten, "make");
        assertEquals(List.of("NEW java/lang/Object", "ASTORE 0", "ALOAD 0", "INVOKESPECIAL java/lang/Object.<init> ()V",
                "ALOAD 0", "ARETURN"), make);
        Class<?> loaded = new ClassLoader(loader) {
            Class<?> define() {
                return defineClass("gen.NoDup", rewritten, 0, rewritten.length);
            }
        }.define();
        assertNotNull(loaded.getMethod("make").invoke(null));
    }

    /**
     * A class with a static {@code make()} and a constructor: make() creates an object without the
     * NEW; DUP pattern, and the constructor calls super() on one path or on two.
     */
    private static byte[] generated(int version, String name, boolean twoSuperCalls) {
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        writer.visit(version, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, "java/lang/Object", null);
        writer.visitField(Opcodes.ACC_PUBLIC, "field", "I", null, null).visitEnd();
        MethodVisitor make = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "make", "()Ljava/lang/Object;", null, null);
        make.visitCode();
        make.visitTypeInsn(Opcodes.NEW, "java/lang/Object");
        make.visitVarInsn(Opcodes.ASTORE, 0);
        make.visitVarInsn(Opcodes.ALOAD, 0);
        make.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        make.visitVarInsn(Opcodes.ALOAD, 0);
        make.visitInsn(Opcodes.ARETURN);
        make.visitMaxs(0, 0);
        make.visitEnd();
        MethodVisitor init = writer.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "(Z)V", null, null);
        init.visitCode();
        if (twoSuperCalls) {
            Label other = new Label();
            Label done = new Label();
            init.visitVarInsn(Opcodes.ILOAD, 1);
            init.visitJumpInsn(Opcodes.IFEQ, other);
            init.visitVarInsn(Opcodes.ALOAD, 0);
            init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
            init.visitJumpInsn(Opcodes.GOTO, done);
            init.visitLabel(other);
            init.visitVarInsn(Opcodes.ALOAD, 0);
            init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
            init.visitLabel(done);
        } else {
            init.visitVarInsn(Opcodes.ALOAD, 0);
            init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        }
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitInsn(Opcodes.ICONST_1);
        init.visitFieldInsn(Opcodes.PUTFIELD, name, "field", "I");
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        writer.visitEnd();
        return writer.toByteArray();
    }

    /** Runs the action and returns what it printed on stderr, line by line. */
    static List<String> stderrOf(Supplier<?> action) {
        PrintStream saved = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            assertNull(action.get(), "the class is left as it is");
        } finally {
            System.setErr(saved);
        }
        String text = captured.toString(StandardCharsets.UTF_8);
        return text.isEmpty() ? List.of() : List.of(text.split("\n"));
    }

    /** Runs the action, checks that it printed nothing and returns its result. */
    private static byte[] stderrResult(Supplier<byte[]> action) {
        PrintStream saved = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        byte[] result;
        try {
            result = action.get();
        } finally {
            System.setErr(saved);
        }
        assertEquals("", captured.toString(StandardCharsets.UTF_8));
        assertNotNull(result);
        return result;
    }
}
