package dev.weft.runtime;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Map;

/**
 * A field the rewritten code touches, resolved once per site: whether it is volatile (its access
 * mode), which class declares it (so that accesses through subclasses name one location), and its
 * reflective handle for capturing and restoring values of objects that outlive an execution.
 */
final class FieldInfo {
    private static final Map<Field, FieldInfo> BY_FIELD = new HashMap<>();
    private static FieldInfo[] bySite = new FieldInfo[256];

    final int index;
    final Field field;
    final boolean isVolatile;
    final boolean isStatic;
    final boolean isFinal;
    final ValueType type;
    final String name;
    /** The internal name of the declaring class: its constructor freezes the field if it is final. */
    final String declaringClass;

    private FieldInfo(int index, Field field) {
        this.index = index;
        this.field = field;
        int m = field.getModifiers();
        this.isVolatile = Modifier.isVolatile(m);
        this.isStatic = Modifier.isStatic(m);
        this.isFinal = Modifier.isFinal(m);
        this.type = ValueType.of(field.getType());
        this.name = field.getDeclaringClass().getSimpleName() + "." + field.getName();
        this.declaringClass = field.getDeclaringClass().getName().replace('.', '/');
        field.setAccessible(true);
    }

    /** The field of a GETFIELD/PUTFIELD/GETSTATIC/PUTSTATIC site. */
    static FieldInfo ofSite(int siteId) {
        FieldInfo[] table = bySite;
        if (siteId < table.length && table[siteId] != null) {
            return table[siteId];
        }
        return resolve(siteId);
    }

    private static synchronized FieldInfo resolve(int siteId) {
        if (siteId >= bySite.length) {
            FieldInfo[] bigger = new FieldInfo[Math.max(siteId + 1, bySite.length * 2)];
            System.arraycopy(bySite, 0, bigger, 0, bySite.length);
            bySite = bigger;
        }
        Site site = Sites.get(siteId);
        try {
            Class<?> owner = Class.forName(site.owner().replace('/', '.'), false, site.loader());
            FieldInfo info = of(find(owner, site.name()));
            bySite[siteId] = info;
            return info;
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new UnsupportedByWeft("cannot resolve the field " + site.owner() + "." + site.name()
                    + " used at " + site.frame() + ": " + e);
        }
    }

    static synchronized FieldInfo of(Field f) {
        return BY_FIELD.computeIfAbsent(f, k -> new FieldInfo(BY_FIELD.size(), k));
    }

    /** Field resolution as the JVM does it: the class, its interfaces, then its superclasses. */
    static Field find(Class<?> c, String name) throws NoSuchFieldException {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (f.getName().equals(name)) {
                    return f;
                }
            }
            for (Class<?> i : k.getInterfaces()) {
                try {
                    return find(i, name);
                } catch (NoSuchFieldException ignored) {
                    // keep looking in the superclass
                }
            }
        }
        throw new NoSuchFieldException(c.getName() + "." + name);
    }
}
