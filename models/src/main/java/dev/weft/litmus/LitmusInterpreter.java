package dev.weft.litmus;

import dev.weft.models.Action;
import dev.weft.models.Program;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a litmus program as a {@link Program}: each thread is a small interpreter that stops at
 * every memory action. It tracks, per register, the reads its value came from, so that actions carry
 * the address, data and control dependencies that IMM's prefixes need (seed 002 §2). Control
 * dependencies are cumulative: after a branch on a read, every later event depends on it.
 */
public final class LitmusInterpreter implements Program {
    private final LitmusProgram program;
    private final Map<String, Integer> locations = new LinkedHashMap<>();
    private final List<String> locationNames = new ArrayList<>();
    private final Map<String, Integer> threadIndex = new HashMap<>();
    private final List<Integer> initialThreads = new ArrayList<>();
    /** Thread id (explorer's) -> index of its code in the program. */
    private final Map<Integer, Integer> codeOf = new HashMap<>();
    /** Thread name -> thread id, for join. */
    private final Map<String, Integer> idOf = new HashMap<>();
    /** Thread id -> its running state in this execution (null until it first runs). */
    private final List<ThreadState> threads = new ArrayList<>();

    public LitmusInterpreter(LitmusProgram program) {
        this.program = program;
        LocationCollector.collect(program, this::location);
        java.util.Set<String> spawned = SpawnTargets.of(program);
        for (int i = 0; i < program.threads().size(); i++) {
            LitmusProgram.LitmusThread t = program.threads().get(i);
            threadIndex.put(t.name(), i);
            if (!spawned.contains(t.name())) {
                initialThreads.add(i);
            }
        }
    }

    /** The id of a location or mutex name. */
    public int location(String name) {
        return locations.computeIfAbsent(name, n -> {
            locationNames.add(n);
            return locationNames.size() - 1;
        });
    }

    @Override
    public int initialThreads() {
        return initialThreads.size();
    }

    @Override
    public void reset() {
        threads.clear();
        codeOf.clear();
        idOf.clear();
        for (int id = 0; id < initialThreads.size(); id++) {
            int code = initialThreads.get(id);
            codeOf.put(id, code);
            idOf.put(program.threads().get(code).name(), id);
        }
    }

    @Override
    public Action next(int thread) {
        return state(thread).next();
    }

    @Override
    public void resume(int thread, long value, int nextIndex) {
        ThreadState s = state(thread);
        String spawnedName = s.resume(value, nextIndex);
        if (spawnedName != null) {
            codeOf.put((int) value, threadIndex.get(spawnedName));
            idOf.put(spawnedName, (int) value);
        }
    }

    @Override
    public long initialValue(int location) {
        return program.initialValues().getOrDefault(locationNames.get(location), 0L);
    }

    @Override
    public String locationName(int location) {
        return locationNames.get(location);
    }

    int threadIdOf(String name) {
        Integer id = idOf.get(name);
        if (id == null) {
            throw new IllegalStateException("join of thread " + name + " before it was spawned");
        }
        return id;
    }

    private ThreadState state(int thread) {
        while (threads.size() <= thread) {
            threads.add(null);
        }
        ThreadState s = threads.get(thread);
        if (s == null) {
            Integer code = codeOf.get(thread);
            if (code == null) {
                throw new IllegalStateException("no code for thread id " + thread);
            }
            s = new ThreadState(this, program.threads().get(code));
            threads.set(thread, s);
        }
        return s;
    }
}
