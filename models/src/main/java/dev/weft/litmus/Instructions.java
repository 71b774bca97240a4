package dev.weft.litmus;

import java.util.List;
import java.util.function.Consumer;

/** Walks every instruction of a body, including those nested in if and while blocks. */
final class Instructions {
    private Instructions() {}

    static void forEach(List<Instr> body, Consumer<Instr> action) {
        for (Instr i : body) {
            action.accept(i);
            if (i instanceof Instr.If f) {
                forEach(f.then(), action);
                forEach(f.otherwise(), action);
            } else if (i instanceof Instr.While w) {
                forEach(w.body(), action);
            }
        }
    }
}
