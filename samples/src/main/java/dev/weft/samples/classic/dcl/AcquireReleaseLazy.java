package dev.weft.samples.classic.dcl;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Double-checked locking with the weakest access modes that are correct.
 *
 * <ul>
 *   <li>the unlocked read is an <b>acquire</b>: if it sees the reference, it must also see the
 *       writes that built the object;</li>
 *   <li>the read under the lock is <b>plain</b>: the lock orders it after any earlier publication
 *       (which happened under the same lock);</li>
 *   <li>the publishing write is a <b>release</b>: the object's construction happens before it, so
 *       an acquire that reads it sees the object complete.</li>
 * </ul>
 * Unlike {@link VolatileLazy}, no store-load ordering (which only volatile gives) is needed: the
 * idiom is message passing, not a store-buffering handshake.
 *
 * @param <T> the type of the value; the supplier must not return {@code null}
 */
public final class AcquireReleaseLazy<T> {
    private static final VarHandle VALUE;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(AcquireReleaseLazy.class, "value", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Supplier<? extends T> supplier;
    @SuppressWarnings("unused") // accessed through VALUE
    private T value;

    public AcquireReleaseLazy(Supplier<? extends T> supplier) {
        this.supplier = Objects.requireNonNull(supplier);
    }

    /** The value, created by the supplier on the first call (once, whichever threads call). */
    @SuppressWarnings("unchecked")
    public T get() {
        T v = (T) VALUE.getAcquire(this);
        if (v == null) {
            synchronized (this) {
                v = (T) VALUE.get(this);
                if (v == null) {
                    v = Objects.requireNonNull(supplier.get(), "supplier returned null");
                    VALUE.setRelease(this, v);
                }
            }
        }
        return v;
    }
}
