package dev.weft.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Usage and input errors of the command line; exploration itself is covered by LitmusCountsTest. */
class LitmusMainTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return LitmusMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void help() {
        assertEquals(0, run("--help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("usage:"));
    }

    @Test
    void badOptions() {
        assertEquals(2, run("--model"));
        assertTrue(err().contains("--model needs a value"), err());
        assertEquals(2, run("--model", "tso", "SB"));
        assertTrue(err().contains("unknown model 'tso'"), err());
        assertEquals(2, run("--model", "sc", "--model=ra"));
        assertEquals(2, run("--verbose"));
        assertTrue(err().contains("unknown option --verbose"), err());
    }

    @Test
    void unknownProgram() {
        assertEquals(2, run("--model", "rc11", "NoSuchTest"));
        assertTrue(err().contains("'NoSuchTest' is neither a .litmus file nor a bundled program"), err());
        assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing is explored after a usage error");
    }

    @Test
    void badFiles(@TempDir Path dir) throws IOException {
        assertEquals(2, run(dir.resolve("missing.litmus").toString()));
        assertTrue(err().contains("no such file"), err());
        Path bad = dir.resolve("bad.litmus");
        Files.writeString(bad, "litmus Bad\nthread T0 {\n  r0 = load x rel\n}\n");
        assertEquals(2, run(bad.toString()));
        assertTrue(err().contains("line 3 (thread T0)"), err());
    }
}
