package dev.weft.runtime;

import java.util.Arrays;

/** The registry of rewritten instructions, filled by the agent while it transforms classes. */
public final class Sites {
    private static Site[] sites = new Site[1024];
    private static int count;

    private Sites() {}

    /** Registers a rewritten instruction and returns the id its hook is called with. */
    public static synchronized int register(ClassLoader loader, String className, String methodName,
                                            String sourceFile, int line, int opcode,
                                            String owner, String name, String descriptor) {
        if (count == sites.length) {
            sites = Arrays.copyOf(sites, count * 2);
        }
        int id = count++;
        sites[id] = new Site(id, loader, className, methodName, sourceFile, line, opcode, owner, name, descriptor);
        return id;
    }

    public static synchronized Site get(int id) {
        if (id < 0 || id >= count) {
            throw new IllegalArgumentException("no rewritten instruction has site id " + id);
        }
        return sites[id];
    }

    public static synchronized int count() {
        return count;
    }
}
