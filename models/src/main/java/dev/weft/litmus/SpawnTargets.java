package dev.weft.litmus;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The threads some other thread spawns (they do not start with the program). */
final class SpawnTargets {
    private SpawnTargets() {}

    static Set<String> of(LitmusProgram program) {
        Set<String> out = new HashSet<>();
        for (LitmusProgram.LitmusThread t : program.threads()) {
            walk(t.body(), out);
        }
        return out;
    }

    private static void walk(List<Instr> body, Set<String> out) {
        for (Instr i : body) {
            if (i instanceof Instr.Spawn s) {
                out.add(s.thread());
            } else if (i instanceof Instr.If f) {
                walk(f.then(), out);
                walk(f.otherwise(), out);
            } else if (i instanceof Instr.While w) {
                walk(w.body(), out);
            }
        }
    }
}
