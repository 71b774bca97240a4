package dev.weft.litmus;

import dev.weft.models.ExecutionSnapshot;
import dev.weft.models.ExecutionSnapshot.EventInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Canonical keys of executions of straight-line litmus programs (docs/litmus-keys.md): events are
 * named by their instruction, so the explorer and an independent enumerator can compare sets.
 */
final class ExecutionKeys {
    private final LitmusProgram program;
    private final IntFunction<String> locationNames;

    ExecutionKeys(LitmusProgram program, IntFunction<String> locationNames) {
        this.program = program;
        this.locationNames = locationNames;
    }

    String of(ExecutionSnapshot s) {
        Map<Long, String> names = new HashMap<>();
        Map<Integer, List<EventInfo>> byThread = new HashMap<>();
        for (EventInfo e : s.events()) {
            byThread.computeIfAbsent(e.thread(), t -> new ArrayList<>()).add(e);
        }
        for (var entry : byThread.entrySet()) {
            List<EventInfo> events = entry.getValue();
            events.sort(Comparator.comparingInt(EventInfo::index));
            List<Instr> body = program.threads().get(entry.getKey()).body();
            int next = 0;
            for (int i = 0; i < body.size() && next < events.size(); i++) {
                Instr instr = body.get(i);
                if (instr instanceof Instr.Assign) {
                    continue;
                }
                if (!(instr instanceof Instr.Load || instr instanceof Instr.Store || instr instanceof Instr.Rmw
                        || instr instanceof Instr.Fence)) {
                    throw new IllegalArgumentException("keys need straight-line programs, found " + instr);
                }
                String id = "T" + entry.getKey() + "." + i;
                EventInfo e = events.get(next++);
                names.put(key(e), id);
                if (instr instanceof Instr.Rmw && next < events.size() && events.get(next).rmwWritePart()) {
                    names.put(key(events.get(next++)), id + "w");
                }
            }
        }
        List<String> entries = new ArrayList<>();
        for (EventInfo e : s.events()) {
            if (e.isRead()) {
                String src = e.readsInit() ? "init" : names.get(((long) e.rfThread() << 32) | e.rfIndex());
                entries.add("rf " + names.get(key(e)) + "<-" + src);
            }
        }
        for (var co : s.coherence().entrySet()) {
            if (co.getValue().isEmpty()) {
                continue;
            }
            StringBuilder sb = new StringBuilder("co ").append(locationNames.apply(co.getKey())).append(':');
            for (int k = 0; k < co.getValue().size(); k++) {
                sb.append(k == 0 ? "" : ",").append(names.get(key(co.getValue().get(k))));
            }
            entries.add(sb.toString());
        }
        entries.sort(Comparator.naturalOrder());
        return String.join("; ", entries);
    }

    private static long key(EventInfo e) {
        return ((long) e.thread() << 32) | e.index();
    }
}
