package dev.weft.jcstress;

import dev.weft.jcstressrun.ModelThreads;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * One execution of a jcstress-style test, the body Weft runs once per execution graph: constructs
 * the test instance and the states, runs each actor on a model thread of its own
 * ({@link ModelThreads}), joins them, runs the arbiter, and hands the outcome to the checker's log.
 *
 * <p>Whether or not the agent instruments this package, the body touches no field that an
 * execution could see change: every field here is final (the runtime reads final fields as they
 * are), the log is a {@code java.util} list, argument arrays come from {@code ArrayList.toArray}
 * (not array stores of this class), and nothing of {@code java.util.concurrent} is used.
 *
 * <p>The state objects are constructed inside the execution, so their construction happens before
 * the actors (it precedes {@code Thread.start}); their instrumented constructors name the new
 * objects stably. The result object is created once per check, outside it: the runtime puts the
 * fields of objects that outlive an execution back to their initial values before every execution,
 * and jcstress's result classes, which the agent does not instrument, could not be named stably if
 * they were created inside one.
 */
final class Execution {
    /** A method to call: its target ({@code -1} for a static method) and arguments, as indices into the per-execution objects. */
    record Call(Method method, int target, List<Integer> args) {
        Call {
            args = List.copyOf(args);
        }
    }

    /** {@link Call#args} index of the result object. */
    static final int RESULT = -1;
    /** Logged first in every execution. */
    static final String BEGIN = "begin";
    /** Logged when the (Termination mode) actor has returned. */
    static final String ACTOR_DONE = "actor-done";
    /** Logged by an actor that does not run as a model thread (see {@link ModelThreads}). */
    static final String UNMODELLED = "unmodelled";
    /** The prefix of the outcome logged at the end of an execution. */
    static final String OUTCOME = "outcome:";

    private final List<Constructor<?>> constructors;
    private final List<Call> actors;
    private final Call arbiter;
    private final Call signal;
    private final Object result;
    private final Function<Object, String> outcomeOf;
    private final Consumer<String> log;
    private final Function<String, String> forbidden;

    /**
     * @param constructors the objects each execution creates, in order (the test instance, the states)
     * @param actors       the actor methods; in Termination mode exactly one
     * @param arbiter      the arbiter, or null
     * @param signal       the signal (Termination mode), or null
     * @param result       the result object, or null (Termination mode)
     * @param outcomeOf    the outcome id of the result object (Continuous mode)
     * @param log          receives {@link #BEGIN}, {@link #ACTOR_DONE}, {@link #UNMODELLED} and {@code OUTCOME + id}
     * @param forbidden    null, or the message of the assertion to fail with when an outcome is
     *                     forbidden (null for an allowed one)
     */
    Execution(List<Constructor<?>> constructors, List<Call> actors, Call arbiter, Call signal, Object result,
              Function<Object, String> outcomeOf, Consumer<String> log, Function<String, String> forbidden) {
        this.constructors = List.copyOf(constructors);
        this.actors = List.copyOf(actors);
        this.arbiter = arbiter;
        this.signal = signal;
        this.result = result;
        this.outcomeOf = outcomeOf;
        this.log = log;
        this.forbidden = forbidden;
    }

    /** The body of the check (model thread 0). */
    void run() throws Throwable {
        log.accept(BEGIN);
        List<Object> objects = new ArrayList<>();
        for (Constructor<?> c : constructors) {
            objects.add(construct(c));
        }
        String outcome;
        if (signal == null) {
            List<Runnable> tasks = new ArrayList<>();
            List<String> names = new ArrayList<>();
            for (Call actor : actors) {
                tasks.add(task(actor, objects, false));
                names.add(actor.method().getName());
            }
            ModelThreads.runAll(tasks, names);
            if (arbiter != null) {
                call(arbiter, objects).run();
            }
            outcome = outcomeOf.apply(result);
        } else {
            // Termination mode: the signal runs on this thread once the actor has been started
            Call actor = actors.get(0);
            ModelThreads.runBeside(task(actor, objects, true), actor.method().getName(), call(signal, objects));
            outcome = JCStressSpec.TERMINATED;
        }
        log.accept(OUTCOME + outcome);
        if (forbidden != null) {
            String message = forbidden.apply(outcome);
            if (message != null) {
                throw new AssertionError(message);
            }
        }
    }

    /** An actor's thread: checks that it is a model thread, calls the actor, and logs its return if asked. */
    private Runnable task(Call actor, List<Object> objects, boolean logReturn) {
        Runnable call = call(actor, objects);
        return () -> {
            if (!ModelThreads.isModelThread()) {
                log.accept(UNMODELLED);
            }
            call.run();
            if (logReturn) {
                log.accept(ACTOR_DONE);
            }
        };
    }

    private Runnable call(Call c, List<Object> objects) {
        Method m = c.method();
        Object target = c.target() < 0 ? null : objects.get(c.target());
        List<Object> args = new ArrayList<>();
        for (Integer a : c.args()) {
            args.add(a == RESULT ? result : objects.get(a));
        }
        Object[] array = args.toArray();
        return () -> invoke(m, target, array);
    }

    private static Object construct(Constructor<?> c) {
        try {
            return c.newInstance();
        } catch (InvocationTargetException e) {
            throw rethrow(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot construct " + c.getDeclaringClass().getName() + ": " + e, e);
        }
    }

    private static void invoke(Method m, Object target, Object[] args) {
        try {
            m.invoke(target, args);
        } catch (InvocationTargetException e) {
            // the method's own exception, or the runtime unwinding a thread of an execution that ended
            throw rethrow(e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot call " + m + ": " + e, e);
        }
    }

    /** Rethrows any throwable unchanged, checked ones included. */
    private static RuntimeException rethrow(Throwable t) {
        Execution.<RuntimeException>sneaky(t);
        return new IllegalStateException(t);
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneaky(Throwable t) throws T {
        throw (T) t;
    }
}
