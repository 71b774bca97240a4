package dev.weft.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class AgentConfigTest {
    private static AgentConfig config(String agentArgs, String include, String exclude) {
        Properties properties = new Properties();
        if (include != null) {
            properties.setProperty("weft.include", include);
        }
        if (exclude != null) {
            properties.setProperty("weft.exclude", exclude);
        }
        return AgentConfig.from(agentArgs, properties);
    }

    @Test
    void byDefaultEverythingButTheJdkToolingAndWeftItself() {
        AgentConfig config = config(null, null, null);
        assertTrue(config.includes("com/example/Stack"));
        assertTrue(config.includes("Default"));
        assertTrue(config.includes("dev/weft/fixtures/Fields"));
        assertTrue(config.includes("javafoo/Bar"), "a prefix is a whole package name");
        for (String name : new String[] {"java/util/concurrent/ConcurrentHashMap", "javax/swing/JFrame", "jdk/internal/misc/Unsafe",
                "sun/misc/Unsafe", "com/sun/proxy/$Proxy1", "dev/weft/runtime/Hooks", "dev/weft/models/Explorer",
                "dev/weft/agent/WeftAgent", "dev/weft/junit/ModelCheck", "dev/weft/shaded/asm/ClassReader", "org/junit/Test",
                "junit/framework/TestCase", "org/opentest4j/AssertionFailedError", "org/apiguardian/api/API",
                "org/objectweb/asm/Type", "net/bytebuddy/agent/Installer", "org/apache/maven/surefire/Booter",
                "org/openjdk/jcstress/Main", "org/openjdk/jmh/Main", "kotlin/Unit", "scala/Option", "org/slf4j/Logger",
                "ch/qos/logback/Logger", "org/gradle/Main", "com/intellij/rt/Main"}) {
            assertFalse(config.includes(name), name);
        }
    }

    @Test
    void includesRestrictAndExcludesWin() {
        AgentConfig config = config("include=com.example,org.other.Thing;exclude=com.example.internal", null, null);
        assertTrue(config.includes("com/example/Stack"));
        assertTrue(config.includes("org/other/Thing"));
        assertTrue(config.includes("org/other/Thing$Inner"));
        assertFalse(config.includes("org/other/Things"));
        assertFalse(config.includes("com/example/internal/Node"));
        assertFalse(config.includes("com/elsewhere/Stack"));
        assertFalse(config("include=com.example;exclude=com.example", null, null).includes("com/example/Stack"));
    }

    @Test
    void propertiesAndAgentArgumentsCombineInEitherSpelling() {
        AgentConfig config = config("exclude=com/b/", "com.a.*, com/b", "com.a.skip");
        assertTrue(config.includes("com/a/X"));
        assertFalse(config.includes("com/a/skip/X"));
        assertFalse(config.includes("com/b/X"));
        assertFalse(config.includes("com/c/X"));
    }

    @Test
    void aSpecificIncludeOverridesABuiltInExcludeButNotWeftItself() {
        AgentConfig config = config(null, "java.util.concurrent,org,dev.weft.runtime", null);
        assertTrue(config.includes("java/util/concurrent/locks/ReentrantLock"));
        assertFalse(config.includes("java/util/ArrayList"));
        assertTrue(config.includes("org/example/Thing"));
        assertFalse(config.includes("org/junit/Test"), "org is less specific than org/junit");
        assertFalse(config.includes("dev/weft/runtime/Hooks"));
    }

    @Test
    void unknownAgentOptionsAreRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> config("inclde=com.a", null, null));
        assertEquals("weft: unknown agent option 'inclde' (expected include=... or exclude=...)", e.getMessage());
        assertTrue(config(";;", null, null).includes("com/a/X"));
    }
}
