package dev.weft.agent;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;

/**
 * The original code of the classes a class being rewritten refers to, read from its loader's
 * class files (for the spin-loop detector, which looks into the methods and constructors a loop calls). Only
 * classes the agent rewrites count: in the others, a static field write would be no event. Read
 * once per name while one class is rewritten; a class whose file cannot be read is unknown.
 */
final class ClassFiles {
    private final ClassLoader loader;
    private final Predicate<String> rewritten;
    private final Map<String, ClassNode> read = new HashMap<>();

    ClassFiles(ClassLoader loader, Predicate<String> rewritten) {
        this.loader = loader;
        this.rewritten = rewritten;
    }

    /** The class of this internal name, or null when it is not rewritten or its file cannot be read. */
    ClassNode get(String internalName) {
        return rewritten.test(internalName) ? read.computeIfAbsent(internalName, this::load) : null;
    }

    private ClassNode load(String internalName) {
        ClassLoader l = loader != null ? loader : ClassLoader.getSystemClassLoader();
        try (InputStream in = l.getResourceAsStream(internalName + ".class")) {
            if (in == null) {
                return null;
            }
            ClassNode node = new ClassNode();
            new ClassReader(in.readAllBytes()).accept(node, ClassReader.SKIP_FRAMES);
            return node;
        } catch (IOException | RuntimeException e) {
            return null; // unreadable: the detector refuses what it cannot see
        }
    }
}
