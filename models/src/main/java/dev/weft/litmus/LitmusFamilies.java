package dev.weft.litmus;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The bundled litmus programs: the resource files under {@code litmus/} and the parameterised
 * families of {@code litmus-counts.md}. Families are generated as source text and parsed, so
 * that they go through the same front end as hand-written programs. Threads are T0..T(N-1).
 */
public final class LitmusFamilies {
    /** The resource programs, in the order of litmus-counts.md; listed because jars cannot be scanned portably. */
    public static final List<String> RESOURCES = List.of(
            "SB", "SB+4sc", "MP", "LB", "LB2", "LB3", "2+2W", "2+2W+4sc", "CoRR", "CoRR1", "CoRW", "CoWR");

    /** Family name -> generator, for {@link #byName} ("ainc(9)"). */
    private static final Map<String, IntFunction<LitmusProgram>> FAMILIES = Map.of(
            "ainc", LitmusFamilies::ainc, "binc", LitmusFamilies::binc, "cas", LitmusFamilies::cas,
            "casrot", LitmusFamilies::casrot, "readers", LitmusFamilies::readers, "lockinc", LitmusFamilies::lockinc);

    private static final Pattern FAMILY_NAME = Pattern.compile("([a-z]+)\\((\\d{1,4})\\)");

    private static Map<String, LitmusProgram> bundled;

    private LitmusFamilies() {}

    /** ainc(N): N threads, each {@code FAI(x, 1)}. */
    public static LitmusProgram ainc(int n) {
        return family("ainc", n, i -> "r0 = fai x 1 rlx");
    }

    /** binc(N): N threads, each {@code FAI(x, 1); FAI(y, 1)}. */
    public static LitmusProgram binc(int n) {
        return family("binc", n, i -> "r0 = fai x 1 rlx\n  r1 = fai y 1 rlx");
    }

    /** cas(N): thread i (from 0) does {@code CAS(x, 0 -> i+1)}: exactly one CAS succeeds. */
    public static LitmusProgram cas(int n) {
        return family("cas", n, i -> "r0 = cas x 0 " + (i + 1) + " rlx");
    }

    /** casrot(N): thread i (from 0) does {@code CAS(x, i -> i+1)}, the table's CAS(x, i-1 -> i) counting from 1. */
    public static LitmusProgram casrot(int n) {
        return family("casrot", n, i -> "r0 = cas x " + i + " " + (i + 1) + " rlx");
    }

    /** lockinc(N): N threads each increment x under the mutex m. */
    public static LitmusProgram lockinc(int n) {
        return family("lockinc", n, i -> "lock m\n  r0 = load x rlx\n  store x r0 + 1 rlx\n  unlock m");
    }

    /** readers(N): main spawns the writer W, then N readers R0..R(N-1), then joins them all. */
    public static LitmusProgram readers(int n) {
        checkSize(n);
        StringBuilder main = new StringBuilder("  spawn W\n");
        StringBuilder readers = new StringBuilder();
        for (int i = 0; i < n; i++) {
            main.append("  spawn R").append(i).append('\n');
            readers.append("\nthread R").append(i).append(" {\n  r0 = load x acq\n}\n");
        }
        main.append("  join W\n");
        for (int i = 0; i < n; i++) main.append("  join R").append(i).append('\n');
        return LitmusParser.parse("litmus readers(" + n + ")\n\nthread main {\n" + main + "}\n\n"
                + "thread W {\n  store x 42 rel\n}\n" + readers);
    }

    /** The fib_bench program (slow to explore, so not in {@link #bundled()}). */
    public static LitmusProgram fibBench() {
        return resource("fib_bench");
    }

    /** A resource program by its name (the file {@code litmus/<name>.litmus}). */
    public static LitmusProgram resource(String name) {
        String path = "litmus/" + name + ".litmus";
        try (InputStream s = LitmusFamilies.class.getClassLoader().getResourceAsStream(path)) {
            if (s == null) throw new IllegalArgumentException("no bundled litmus resource " + path);
            LitmusProgram p = LitmusParser.parse(new String(s.readAllBytes(), StandardCharsets.UTF_8));
            if (!p.name().equals(name)) {
                throw new IllegalStateException(path + " names its program '" + p.name() + "' instead of '" + name + "'");
            }
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path, e);
        }
    }

    /**
     * Every bundled program with a count in litmus-counts.md, in the table's order: the resources,
     * then ainc(2..7), binc(2..4), cas(2..5), casrot(2..6), readers(2), readers(8), lockinc(2..5).
     */
    public static synchronized Map<String, LitmusProgram> bundled() {
        // Parsed once on first use (programs are immutable); not in a static initialiser, where a
        // broken resource would surface as an ExceptionInInitializerError.
        if (bundled == null) bundled = buildBundled();
        return bundled;
    }

    /** A bundled program, fib_bench, or any family member such as "ainc(9)". */
    public static Optional<LitmusProgram> byName(String name) {
        if (bundled().containsKey(name)) return Optional.of(bundled().get(name));
        if (name.equals("fib_bench")) return Optional.of(fibBench());
        Matcher m = FAMILY_NAME.matcher(name);
        if (m.matches() && FAMILIES.containsKey(m.group(1)) && Integer.parseInt(m.group(2)) >= 1) {
            return Optional.of(FAMILIES.get(m.group(1)).apply(Integer.parseInt(m.group(2))));
        }
        return Optional.empty();
    }

    private static Map<String, LitmusProgram> buildBundled() {
        Map<String, LitmusProgram> all = new LinkedHashMap<>();
        RESOURCES.forEach(name -> all.put(name, resource(name)));
        range(all, 2, 7, LitmusFamilies::ainc);
        range(all, 2, 4, LitmusFamilies::binc);
        range(all, 2, 5, LitmusFamilies::cas);
        range(all, 2, 6, LitmusFamilies::casrot);
        range(all, 2, 2, LitmusFamilies::readers);
        range(all, 8, 8, LitmusFamilies::readers);
        range(all, 2, 5, LitmusFamilies::lockinc);
        return Collections.unmodifiableMap(all);
    }

    private static void range(Map<String, LitmusProgram> all, int from, int to, IntFunction<LitmusProgram> family) {
        for (int n = from; n <= to; n++) {
            LitmusProgram p = family.apply(n);
            all.put(p.name(), p);
        }
    }

    /** N threads T0..T(N-1), thread i running {@code body.apply(i)}. */
    private static LitmusProgram family(String name, int n, IntFunction<String> body) {
        checkSize(n);
        StringBuilder src = new StringBuilder("litmus ").append(name).append('(').append(n).append(")\n");
        for (int i = 0; i < n; i++) {
            src.append("\nthread T").append(i).append(" {\n  ").append(body.apply(i)).append("\n}\n");
        }
        return LitmusParser.parse(src.toString());
    }

    private static void checkSize(int n) {
        if (n < 1) throw new IllegalArgumentException("a family needs at least one thread, not " + n);
    }
}
