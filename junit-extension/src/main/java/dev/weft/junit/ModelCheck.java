package dev.weft.junit;

import dev.weft.models.MemoryModel;
import dev.weft.runtime.RacePolicy;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A JUnit 5 test whose body Weft runs once per execution the memory model allows, failing on the
 * first execution in which it throws (an assertion, any exception), deadlocks or livelocks.
 *
 * <pre>{@code
 * @ModelCheck(model = MemoryModel.RC11)
 * void incrementsAreNotLost() throws InterruptedException {
 *     var c = new SynchronizedCounter();
 *     Thread t = new Thread(c::increment);
 *     t.start();
 *     c.increment();
 *     t.join();
 *     assertEquals(2, c.get());
 * }
 * }</pre>
 *
 * <p><b>What runs how often.</b> The test instance is created and {@code @BeforeEach} and
 * {@code @AfterEach} methods run once, around the whole check, as JUnit always does; only the
 * method body runs once per execution. So the body must build the state it checks afresh each
 * time (create the objects, start the threads, join them). Fields of the test instance (and static
 * fields) that the body writes are put back by the runtime to the values they had when the check
 * first touched them, before every execution, because those objects outlive an execution.
 *
 * <p><b>Class-level defaults.</b> On a test class (or a superclass) the annotation sets the
 * defaults of the {@code @ModelCheck} methods in it, and by itself checks nothing: plain
 * {@code @Test} methods of the class run normally. An attribute of a method's annotation wins
 * when it is set to a value other than its default; otherwise the class's value applies (so a
 * method cannot ask for a default value, say RC11, that its class changed: put it in another
 * class). The
 * configuration parameter {@code weft.model} ({@code -Dweft.model=SC}, {@code junit-platform.properties},
 * or the launcher's {@code --model}) overrides the model of every check, except one that replays a
 * handle, which names its own model.
 *
 * <p><b>The agent.</b> Weft attaches its agent to the test JVM when {@code dev.weft:weft-agent} is on
 * the class path. If instrumentation cannot be activated the test fails with a message that says to
 * start the JVM with {@code -javaagent:path/to/weft-agent.jar}; it never passes without exploring.
 * The system property {@code weft.agent.disable=true} makes every check fail that way on purpose
 * (to test the refusal).
 *
 * <p><b>When it fails</b> the assertion message holds the violation, the execution per thread
 * (events in program order with source line, value read and the event it read from, value
 * written) and a replay handle; {@code target/weft-reports/<class>#<method>.dot} and {@code .html}
 * draw the execution graph.
 */
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Test
@ExtendWith(ModelCheckExtension.class)
public @interface ModelCheck {

    /** The memory model: SC, RA or RC11 (IMM is refused for JVM code by the runtime). */
    MemoryModel model() default MemoryModel.RC11;

    /** Stop after this many executions (complete and blocked); 0 for no limit. */
    long maxExecutions() default 0;

    /** Stop starting new executions after this many seconds; 0 for no limit. */
    long timeoutSeconds() default 0;

    /** A thread with more events in one execution is reported as a possible livelock. */
    int maxEventsPerThread() default 10_000;

    /** Whether {@code wait} and {@code park} may also return without a notification. */
    boolean spuriousWakeups() default false;

    /**
     * Whether {@code notify} wakes each waiting thread in executions of its own, as the JLS leaves
     * the choice open (the default), or only the one that has waited longest, as HotSpot usually
     * does: fewer executions, but code that relies on that order passes.
     */
    boolean notifyWakesAnyWaiter() default true;

    /**
     * What a data race does (two conflicting accesses from different threads, one of them plain,
     * not ordered by happens-before): fail the check, warn on stderr (the default), or nothing.
     */
    RacePolicy races() default RacePolicy.WARN;

    /**
     * A replay handle from a failure ({@code "RC11:42"}): re-runs the exploration, under that
     * handle's model, up to exactly that execution and stops. Empty (the default) explores fully.
     */
    String replay() default "";
}
