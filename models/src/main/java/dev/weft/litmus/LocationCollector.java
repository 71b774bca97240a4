package dev.weft.litmus;

import java.util.List;
import java.util.function.Consumer;

/** Names every location and mutex of a program in order of first appearance. */
final class LocationCollector {
    private LocationCollector() {}

    static void collect(LitmusProgram program, Consumer<String> sink) {
        program.initialValues().keySet().stream().sorted().forEach(sink);
        for (LitmusProgram.LitmusThread t : program.threads()) {
            walk(t.body(), sink);
        }
    }

    private static void walk(List<Instr> body, Consumer<String> sink) {
        for (Instr i : body) {
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
            } else if (i instanceof Instr.If f) {
                walk(f.then(), sink);
                walk(f.otherwise(), sink);
            } else if (i instanceof Instr.While w) {
                walk(w.body(), sink);
            }
        }
    }
}
