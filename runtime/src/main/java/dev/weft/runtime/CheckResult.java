package dev.weft.runtime;

import dev.weft.models.MemoryModel;
import java.util.List;

/**
 * What a check found.
 *
 * @param model      the memory model
 * @param executions complete executions explored
 * @param blocked    blocked executions (a failed spin-assume, a thread blocked for good)
 * @param failures   the violations and errors; empty when the check passed
 * @param nanos      wall-clock time
 * @param exhaustive whether every execution was explored (no budget ran out, no failure stopped it)
 * @param warnings   what was found without failing the check (a data race under {@link RacePolicy#WARN})
 */
public record CheckResult(MemoryModel model, long executions, long blocked, List<Failure> failures,
                          long nanos, boolean exhaustive, List<String> warnings) {

    public boolean passed() {
        return failures.isEmpty();
    }

    public double seconds() {
        return nanos / 1e9;
    }

    /** A one-line summary followed by each failure. */
    public String report() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("model=%s executions=%d blocked=%d result=%s time=%.3fs%s", model, executions,
                blocked, passed() ? "PASS" : "FAIL", seconds(), exhaustive ? "" : " (not exhaustive)"));
        for (String w : warnings) {
            sb.append(System.lineSeparator()).append("warning: ").append(w);
        }
        for (Failure f : failures) {
            sb.append(System.lineSeparator()).append(f);
        }
        return sb.toString();
    }
}
