package dev.weft.litmus;

import java.util.List;
import java.util.Map;

/**
 * A litmus program: named threads of instructions over named shared locations.
 *
 * <p>Threads that no other thread {@code spawn}s start with the program; a spawned thread starts
 * at its parent's {@code spawn} instruction. Locations not in {@code initialValues} start at 0.
 */
public record LitmusProgram(String name, List<LitmusThread> threads, Map<String, Long> initialValues) {
    public LitmusProgram {
        threads = List.copyOf(threads);
        initialValues = Map.copyOf(initialValues);
    }

    /** One thread: its name and its body. */
    public record LitmusThread(String name, List<Instr> body) {
        public LitmusThread {
            body = List.copyOf(body);
        }
    }
}
