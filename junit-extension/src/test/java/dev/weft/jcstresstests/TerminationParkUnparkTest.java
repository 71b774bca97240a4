package dev.weft.jcstresstests;

import java.util.concurrent.locks.LockSupport;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Termination mode with park/unpark, Dekker style: the actor publishes its thread and then checks
 * the flag; the signal sets the flag and then unparks the published thread. With volatile (SC)
 * accesses one of them sees the other, so the actor is never left parked.
 */
@JCStressTest(Mode.Termination)
@State
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "the actor returned")
@Outcome(id = "STALE", expect = FORBIDDEN, desc = "the actor parks for good")
public class TerminationParkUnparkTest {
    volatile Thread waiter;
    volatile boolean ready;

    @Actor
    public void actor() {
        waiter = Thread.currentThread();
        while (!ready) {
            LockSupport.park();
        }
    }

    @Signal
    public void signal() {
        ready = true;
        Thread w = waiter;
        if (w != null) {
            LockSupport.unpark(w);
        }
    }
}
