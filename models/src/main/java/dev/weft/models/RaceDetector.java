package dev.weft.models;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Finds a data race in an execution: two accesses to one location from different threads, at
 * least one a write and at least one declared non-atomic (a plain Java access), with neither
 * happening before the other (RC11 §3: such an execution has undefined behaviour; the JMM calls
 * it a data race). The declared mode counts, not the model's: under SC every access is SC, yet a
 * plain {@code count++} racing with another is still a race.
 */
final class RaceDetector {
    private RaceDetector() {}

    /** A description of the first race in {@code g}, or null. */
    static String firstRace(ExecutionGraph g, IntFunction<String> locationNames) {
        for (ExecutionGraph.Location l : g.locations()) {
            List<Event> accesses = accesses(l);
            if (accesses.stream().noneMatch(RaceDetector::isPlain)) {
                continue; // a race needs a plain access; this runs after every complete execution
            }
            for (int i = 0; i < accesses.size(); i++) {
                for (int j = i + 1; j < accesses.size(); j++) {
                    Event a = accesses.get(i);
                    Event b = accesses.get(j);
                    if (races(a, b)) {
                        return "data race on " + locationNames.apply(a.loc) + ": " + describe(a) + " and "
                                + describe(b) + " are not ordered by happens-before";
                    }
                }
            }
        }
        return null;
    }

    private static List<Event> accesses(ExecutionGraph.Location l) {
        List<Event> all = new ArrayList<>();
        all.addAll(l.init.readers);
        for (Event w : l.co) {
            all.add(w);
            all.addAll(w.readers);
        }
        return all;
    }

    /**
     * A read reached through a final field does not race with the writes before the field's freeze
     * ({@link Event#floor}): JLS 17.5 makes them visible to it, which is what the JMM's
     * happens-before would otherwise have to provide.
     */
    private static boolean races(Event a, Event b) {
        return a.thread != b.thread && (a.isWrite() || b.isWrite()) && (isPlain(a) || isPlain(b))
                && !a.view.contains(b) && !b.view.contains(a) && !a.floor.contains(b) && !b.floor.contains(a);
    }

    private static boolean isPlain(Event e) {
        return e.action != null && e.action.mode() == AccessMode.NA
                && (e.action.kind() == Action.Kind.READ || e.action.kind() == Action.Kind.WRITE);
    }

    private static String describe(Event e) {
        return (e.isWrite() ? "the write" : "the read") + " T" + e.thread + "." + e.index + " at " + e.action.origin();
    }
}
