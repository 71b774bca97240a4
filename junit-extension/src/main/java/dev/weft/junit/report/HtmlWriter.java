package dev.weft.junit.report;

import dev.weft.models.ExecutionSnapshot.EventInfo;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A self-contained HTML page (inline SVG, no scripts or external resources) that draws an
 * execution: a column per thread, a row per event index, po arrows down each column, rf arrows in
 * green and co arrows in red; the full text of each event is in its tooltip and under the picture.
 */
final class HtmlWriter {
    private static final int MAX_CHARS = 56;
    private static final double CHAR_WIDTH = 6.6;
    private static final int GAP = 90;
    private static final int ROW = 58;
    private static final int BOX = 40;
    private static final int MARGIN = 20;
    private static final int TOP = 50;

    private final GraphView view;
    private final int columnWidth;
    private final Map<Integer, Integer> columnOf = new java.util.HashMap<>();

    private HtmlWriter(GraphView view) {
        this.view = view;
        int chars = 10;
        int column = 0;
        for (Map.Entry<Integer, List<EventInfo>> thread : view.threads.entrySet()) {
            columnOf.put(thread.getKey(), column++);
            for (EventInfo e : thread.getValue()) {
                chars = Math.max(chars, Math.max(view.label(e).length(), e.origin().length()));
            }
        }
        this.columnWidth = (int) (Math.min(chars, MAX_CHARS) * CHAR_WIDTH) + 16;
    }

    static String html(String title, String message, GraphView view) {
        return new HtmlWriter(view).page(title, message);
    }

    private String page(String title, String message) {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>").append(esc(title))
                .append("</title>\n<style>body{font-family:sans-serif;margin:16px}pre{background:#f6f6f6;padding:8px;"
                        + "overflow:auto}svg text{font-family:monospace;font-size:11px}.legend span{margin-right:16px}"
                        + "</style></head><body>\n");
        sb.append("<h1>").append(esc(title)).append("</h1>\n");
        sb.append("<p class=\"legend\"><span style=\"color:#555\">&#8595; po (program order)</span>"
                + "<span style=\"color:#1a8f1a\">&#8594; rf (reads from)</span>"
                + "<span style=\"color:#d02020\">&#8594; co (coherence)</span></p>\n");
        svg(sb);
        sb.append("<h2>Failure</h2>\n<pre>").append(esc(message)).append("</pre>\n</body></html>\n");
        return sb.toString();
    }

    private void svg(StringBuilder sb) {
        int rows = view.threads.values().stream().mapToInt(l -> l.get(l.size() - 1).index() + 1).max().orElse(0);
        int width = 2 * MARGIN + columnOf.size() * (columnWidth + GAP);
        int height = TOP + rows * ROW + MARGIN;
        sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\">%n",
                width, height));
        sb.append("<defs>");
        for (String[] m : new String[][] {{"po", "#555"}, {"rf", "#1a8f1a"}, {"co", "#d02020"}}) {
            sb.append("<marker id=\"").append(m[0]).append("\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\""
                    + " markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\""
                    + " fill=\"").append(m[1]).append("\"/></marker>");
        }
        sb.append("</defs>\n");
        for (Map.Entry<Integer, List<EventInfo>> thread : view.threads.entrySet()) {
            int x = x(thread.getKey());
            sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">thread %d</text>%n",
                    x, TOP - 16, thread.getKey()));
            EventInfo previous = null;
            for (EventInfo e : thread.getValue()) {
                box(sb, e);
                if (previous != null) {
                    sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#555\""
                            + " marker-end=\"url(#po)\"/>%n", x + columnWidth / 2, y(previous) + BOX,
                            x + columnWidth / 2, y(e)));
                }
                previous = e;
            }
        }
        view.rf.forEach(edge -> arrow(sb, edge, "rf", "#1a8f1a", 1));
        view.co.forEach(edge -> arrow(sb, edge, "co", "#d02020", -1));
        sb.append("</svg>\n<pre>");
        for (List<EventInfo> thread : view.threads.values()) {
            for (EventInfo e : thread) {
                sb.append(esc(view.label(e))).append(e.origin().isEmpty() ? "" : "   @ " + esc(e.origin())).append('\n');
            }
        }
        sb.append("</pre>\n");
    }

    private void box(StringBuilder sb, EventInfo e) {
        String label = view.label(e);
        sb.append(String.format(Locale.ROOT, "<g id=\"%s\"><title>%s</title><rect x=\"%d\" y=\"%d\" width=\"%d\""
                        + " height=\"%d\" rx=\"4\" fill=\"%s\" stroke=\"#333\"/>", GraphView.id(e),
                esc(label + (e.origin().isEmpty() ? "" : "\n" + e.origin())), x(e.thread()), y(e), columnWidth, BOX,
                e.kind().equals("ERROR") ? "#fde0e0" : "#ffffff"));
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s</text>", x(e.thread()) + 6, y(e) + 16,
                esc(shorten(label))));
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" fill=\"#666\">%s</text></g>%n",
                x(e.thread()) + 6, y(e) + 32, esc(shorten(e.origin()))));
    }

    /**
     * A curved arrow between the sides of two boxes; within one column it bows out to the right
     * (rf) or the left (co) so that it does not run along the po arrows.
     */
    private void arrow(StringBuilder sb, GraphView.Edge edge, String marker, String color, int side) {
        EventInfo from = edge.from();
        EventInfo to = edge.to();
        int fromX;
        int toX;
        int bend;
        int fromBend;
        if (from.thread() == to.thread()) {
            fromX = side > 0 ? x(from.thread()) + columnWidth : x(from.thread());
            toX = fromX;
            bend = side * 40;
            fromBend = bend;
        } else {
            boolean right = columnOf.get(to.thread()) > columnOf.get(from.thread());
            fromX = right ? x(from.thread()) + columnWidth : x(from.thread());
            toX = right ? x(to.thread()) : x(to.thread()) + columnWidth;
            fromBend = right ? GAP / 2 : -GAP / 2;
            bend = -fromBend;
        }
        int fromY = y(from) + BOX / 2 + side * 4;
        int toY = y(to) + BOX / 2 + side * 4;
        sb.append(String.format(Locale.ROOT, "<path d=\"M%d,%d C%d,%d %d,%d %d,%d\" fill=\"none\" stroke=\"%s\""
                        + " stroke-width=\"1.5\"%s marker-end=\"url(#%s)\"><title>%s %s &#8594; %s</title></path>%n",
                fromX, fromY, fromX + fromBend, fromY, toX + bend, toY, toX, toY, color,
                side < 0 ? " stroke-dasharray=\"5,3\"" : "", marker, marker, GraphView.id(from), GraphView.id(to)));
    }

    private int x(int thread) {
        return MARGIN + columnOf.get(thread) * (columnWidth + GAP);
    }

    private static int y(EventInfo e) {
        return TOP + e.index() * ROW;
    }

    private static String shorten(String s) {
        return s.length() <= MAX_CHARS ? s : s.substring(0, MAX_CHARS - 1) + "\u2026";
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
