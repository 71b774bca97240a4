package dev.weft.agent;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/** The kinds of value the hooks are overloaded on: Z, B, C, S and I all travel as int. */
enum ValueKind {
    INT("Int", Type.INT_TYPE),
    LONG("Long", Type.LONG_TYPE),
    FLOAT("Float", Type.FLOAT_TYPE),
    DOUBLE("Double", Type.DOUBLE_TYPE),
    REF("Ref", Type.getType(Object.class));

    /** The hook name suffix: {@code readInt}, {@code writeArrayRef}, ... */
    final String suffix;
    /** The type the hook takes and returns. */
    final Type type;

    ValueKind(String suffix, Type type) {
        this.suffix = suffix;
        this.type = type;
    }

    static ValueKind of(Type type) {
        return switch (type.getSort()) {
            case Type.BOOLEAN, Type.BYTE, Type.CHAR, Type.SHORT, Type.INT -> INT;
            case Type.LONG -> LONG;
            case Type.FLOAT -> FLOAT;
            case Type.DOUBLE -> DOUBLE;
            default -> REF;
        };
    }

    String descriptor() {
        return type.getDescriptor();
    }

    int size() {
        return type.getSize();
    }

    int loadOpcode() {
        return type.getOpcode(Opcodes.ILOAD);
    }

    int storeOpcode() {
        return type.getOpcode(Opcodes.ISTORE);
    }
}
