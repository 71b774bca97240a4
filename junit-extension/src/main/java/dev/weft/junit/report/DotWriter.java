package dev.weft.junit.report;

import dev.weft.models.ExecutionSnapshot.EventInfo;
import java.util.List;
import java.util.Map;

/**
 * Graphviz source of an execution: one cluster per thread with its events in program order (po
 * edges), reads-from edges in green and coherence edges in red.
 */
final class DotWriter {
    private DotWriter() {}

    static String dot(String title, GraphView view) {
        StringBuilder sb = new StringBuilder();
        sb.append("digraph ").append(quote(title)).append(" {\n");
        sb.append("  label=").append(quote(title)).append(";\n  labelloc=t;\n");
        sb.append("  node [shape=box, fontname=\"monospace\", fontsize=10];\n");
        for (Map.Entry<Integer, List<EventInfo>> thread : view.threads.entrySet()) {
            sb.append("  subgraph cluster_t").append(thread.getKey()).append(" {\n");
            sb.append("    label=\"thread ").append(thread.getKey()).append("\";\n");
            EventInfo previous = null;
            for (EventInfo e : thread.getValue()) {
                String label = e.origin().isEmpty() ? view.label(e) : view.label(e) + "\n" + e.origin();
                sb.append("    ").append(GraphView.id(e)).append(" [label=").append(quote(label)).append("];\n");
                if (previous != null) {
                    edge(sb, "    ", previous, e, "po", "black");
                }
                previous = e;
            }
            sb.append("  }\n");
        }
        view.rf.forEach(edge -> edge(sb, "  ", edge.from(), edge.to(), "rf", "green"));
        view.co.forEach(edge -> edge(sb, "  ", edge.from(), edge.to(), "co", "red"));
        return sb.append("}\n").toString();
    }

    private static void edge(StringBuilder sb, String indent, EventInfo from, EventInfo to, String label,
                             String color) {
        sb.append(indent).append(GraphView.id(from)).append(" -> ").append(GraphView.id(to)).append(" [label=")
                .append(label).append(", color=").append(color).append(", fontcolor=").append(color)
                .append(label.equals("po") ? "" : ", constraint=false").append("];\n");
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }
}
