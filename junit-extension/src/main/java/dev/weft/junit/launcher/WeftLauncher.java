package dev.weft.junit.launcher;

import dev.weft.junit.ReportKeys;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * {@code weft check [--model sc|ra|rc11|imm] [--heap] CLASS...}: runs the checks of the given
 * classes (Jupiter {@code @ModelCheck} methods and whatever other engines on the class path, such
 * as the jcstress-style one, discover in them) and prints one CHECK line per check. With no class
 * it runs the classes listed in the class-path resource {@value #SAMPLES}. {@code bin/weft} puts
 * {@code --cp} entries on the class path before it starts this class.
 *
 * <p>{@code --heap} ends every CHECK line with one more field, {@code peakHeap=<MiB>} (one
 * decimal): the check's peak heap in use after a garbage collection, as {@link HeapWatch}
 * measures it. It runs {@code System.gc()} before and after every test, so checks take longer;
 * {@code bin/weft check --heap} also starts the JVM with a small young generation, so that
 * collections are frequent enough to sample. Without it the lines are as they always were.
 *
 * <p>Exit status: 0 when every check passed, 1 when one failed, 2 for usage or setup errors.
 */
public final class WeftLauncher {
    /** The classes checked when none is given, one per line ({@code #} starts a comment). */
    public static final String SAMPLES = "META-INF/weft/samples.txt";

    static final int PASSED = 0;
    static final int FAILED = 1;
    static final int USAGE = 2;

    private static final String USAGE_TEXT =
            "usage: weft check [--model sc|ra|rc11|imm] [--heap] [--cp CLASSPATH] CLASS...";
    private static final Set<String> MODELS = Set.of("sc", "ra", "rc11", "imm");

    private WeftLauncher() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command and returns its exit status; classes are loaded through the context class loader. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || !args[0].equals("check")) {
            err.println(USAGE_TEXT);
            return USAGE;
        }
        String model = null;
        boolean heap = false;
        List<String> classes = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--model") && i + 1 < args.length && MODELS.contains(args[i + 1].toLowerCase(Locale.ROOT))) {
                model = args[++i].toUpperCase(Locale.ROOT);
            } else if (arg.equals("--heap")) {
                heap = true;
            } else if (arg.startsWith("-")) {
                err.println("weft: " + (arg.equals("--model") ? "--model takes one of sc, ra, rc11, imm"
                        : arg.equals("--cp") ? "--cp is read by bin/weft; with java, put the classes on -cp"
                        : "unknown option " + arg));
                err.println(USAGE_TEXT);
                return USAGE;
            } else {
                classes.add(arg);
            }
        }
        ClassLoader loader = Thread.currentThread().getContextClassLoader() != null
                ? Thread.currentThread().getContextClassLoader() : WeftLauncher.class.getClassLoader();
        if (classes.isEmpty()) {
            try {
                classes = samples(loader);
            } catch (IOException e) {
                err.println("weft: cannot read " + SAMPLES + ": " + e.getMessage());
                return USAGE;
            }
            if (classes == null) {
                err.println("weft: no class given and no " + SAMPLES + " on the class path");
                err.println(USAGE_TEXT);
                return USAGE;
            }
        }
        for (String name : classes) {
            try {
                Class.forName(name, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                err.println("weft: class not found: " + name);
                return USAGE;
            }
        }
        return execute(classes, model, heap, out, err);
    }

    private static int execute(List<String> classes, String model, boolean heap, PrintStream out,
                               PrintStream err) {
        LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request()
                .selectors(classes.stream().map(DiscoverySelectors::selectClass).collect(Collectors.toList()))
                .configurationParameter(ReportKeys.QUIET_PARAMETER, "true");
        if (model != null) {
            request.configurationParameter(ReportKeys.MODEL_PARAMETER, model);
        }
        LauncherDiscoveryRequest discovery = request.build();
        Launcher launcher = LauncherFactory.create();
        TestPlan plan = launcher.discover(discovery);
        if (!plan.containsTests()) {
            err.println("weft: no tests found in " + String.join(", ", classes));
            return USAGE;
        }
        SummaryListener summary = new SummaryListener(out, heap);
        launcher.execute(plan, summary);
        out.flush();
        return summary.failed() ? FAILED : PASSED;
    }

    /** The class names listed in {@value #SAMPLES}, or null if there is no such resource. */
    private static List<String> samples(ClassLoader loader) throws IOException {
        InputStream in = loader.getResourceAsStream(SAMPLES);
        if (in == null) {
            return null;
        }
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return reader.lines().map(String::strip).filter(line -> !line.isEmpty() && !line.startsWith("#"))
                    .collect(Collectors.toList());
        }
    }
}
