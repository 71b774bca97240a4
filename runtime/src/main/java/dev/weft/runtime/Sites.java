package dev.weft.runtime;

import java.util.Arrays;

/** The registry of rewritten instructions, filled by the agent while it transforms classes. */
public final class Sites {
    private static Site[] sites = new Site[1024];
    /** The frame of each site, computed once: every event carries it as its origin. */
    private static volatile String[] origins = new String[1024];
    private static int count;

    private Sites() {}

    /** Registers a rewritten instruction and returns the id its hook is called with. */
    public static synchronized int register(ClassLoader loader, String className, String methodName,
                                            String sourceFile, int line, int opcode,
                                            String owner, String name, String descriptor) {
        if (count == sites.length) {
            sites = Arrays.copyOf(sites, count * 2);
            origins = Arrays.copyOf(origins, count * 2);
        }
        int id = count++;
        sites[id] = new Site(id, loader, className, methodName, sourceFile, line, opcode, owner, name, descriptor);
        origins[id] = sites[id].frame();
        return id;
    }

    public static synchronized Site get(int id) {
        if (id < 0 || id >= count) {
            throw new IllegalArgumentException("no rewritten instruction has site id " + id);
        }
        return sites[id];
    }

    /** {@code Class.method(File.java:12)} of a site. */
    static String origin(int id) {
        String[] o = origins;
        if (id >= 0 && id < o.length && o[id] != null) {
            return o[id];
        }
        return get(id).frame();
    }

    public static synchronized int count() {
        return count;
    }
}
