package dev.weft.agent;

import static dev.weft.agent.Code.OBJECT;
import static dev.weft.agent.Code.hook;
import static dev.weft.agent.Code.local;
import static dev.weft.agent.Code.op;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.TypeInsnNode;

/**
 * GETFIELD, GETSTATIC, PUTFIELD and PUTSTATIC. A read still runs and hands its value to the hook,
 * which returns the value to use; a write is reported to the hook before it is stored.
 */
final class FieldAccessRewriter implements InsnRewriter {
    @Override
    public void rewrite(AbstractInsnNode insn, MethodRewrite method) {
        if (!(insn instanceof FieldInsnNode field) || method.constructorCalls().writesUninitialisedThis(field)) {
            return; // an uninitialised this cannot be passed to a hook
        }
        Type type = Type.getType(field.desc);
        ValueKind kind = ValueKind.of(type);
        String x = kind.descriptor();
        AbstractInsnNode site = method.site(field, field.getOpcode(), field.owner, field.name, field.desc);
        switch (field.getOpcode()) {
            case Opcodes.GETFIELD -> {
                // DUP; GETFIELD f; site; readX(owner, value, site); [CHECKCAST]
                method.insertBefore(field, Code.of(op(Opcodes.DUP)));
                InsnList after = Code.of(site, hook("read" + kind.suffix, "(" + OBJECT + x + "I)" + x));
                castBack(type, after);
                method.insertAfter(field, after);
            }
            case Opcodes.GETSTATIC -> {
                InsnList after = Code.of(site, hook("readStatic" + kind.suffix, "(" + x + "I)" + x));
                castBack(type, after);
                method.insertAfter(field, after);
            }
            case Opcodes.PUTFIELD -> {
                String descriptor = "(" + OBJECT + x + "I)V";
                if (kind.size() == 1) {
                    // DUP2 copies owner and value: DUP2; site; writeX; PUTFIELD f
                    method.insertBefore(field, Code.of(op(Opcodes.DUP2), site, hook("write" + kind.suffix, descriptor)));
                } else {
                    int temp = method.scratch();
                    method.insertBefore(field, Code.of(
                            local(kind.storeOpcode(), temp), op(Opcodes.DUP), local(kind.loadOpcode(), temp),
                            site, hook("write" + kind.suffix, descriptor), local(kind.loadOpcode(), temp)));
                }
            }
            case Opcodes.PUTSTATIC -> method.insertBefore(field, Code.of(
                    op(kind.size() == 1 ? Opcodes.DUP : Opcodes.DUP2), site,
                    hook("writeStatic" + kind.suffix, "(" + x + "I)V")));
        }
    }

    /** The hook returns Object: cast it back to the field's type. */
    private static void castBack(Type type, InsnList code) {
        if (ValueKind.of(type) == ValueKind.REF && !type.getInternalName().equals("java/lang/Object")) {
            code.add(new TypeInsnNode(Opcodes.CHECKCAST, type.getInternalName()));
        }
    }
}
