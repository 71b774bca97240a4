package dev.weft.junit.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.extfixtures.ClassDefaults;
import dev.weft.extfixtures.LostUpdate;
import dev.weft.extfixtures.NoChecks;
import dev.weft.extfixtures.OutcomeEntries;
import dev.weft.extfixtures.RetainsHeap;
import dev.weft.extfixtures.SomePassing;
import dev.weft.jcstresstests.MpVolatileTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code weft check}: the lines it prints and its exit status. */
class WeftLauncherTest {
    private static final String TIME = " time=\\d+\\.\\d{3}s";
    private static final Pattern PEAK_HEAP = Pattern.compile(" peakHeap=(\\d+\\.\\d)MiB$");
    /** Classes whose checks cover every kind of CHECK line: passing, failing, jcstress-style (with OUTCOME lines). */
    private static final String[] EVERY_KIND = {SomePassing.class.getName(), ClassDefaults.class.getName(),
            OutcomeEntries.class.getName(), MpVolatileTest.class.getName()};

    /** What one run printed and returned. */
    private record Run(int status, String out, String err) {
        List<String> lines() {
            return out.lines().toList();
        }
    }

    private static Run weft(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = WeftLauncher.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static void assertMatches(String regex, String line) {
        assertTrue(line.matches(regex), () -> "expected " + regex + "\n but got " + line);
    }

    @Test
    void aPassingCheckPrintsOneLineAndExitsZero() {
        Run r = weft("check", SomePassing.class.getName());
        assertEquals(0, r.status(), r.toString());
        assertEquals(1, r.lines().size(), r.out());
        assertMatches("CHECK dev\\.weft\\.extfixtures\\.SomePassing#synchronizedCounter model=RC11 executions=2"
                + " blocked=0 result=PASS" + TIME, r.lines().get(0));
    }

    @Test
    void aPassWhoseBudgetRanOutSaysItIsNotExhaustive() {
        Run r = weft("check", dev.weft.extfixtures.Budgeted.class.getName());
        assertEquals(0, r.status(), r.toString());
        assertMatches("CHECK .*Budgeted#firstExecutionOnly model=RC11 executions=1 blocked=0 result=PASS" + TIME
                + " exhaustive=false", r.lines().get(0));
    }

    @Test
    void modelOverridesEveryCheck() {
        Run r = weft("check", "--model", "sc", SomePassing.class.getName());
        assertEquals(0, r.status(), r.toString());
        assertMatches("CHECK .*#synchronizedCounter model=SC executions=\\d+ blocked=0 result=PASS" + TIME,
                r.lines().get(0));
    }

    @Test
    void aFailingCheckPrintsItsFailureIndentedAndExitsOne() {
        Run r = weft("check", SomePassing.class.getName(), LostUpdate.class.getName());
        assertEquals(1, r.status(), r.toString());
        List<String> lines = r.lines();
        assertMatches("CHECK .*SomePassing#synchronizedCounter model=RC11 executions=2 blocked=0 result=PASS" + TIME,
                lines.get(0));
        assertMatches("CHECK dev\\.weft\\.extfixtures\\.LostUpdate#plainIncrement model=SC executions=1 blocked=0"
                + " result=FAIL" + TIME, lines.get(1));
        assertEquals("    dev.weft.extfixtures.LostUpdate#plainIncrement failed under SC in execution 2"
                + " (1 complete, 0 blocked): UNCAUGHT_EXCEPTION", lines.get(2));
        assertTrue(lines.subList(2, lines.size()).stream().allMatch(l -> l.startsWith("    ")), r.out());
        assertEquals("    Replay: @ModelCheck(replay = \"SC:2\")", lines.get(lines.size() - 1));
    }

    @Test
    void plainTestsArePassedOverSilentlyAndChecksKeepTheirOwnModels() {
        Run r = weft("check", ClassDefaults.class.getName());
        assertEquals(1, r.status(), r.toString());
        List<String> checks = r.lines().stream().filter(l -> l.startsWith("CHECK ")).toList();
        assertEquals(2, checks.size(), r.out());
        assertTrue(checks.stream().anyMatch(l -> l.matches("CHECK .*#inheritsSc model=SC .* result=PASS" + TIME)), r.out());
        assertTrue(checks.stream().anyMatch(l -> l.matches("CHECK .*#overridesModel model=RA .* result=FAIL" + TIME)),
                r.out());
        assertTrue(r.lines().stream().noneMatch(l -> l.contains("plainTest")), r.out());
    }

    @Test
    void outcomesOfAJcstressStyleTestFollowItsCheckLine() {
        Run r = weft("check", OutcomeEntries.class.getName());
        assertEquals(0, r.status(), r.toString());
        assertEquals(List.of(
                "CHECK dev.weft.extfixtures.OutcomeEntries#stressed model=RC11 executions=4 blocked=0 result=PASS time=0.012s",
                "OUTCOME dev.weft.extfixtures.OutcomeEntries \"0, 0\" count=1 expect=ACCEPTABLE_INTERESTING",
                "OUTCOME dev.weft.extfixtures.OutcomeEntries \"1, 1\" count=3 expect=ACCEPTABLE"), r.lines());
    }

    @Test
    void immFailsEveryCheckWithTheRuntimesReason() {
        Run r = weft("check", "--model", "IMM", SomePassing.class.getName());
        assertEquals(1, r.status(), r.toString());
        assertMatches("CHECK .*#synchronizedCounter model=IMM executions=0 blocked=0 result=FAIL" + TIME,
                r.lines().get(0));
        assertTrue(r.out().contains("SC, RA or RC11"), r.out());
    }

    @Test
    void heapEndsEveryCheckLineWithItsPeakHeapAndChangesNothingElse() {
        String[] plainArgs = new String[EVERY_KIND.length + 1];
        plainArgs[0] = "check";
        System.arraycopy(EVERY_KIND, 0, plainArgs, 1, EVERY_KIND.length);
        String[] heapArgs = new String[EVERY_KIND.length + 2];
        heapArgs[0] = "check";
        heapArgs[1] = "--heap";
        System.arraycopy(EVERY_KIND, 0, heapArgs, 2, EVERY_KIND.length);
        Run plain = weft(plainArgs);
        Run heap = weft(heapArgs);
        assertEquals(1, heap.status(), heap.toString()); // ClassDefaults#overridesModel fails
        assertEquals(plain.status(), heap.status());

        List<String> heapChecks = heap.lines().stream().filter(l -> l.startsWith("CHECK ")).toList();
        assertEquals(5, heapChecks.size(), heap.out()); // SomePassing 1, ClassDefaults 2, OutcomeEntries 1, MpVolatile 1
        for (String line : heapChecks) {
            assertMatches("CHECK \\S+ model=\\S+ executions=\\d+ blocked=\\d+ result=(PASS|FAIL)" + TIME
                    + " peakHeap=\\d+\\.\\dMiB", line);
            assertTrue(peakMiB(line) > 0, line);
        }
        assertTrue(plain.out().lines().noneMatch(l -> l.contains("peakHeap")), plain.out());
        assertTrue(heap.lines().stream().filter(l -> !l.startsWith("CHECK ")).noneMatch(l -> l.contains("peakHeap")),
                heap.out());
        // line for line the same output, but for the times and the new last field of the CHECK lines
        assertEquals(withoutTimes(plain.lines()), withoutTimes(heap.lines().stream()
                .map(l -> PEAK_HEAP.matcher(l).replaceFirst("")).toList()));
    }

    @Test
    void aCheckThatKeepsALargeArrayAliveReportsALargerPeakThanATrivialOne() {
        try {
            double trivial = peakMiB(weft("check", "--heap", SomePassing.class.getName()).lines().get(0));
            Run retaining = weft("check", "--heap", RetainsHeap.class.getName());
            assertEquals(0, retaining.status(), retaining.toString());
            double retained = peakMiB(retaining.lines().get(0));
            double array = RetainsHeap.BYTES / (1024.0 * 1024.0);
            assertTrue(retained - trivial > 0.9 * array,
                    () -> "a check keeping " + array + " MiB peaked at " + retained + " MiB, a trivial one at " + trivial);
        } finally {
            RetainsHeap.release();
        }
    }

    /** The MiB of a CHECK line's {@code peakHeap} field. */
    private static double peakMiB(String line) {
        Matcher m = PEAK_HEAP.matcher(line);
        assertTrue(m.find(), () -> "no peakHeap field at the end of " + line);
        return Double.parseDouble(m.group(1));
    }

    private static List<String> withoutTimes(List<String> lines) {
        return lines.stream().map(l -> l.replaceAll(" time=\\d+\\.\\d{3}s$", " time=*")).toList();
    }

    @Test
    void usageAndSetupErrorsExitTwo() {
        assertEquals(2, weft().status());
        assertEquals(2, weft("verify", SomePassing.class.getName()).status());
        Run unknown = weft("check", "--fast", SomePassing.class.getName());
        assertTrue(unknown.err().contains("[--heap]"), unknown.err());
        assertEquals(2, unknown.status());
        assertTrue(unknown.err().contains("unknown option --fast"), unknown.err());
        assertEquals(2, weft("check", "--model", "tso", SomePassing.class.getName()).status());
        assertEquals(2, weft("check", "--model").status());
        Run missing = weft("check", "dev.weft.extfixtures.NoSuchClass");
        assertEquals(2, missing.status());
        assertTrue(missing.err().contains("class not found: dev.weft.extfixtures.NoSuchClass"), missing.err());
        Run empty = weft("check", NoChecks.class.getName());
        assertEquals(2, empty.status());
        assertTrue(empty.err().contains("no tests found"), empty.err());
        assertEquals("", missing.out() + empty.out());
    }

    @Test
    void withoutClassesAndWithoutTheSamplesListItIsAUsageError() {
        Run r = weft("check");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("no class given and no META-INF/weft/samples.txt"), r.err());
    }

    @Test
    void withoutClassesItChecksTheListedSamples(@TempDir Path dir) throws IOException {
        Path list = dir.resolve(WeftLauncher.SAMPLES);
        Files.createDirectories(list.getParent());
        Files.writeString(list, "# the bundled samples\n" + SomePassing.class.getName() + "\n\n");
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        try (URLClassLoader withList = new URLClassLoader(new URL[] {dir.toUri().toURL()}, before)) {
            thread.setContextClassLoader(withList);
            Run r = weft("check");
            assertEquals(0, r.status(), r.toString());
            assertMatches("CHECK .*SomePassing#synchronizedCounter model=RC11 .* result=PASS" + TIME, r.out().strip());
        } finally {
            thread.setContextClassLoader(before);
        }
    }
}
