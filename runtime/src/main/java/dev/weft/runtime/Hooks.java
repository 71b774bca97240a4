package dev.weft.runtime;

import java.lang.invoke.CallSite;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The static entry points that rewritten bytecode calls. Every hook receives the id of its
 * {@link Site}. Outside a check (or on a thread the check does not control, or in a static
 * initialiser, {@link #enterClassInit}) a hook does nothing and the original instruction behaves as
 * it always did.
 *
 * <p>Reads: the original instruction still runs and its value is handed to the hook, which returns
 * the value the explorer chose. Writes: the hook records the write, then the original instruction
 * stores it, so uninstrumented code sees the value too.
 */
public final class Hooks {
    private Hooks() {}

    // ------------------------------------------------------------ instance fields: DUP; GETFIELD; LDC site; INVOKESTATIC

    public static int readInt(Object owner, int value, int site) {
        ModelThread me = ModelThread.current();
        FieldInfo f;
        if (me == null || (f = FieldInfo.ofSite(site)).isFinal) {
            return value;
        }
        return (int) Memory.readField(me, owner, f, site);
    }

    public static long readLong(Object owner, long value, int site) {
        ModelThread me = ModelThread.current();
        FieldInfo f;
        if (me == null || (f = FieldInfo.ofSite(site)).isFinal) {
            return value;
        }
        return Memory.readField(me, owner, f, site);
    }

    public static float readFloat(Object owner, float value, int site) {
        ModelThread me = ModelThread.current();
        FieldInfo f;
        if (me == null || (f = FieldInfo.ofSite(site)).isFinal) {
            return value;
        }
        return Float.intBitsToFloat((int) Memory.readField(me, owner, f, site));
    }

    public static double readDouble(Object owner, double value, int site) {
        ModelThread me = ModelThread.current();
        FieldInfo f;
        if (me == null || (f = FieldInfo.ofSite(site)).isFinal) {
            return value;
        }
        return Double.longBitsToDouble(Memory.readField(me, owner, f, site));
    }

    public static Object readRef(Object owner, Object value, int site) {
        ModelThread me = ModelThread.current();
        if (me == null) {
            return value;
        }
        FieldInfo f = FieldInfo.ofSite(site);
        FinalFields finals = me.scheduler.finals;
        if (f.isFinal) {
            finals.readFinal(me, owner, f, value);
            return value;
        }
        Object read = me.scheduler.ids.objectOf(Memory.readField(me, owner, f, site));
        finals.readThrough(me, owner, read);
        return read;
    }

    // ------------------------------------------------------------ static fields: GETSTATIC; LDC site; INVOKESTATIC

    public static int readStaticInt(int value, int site) {
        return readInt(null, value, site);
    }

    public static long readStaticLong(long value, int site) {
        return readLong(null, value, site);
    }

    public static float readStaticFloat(float value, int site) {
        return readFloat(null, value, site);
    }

    public static double readStaticDouble(double value, int site) {
        return readDouble(null, value, site);
    }

    public static Object readStaticRef(Object value, int site) {
        return readRef(null, value, site);
    }

    // ------------------------------------------------------------ field writes: called before the original PUTFIELD / PUTSTATIC

    public static void writeInt(Object owner, int value, int site) {
        write(owner, value, site);
    }

    public static void writeLong(Object owner, long value, int site) {
        write(owner, value, site);
    }

    public static void writeFloat(Object owner, float value, int site) {
        write(owner, Float.floatToRawIntBits(value), site);
    }

    public static void writeDouble(Object owner, double value, int site) {
        write(owner, Double.doubleToRawLongBits(value), site);
    }

    public static void writeRef(Object owner, Object value, int site) {
        ModelThread me = ModelThread.current();
        FieldInfo f;
        if (me == null || (f = FieldInfo.ofSite(site)).isFinal) {
            return;
        }
        me.scheduler.finals.stored(value);
        Memory.writeField(me, owner, f, me.scheduler.ids.idOf(value), site);
    }

    private static void write(Object owner, long value, int site) {
        ModelThread me = ModelThread.current();
        FieldInfo f;
        if (me == null || (f = FieldInfo.ofSite(site)).isFinal) {
            return;
        }
        Memory.writeField(me, owner, f, value, site);
    }

    public static void writeStaticInt(int value, int site) {
        write(null, value, site);
    }

    public static void writeStaticLong(long value, int site) {
        write(null, value, site);
    }

    public static void writeStaticFloat(float value, int site) {
        write(null, Float.floatToRawIntBits(value), site);
    }

    public static void writeStaticDouble(double value, int site) {
        write(null, Double.doubleToRawLongBits(value), site);
    }

    public static void writeStaticRef(Object value, int site) {
        writeRef(null, value, site);
    }

    // ------------------------------------------------------------ arrays

    /** After the original xALOAD (I, B, C, S and Z arrays all load ints). */
    public static int readArrayInt(Object array, int index, int value, int site) {
        ModelThread me = ModelThread.current();
        return me == null ? value : (int) Memory.readElement(me, array, index, site);
    }

    public static long readArrayLong(Object array, int index, long value, int site) {
        ModelThread me = ModelThread.current();
        return me == null ? value : Memory.readElement(me, array, index, site);
    }

    public static float readArrayFloat(Object array, int index, float value, int site) {
        ModelThread me = ModelThread.current();
        return me == null ? value : Float.intBitsToFloat((int) Memory.readElement(me, array, index, site));
    }

    public static double readArrayDouble(Object array, int index, double value, int site) {
        ModelThread me = ModelThread.current();
        return me == null ? value : Double.longBitsToDouble(Memory.readElement(me, array, index, site));
    }

    /** Before the original AALOAD: stores the value the explorer chose into the element, which AALOAD then loads. */
    public static void beforeReadArrayRef(Object array, int index, int site) {
        ModelThread me = ModelThread.current();
        if (me == null || array == null || index < 0 || index >= ((Object[]) array).length) {
            return;
        }
        Object read = me.scheduler.ids.objectOf(Memory.readElement(me, array, index, site));
        ((Object[]) array)[index] = read;
        me.scheduler.finals.readThrough(me, array, read);
    }

    /** Before the original xASTORE. */
    public static void writeArrayInt(Object array, int index, int value, int site) {
        writeElement(array, index, value, site);
    }

    public static void writeArrayLong(Object array, int index, long value, int site) {
        writeElement(array, index, value, site);
    }

    public static void writeArrayFloat(Object array, int index, float value, int site) {
        writeElement(array, index, Float.floatToRawIntBits(value), site);
    }

    public static void writeArrayDouble(Object array, int index, double value, int site) {
        writeElement(array, index, Double.doubleToRawLongBits(value), site);
    }

    public static void writeArrayRef(Object array, int index, Object value, int site) {
        ModelThread me = ModelThread.current();
        if (me != null && array != null) {
            me.scheduler.finals.stored(value);
            Memory.writeElement(me, array, index, me.scheduler.ids.idOf(value), site);
        }
    }

    private static void writeElement(Object array, int index, long value, int site) {
        ModelThread me = ModelThread.current();
        if (me != null && array != null) {
            Memory.writeElement(me, array, index, value, site);
        }
    }

    // ------------------------------------------------------------ monitors

    /**
     * Replaces the operand of MONITORENTER: returns the object whose real monitor is entered. In a
     * check the lock is the explorer's, and the real monitor entered is a private one of the thread,
     * so a thread that waits for its turn never holds a monitor another thread needs.
     */
    public static Object monitorEnter(Object monitor, int site) {
        ModelThread me = ModelThread.current();
        return me == null ? monitor : me.scheduler.monitors.enter(me, monitor, Sites.get(site));
    }

    /** Replaces the operand of MONITOREXIT (the same object {@link #monitorEnter} returned). */
    public static Object monitorExit(Object monitor, int site) {
        ModelThread me = ModelThread.current();
        return me == null ? monitor : me.scheduler.monitors.exit(me, monitor, Sites.get(site));
    }

    /**
     * Entry of a synchronized method that could not be rewritten into explicit monitors (a class
     * retransformed after it was loaded): the JVM already holds the real monitor, so another model
     * thread that calls it would block in the JVM; Weft refuses instead of hanging.
     */
    public static void syncMethodEnter(Object monitor, int site) {
        ModelThread me = ModelThread.current();
        if (me != null) {
            Site s = Sites.get(site);
            throw new UnsupportedByWeft("the synchronized method " + s.frame() + " belongs to a class that was"
                    + " loaded before Weft's agent, so its monitor cannot be modelled. Start the JVM with"
                    + " -javaagent:weft-agent.jar, or attach Weft before the class is first used.");
        }
    }

    /** Exit (normal or exceptional) of such a method. */
    public static void syncMethodExit(Object monitor, int site) {
        // nothing to undo: syncMethodEnter refuses model threads
    }

    // ------------------------------------------------------------ class initialisation

    /**
     * Before the first instruction of a static initialiser. The JVM initialises a class once, not
     * once per execution, so what its initialiser does belongs to no execution: until the matching
     * {@link #exitClassInit}, this thread's hooks do nothing, as outside a check, and the first
     * execution gets no events the others lack. The JVM's initialisation lock confines that code to
     * this thread, and it never waits for its turn, so it runs within one step of the model.
     */
    public static void enterClassInit() {
        if (Thread.currentThread() instanceof Carrier c) {
            c.enterClassInit();
        }
    }

    /** After a static initialiser: before each return, and in a handler when it throws. */
    public static void exitClassInit() {
        if (Thread.currentThread() instanceof Carrier c) {
            c.exitClassInit();
        }
    }

    // ------------------------------------------------------------ allocation, loops, nondeterminism

    /**
     * The end of a constructor of a class that declares final instance fields (before each RETURN):
     * JLS 17.5 freezes them here.
     */
    public static void freeze(Object self, int site) {
        ModelThread me = ModelThread.current();
        if (me != null && !me.scheduler.isAborted()) {
            me.scheduler.finals.freeze(self, Sites.get(site).className(), me.scheduler.freezePoint(me));
        }
    }

    /** A new object or array (after its constructor, or where {@code this} becomes initialised). */
    public static void allocated(Object object, int site) {
        ModelThread me = ModelThread.current();
        if (me != null && !me.scheduler.isAborted()) {
            allocated(me, object, site);
        }
    }

    private static void allocated(ModelThread me, Object object, int site) {
        if (!me.scheduler.ids.allocated(object, me)) {
            return;
        }
        AtomicCalls.allocated(me, object, site);
        if (object instanceof Object[] outer && outer.getClass().getComponentType().isArray()) {
            // MULTIANEWARRAY: the JVM filled the outer array with inner ones; name them and record
            // those stores, as a constructor's field writes are recorded
            for (int i = 0; i < outer.length; i++) {
                if (outer[i] != null) {
                    allocated(me, outer[i], site);
                    Memory.writeElement(me, outer, i, me.scheduler.ids.idOf(outer[i]), site);
                }
            }
        }
    }

    /**
     * The head of a spin loop (GenMC's spin-assume; the agent's {@code SpinLoopDetector} marks loops
     * whose every effect is an event and that carry no local from one iteration to the next): an
     * iteration starts here, counting the thread's events that change something.
     */
    public static void spinLoopHead(int site) {
        ModelThread me = ModelThread.current();
        if (me == null) {
            return;
        }
        me.spinHead = site;
        me.readsSinceHead = 0;
        me.writesSinceHead = 0;
    }

    /**
     * A jump back to a spin loop's head: an iteration that only read since the head leaves the
     * thread where it was, so an execution where it spins again adds nothing and is
     * blocked; the reads that let it leave are explored anyway. Only an iteration of this loop is
     * judged: a nested loop's head in between takes the count over, and a run of the loop that was
     * left and entered again starts at the head afresh.
     */
    public static void spinLoopBackEdge(int site) {
        ModelThread me = ModelThread.current();
        if (me != null && me.spinHead == site && me.writesSinceHead == 0 && me.readsSinceHead > 0) {
            me.scheduler.perform(me, dev.weft.models.Action.block(Events.NO_DEPS,
                    "spin loop at " + Sites.origin(site) + " iterated without writing"));
        }
    }

    /** Before {@code new java.util.Random()}: its seed comes from the clock. */
    public static void unseededRandom(int site) {
        if (ModelThread.current() != null) {
            throw new UnsupportedByWeft("new Random() at " + Sites.origin(site) + " seeds itself from the clock,"
                    + " so executions would not repeat. Use new Random(seed), or ThreadLocalRandom (which Weft makes"
                    + " deterministic per execution).");
        }
    }

    /**
     * Bootstrap of every intercepted method call (VarHandle, Atomic*, Thread, LockSupport, wait and
     * notify, System, java.util.concurrent, the collection interfaces): the call site's type is the original call's type, with
     * the receiver first for instance methods.
     */
    public static CallSite bootstrap(MethodHandles.Lookup caller, String name, MethodType type, int site)
            throws ReflectiveOperationException {
        return CallSites.link(caller, name, type, Sites.get(site));
    }

    /**
     * Whether the agent must send interface calls of {@code owner} (an internal name) through
     * {@link #bootstrap}: the collection interfaces, whose receiver may be a
     * {@code java.util.concurrent} collection.
     */
    public static boolean interceptsInterface(String owner) {
        return CollectionCalls.isCollectionInterface(owner);
    }

    /**
     * Bootstrap of a method reference to an intercepted method ({@code counter::incrementAndGet}),
     * in place of {@code LambdaMetafactory.metafactory}: {@code factoryType} takes the captured
     * values and returns the functional interface, whose method {@code name} has the erased type
     * {@code interfaceType} and is instantiated at {@code instantiatedType}; the site names the
     * method referred to.
     */
    public static CallSite bootstrapMethodReference(MethodHandles.Lookup caller, String name, MethodType factoryType,
                                                    MethodType interfaceType, MethodType instantiatedType, int site)
            throws ReflectiveOperationException {
        return MethodReferences.link(caller, factoryType, instantiatedType, Sites.get(site));
    }
}
