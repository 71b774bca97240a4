package dev.weft.litmus;

import java.util.HashSet;
import java.util.Set;

/** The threads some other thread spawns (they do not start with the program). */
final class SpawnTargets {
    private SpawnTargets() {}

    static Set<String> of(LitmusProgram program) {
        Set<String> out = new HashSet<>();
        for (LitmusProgram.LitmusThread t : program.threads()) {
            Instructions.forEach(t.body(), i -> {
                if (i instanceof Instr.Spawn s) {
                    out.add(s.thread());
                }
            });
        }
        return out;
    }
}
