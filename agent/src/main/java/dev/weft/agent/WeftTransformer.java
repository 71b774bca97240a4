package dev.weft.agent;

import dev.weft.runtime.Hooks;
import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;

/**
 * The agent's class file transformer. It never breaks a class: whatever goes wrong while rewriting
 * one, the class is loaded as it is and one line on stderr says so.
 */
public final class WeftTransformer implements ClassFileTransformer {
    private final AgentConfig config;

    public WeftTransformer(AgentConfig config) {
        this.config = config;
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> classBeingRedefined,
                            ProtectionDomain protectionDomain, byte[] classfileBuffer) {
        if (!wants(loader, className)) {
            return null;
        }
        try {
            requireRuntimeVisible(loader);
            return ClassRewriter.rewrite(classfileBuffer, loader, classBeingRedefined != null,
                    name -> wants(loader, name));
        } catch (Throwable t) {
            String reason = t instanceof NotRewritable ? t.getMessage() : t.toString();
            System.err.println("weft: left " + className.replace('/', '.') + " uninstrumented: "
                    + reason.replace('\n', ' '));
            return null;
        }
    }

    /**
     * Whether the class is one to rewrite: configured, and not the JDK's (the bootstrap and
     * platform loaders cannot see the runtime, and JDK classes are not rewritten yet).
     */
    boolean wants(ClassLoader loader, String className) {
        return loader != null && loader != ClassLoader.getPlatformClassLoader()
                && className != null && config.includes(className);
    }

    /** Rewritten code calls Hooks through its own loader, which must find this very runtime. */
    private static void requireRuntimeVisible(ClassLoader loader) {
        Class<?> seen;
        try {
            seen = Class.forName(Hooks.class.getName(), false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            seen = null;
        }
        if (seen != Hooks.class) {
            throw new NotRewritable("its class loader " + (seen == null ? "does not see" : "has its own copy of")
                    + " the Weft runtime");
        }
    }
}
