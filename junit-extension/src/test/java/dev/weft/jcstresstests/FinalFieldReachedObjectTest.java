package dev.weft.jcstresstests;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Objects reached through a final field, published racily: JLS 17.5 lets the reader see them at
 * least as up to date as when the field was frozen, along the whole chain (the node the final
 * field refers to, and the node that one's plain field refers to), although their fields are plain.
 */
@JCStressTest
@State
@Outcome(id = {"-1, -1", "1, 2"}, expect = ACCEPTABLE, desc = "not yet published, or fully initialised")
@Outcome(id = {"0, .*", ".*, 0"}, expect = FORBIDDEN, desc = "an object reached through a final field seen stale")
public class FinalFieldReachedObjectTest {
    /** A node with plain fields. */
    static final class Node {
        int value;
        Node next;

        Node(int value) {
            this.value = value;
        }
    }

    /** The published object: its final field refers to a chain of two nodes built in the constructor. */
    static final class Holder {
        final Node head;

        Holder() {
            head = new Node(1);
            head.next = new Node(2);
        }
    }

    Holder h;

    @Actor
    public void publisher() {
        h = new Holder();
    }

    @Actor
    public void reader(II_Result r) {
        Holder seen = h;
        if (seen == null) {
            r.r1 = -1;
            r.r2 = -1;
        } else {
            r.r1 = seen.head.value;
            r.r2 = seen.head.next.value;
        }
    }
}
