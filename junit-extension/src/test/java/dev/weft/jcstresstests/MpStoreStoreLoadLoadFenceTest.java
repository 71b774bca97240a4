package dev.weft.jcstresstests;

import java.lang.invoke.VarHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Message passing with storeStoreFence in the writer and loadLoadFence in the reader around an
 * opaque flag: Weft maps them to a release and an acquire fence, which is enough for message
 * passing.
 */
@JCStressTest
@State
@Outcome(id = {"0, 0", "0, 1", "1, 1"}, expect = ACCEPTABLE, desc = "flag not seen, or data seen")
@Outcome(id = "1, 0", expect = FORBIDDEN, desc = "store-store and load-load fences keep both pairs in order")
public class MpStoreStoreLoadLoadFenceTest {
    static final VarHandle DATA = VarHandles.field(MpStoreStoreLoadLoadFenceTest.class, "data", int.class);
    static final VarHandle FLAG = VarHandles.field(MpStoreStoreLoadLoadFenceTest.class, "flag", int.class);

    int data;
    int flag;

    @Actor
    public void writer() {
        DATA.setOpaque(this, 1);
        VarHandle.storeStoreFence();
        FLAG.setOpaque(this, 1);
    }

    @Actor
    public void reader(II_Result r) {
        r.r1 = (int) FLAG.getOpaque(this);
        VarHandle.loadLoadFence();
        r.r2 = (int) DATA.getOpaque(this);
    }
}
