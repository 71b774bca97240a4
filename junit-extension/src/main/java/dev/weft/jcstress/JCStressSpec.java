package dev.weft.jcstress;

import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A jcstress-style test class, read: its mode, actors, arbiter, signal, state and result classes,
 * and its outcomes with their gradings.
 *
 * <p>Outcomes are matched as jcstress matches them: an id equal to the result wins first, then the
 * ids read as regular expressions, in declaration order, the outcomes of the class named by
 * {@code @JCStressMeta} before the test's own; then the default outcome (an {@code @Outcome}
 * without id). A result no outcome matches is {@link Expectation#FORBIDDEN}.
 */
public final class JCStressSpec {
    /** jcstress's {@code Mode}. */
    public enum Mode {
        /** Actors run concurrently; the result object's text is the outcome. */
        CONTINUOUS,
        /** One actor and a {@code @Signal}: the outcome is {@code TERMINATED} or {@code STALE}. */
        TERMINATION
    }

    /** The outcome of a Termination test whose actor returned. */
    public static final String TERMINATED = "TERMINATED";
    /** The outcome of a Termination test whose actor can stay blocked for good. */
    public static final String STALE = "STALE";

    /**
     * How a result is graded.
     *
     * @param expect  the grading
     * @param desc    the matching outcome's description, or why none matched
     * @param matched the matching outcome, or null
     */
    public record Grade(Expectation expect, String desc, OutcomeSpec matched) {}

    private final Class<?> testClass;
    private final Mode mode;
    private final String description;
    private final List<OutcomeSpec> outcomes;
    private final List<Method> actors;
    private final Method arbiter;
    private final Method signal;
    private final Class<?> resultClass;
    /** The classes of the objects each execution creates: the test instance (if needed), then the states. */
    private final List<Class<?>> objectClasses;
    private final List<Execution.Call> actorCalls;
    private final Execution.Call arbiterCall;
    private final Execution.Call signalCall;

    private JCStressSpec(Class<?> testClass, JCStressAnnotations a) {
        this.testClass = testClass;
        Annotation test = testClass.getAnnotation(a.test);
        if (test == null) {
            throw invalid(testClass, "it is not annotated with @JCStressTest");
        }
        this.mode = JCStressAnnotations.enumAttribute(test, "value").equals("Termination") ? Mode.TERMINATION
                : Mode.CONTINUOUS;

        Class<?> meta = null;
        Annotation metaAnnotation = testClass.getAnnotation(a.meta);
        if (metaAnnotation != null) {
            meta = (Class<?>) JCStressAnnotations.attribute(metaAnnotation, "value");
        }
        List<OutcomeSpec> all = new ArrayList<>();
        if (meta != null) {
            all.addAll(outcomesOf(meta, a));
        }
        all.addAll(outcomesOf(testClass, a));
        this.outcomes = List.copyOf(all);
        String desc = descriptionOf(testClass, a);
        this.description = desc == null && meta != null ? descriptionOf(meta, a) : desc;

        this.actors = annotated(testClass, a.actor);
        List<Method> arbiters = annotated(testClass, a.arbiter);
        List<Method> signals = annotated(testClass, a.signal);
        if (actors.isEmpty()) {
            throw invalid(testClass, "it has no @Actor method");
        }
        if (arbiters.size() > 1 || signals.size() > 1) {
            throw invalid(testClass, "it has more than one @Arbiter or @Signal method");
        }
        this.arbiter = arbiters.isEmpty() ? null : arbiters.get(0);
        this.signal = signals.isEmpty() ? null : signals.get(0);
        if (mode == Mode.TERMINATION) {
            if (actors.size() != 1 || signal == null || arbiter != null) {
                throw invalid(testClass, "a @JCStressTest(Mode.Termination) test has exactly one @Actor, one @Signal"
                        + " and no @Arbiter");
            }
        } else if (signal != null) {
            throw invalid(testClass, "@Signal belongs to @JCStressTest(Mode.Termination) tests");
        }

        List<Method> all2 = new ArrayList<>(actors);
        if (arbiter != null) {
            all2.add(arbiter);
        }
        if (signal != null) {
            all2.add(signal);
        }
        Class<?> result = null;
        List<Class<?>> objects = new ArrayList<>();
        boolean needsInstance = all2.stream().anyMatch(m -> !Modifier.isStatic(m.getModifiers()));
        if (needsInstance || testClass.isAnnotationPresent(a.state)) {
            objects.add(testClass);
        }
        for (Method m : all2) {
            for (Class<?> p : m.getParameterTypes()) {
                if (isResultClass(p, a)) {
                    if (result != null && result != p) {
                        throw invalid(testClass, "its methods take two result classes, " + result.getSimpleName()
                                + " and " + p.getSimpleName());
                    }
                    result = p;
                } else if (p.isAnnotationPresent(a.state)) {
                    if (!objects.contains(p)) {
                        objects.add(p);
                    }
                } else {
                    throw invalid(testClass, m.getName() + " takes a " + p.getName() + ", which is neither a @State"
                            + " class nor a result class (org.openjdk.jcstress.infra.results.* or @Result)");
                }
            }
        }
        if (mode == Mode.CONTINUOUS && result == null) {
            throw invalid(testClass, "no @Actor or @Arbiter takes a result object (such as II_Result), so there is"
                    + " no outcome to grade");
        }
        if (mode == Mode.TERMINATION && result != null) {
            throw invalid(testClass, "the actor and signal of a Termination test take no result object: the outcome"
                    + " is TERMINATED or STALE");
        }
        this.resultClass = result;
        this.objectClasses = List.copyOf(objects);
        for (Class<?> c : objectClasses) {
            constructorOf(c); // fail now, not inside the check
        }
        this.actorCalls = actors.stream().map(this::call).toList();
        this.arbiterCall = arbiter == null ? null : call(arbiter);
        this.signalCall = signal == null ? null : call(signal);
    }

    /** Whether {@code c} is annotated with jcstress's {@code @JCStressTest}. */
    public static boolean isJCStressTest(Class<?> c) {
        return JCStressAnnotations.isJCStressTest(c);
    }

    /** Reads a test class; throws {@link IllegalArgumentException} when it is not a valid jcstress test. */
    public static JCStressSpec of(Class<?> testClass) {
        Objects.requireNonNull(testClass, "testClass");
        JCStressAnnotations a = JCStressAnnotations.in(testClass.getClassLoader()).orElseThrow(() -> invalid(testClass,
                "jcstress (org.openjdk.jcstress:jcstress-core) is not on its class path"));
        if (Modifier.isAbstract(testClass.getModifiers()) || testClass.isInterface()) {
            throw invalid(testClass, "it is abstract");
        }
        return new JCStressSpec(testClass, a);
    }

    public Class<?> testClass() {
        return testClass;
    }

    public Mode mode() {
        return mode;
    }

    /** The {@code @Description}, of the test or of its {@code @JCStressMeta} class; empty if none. */
    public Optional<String> description() {
        return Optional.ofNullable(description);
    }

    /** The outcomes in matching order: those of the {@code @JCStressMeta} class first. */
    public List<OutcomeSpec> outcomes() {
        return outcomes;
    }

    /** The actors in the order of their threads (by name, numbers compared as numbers). */
    public List<Method> actors() {
        return actors;
    }

    public Optional<Method> arbiter() {
        return Optional.ofNullable(arbiter);
    }

    public Optional<Method> signal() {
        return Optional.ofNullable(signal);
    }

    /** The result class (such as {@code II_Result}); empty in Termination mode. */
    public Optional<Class<?>> resultClass() {
        return Optional.ofNullable(resultClass);
    }

    /** Grades an outcome id. */
    public Grade grade(String outcome) {
        for (OutcomeSpec o : outcomes) {
            if (o.matchesExactly(outcome)) {
                return new Grade(o.expect(), o.desc(), o);
            }
        }
        for (OutcomeSpec o : outcomes) {
            if (o.matchesPattern(outcome)) {
                return new Grade(o.expect(), o.desc(), o);
            }
        }
        for (OutcomeSpec o : outcomes) {
            if (o.isDefault()) {
                return new Grade(o.expect(), o.desc(), o);
            }
        }
        return new Grade(Expectation.FORBIDDEN, "no @Outcome matches this result and there is no default outcome",
                null);
    }

    /** A fresh result object (created outside the check: the runtime resets it before every execution). */
    Object newResult() {
        if (resultClass == null) {
            return null;
        }
        try {
            return constructorOf(resultClass).newInstance();
        } catch (ReflectiveOperationException e) {
            throw invalid(testClass, "cannot create its result object " + resultClass.getName() + ": " + e);
        }
    }

    /** Loads and initialises the classes the body uses, so that no static initialiser runs inside a check. */
    void initialiseClasses() {
        Set<Class<?>> all = new HashSet<>(objectClasses);
        all.add(testClass);
        if (resultClass != null) {
            all.add(resultClass);
        }
        for (Class<?> c : all) {
            try {
                Class.forName(c.getName(), true, c.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw invalid(testClass, "cannot initialise " + c.getName() + ": " + e);
            }
        }
    }

    /** The body of one execution. */
    Execution execution(Object result, Consumer<String> log, Function<String, String> forbidden) {
        List<Constructor<?>> constructors = objectClasses.stream().<Constructor<?>>map(JCStressSpec::constructorOf)
                .toList();
        return new Execution(constructors, actorCalls, arbiterCall, signalCall, result, JCStressSpec::outcomeOf,
                log, forbidden);
    }

    /**
     * The outcome id of a result object: jcstress's own result classes print themselves ("1, 0"); a
     * user's {@code @Result} class prints itself if it declares {@code toString}, else its public
     * fields joined by ", " as jcstress prints them.
     */
    static String outcomeOf(Object result) {
        Class<?> c = result.getClass();
        if (c.getName().startsWith(JCStressAnnotations.RESULTS_PACKAGE)) {
            return String.valueOf(result);
        }
        try {
            if (c.getMethod("toString").getDeclaringClass() != Object.class) {
                return String.valueOf(result);
            }
            StringJoiner j = new StringJoiner(", ");
            for (Field f : c.getDeclaredFields()) {
                int m = f.getModifiers();
                if (Modifier.isPublic(m) && !Modifier.isStatic(m) && !f.getName().equals("jcstress_trap")) {
                    j.add(String.valueOf(f.get(result)));
                }
            }
            return j.toString();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot print the result " + c.getName() + ": " + e, e);
        }
    }

    private Execution.Call call(Method m) {
        int target = Modifier.isStatic(m.getModifiers()) ? -1 : objectClasses.indexOf(testClass);
        List<Integer> args = new ArrayList<>();
        for (Class<?> p : m.getParameterTypes()) {
            args.add(p == resultClass ? Execution.RESULT : objectClasses.indexOf(p));
        }
        return new Execution.Call(m, target, args);
    }

    private static boolean isResultClass(Class<?> c, JCStressAnnotations a) {
        return c.getName().startsWith(JCStressAnnotations.RESULTS_PACKAGE) || c.isAnnotationPresent(a.result);
    }

    private static List<OutcomeSpec> outcomesOf(Class<?> c, JCStressAnnotations a) {
        List<OutcomeSpec> list = new ArrayList<>();
        for (Annotation o : c.getAnnotationsByType(a.outcome)) {
            String[] ids = (String[]) JCStressAnnotations.attribute(o, "id");
            list.add(new OutcomeSpec(List.of(ids), Expectation.fromJCStress(JCStressAnnotations.enumAttribute(o,
                    "expect")), (String) JCStressAnnotations.attribute(o, "desc"), c));
        }
        return list;
    }

    private static String descriptionOf(Class<?> c, JCStressAnnotations a) {
        Annotation d = c.getAnnotation(a.description);
        return d == null ? null : (String) JCStressAnnotations.attribute(d, "value");
    }

    /** The methods with {@code annotation}, the class's own before its superclasses', overridden ones once. */
    private static List<Method> annotated(Class<?> testClass, Class<? extends Annotation> annotation) {
        List<Method> found = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Class<?> k = testClass; k != null && k != Object.class; k = k.getSuperclass()) {
            for (Method m : k.getDeclaredMethods()) {
                if (m.isBridge() || m.isSynthetic()) {
                    continue;
                }
                String signature = m.getName() + java.util.Arrays.toString(m.getParameterTypes());
                if (!seen.add(signature)) {
                    continue;
                }
                if (m.isAnnotationPresent(annotation)) {
                    m.setAccessible(true);
                    found.add(m);
                }
            }
        }
        found.sort(Comparator.comparing(Method::getName, JCStressSpec::naturalCompare));
        return List.copyOf(found);
    }

    private static Constructor<?> constructorOf(Class<?> c) {
        if (c.isMemberClass() && !Modifier.isStatic(c.getModifiers())) {
            throw new IllegalArgumentException(c.getName() + " is an inner (non-static) class: jcstress state and"
                    + " result classes need a no-argument constructor; make it static");
        }
        try {
            Constructor<?> k = c.getDeclaredConstructor();
            k.setAccessible(true);
            return k;
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(c.getName() + " has no no-argument constructor");
        }
    }

    /** "actor2" before "actor10" (numbers compared as numbers, then as text). */
    static int naturalCompare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char x = a.charAt(i);
            char y = b.charAt(j);
            if (Character.isDigit(x) && Character.isDigit(y)) {
                int si = i;
                int sj = j;
                while (i < a.length() && Character.isDigit(a.charAt(i))) {
                    i++;
                }
                while (j < b.length() && Character.isDigit(b.charAt(j))) {
                    j++;
                }
                String na = a.substring(si, i).replaceFirst("^0+(?=.)", "");
                String nb = b.substring(sj, j).replaceFirst("^0+(?=.)", "");
                int c = na.length() != nb.length() ? Integer.compare(na.length(), nb.length()) : na.compareTo(nb);
                if (c != 0) {
                    return c;
                }
            } else {
                if (x != y) {
                    return Character.compare(x, y);
                }
                i++;
                j++;
            }
        }
        int c = Integer.compare(a.length() - i, b.length() - j);
        return c != 0 ? c : a.compareTo(b);
    }

    private static IllegalArgumentException invalid(Class<?> c, String why) {
        return new IllegalArgumentException(c.getName() + " is not a valid jcstress test: " + why);
    }

    @Override
    public String toString() {
        return "JCStressSpec[" + testClass.getName() + ", " + mode + ", actors=" + actors.stream().map(Method::getName)
                .toList() + "]";
    }
}
