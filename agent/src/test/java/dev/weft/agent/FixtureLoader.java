package dev.weft.agent;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.CheckClassAdapter;

/**
 * A throwaway loader that defines one fixture class and its nested classes from their class files
 * rewritten by {@link WeftTransformer} (as at class load, or as a retransformation); everything
 * else comes from the test class path.
 */
final class FixtureLoader extends ClassLoader {
    private final String fixture;
    private final boolean retransform;
    private final WeftTransformer transformer = new WeftTransformer(AgentConfig.from(null, new Properties()));
    private final Map<String, byte[]> rewritten = new ConcurrentHashMap<>();

    static {
        registerAsParallelCapable();
    }

    FixtureLoader(Class<?> fixture, boolean retransform) {
        super("fixtures", FixtureLoader.class.getClassLoader());
        this.fixture = fixture.getName();
        this.retransform = retransform;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!name.equals(fixture) && !name.startsWith(fixture + "$")) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> loaded = findLoadedClass(name);
            if (loaded == null) {
                byte[] original = originalBytes(name);
                Class<?> redefined = retransform ? Class.forName(name, false, getParent()) : null;
                byte[] result = transformer.transform(this, name.replace('.', '/'), redefined, null, original);
                byte[] bytes = result == null ? original : result;
                rewritten.put(name, bytes);
                loaded = defineClass(name, bytes, 0, bytes.length);
            }
            if (resolve) {
                resolveClass(loaded);
            }
            return loaded;
        }
    }

    /** The fixture's class, rewritten, verified by ASM and loaded (so verified by the JVM too). */
    Class<?> load() throws ClassNotFoundException {
        Class<?> loaded = loadClass(fixture);
        verify(fixture);
        return loaded;
    }

    /** The class file the loader defined for this class (loading it if needed). */
    byte[] bytes(String name) throws ClassNotFoundException {
        loadClass(name);
        return rewritten.get(name);
    }

    /** Checks the rewritten class with ASM's verifier, which resolves types through this loader. */
    void verify(String name) throws ClassNotFoundException {
        StringWriter errors = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(bytes(name)), this, false, new PrintWriter(errors));
        if (!errors.toString().isEmpty()) {
            throw new AssertionError("ASM verification of " + name + " failed:\n" + errors);
        }
    }

    static byte[] originalBytes(String name) {
        String resource = name.replace('.', '/') + ".class";
        try (InputStream in = FixtureLoader.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no class file for " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
