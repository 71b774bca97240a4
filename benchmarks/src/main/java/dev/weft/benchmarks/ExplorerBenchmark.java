package dev.weft.benchmarks;

import dev.weft.litmus.LitmusFamilies;
import dev.weft.litmus.LitmusProgram;
import dev.weft.litmus.LitmusRunner;
import dev.weft.models.ExplorationResult;
import dev.weft.models.ExplorerOptions;
import dev.weft.models.MemoryModel;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Exploration throughput: one benchmark invocation is one full exploration of a litmus program
 * under a memory model. The primary score ({@code explore}) counts explorations per second; the
 * secondary score {@code explore:executions} counts the executions those explorations visited
 * (complete + blocked) per second, which is the figure to compare with other model checkers.
 *
 * <p>Throughput mode divides by the real length of each iteration, including the overrun of its
 * last invocation, so the rate stays correct when one exploration (fib_bench: several seconds)
 * is longer than the iteration time.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar ExplorerBenchmark} (see docs/benchmarks.md).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 5, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 5, timeUnit = TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@State(Scope.Benchmark)
public class ExplorerBenchmark {

    /** Program names as {@link LitmusFamilies#byName} takes them. */
    @Param({"ainc(7)", "casrot(8)", "readers(13)", "fib_bench"})
    public String program;

    @Param({"SC", "RA", "RC11"})
    public String model;

    private LitmusProgram litmus;
    private MemoryModel memoryModel;

    /** Per-iteration counters; JMH reports OPERATIONS counters as a rate (per second here). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Counters {
        /** Executions visited (complete + blocked). */
        public long executions;

        @Setup(Level.Iteration)
        public void clear() {
            executions = 0;
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        litmus = LitmusFamilies.byName(program)
                .orElseThrow(() -> new IllegalArgumentException("unknown litmus program " + program));
        memoryModel = MemoryModel.valueOf(model);
    }

    @Benchmark
    public ExplorationResult explore(Counters counters) {
        // DEFAULT stops at the first violation; none of these programs has one, and a violation
        // would make the exploration partial, so it fails the benchmark instead.
        ExplorationResult r = LitmusRunner.explore(litmus, memoryModel, ExplorerOptions.DEFAULT);
        if (r.hasViolations()) {
            throw new IllegalStateException(program + " under " + model + " has a violation: "
                    + r.violations().get(0));
        }
        counters.executions += r.complete() + r.blocked();
        return r;
    }
}
