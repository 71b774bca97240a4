package dev.weft.samples.litmus;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** Shared int variables accessed through VarHandles in the mode each litmus test names. */
final class Vars {
    static final VarHandle X;
    static final VarHandle Y;
    static final VarHandle A;
    static final VarHandle B;
    static final VarHandle C;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            X = l.findVarHandle(Vars.class, "x", int.class);
            Y = l.findVarHandle(Vars.class, "y", int.class);
            A = l.findVarHandle(Vars.class, "a", int.class);
            B = l.findVarHandle(Vars.class, "b", int.class);
            C = l.findVarHandle(Vars.class, "c", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    int x;
    int y;
    int a;
    int b;
    int c;
}
