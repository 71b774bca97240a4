package dev.weft.runtime;

/**
 * One rewritten instruction: where it is in the source and what it touched. The agent registers a
 * site for every instruction it rewrites and passes its id to the hook, so that the hot path carries
 * one int and traces can still say {@code file:line}.
 *
 * @param id          the id passed to the hooks
 * @param loader      the loader of the class that contains the instruction (resolves {@code owner})
 * @param className   the internal name of the class that contains the instruction
 * @param methodName  the method that contains it
 * @param sourceFile  the source file, or null when the class has no SourceFile attribute
 * @param line        the source line, or -1
 * @param opcode      the original opcode (a {@code org.objectweb.asm.Opcodes} value), or one of
 *                    {@link #SYNCHRONIZED_METHOD}, {@link #SPIN_LOOP}, {@link #CONSTRUCTOR},
 *                    {@link #FREEZE}
 * @param owner       the internal name of the field's or method's owner, or of the allocated type
 * @param name        the field or method name, or null
 * @param descriptor  the field or method descriptor, or null
 */
public record Site(int id, ClassLoader loader, String className, String methodName, String sourceFile,
                   int line, int opcode, String owner, String name, String descriptor) {

    /** The implicit monitor of a {@code synchronized} method. */
    public static final int SYNCHRONIZED_METHOD = -1;
    /** The head of a loop that only reads shared memory (GenMC's spin-assume). */
    public static final int SPIN_LOOP = -2;
    /** The point in a constructor where {@code this} becomes initialised. */
    public static final int CONSTRUCTOR = -3;
    /** The end of a constructor whose class declares final instance fields (JLS 17.5's freeze). */
    public static final int FREEZE = -4;

    /** {@code File.java:12}, or the class and method when the class carries no line numbers. */
    public String location() {
        String simple = className.substring(className.lastIndexOf('/') + 1);
        if (sourceFile == null || line < 0) {
            return simple + "." + methodName;
        }
        return sourceFile + ":" + line;
    }

    /** {@code Class.method(File.java:12)}, the form of a stack-trace element. */
    public String frame() {
        String simple = className.substring(className.lastIndexOf('/') + 1);
        return simple + "." + methodName + "(" + location() + ")";
    }
}
