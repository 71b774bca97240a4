package dev.weft.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.extfixtures.SomePassing;
import dev.weft.junit.launcher.WeftLauncher;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * In a JVM where the agent cannot be attached (it is not on the class path), a check fails with
 * the runtime's instructions instead of passing without exploring.
 */
class NoAgentTest {

    @Test
    void aCheckFailsLoudlyWhenTheAgentIsAbsent() throws IOException, InterruptedException {
        String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !isAgent(Path.of(entry))).collect(Collectors.joining(File.pathSeparator));
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classPath, WeftLauncher.class.getName(), "check", SomePassing.class.getName())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), out);
        assertEquals(1, p.exitValue(), out);
        List<String> lines = out.lines().collect(Collectors.toList());
        assertTrue(lines.get(0).matches("CHECK dev\\.weft\\.extfixtures\\.SomePassing#synchronizedCounter model=RC11"
                + " executions=0 blocked=0 result=FAIL time=\\d+\\.\\d{3}s"), out);
        assertTrue(out.contains("Weft's agent is not active in this JVM"), out);
        assertTrue(out.contains("Start the JVM with -javaagent:path/to/weft-agent.jar"), out);
    }

    /** The agent module, as a jar from the local repository or as classes in the reactor. */
    private static boolean isAgent(Path entry) {
        String name = String.valueOf(entry.getFileName());
        return name.startsWith("weft-agent")
                || name.equals("classes") && entry.getParent() != null && entry.getParent().getParent() != null
                && String.valueOf(entry.getParent().getParent().getFileName()).equals("agent");
    }
}
