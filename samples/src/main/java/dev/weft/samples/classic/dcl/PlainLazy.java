package dev.weft.samples.classic.dcl;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * <b>Buggy</b>: double-checked locking on a plain field ("the lock makes the initialisation safe,
 * and the first check is only an optimisation").
 *
 * <p>The unlocked read races with the publishing write. Nothing orders the writes that build the
 * value before the write of the reference, as another thread sees them: it can read the reference
 * and then the value's plain fields at their defaults (a {@code 0}, a {@code null}). Under RC11 it
 * happens. Under SC every access is ordered, and under RA every access is release/acquire, which
 * is exactly the fix ({@link AcquireReleaseLazy}), so neither shows the bug.
 *
 * @param <T> the type of the value; the supplier must not return {@code null}
 */
public final class PlainLazy<T> {
    private final Supplier<? extends T> supplier;
    private T value; // BUG: not volatile

    public PlainLazy(Supplier<? extends T> supplier) {
        this.supplier = Objects.requireNonNull(supplier);
    }

    /** The value, created by the supplier on the first call; other threads may see it half built. */
    public T get() {
        T v = value;
        if (v == null) {
            synchronized (this) {
                v = value;
                if (v == null) {
                    v = Objects.requireNonNull(supplier.get(), "supplier returned null");
                    value = v;
                }
            }
        }
        return v;
    }
}
