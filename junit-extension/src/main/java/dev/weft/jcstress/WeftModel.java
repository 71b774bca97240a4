package dev.weft.jcstress;

import dev.weft.models.MemoryModel;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The memory model a jcstress-style test class is checked under, when it is not RC11 (the default).
 * The configuration parameter {@code weft.model} overrides it for a whole run, as it does for
 * {@code @ModelCheck}.
 *
 * <pre>{@code
 * @JCStressTest
 * @WeftModel(MemoryModel.RA)
 * @Outcome(id = "0, 0", expect = Expect.ACCEPTABLE_INTERESTING, desc = "RA has no store-load order")
 * ...
 * }</pre>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
public @interface WeftModel {
    MemoryModel value();
}
