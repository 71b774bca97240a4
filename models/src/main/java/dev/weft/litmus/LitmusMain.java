package dev.weft.litmus;

import dev.weft.models.ExplorationResult;
import dev.weft.models.MemoryModel;
import dev.weft.models.Violation;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Explores litmus programs from the command line and prints one line of counts per program.
 * Exit status: 0 when every exploration ran without violations, 1 when one found violations or
 * threw, 2 for a usage error or an unreadable or ill-formed program.
 */
public final class LitmusMain {
    static final String USAGE = String.join(System.lineSeparator(),
            "usage: LitmusMain [--model sc|ra|rc11|imm] [PROGRAM...]",
            "  PROGRAM   a .litmus file, a bundled program (SB, 'ainc(3)', ...), fib_bench, or a family",
            "            member such as 'ainc(9)'; without PROGRAM every bundled program is explored",
            "  --model   explore under this model only (default: SC, RA, RC11 and IMM)",
            "exit status: 0 ok, 1 violations or explorer errors, 2 usage or input errors");

    /** A usage or input error; {@code showUsage} is false when the usage text would not help. */
    static final class UsageException extends Exception {
        final boolean showUsage;

        UsageException(String message, boolean showUsage) {
            super(message);
            this.showUsage = showUsage;
        }
    }

    private LitmusMain() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command and returns its exit status (so that tests need not exit the JVM). */
    static int run(String[] args, PrintStream out, PrintStream err) {
        List<MemoryModel> models = new ArrayList<>(List.of(MemoryModel.values()));
        List<LitmusProgram> programs = new ArrayList<>();
        try {
            if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
                out.println(USAGE);
                return 0;
            }
            List<String> names = parseOptions(args, models);
            for (String name : names) programs.add(load(name));
            if (names.isEmpty()) programs.addAll(LitmusFamilies.bundled().values());
        } catch (UsageException e) {
            err.println("LitmusMain: " + e.getMessage());
            if (e.showUsage) err.println(USAGE);
            return 2;
        }
        boolean failed = false;
        for (LitmusProgram p : programs) failed |= report(p, models, out);
        return failed ? 1 : 0;
    }

    /** Fills {@code models} from --model and returns the program arguments. */
    private static List<String> parseOptions(String[] args, List<MemoryModel> models) throws UsageException {
        List<String> names = new ArrayList<>();
        boolean modelGiven = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String value = null;
            if (a.equals("--model")) {
                if (i + 1 == args.length) throw new UsageException("--model needs a value: sc, ra, rc11 or imm", true);
                value = args[++i];
            } else if (a.startsWith("--model=")) {
                value = a.substring("--model=".length());
            } else if (a.startsWith("-")) {
                throw new UsageException("unknown option " + a, true);
            } else {
                names.add(a);
                continue;
            }
            if (modelGiven) throw new UsageException("--model may be given once", true);
            modelGiven = true;
            models.clear();
            models.add(model(value));
        }
        return names;
    }

    private static MemoryModel model(String value) throws UsageException {
        for (MemoryModel m : MemoryModel.values()) {
            if (m.name().toLowerCase(Locale.ROOT).equals(value.toLowerCase(Locale.ROOT))) return m;
        }
        throw new UsageException("unknown model '" + value + "': expected sc, ra, rc11 or imm", true);
    }

    /** A file when the argument names one (or ends in .litmus), else a bundled name. */
    private static LitmusProgram load(String arg) throws UsageException {
        Path path = null;
        try {
            path = Path.of(arg);
        } catch (InvalidPathException e) {
            // not a path: try it as a bundled name
        }
        if (arg.endsWith(".litmus") || (path != null && Files.isRegularFile(path))) {
            if (path == null) throw new UsageException("invalid path " + arg, false);
            try {
                return LitmusParser.parse(path);
            } catch (NoSuchFileException e) {
                throw new UsageException(arg + ": no such file", false);
            } catch (IOException e) {
                throw new UsageException(arg + ": cannot read: " + e.getMessage(), false);
            } catch (LitmusSyntaxException e) {
                throw new UsageException(arg + ": " + e.getMessage(), false);
            }
        }
        return LitmusFamilies.byName(arg).orElseThrow(() -> new UsageException("'" + arg
                + "' is neither a .litmus file nor a bundled program; bundled programs: "
                + String.join(", ", LitmusFamilies.bundled().keySet()) + ", fib_bench", false));
    }

    /** Explores {@code p} under each model and prints its line; true when something went wrong. */
    private static boolean report(LitmusProgram p, List<MemoryModel> models, PrintStream out) {
        List<String> counts = new ArrayList<>();
        List<String> blocked = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (MemoryModel m : models) {
            try {
                ExplorationResult r = LitmusRunner.explore(p, m);
                counts.add(m + "=" + r.complete());
                blocked.add(Long.toString(r.blocked()));
                for (Violation v : r.violations()) problems.add("  " + m + " violation: " + indent(v.toString()));
            } catch (RuntimeException | AssertionError e) {
                // One program the explorer cannot handle must not hide the results of the others.
                counts.add(m + "=error");
                blocked.add("-");
                problems.add("LITMUS " + p.name() + " " + m + "=error: " + (e.getMessage() != null ? e.getMessage() : e));
            }
        }
        out.println("LITMUS " + p.name() + " " + String.join(" ", counts)
                + " blocked(" + join(models) + ")=" + String.join("/", blocked));
        problems.forEach(out::println);
        return !problems.isEmpty();
    }

    private static String join(Collection<MemoryModel> models) {
        return models.stream().map(MemoryModel::name).collect(Collectors.joining("/"));
    }

    private static String indent(String text) {
        return text.replace(System.lineSeparator(), System.lineSeparator() + "    ");
    }
}
