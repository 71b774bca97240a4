package dev.weft.jcstresstests;

import java.lang.invoke.VarHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressMeta;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Message passing with VarHandle setVolatile/getVolatile on plain-declared fields, graded by the
 * outcomes of MpVolatileTest through @JCStressMeta: volatile access modes behave like volatile
 * fields.
 */
@JCStressTest
@JCStressMeta(MpVolatileTest.class)
@State
public class MpVolatileMetaTest {
    static final VarHandle FLAG = VarHandles.field(MpVolatileMetaTest.class, "flag", int.class);

    int data;
    int flag;

    @Actor
    public void writer() {
        data = 1;
        FLAG.setVolatile(this, 1);
    }

    @Actor
    public void reader(II_Result r) {
        r.r1 = (int) FLAG.getVolatile(this);
        r.r2 = data;
    }
}
