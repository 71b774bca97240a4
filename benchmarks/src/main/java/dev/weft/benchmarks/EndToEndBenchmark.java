package dev.weft.benchmarks;

import dev.weft.models.MemoryModel;
import dev.weft.runtime.CheckOptions;
import dev.weft.runtime.CheckResult;
import dev.weft.runtime.Weft;
import dev.weft.samples.litmus.JavaFibBench;
import dev.weft.samples.litmus.JavaLitmus;
import java.util.concurrent.TimeUnit;
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
 * End-to-end throughput on real Java code: one invocation is one {@link Weft#check} of a Java
 * port of a litmus program, through the agent (self-attached in the forked JVM) and the runtime.
 * {@code check:executions} is executions (complete + blocked) per second, the figure issue 3
 * asks for; compare with {@link ExplorerBenchmark} on the litmus version of the same program to
 * see what running the JVM code costs.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar EndToEndBenchmark} (docs/benchmarks.md).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 10, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 3, time = 10, timeUnit = TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@State(Scope.Benchmark)
public class EndToEndBenchmark {

    @Param({"ainc(5)", "casrot(6)", "readers(8)", "fib_bench"})
    public String program;

    @Param({"SC"})
    public String model;

    private Weft.Body body;
    private CheckOptions options;

    @Setup(Level.Trial)
    public void setUp() {
        options = CheckOptions.of(MemoryModel.valueOf(model));
        if (program.equals("fib_bench")) {
            body = JavaFibBench.body();
        } else {
            int paren = program.indexOf('(');
            body = JavaLitmus.families().get(program.substring(0, paren))
                    .apply(Integer.parseInt(program.substring(paren + 1, program.length() - 1)));
        }
    }

    @Benchmark
    public CheckResult check(ExplorerBenchmark.Counters counters) {
        CheckResult r = Weft.check(options, body);
        if (!r.passed()) {
            throw new IllegalStateException(program + " under " + model + " failed: " + r.report());
        }
        counters.executions += r.executions() + r.blocked();
        return r;
    }
}
