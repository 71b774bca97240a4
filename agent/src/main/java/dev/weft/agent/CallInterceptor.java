package dev.weft.agent;

import dev.weft.runtime.Hooks;
import java.util.Set;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * Calls the runtime models (VarHandle, java.util.concurrent, Thread, wait and notify, the sources
 * of nondeterminism) become INVOKEDYNAMIC sites linked by {@code Hooks.bootstrap}, which sees the
 * original call's owner, name and descriptor through the site and can link it to a model or to
 * the original method. Signature-polymorphic VarHandle calls keep their call-site descriptor.
 */
final class CallInterceptor implements InsnRewriter {
    static final Handle BOOTSTRAP = new Handle(Opcodes.H_INVOKESTATIC, Code.HOOKS, "bootstrap",
            "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;I)"
                    + "Ljava/lang/invoke/CallSite;",
            false);

    private static final String VAR_HANDLE = "java/lang/invoke/VarHandle";

    /** Methods intercepted on any receiver type (Thread subclasses, and Object's monitor and identity methods). */
    private static final Set<String> ANY_OWNER_VIRTUAL = Set.of(
            "start()V", "join()V", "join(J)V", "join(JI)V", "interrupt()V", "isInterrupted()Z", "isAlive()Z",
            "wait()V", "wait(J)V", "wait(JI)V", "notify()V", "notifyAll()V", "hashCode()I");

    private static final Set<String> VAR_HANDLE_FACTORIES = Set.of("findVarHandle", "findStaticVarHandle", "unreflectVarHandle");
    private static final Set<String> SYSTEM = Set.of("identityHashCode", "nanoTime", "currentTimeMillis");

    @Override
    public void rewrite(AbstractInsnNode insn, MethodRewrite method) {
        if (!(insn instanceof MethodInsnNode call) || !intercepts(call.getOpcode(), call.owner, call.name, call.desc)) {
            return;
        }
        int id = method.registerSite(call, call.getOpcode(), call.owner, call.name, call.desc);
        method.replace(call, new InvokeDynamicInsnNode(call.name, indyDescriptor(call), BOOTSTRAP, id));
    }

    static boolean intercepts(int opcode, String owner, String name, String descriptor) {
        if (opcode == Opcodes.INVOKESPECIAL || name.startsWith("<")) {
            return false;
        }
        switch (owner) {
            case VAR_HANDLE, "java/lang/Thread":
                return true;
            case "java/lang/invoke/MethodHandles$Lookup":
                return VAR_HANDLE_FACTORIES.contains(name);
            case "java/lang/invoke/MethodHandles":
                return name.equals("arrayElementVarHandle");
            case "java/lang/System":
                return SYSTEM.contains(name);
            case "java/lang/Math":
                return name.equals("random");
            default:
                break;
        }
        if (owner.startsWith("java/util/concurrent/")) {
            return true;
        }
        if (opcode == Opcodes.INVOKEINTERFACE && Hooks.interceptsInterface(owner)) {
            return true; // a java.util.concurrent collection may hide behind Map, List, Queue...
        }
        return opcode == Opcodes.INVOKEVIRTUAL && ANY_OWNER_VIRTUAL.contains(name + descriptor);
    }

    /** The original descriptor, with the receiver first for instance calls. */
    private static String indyDescriptor(MethodInsnNode call) {
        if (call.getOpcode() == Opcodes.INVOKESTATIC) {
            return call.desc;
        }
        String receiver = call.owner.startsWith("[") ? call.owner : "L" + call.owner + ";";
        return "(" + receiver + call.desc.substring(1);
    }
}
