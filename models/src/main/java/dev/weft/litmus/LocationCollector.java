package dev.weft.litmus;

import java.util.function.Consumer;

/** Names every location and mutex of a program in order of first appearance. */
final class LocationCollector {
    private LocationCollector() {}

    static void collect(LitmusProgram program, Consumer<String> sink) {
        program.initialValues().keySet().stream().sorted().forEach(sink);
        for (LitmusProgram.LitmusThread t : program.threads()) {
            Instructions.forEach(t.body(), i -> {
                if (i instanceof Instr.Load l) {
                    sink.accept(l.loc());
                } else if (i instanceof Instr.Store s) {
                    sink.accept(s.loc());
                } else if (i instanceof Instr.Rmw r) {
                    sink.accept(r.loc());
                } else if (i instanceof Instr.Lock l) {
                    sink.accept(l.mutex());
                } else if (i instanceof Instr.Unlock u) {
                    sink.accept(u.mutex());
                }
            });
        }
    }
}
