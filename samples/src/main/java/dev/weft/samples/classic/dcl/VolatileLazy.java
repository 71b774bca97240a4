package dev.weft.samples.classic.dcl;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A lazily initialised value by double-checked locking, in the classic form: a {@code volatile}
 * field.
 *
 * <p>{@link #get()} first reads the field without the lock; only while it is {@code null} does it
 * take the lock, check again (another thread may have initialised it meanwhile), and create and
 * publish the value. After initialisation every call is one read.
 *
 * <p>Why {@code volatile}: the unlocked read may run concurrently with the publishing write, so
 * nothing else orders them. A volatile write is a release and a volatile read an acquire, so a
 * thread that reads the reference also sees every write that built the object (its plain fields
 * included). With a plain field it could see the reference but the object's fields still at their
 * default values ({@link PlainLazy}). Release/acquire is all this needs ({@link AcquireReleaseLazy});
 * {@code volatile} is the form every Java engineer recognises, and on x86 or ARMv8 a volatile read
 * costs the same as an acquire.
 *
 * @param <T> the type of the value; the supplier must not return {@code null}
 */
public final class VolatileLazy<T> {
    private final Supplier<? extends T> supplier;
    private volatile T value;

    public VolatileLazy(Supplier<? extends T> supplier) {
        this.supplier = Objects.requireNonNull(supplier);
    }

    /** The value, created by the supplier on the first call (once, whichever threads call). */
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
