package dev.weft.runtime;

import java.lang.invoke.MethodHandle;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Calls through the collection interfaces ({@code Map}, {@code List}, {@code Queue}...): a
 * {@code ConcurrentHashMap} reached through {@code Map} is modelled ({@link MapCalls}); any other
 * {@code java.util.concurrent} collection reached that way is refused as a direct call is (its
 * synchronisation is inside the uninstrumented JDK, so its operations would run unexplored, in
 * whatever order one run took); every other receiver runs as it is.
 */
final class CollectionCalls implements Calls.Family {
    static final CollectionCalls INSTANCE = new CollectionCalls();

    private static final Set<String> INTERFACES = Set.of("java/lang/Iterable", "java/util/Collection",
            "java/util/List", "java/util/Set", "java/util/SortedSet", "java/util/NavigableSet", "java/util/Queue",
            "java/util/Deque", "java/util/Map", "java/util/SortedMap", "java/util/NavigableMap");

    private CollectionCalls() {}

    static boolean isCollectionInterface(String owner) {
        return INTERFACES.contains(owner);
    }

    @Override
    public Object invoke(ModelThread me, Site site, MethodHandle original, Object[] args) throws Throwable {
        Class<?> receiver = args[0] == null ? null : args[0].getClass();
        if (args[0] instanceof ConcurrentHashMap<?, ?> && site.owner().equals("java/util/Map")) {
            return MapCalls.INSTANCE.invoke(me, site, original, args);
        }
        if (receiver != null && ConcurrentApiPolicy.isJdk(receiver)
                && receiver.getName().startsWith("java.util.concurrent.")) {
            throw ConcurrentApiPolicy.refusal(receiver.getName() + "." + site.name() + " (through "
                    + site.owner().replace('/', '.') + ")", site);
        }
        return Calls.original(original, args);
    }
}
