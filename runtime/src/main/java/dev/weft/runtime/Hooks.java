package dev.weft.runtime;

import java.lang.invoke.CallSite;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The static entry points that rewritten bytecode calls. Every hook receives the id of its
 * {@link Site}. Outside a check (or on a thread the check does not control) a hook does nothing
 * and the original instruction behaves as it always did.
 *
 * <p>Reads: the original instruction still runs and its value is handed to the hook, which returns
 * the value the explorer chose. Writes: the hook records the write, then the original instruction
 * stores it, so uninstrumented code sees the value too.
 */
public final class Hooks {
    private Hooks() {}

    // ------------------------------------------------------------ instance fields: DUP; GETFIELD; LDC site; INVOKESTATIC

    public static int readInt(Object owner, int value, int site) { return value; }
    public static long readLong(Object owner, long value, int site) { return value; }
    public static float readFloat(Object owner, float value, int site) { return value; }
    public static double readDouble(Object owner, double value, int site) { return value; }
    public static Object readRef(Object owner, Object value, int site) { return value; }

    // ------------------------------------------------------------ static fields: GETSTATIC; LDC site; INVOKESTATIC

    public static int readStaticInt(int value, int site) { return value; }
    public static long readStaticLong(long value, int site) { return value; }
    public static float readStaticFloat(float value, int site) { return value; }
    public static double readStaticDouble(double value, int site) { return value; }
    public static Object readStaticRef(Object value, int site) { return value; }

    // ------------------------------------------------------------ field writes: called before the original PUTFIELD / PUTSTATIC

    public static void writeInt(Object owner, int value, int site) {}
    public static void writeLong(Object owner, long value, int site) {}
    public static void writeFloat(Object owner, float value, int site) {}
    public static void writeDouble(Object owner, double value, int site) {}
    public static void writeRef(Object owner, Object value, int site) {}

    public static void writeStaticInt(int value, int site) {}
    public static void writeStaticLong(long value, int site) {}
    public static void writeStaticFloat(float value, int site) {}
    public static void writeStaticDouble(double value, int site) {}
    public static void writeStaticRef(Object value, int site) {}

    // ------------------------------------------------------------ arrays

    /** After the original xALOAD (I, B, C, S and Z arrays all load ints). */
    public static int readArrayInt(Object array, int index, int value, int site) { return value; }
    public static long readArrayLong(Object array, int index, long value, int site) { return value; }
    public static float readArrayFloat(Object array, int index, float value, int site) { return value; }
    public static double readArrayDouble(Object array, int index, double value, int site) { return value; }

    /** Before the original AALOAD: stores the value the explorer chose into the element, which AALOAD then loads. */
    public static void beforeReadArrayRef(Object array, int index, int site) {}

    /** Before the original xASTORE. */
    public static void writeArrayInt(Object array, int index, int value, int site) {}
    public static void writeArrayLong(Object array, int index, long value, int site) {}
    public static void writeArrayFloat(Object array, int index, float value, int site) {}
    public static void writeArrayDouble(Object array, int index, double value, int site) {}
    public static void writeArrayRef(Object array, int index, Object value, int site) {}

    // ------------------------------------------------------------ monitors

    /**
     * Replaces the operand of MONITORENTER: returns the object whose real monitor is entered. In a
     * check the lock is the explorer's, and the real monitor entered is a private one of the thread,
     * so a thread that waits for its turn never holds a monitor another thread needs.
     */
    public static Object monitorEnter(Object monitor, int site) { return monitor; }

    /** Replaces the operand of MONITOREXIT (the same object {@link #monitorEnter} returned). */
    public static Object monitorExit(Object monitor, int site) { return monitor; }

    /** Entry of a synchronized method that could not be rewritten into explicit monitors (a retransformed class). */
    public static void syncMethodEnter(Object monitor, int site) {}

    /** Exit (normal or exceptional) of such a method. */
    public static void syncMethodExit(Object monitor, int site) {}

    // ------------------------------------------------------------ allocation, loops, nondeterminism

    /** A new object or array (after its constructor, or where {@code this} becomes initialised). */
    public static void allocated(Object object, int site) {}

    /** The head of a loop whose iterations only read shared memory. */
    public static void spinLoopHead(int site) {}

    /** Before {@code new java.util.Random()}: its seed comes from the clock. */
    public static void unseededRandom(int site) {}

    /**
     * Bootstrap of every intercepted method call (VarHandle, Atomic*, Thread, LockSupport, wait and
     * notify, System, java.util.concurrent): the call site's type is the original call's type, with
     * the receiver first for instance methods.
     */
    public static CallSite bootstrap(MethodHandles.Lookup caller, String name, MethodType type, int site)
            throws ReflectiveOperationException {
        return CallSites.link(caller, name, type, Sites.get(site));
    }
}
