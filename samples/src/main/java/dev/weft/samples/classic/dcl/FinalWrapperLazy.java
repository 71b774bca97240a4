package dev.weft.samples.classic.dcl;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * Double-checked locking without {@code volatile}, made safe by a final field: the value is
 * published inside a wrapper whose only field is {@code final}.
 *
 * <p>The field {@code wrapper} is plain, so the unlocked read may see the reference to a wrapper
 * before anything else the creating thread wrote. But the wrapper's field is final: the end of the
 * wrapper's constructor freezes it, and JLS 17.5 guarantees that a thread that obtains a reference
 * to the wrapper sees the final field set, and sees the object it refers to at least as up to date
 * as it was when the field was frozen — so the value, fully built before the wrapper, is seen
 * complete too. The unlocked path is a plain read plus the read of a final field, with no fence or
 * acquire on the reading side.
 *
 * <p>The field is read into a local once ({@code w}): the Java memory model does not make two plain
 * reads of a racing field coherent, so a second read of {@code wrapper} could still see {@code null}.
 *
 * @param <T> the type of the value; the supplier must not return {@code null}
 */
public final class FinalWrapperLazy<T> {
    private static final class FinalWrapper<T> {
        final T value;

        FinalWrapper(T value) {
            this.value = value;
        }
    }

    private final Supplier<? extends T> supplier;
    private FinalWrapper<T> wrapper;

    public FinalWrapperLazy(Supplier<? extends T> supplier) {
        this.supplier = Objects.requireNonNull(supplier);
    }

    /** The value, created by the supplier on the first call (once, whichever threads call). */
    public T get() {
        FinalWrapper<T> w = wrapper;
        if (w == null) {
            synchronized (this) {
                w = wrapper;
                if (w == null) {
                    w = new FinalWrapper<>(Objects.requireNonNull(supplier.get(), "supplier returned null"));
                    wrapper = w;
                }
            }
        }
        return w.value;
    }
}
