package dev.weft.junit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.extfixtures.LostUpdate;
import dev.weft.junit.report.Reports;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A failing check leaves a DOT and an HTML drawing of its execution under target/weft-reports. */
class ReportFilesTest {
    private static final String NAME = LostUpdate.class.getName() + "#plainIncrement";

    @Test
    void aFailingCheckWritesBothDrawings() throws IOException {
        Path dot = Reports.DIRECTORY.resolve(NAME + ".dot");
        Path html = Reports.DIRECTORY.resolve(NAME + ".html");
        Files.deleteIfExists(dot);
        Files.deleteIfExists(html);
        String message = Fixtures.failure(Fixtures.run(LostUpdate.class), "plainIncrement").getMessage();
        assertTrue(message.contains("Graph: " + html.toAbsolutePath() + " (and .dot)"), message);

        String d = Files.readString(dot);
        assertTrue(d.contains("subgraph cluster_t0") && d.contains("subgraph cluster_t1"), d);
        // thread 0's write is co-before thread 1's, and after the join thread 0 reads thread 1's 1
        assertTrue(d.contains("t0_4 [label=\"0.4 Rsc PlainCounter#0.0.count = 1 (from 1.1)\\n"
                + "LostUpdate.incrementTwice(LostUpdate.java:20)\"]"), d);
        assertTrue(d.contains("t1_1 -> t0_4 [label=rf, color=green"), d);
        assertTrue(d.contains("t0_2 -> t1_1 [label=co, color=red"), d);
        assertTrue(d.contains("t0_0 -> t0_1 [label=po"), d);

        String h = Files.readString(html);
        assertTrue(h.contains("<g id=\"t0_4\"><title>0.4 Rsc PlainCounter#0.0.count = 1 (from 1.1)"), h);
        assertTrue(h.contains("<title>rf t1_1 &#8594; t0_4</title>"), h);
        assertTrue(h.contains("<title>co t0_2 &#8594; t1_1</title>"), h);
        assertTrue(h.contains("lost update ==&gt; expected: &lt;2&gt; but was: &lt;1&gt;"), "the failure is on the page");
    }
}
