package dev.weft.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Which classes the agent rewrites, by package prefix.
 *
 * <p>Prefixes come from the system properties {@code weft.include} and {@code weft.exclude}
 * (comma-separated) and from the agent argument ({@code include=a.b,c.d;exclude=x.y}), dotted or
 * slashed. A class is rewritten when no exclude matches it and, if any include was given, an
 * include matches it. Explicit excludes always win. The built-in excludes (the JDK, test and build
 * tooling) give way to an include that is at least as specific, so that a user can ask for one of
 * those packages; Weft's own classes are never rewritten, since the hooks would call themselves.
 */
public final class AgentConfig {
    private static final List<String> NEVER = List.of(
            "dev/weft/models", "dev/weft/runtime", "dev/weft/agent", "dev/weft/junit", "dev/weft/jcstress",
            "dev/weft/shaded");

    // ASM and Byte Buddy are spelt out at run time: as literals, the shaded jar's relocation would
    // rewrite them into Weft's own shaded packages.
    private static final List<String> BUILT_IN_EXCLUDES = List.of(
            "java", "javax", "jdk", "sun", "com/sun",
            "org/junit", "junit", "org/opentest4j", "org/apiguardian",
            String.join("/", "org", "objectweb", "asm"), String.join("/", "net", "bytebuddy"),
            "org/apache/maven", "org/openjdk/jcstress", "org/openjdk/jmh", "kotlin", "scala", "org/slf4j",
            "ch/qos", "org/gradle", "com/intellij");

    private final List<String> includes;
    private final List<String> excludes;

    private AgentConfig(List<String> includes, List<String> excludes) {
        this.includes = includes;
        this.excludes = excludes;
    }

    /** The configuration from the system properties and the agent argument (which may be null). */
    public static AgentConfig from(String agentArgs, Properties properties) {
        List<String> includes = new ArrayList<>();
        List<String> excludes = new ArrayList<>();
        addPrefixes(properties.getProperty("weft.include"), includes);
        addPrefixes(properties.getProperty("weft.exclude"), excludes);
        if (agentArgs != null) {
            for (String option : agentArgs.split(";")) {
                int eq = option.indexOf('=');
                String key = eq < 0 ? option.trim() : option.substring(0, eq).trim();
                String value = eq < 0 ? "" : option.substring(eq + 1);
                switch (key) {
                    case "include" -> addPrefixes(value, includes);
                    case "exclude" -> addPrefixes(value, excludes);
                    case "" -> { }
                    default -> throw new IllegalArgumentException(
                            "weft: unknown agent option '" + key + "' (expected include=... or exclude=...)");
                }
            }
        }
        return new AgentConfig(List.copyOf(includes), List.copyOf(excludes));
    }

    /** Whether the class with this internal name ({@code a/b/C}) is to be rewritten. */
    public boolean includes(String internalName) {
        if (longestMatch(NEVER, internalName) >= 0 || longestMatch(excludes, internalName) >= 0) {
            return false;
        }
        int include = longestMatch(includes, internalName);
        if (!includes.isEmpty() && include < 0) {
            return false;
        }
        return include >= longestMatch(BUILT_IN_EXCLUDES, internalName);
    }

    private static void addPrefixes(String list, List<String> into) {
        if (list == null) {
            return;
        }
        for (String raw : list.split(",")) {
            String prefix = raw.trim().replace('.', '/');
            while (prefix.endsWith("/") || prefix.endsWith("*")) {
                prefix = prefix.substring(0, prefix.length() - 1);
            }
            if (!prefix.isEmpty()) {
                into.add(prefix);
            }
        }
    }

    /** The length of the longest prefix that covers the class (a package, a class or its nested classes), or -1. */
    private static int longestMatch(List<String> prefixes, String name) {
        int longest = -1;
        for (String prefix : prefixes) {
            if (covers(prefix, name)) {
                longest = Math.max(longest, prefix.length());
            }
        }
        return longest;
    }

    private static boolean covers(String prefix, String name) {
        if (!name.startsWith(prefix)) {
            return false;
        }
        if (name.length() == prefix.length()) {
            return true;
        }
        char next = name.charAt(prefix.length());
        return next == '/' || next == '$';
    }
}
