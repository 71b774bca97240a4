package dev.weft.extfixtures;

/** A class with nothing to run. */
public class NoChecks {
    public int nothing() {
        return 0;
    }
}
