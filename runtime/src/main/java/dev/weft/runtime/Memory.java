package dev.weft.runtime;

import dev.weft.models.AccessMode;
import dev.weft.models.Action;

/**
 * Field and array accesses of model threads. Plain accesses are non-atomic and volatile ones SC
 * (DESIGN §3). Final fields are not locations: after the constructor they never change, and JLS
 * 17.5 lets every thread see their constructed value, so the real value is used. A read of an
 * object reached through a frozen final field is bounded below by that freeze ({@link FinalFields}).
 */
final class Memory {
    private Memory() {}

    static long readField(ModelThread me, Object owner, FieldInfo f, int site) {
        Scheduler s = me.scheduler;
        int loc = f.isStatic ? s.locations.staticField(f) : s.locations.field(owner, f);
        Action read = Events.read(loc, f.isVolatile ? AccessMode.SC : AccessMode.NA, Sites.origin(site));
        return s.perform(me, s.finals.bounded(me, owner, read));
    }

    static void writeField(ModelThread me, Object owner, FieldInfo f, long value, int site) {
        Scheduler s = me.scheduler;
        int loc = f.isStatic ? s.locations.staticField(f) : s.locations.field(owner, f);
        s.perform(me, Events.write(loc, value, f.isVolatile ? AccessMode.SC : AccessMode.NA, Sites.origin(site)));
        s.locations.written(loc);
    }

    /** An element read; the caller has checked the index (the original load ran, or is about to). */
    static long readElement(ModelThread me, Object array, int index, int site) {
        Scheduler s = me.scheduler;
        Action read = Events.read(s.locations.element(array, index), AccessMode.NA, Sites.origin(site));
        return s.perform(me, s.finals.bounded(me, array, read));
    }

    /** An element write, before the original store: an index out of bounds is left for it to throw. */
    static void writeElement(ModelThread me, Object array, int index, long value, int site) {
        if (index < 0 || index >= java.lang.reflect.Array.getLength(array)) {
            return;
        }
        Scheduler s = me.scheduler;
        int loc = s.locations.element(array, index);
        s.perform(me, Events.write(loc, value, AccessMode.NA, Sites.origin(site)));
        s.locations.written(loc);
    }
}
