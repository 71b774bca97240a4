package dev.weft.junit.report;

import dev.weft.models.ExecutionSnapshot;
import dev.weft.models.ExecutionSnapshot.EventInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** An execution graph as both report formats draw it: threads of events in program order, rf and co edges. */
final class GraphView {
    /** An rf or co edge between two events. */
    record Edge(EventInfo from, EventInfo to) {}

    private final Map<Integer, String> locationNames;
    /** Per thread (ascending), its events by index. */
    final Map<Integer, List<EventInfo>> threads = new TreeMap<>();
    final List<Edge> rf = new ArrayList<>();
    final List<Edge> co = new ArrayList<>();

    GraphView(ExecutionSnapshot graph, Map<Integer, String> locationNames) {
        this.locationNames = locationNames;
        Map<Long, EventInfo> byId = new TreeMap<>();
        for (EventInfo e : graph.events()) {
            threads.computeIfAbsent(e.thread(), t -> new ArrayList<>()).add(e);
            byId.put(key(e.thread(), e.index()), e);
        }
        threads.values().forEach(list -> list.sort(Comparator.comparingInt(EventInfo::index)));
        for (EventInfo e : graph.events()) {
            EventInfo source = e.rfThread() < 0 ? null : byId.get(key(e.rfThread(), e.rfIndex()));
            if (source != null) {
                rf.add(new Edge(source, e));
            }
        }
        for (List<EventInfo> order : graph.coherence().values()) {
            for (int i = 1; i < order.size(); i++) {
                co.add(new Edge(order.get(i - 1), order.get(i)));
            }
        }
    }

    private static long key(int thread, int index) {
        return ((long) thread << 32) | index;
    }

    /** A stable identifier of an event: {@code t<thread>_<index>}. */
    static String id(EventInfo e) {
        return "t" + e.thread() + "_" + e.index();
    }

    /** What the event does: kind, access mode, location, value and, for a read, where it read from. */
    String label(EventInfo e) {
        String loc = e.location() >= 0 ? locationNames.getOrDefault(e.location(), "loc" + e.location()) : "";
        String mode = e.mode().shortName();
        return e.thread() + "." + e.index() + " " + switch (e.kind()) {
            case "READ" -> "R" + mode + " " + loc + " = " + e.value() + " (from "
                    + (e.readsInit() ? "init" : e.rfThread() + "." + e.rfIndex()) + ")";
            case "WRITE" -> (e.rmwWritePart() ? "U" : "W") + mode + " " + loc + " := " + e.value();
            case "FENCE" -> "F" + mode;
            case "JOIN" -> "join thread " + e.rfThread();
            default -> e.kind().toLowerCase(Locale.ROOT);
        };
    }
}
