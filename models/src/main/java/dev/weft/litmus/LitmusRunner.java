package dev.weft.litmus;

import dev.weft.models.ExecutionSnapshot;
import dev.weft.models.ExplorationResult;
import dev.weft.models.Explorer;
import dev.weft.models.ExplorerOptions;
import dev.weft.models.MemoryModel;
import java.util.ArrayList;
import java.util.List;

/** Explores a litmus program under a memory model. */
public final class LitmusRunner {
    private LitmusRunner() {}

    /** Explores every consistent execution of the program and returns the counts. */
    public static ExplorationResult explore(LitmusProgram program, MemoryModel model) {
        return explore(program, model, ExplorerOptions.DEFAULT);
    }

    public static ExplorationResult explore(LitmusProgram program, MemoryModel model, ExplorerOptions options) {
        return new Explorer(new LitmusInterpreter(program), model, options).explore();
    }

    /**
     * The canonical keys (docs/litmus-keys.md) of every complete execution, in the order the
     * explorer visited them; a key that occurs twice means a graph was visited twice.
     * Only for straight-line programs (loads, stores, RMWs, fences, assignments).
     */
    public static List<String> executionKeys(LitmusProgram program, MemoryModel model) {
        return executionKeys(program, model, ExplorerOptions.DEFAULT);
    }

    public static List<String> executionKeys(LitmusProgram program, MemoryModel model, ExplorerOptions options) {
        LitmusInterpreter interpreter = new LitmusInterpreter(program);
        ExecutionKeys keys = new ExecutionKeys(program, interpreter::locationName);
        List<String> out = new ArrayList<>();
        new Explorer(interpreter, model, options).onComplete((ExecutionSnapshot s) -> out.add(keys.of(s))).explore();
        return out;
    }
}
