package dev.weft.benchmarks;

import dev.weft.litmus.LitmusFamilies;
import dev.weft.litmus.LitmusInterpreter;
import dev.weft.litmus.LitmusProgram;
import dev.weft.litmus.LitmusRunner;
import dev.weft.models.ExplorationResult;
import dev.weft.models.Explorer;
import dev.weft.models.ExplorerOptions;
import com.sun.management.HotSpotDiagnosticMXBean;
import dev.weft.models.MemoryModel;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Peak retained heap while exploring, to show that the explorer's memory does not grow with the
 * number of executions (it keeps no set of visited graphs, only the stack of graphs being revisited).
 *
 * <p>For each program and model: one exploration without sampling counts the executions (and
 * warms up the JIT and class loading); then, before a second exploration, a full GC gives the
 * baseline; during it, every k-th complete execution (k = executions / 100, at least 1) the
 * {@code onComplete} callback runs {@link System#gc()} and reads the heap in use after it. The
 * report is the peak of those samples minus the baseline. The baseline already holds the program
 * and the (not yet started) explorer, so the difference is what the exploration itself retains
 * (plus the one {@code ExecutionSnapshot} handed to the callback).
 *
 * <p>"Heap in use after GC" is read two ways: the sum over heap pools of
 * {@link MemoryPoolMXBean#getCollectionUsage()} (what the collector left, recorded at the end of
 * the GC; the figure reported) and {@link MemoryMXBean#getHeapMemoryUsage()} read just after
 * {@code System.gc()} returns (shown for comparison: it can include a freshly handed-out TLAB of
 * about a megabyte when the thread allocated between the GC and the read).
 *
 * <p>Run with a fixed heap and the serial collector, whose {@code System.gc()} is a full,
 * stop-the-world compaction, and with {@code -XX:MarkSweepDeadRatio=0}: by default the serial
 * full GC leaves up to 5% of the old generation as uncompacted dead objects ("dead wood") in three
 * collections out of four, which shows up as tens of KiB of noise:
 * <pre>
 * java -Xms256m -Xmx256m -XX:+UseSerialGC -XX:MarkSweepDeadRatio=0 \
 *      -cp benchmarks/target/benchmarks.jar dev.weft.benchmarks.MemoryFootprint
 * </pre>
 *
 * <p>Arguments (optional): program names ({@code ainc(4) ainc(7)} by default),
 * {@code --models=RC11,SC} (the default) and {@code --repeat=N} (measure each pair N times, default 3).
 */
public final class MemoryFootprint {
    private static final int TARGET_SAMPLES = 100;

    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final List<MemoryPoolMXBean> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP && p.getCollectionUsage() != null)
            .toList();

    /** One measurement. */
    record Row(String program, MemoryModel model, long executions, long every, int samples,
               long baselineBytes, long peakBytes, long lastBytes, long firstHalfPeakBytes, long secondHalfPeakBytes,
               long mxBaselineBytes, long mxPeakBytes) {
        long peakDelta() {
            return peakBytes - baselineBytes;
        }

        long lastDelta() {
            return lastBytes - baselineBytes;
        }

        long firstHalfDelta() {
            return firstHalfPeakBytes - baselineBytes;
        }

        long secondHalfDelta() {
            return secondHalfPeakBytes - baselineBytes;
        }

        long mxPeakDelta() {
            return mxPeakBytes - mxBaselineBytes;
        }
    }

    private MemoryFootprint() {}

    public static void main(String[] args) {
        List<String> programs = new ArrayList<>();
        List<MemoryModel> models = List.of(MemoryModel.RC11, MemoryModel.SC);
        int repeat = 3;
        for (String a : args) {
            if (a.startsWith("--models=")) {
                models = new ArrayList<>();
                for (String m : a.substring("--models=".length()).split(",")) {
                    models.add(MemoryModel.valueOf(m.trim().toUpperCase(Locale.ROOT)));
                }
            } else if (a.startsWith("--repeat=")) {
                repeat = Integer.parseInt(a.substring("--repeat=".length()));
            } else {
                programs.add(a);
            }
        }
        if (programs.isEmpty()) {
            programs = List.of("ainc(4)", "ainc(7)");
        }

        MemoryFootprint m = new MemoryFootprint();
        System.out.printf(Locale.ROOT, "JVM %s, max heap %d MiB, collectors %s, MarkSweepDeadRatio=%s%n",
                System.getProperty("java.vm.version"), Runtime.getRuntime().maxMemory() >> 20, collectors(),
                vmOption("MarkSweepDeadRatio"));
        if (!collectors().equals("Copy+MarkSweepCompact") || !"0".equals(vmOption("MarkSweepDeadRatio"))) {
            System.out.println("warning: run with -XX:+UseSerialGC -XX:MarkSweepDeadRatio=0 for exact live-set figures");
        }
        // Load and JIT-compile the explorer and the sampling path before the first baseline.
        m.measure("ainc(3)", MemoryModel.RC11);

        List<Row> rows = new ArrayList<>();
        for (String p : programs) {
            for (MemoryModel model : models) {
                for (int i = 0; i < repeat; i++) {
                    rows.add(m.measure(p, model));
                }
            }
        }
        print(rows);
    }

    /** Explores {@code name} under {@code model} twice: once to count, once sampling the heap. */
    Row measure(String name, MemoryModel model) {
        LitmusProgram program = LitmusFamilies.byName(name)
                .orElseThrow(() -> new IllegalArgumentException("unknown litmus program " + name));
        ExplorationResult counted = LitmusRunner.explore(program, model, ExplorerOptions.DEFAULT);
        long executions = counted.complete() + counted.blocked();
        long every = Math.max(1, counted.complete() / TARGET_SAMPLES);

        Explorer explorer = new Explorer(new LitmusInterpreter(program), model, ExplorerOptions.DEFAULT);
        long half = (counted.complete() + 1) / 2;
        long[] state = new long[7]; // completed, samples, peak, last, MXBean peak, 1st-half peak, 2nd-half peak
        explorer.onComplete(snapshot -> {
            state[0]++;
            if (state[0] % every == 0) {
                System.gc();
                long mx = memory.getHeapMemoryUsage().getUsed();
                long used = collectionUsage();
                state[1]++;
                state[2] = Math.max(state[2], used);
                state[3] = used;
                state[4] = Math.max(state[4], mx);
                int h = state[0] <= half ? 5 : 6;
                state[h] = Math.max(state[h], used);
            }
        });
        System.gc();
        long mxBaseline = memory.getHeapMemoryUsage().getUsed();
        long baseline = collectionUsage();
        ExplorationResult r = explorer.explore();
        if (r.complete() + r.blocked() != executions) {
            throw new IllegalStateException(name + " under " + model + ": " + executions + " then "
                    + (r.complete() + r.blocked()) + " executions");
        }
        if (state[1] == 0) {
            throw new IllegalStateException(name + " under " + model + " has no complete execution to sample");
        }
        return new Row(name, model, executions, every, (int) state[1], baseline, state[2], state[3],
                state[5], state[6], mxBaseline, state[4]);
    }

    /** The heap in use at the end of the last collection, summed over the heap pools. */
    private long collectionUsage() {
        long used = 0;
        for (MemoryPoolMXBean p : heapPools) {
            used += p.getCollectionUsage().getUsed();
        }
        return used;
    }

    private static String vmOption(String name) {
        try {
            return ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).getVMOption(name).getValue();
        } catch (RuntimeException e) {
            return "?";
        }
    }

    private static String collectors() {
        List<String> names = new ArrayList<>();
        ManagementFactory.getGarbageCollectorMXBeans().forEach(b -> names.add(b.getName()));
        return String.join("+", names);
    }

    private static double kib(long bytes) {
        return bytes / 1024.0;
    }

    private static void print(List<Row> rows) {
        System.out.println();
        System.out.println("All figures are KiB of heap in use after a full GC; '-base' is minus the baseline taken");
        System.out.println("before the exploration. 1st/2nd half: peak over the samples in each half of the executions.");
        System.out.println();
        String head = String.format(Locale.ROOT, "%-12s %-5s %10s %6s %8s %9s %10s %9s %9s %9s %11s",
                "program", "model", "executions", "every", "samples", "baseline", "peak-base", "1st half", "2nd half",
                "last-base", "MXBean p-b");
        System.out.println(head);
        System.out.println("-".repeat(head.length()));
        for (Row r : rows) {
            System.out.printf(Locale.ROOT, "%-12s %-5s %10d %6d %8d %9.1f %10.1f %9.1f %9.1f %9.1f %11.1f%n",
                    r.program(), r.model(), r.executions(), r.every(), r.samples(),
                    kib(r.baselineBytes()), kib(r.peakDelta()), kib(r.firstHalfDelta()), kib(r.secondHalfDelta()),
                    kib(r.lastDelta()), kib(r.mxPeakDelta()));
        }
    }
}
