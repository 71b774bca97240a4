package dev.weft.runtime;

/**
 * How a Java value is kept in the graph, where every value is a long: integral types widen, floats
 * keep their bits, references become object numbers ({@link ObjectIds}).
 */
enum ValueType {
    BOOLEAN, BYTE, CHAR, SHORT, INT, LONG, FLOAT, DOUBLE, REFERENCE;

    static ValueType of(Class<?> c) {
        if (!c.isPrimitive()) {
            return REFERENCE;
        }
        if (c == int.class) {
            return INT;
        }
        if (c == long.class) {
            return LONG;
        }
        if (c == boolean.class) {
            return BOOLEAN;
        }
        if (c == byte.class) {
            return BYTE;
        }
        if (c == char.class) {
            return CHAR;
        }
        if (c == short.class) {
            return SHORT;
        }
        if (c == float.class) {
            return FLOAT;
        }
        return DOUBLE;
    }

    /** A boxed value (as reflection gives it) as a graph value. */
    long toLong(Object boxed, ObjectIds ids) {
        return switch (this) {
            case BOOLEAN -> (Boolean) boxed ? 1 : 0;
            case CHAR -> (Character) boxed;
            case BYTE, SHORT, INT, LONG -> ((Number) boxed).longValue();
            case FLOAT -> Float.floatToRawIntBits((Float) boxed);
            case DOUBLE -> Double.doubleToRawLongBits((Double) boxed);
            case REFERENCE -> ids.idOf(boxed);
        };
    }

    /** A graph value boxed as reflection wants it. */
    Object toBoxed(long v, ObjectIds ids) {
        return switch (this) {
            case BOOLEAN -> v != 0;
            case BYTE -> (byte) v;
            case CHAR -> (char) v;
            case SHORT -> (short) v;
            case INT -> (int) v;
            case LONG -> v;
            case FLOAT -> Float.intBitsToFloat((int) v);
            case DOUBLE -> Double.longBitsToDouble(v);
            case REFERENCE -> ids.objectOf(v);
        };
    }
}
