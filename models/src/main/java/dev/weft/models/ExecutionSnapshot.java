package dev.weft.models;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;

/**
 * An immutable, public picture of one execution graph: its events per thread with the writes
 * reads read from, and co per location. Used for traces, keys in tests and reports.
 */
public record ExecutionSnapshot(List<EventInfo> events, Map<Integer, List<EventInfo>> coherence) {

    /** One event. {@code rf} is the event read from (null for the initial write or non-reads). */
    public record EventInfo(int thread, int index, String kind, int location, AccessMode mode, long value,
                            boolean rmwWritePart, boolean readsInit, int rfThread, int rfIndex, String origin) {
        public boolean isRead() {
            return kind.equals("READ");
        }

        public boolean isWrite() {
            return kind.equals("WRITE");
        }
    }

    static ExecutionSnapshot of(ExecutionGraph g) {
        Map<Event, EventInfo> infos = new IdentityHashMap<>();
        List<EventInfo> events = new ArrayList<>();
        for (Event e : g.events()) {
            boolean readsInit = e.isRead() && e.rf != null && e.rf.isInit();
            int rfT = e.rf != null && !e.rf.isInit() ? e.rf.thread : -1;
            int rfI = e.rf != null && !e.rf.isInit() ? e.rf.index : -1;
            EventInfo info = new EventInfo(e.thread, e.index, e.kind.name(), e.loc, e.mode, e.value,
                    e.isRmwWrite(), readsInit, rfT, rfI, e.action == null ? "" : e.action.origin());
            infos.put(e, info);
            events.add(info);
        }
        Map<Integer, List<EventInfo>> co = new TreeMap<>();
        for (ExecutionGraph.Location l : g.locations()) {
            List<EventInfo> order = new ArrayList<>();
            for (Event w : l.co) {
                order.add(infos.get(w));
            }
            co.put(l.init.loc, Collections.unmodifiableList(order));
        }
        return new ExecutionSnapshot(List.copyOf(events), Collections.unmodifiableMap(co));
    }

    /** Per thread, the events in program order with values, rf sources and program points. */
    public String render(IntFunction<String> locationNames) {
        return render(locationNames, (location, value) -> Long.toString(value));
    }

    /** How a value stored at a location reads in a trace (a runtime names the objects it numbers). */
    @FunctionalInterface
    public interface ValueFormat {
        String format(int location, long value);
    }

    /** As {@link #render(IntFunction)}, with values shown by {@code values}. */
    public String render(IntFunction<String> locationNames, ValueFormat values) {
        Map<Integer, List<EventInfo>> byThread = new TreeMap<>();
        for (EventInfo e : events) {
            byThread.computeIfAbsent(e.thread(), t -> new ArrayList<>()).add(e);
        }
        StringBuilder sb = new StringBuilder();
        for (var entry : byThread.entrySet()) {
            sb.append("  thread ").append(entry.getKey()).append(':').append(System.lineSeparator());
            List<EventInfo> list = new ArrayList<>(entry.getValue());
            list.sort((a, b) -> Integer.compare(a.index(), b.index()));
            for (EventInfo e : list) {
                sb.append("    ").append(e.index()).append(' ').append(describe(e, locationNames, values));
                if (!e.origin().isEmpty()) {
                    sb.append("   @ ").append(e.origin());
                }
                sb.append(System.lineSeparator());
            }
        }
        return sb.toString();
    }

    private static String describe(EventInfo e, IntFunction<String> names, ValueFormat values) {
        String loc = e.location() >= 0 ? names.apply(e.location()) : "";
        String mode = e.mode().shortName();
        return switch (e.kind()) {
            case "READ" -> "R" + mode + " " + loc + " = " + values.format(e.location(), e.value()) + "  (from "
                    + (e.readsInit() ? "init" : "T" + e.rfThread() + "." + e.rfIndex()) + ")";
            case "WRITE" -> (e.rmwWritePart() ? "U" : "W") + mode + " " + loc + " := "
                    + values.format(e.location(), e.value());
            case "FENCE" -> "F" + mode;
            case "JOIN" -> "join (thread " + e.rfThread() + " finished)";
            default -> e.kind().toLowerCase(java.util.Locale.ROOT);
        };
    }
}
