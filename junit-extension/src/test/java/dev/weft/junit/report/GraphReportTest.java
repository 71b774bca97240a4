package dev.weft.junit.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.models.AccessMode;
import dev.weft.models.ExecutionSnapshot;
import dev.weft.models.ExecutionSnapshot.EventInfo;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The drawings of a small hand-made execution: message passing where the reader sees the flag. */
class GraphReportTest {
    private static final EventInfo W_DATA = new EventInfo(0, 0, "WRITE", 0, AccessMode.NA, 42, false, false, -1, -1,
            "Mp.writer(Mp.java:10)");
    private static final EventInfo W_FLAG = new EventInfo(0, 1, "WRITE", 1, AccessMode.REL, 1, false, false, -1, -1,
            "Mp.writer(Mp.java:11)");
    private static final EventInfo R_FLAG = new EventInfo(1, 0, "READ", 1, AccessMode.ACQ, 1, false, false, 0, 1,
            "Mp.reader(Mp.java:20)");
    private static final EventInfo R_DATA = new EventInfo(1, 1, "READ", 0, AccessMode.NA, 0, false, true, -1, -1,
            "Mp.reader(Mp.java:21)");
    private static final EventInfo W_DATA2 = new EventInfo(1, 2, "WRITE", 0, AccessMode.NA, 7, false, false, -1, -1,
            "Mp.reader(Mp.java:22)");

    private static GraphView view() {
        ExecutionSnapshot g = new ExecutionSnapshot(List.of(W_DATA, W_FLAG, R_FLAG, R_DATA, W_DATA2),
                Map.of(0, List.of(W_DATA, W_DATA2), 1, List.of(W_FLAG)));
        return new GraphView(g, Map.of(0, "Box#0.0.data", 1, "Box#0.0.ready"));
    }

    @Test
    void labelsSayKindLocationValueAndOrigin() {
        GraphView v = view();
        assertEquals("0.0 Wna Box#0.0.data := 42", v.label(W_DATA));
        assertEquals("1.0 Racq Box#0.0.ready = 1 (from 0.1)", v.label(R_FLAG));
        assertEquals("1.1 Rna Box#0.0.data = 0 (from init)", v.label(R_DATA));
    }

    @Test
    void dotHasAClusterPerThreadAndPoRfCoEdges() {
        String dot = DotWriter.dot("Mp#check", view());
        assertTrue(dot.startsWith("digraph \"Mp#check\" {"), dot);
        assertTrue(dot.contains("subgraph cluster_t0 {\n    label=\"thread 0\";"), dot);
        assertTrue(dot.contains("subgraph cluster_t1 {\n    label=\"thread 1\";"), dot);
        assertTrue(dot.contains("t0_0 [label=\"0.0 Wna Box#0.0.data := 42\\nMp.writer(Mp.java:10)\"];"), dot);
        assertTrue(dot.contains("    t0_0 -> t0_1 [label=po, color=black, fontcolor=black];"), dot);
        assertTrue(dot.contains("    t1_1 -> t1_2 [label=po"), dot);
        assertTrue(dot.contains("  t0_1 -> t1_0 [label=rf, color=green"), dot);
        assertTrue(dot.contains("  t0_0 -> t1_2 [label=co, color=red"), dot);
        assertEquals(1, count(dot, "label=rf"), "a read from init has no rf edge, only its label");
        assertEquals(1, count(dot, "label=co"));
        assertEquals(3, count(dot, "label=po"));
        assertTrue(dot.endsWith("}\n"));
    }

    @Test
    void htmlDrawsTheSameGraphWithoutExternalResources() {
        String html = HtmlWriter.html("Mp#check", "the <message>", view());
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        assertTrue(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        for (String id : List.of("t0_0", "t0_1", "t1_0", "t1_1", "t1_2")) {
            assertTrue(html.contains("<g id=\"" + id + "\">"), id);
        }
        assertTrue(html.contains("1.0 Racq Box#0.0.ready = 1 (from 0.1)"), html);
        assertTrue(html.contains("<title>rf t0_1 &#8594; t1_0</title>"), html);
        assertTrue(html.contains("<title>co t0_0 &#8594; t1_2</title>"), html);
        assertEquals(3, count(html, "marker-end=\"url(#po)\""));
        assertTrue(html.contains("the &lt;message&gt;"), "the message is escaped");
        assertFalse(html.contains("<script"));
        assertFalse(html.contains("src="));
        assertFalse(html.contains("<link"));
        assertEquals(1, count(html, "http"), "only the SVG namespace");
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
