package dev.weft.runtime;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Finds the field a VarHandle or a field updater accesses when Weft did not see it created: they
 * are usually made in static initialisers, which run outside checks and are not rewritten, and the
 * JDK does not say which field they name. The candidates are the fields of the right type that hold
 * the value the handle reads now; when several remain, the name of the static field that holds the
 * handle decides ({@code STATE}, {@code STATE_HANDLE} or {@code VH_STATE} for the field {@code state}).
 */
final class HandleFields {
    /** What a holder's name may add to the name of the field it accesses. */
    private static final Set<String> AFFIXES = Set.of("vh", "var", "handle", "varhandle", "updater", "fu");

    private HandleFields() {}

    /** The class that contains the call of a site. */
    static Class<?> usingClass(Site site) {
        try {
            return Class.forName(site.className().replace('/', '.'), false, site.loader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the class of " + site.frame() + " is not loadable", e);
        }
    }

    /**
     * The classes whose static fields may hold a handle used at the site: the using class, its nest
     * host, and {@code target} (null for none) with its superclasses.
     */
    static Set<Class<?>> holders(Site site, Class<?> target) {
        Set<Class<?>> classes = new LinkedHashSet<>();
        Class<?> using = usingClass(site);
        classes.add(using);
        classes.add(using.getNestHost());
        for (Class<?> k = target; k != null && k != Object.class; k = k.getSuperclass()) {
            classes.add(k);
        }
        return classes;
    }

    /** The names of the static fields (of type {@code handleType}, in {@code classes}) that hold {@code handle}. */
    static List<String> holderNames(Object handle, Class<?> handleType, Collection<Class<?>> classes) {
        List<String> names = new ArrayList<>();
        for (Class<?> c : classes) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) && handleType.isAssignableFrom(f.getType()) && holds(f, handle)) {
                    names.add(f.getName());
                }
            }
        }
        return names;
    }

    /** The one candidate, or the one the holders' names point to; null if that does not single one out. */
    static Field pick(List<Field> candidates, List<String> holderNames) {
        if (candidates.size() == 1) {
            return candidates.get(0);
        }
        for (String holder : holderNames) {
            Field f = match(candidates, holder);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    /**
     * Whether field f of {@code owner} (null for a static field) holds {@code value}, the boxed value
     * the handle reads now: a field that does not is not the handle's.
     */
    static boolean holdsValue(Field f, Object owner, Object value) {
        try {
            f.setAccessible(true);
            Object v = f.get(owner);
            return f.getType().isPrimitive() ? v.equals(value) : v == value;
        } catch (IllegalAccessException | RuntimeException e) {
            return true; // cannot tell: keep it
        }
    }

    /** "Owner.a, Owner.b" for messages. */
    static String describe(List<Field> fields) {
        List<String> names = new ArrayList<>();
        for (Field f : fields) {
            names.add(f.getDeclaringClass().getSimpleName() + "." + f.getName());
        }
        return names.isEmpty() ? "none" : String.join(", ", names);
    }

    private static boolean holds(Field f, Object handle) {
        try {
            f.setAccessible(true);
            return f.get(null) == handle;
        } catch (IllegalAccessException | RuntimeException e) {
            return false; // unreadable (its module is not open to Weft): not counted as a holder
        }
    }

    /** The one candidate named like the holder, with or without the holder's affixes. */
    private static Field match(List<Field> candidates, String holder) {
        Set<String> stems = stems(holder);
        Field found = null;
        for (Field f : candidates) {
            if (stems.contains(normal(f.getName()))) {
                if (found != null) {
                    return null;
                }
                found = f;
            }
        }
        return found;
    }

    /** {@code STATE_HANDLE}: {@code statehandle} and {@code state}; {@code vhNext}: {@code vhnext} and {@code next}. */
    private static Set<String> stems(String holder) {
        List<String> words = new ArrayList<>();
        for (String w : holder.split("[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])")) {
            if (!w.isEmpty()) {
                words.add(w.toLowerCase(Locale.ROOT));
            }
        }
        Set<String> stems = new LinkedHashSet<>();
        stems.add(String.join("", words));
        while (!words.isEmpty() && AFFIXES.contains(words.get(0))) {
            words.remove(0);
        }
        while (!words.isEmpty() && AFFIXES.contains(words.get(words.size() - 1))) {
            words.remove(words.size() - 1);
        }
        if (!words.isEmpty()) {
            stems.add(String.join("", words));
        }
        return stems;
    }

    private static String normal(String name) {
        return name.replaceAll("[^A-Za-z0-9]", "").toLowerCase(Locale.ROOT);
    }
}
