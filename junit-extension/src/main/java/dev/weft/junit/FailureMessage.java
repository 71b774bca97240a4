package dev.weft.junit;

import dev.weft.runtime.CheckResult;
import dev.weft.runtime.Failure;
import java.nio.file.Path;

/** The assertion message of a failed check: what went wrong, the execution, where the graph is, how to replay it. */
final class FailureMessage {
    private static final String NL = System.lineSeparator();

    private FailureMessage() {}

    /**
     * @param failure the failure to describe (the runtime stops at the first one)
     * @param graph   the HTML drawing of its execution, or null if none was written
     */
    static String of(String check, CheckResult result, Failure failure, Path graph) {
        StringBuilder sb = new StringBuilder();
        sb.append(check).append(" failed under ").append(result.model());
        if (failure.run() > 0) {
            sb.append(" in execution ").append(failure.run());
        }
        sb.append(" (").append(result.executions()).append(" complete, ").append(result.blocked())
                .append(" blocked): ").append(failure.kind()).append(NL);
        sb.append(failure.message().strip()).append(NL);
        if (!failure.execution().isEmpty()) {
            sb.append("Execution (per thread, in program order):").append(NL).append(failure.execution());
            if (!failure.execution().endsWith(NL)) {
                sb.append(NL);
            }
        }
        if (graph != null) {
            sb.append("Graph: ").append(graph.toAbsolutePath()).append(" (and .dot)").append(NL);
        }
        for (Failure other : result.failures().subList(1, result.failures().size())) {
            sb.append("Also: ").append(other).append(NL);
        }
        if (failure.run() > 0) {
            sb.append("Replay: @ModelCheck(replay = \"").append(failure.replayHandle()).append("\")");
        }
        return sb.toString().strip();
    }
}
