package dev.weft.litmus;

import dev.weft.litmus.LitmusProgram.LitmusThread;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks what the grammar cannot: that spawn and join name declared threads, that every thread
 * can start, that dependencies name registers the thread writes, and that no name is both a
 * location and a mutex.
 */
final class LitmusValidator {
    private final Map<String, Integer> threadLines;
    /** Spawned thread -> the thread that spawns it. */
    private final Map<String, String> parent = new LinkedHashMap<>();
    private final Map<String, Integer> spawnLine = new LinkedHashMap<>();
    /** First use of each location and of each mutex, to report a name used as both. */
    private final Map<String, Use> locations = new LinkedHashMap<>();
    private final Map<String, Use> mutexes = new LinkedHashMap<>();

    private record Use(String thread, int line) {}

    private LitmusValidator(Map<String, Integer> threadLines) {
        this.threadLines = threadLines;
    }

    /** {@code threadLines} maps each thread to the line of its declaration. */
    static void validate(LitmusProgram program, Map<String, Integer> threadLines) {
        LitmusValidator v = new LitmusValidator(threadLines);
        for (LitmusThread t : program.threads()) {
            Set<String> assigned = new HashSet<>();
            collectAssigned(t.body(), assigned);
            v.walk(t.name(), t.body(), assigned, false);
        }
        v.checkEveryThreadStarts();
        v.checkLocationsAreNotMutexes();
    }

    private void walk(String thread, List<Instr> body, Set<String> assigned, boolean inLoop) {
        for (Instr i : body) {
            if (i instanceof Instr.Spawn s) {
                spawn(thread, s, inLoop);
            } else if (i instanceof Instr.Join j) {
                knownOther(thread, j.thread(), "join", j.line());
            } else if (i instanceof Instr.Load l) {
                access(thread, l.loc(), l.deps(), assigned, l.line());
            } else if (i instanceof Instr.Store s) {
                access(thread, s.loc(), s.deps(), assigned, s.line());
            } else if (i instanceof Instr.Rmw r) {
                access(thread, r.loc(), r.deps(), assigned, r.line());
            } else if (i instanceof Instr.Lock l) {
                mutexes.putIfAbsent(l.mutex(), new Use(thread, l.line()));
            } else if (i instanceof Instr.Unlock u) {
                mutexes.putIfAbsent(u.mutex(), new Use(thread, u.line()));
            } else if (i instanceof Instr.If f) {
                walk(thread, f.then(), assigned, inLoop);
                walk(thread, f.otherwise(), assigned, inLoop);
            } else if (i instanceof Instr.While w) {
                walk(thread, w.body(), assigned, true);
            }
        }
    }

    private void spawn(String thread, Instr.Spawn s, boolean inLoop) {
        knownOther(thread, s.thread(), "spawn", s.line());
        if (inLoop) {
            throw new LitmusSyntaxException(s.line(), thread, "'spawn " + s.thread()
                    + "' inside a while loop could start the thread more than once");
        }
        Integer earlier = spawnLine.putIfAbsent(s.thread(), s.line());
        if (earlier != null) {
            throw new LitmusSyntaxException(s.line(), thread, "'spawn " + s.thread() + "': thread " + s.thread()
                    + " is already spawned at line " + earlier + " (thread " + parent.get(s.thread()) + ")");
        }
        parent.put(s.thread(), thread);
    }

    private void knownOther(String thread, String target, String op, int line) {
        if (!threadLines.containsKey(target)) {
            throw new LitmusSyntaxException(line, thread, "'" + op + " " + target + "': there is no thread named " + target);
        }
        if (target.equals(thread)) {
            throw new LitmusSyntaxException(line, thread, "'" + op + " " + target + "': a thread cannot " + op + " itself");
        }
    }

    private void access(String thread, String loc, Instr.Deps deps, Set<String> assigned, int line) {
        locations.putIfAbsent(loc, new Use(thread, line));
        for (Set<String> regs : List.of(deps.addr(), deps.data(), deps.ctrl())) {
            for (String r : regs) {
                if (!assigned.contains(r)) {
                    throw new LitmusSyntaxException(line, thread, "dependency on register " + r
                            + ", which thread " + thread + " never assigns");
                }
            }
        }
    }

    /** A spawned thread starts only if its spawner does; a spawn cycle means none of them ever runs. */
    private void checkEveryThreadStarts() {
        for (String child : parent.keySet()) {
            Set<String> seen = new LinkedHashSet<>();
            for (String t = child; t != null; t = parent.get(t)) {
                if (!seen.add(t)) {
                    String spawner = parent.get(child);
                    throw new LitmusSyntaxException(spawnLine.get(child), spawner, "'spawn " + child
                            + "': the threads " + String.join(", ", seen) + " spawn each other in a cycle, so none of them starts");
                }
            }
        }
    }

    private void checkLocationsAreNotMutexes() {
        for (Map.Entry<String, Use> m : mutexes.entrySet()) {
            Use loc = locations.get(m.getKey());
            if (loc != null) {
                Use use = m.getValue();
                throw new LitmusSyntaxException(use.line(), use.thread(), m.getKey() + " is used as a mutex here and as a location at line "
                        + loc.line() + " (thread " + loc.thread() + "); use different names");
            }
        }
    }

    private static void collectAssigned(List<Instr> body, Set<String> out) {
        for (Instr i : body) {
            if (i instanceof Instr.Load l) out.add(l.reg());
            else if (i instanceof Instr.Rmw r) out.add(r.reg());
            else if (i instanceof Instr.Assign a) out.add(a.reg());
            else if (i instanceof Instr.If f) {
                collectAssigned(f.then(), out);
                collectAssigned(f.otherwise(), out);
            } else if (i instanceof Instr.While w) collectAssigned(w.body(), out);
        }
    }
}
