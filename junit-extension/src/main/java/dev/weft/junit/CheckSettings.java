package dev.weft.junit;

import dev.weft.models.MemoryModel;
import dev.weft.runtime.CheckOptions;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The options of one check: the method's {@link ModelCheck} over the class's, then the
 * {@code weft.model} configuration parameter over both.
 *
 * @param name    {@code <class>#<method>}, as in reports
 * @param options what to pass to the runtime 
 */
record CheckSettings(String name, CheckOptions options) {

    /** An annotation with every attribute at its default, to tell which attributes a method set. */
    @ModelCheck
    private static final class Defaults {}

    private static final ModelCheck DEFAULTS = Defaults.class.getAnnotation(ModelCheck.class);

    static CheckSettings resolve(Class<?> testClass, Method method, Optional<String> modelParameter) {
        ModelCheck onMethod = AnnotationSupport.findAnnotation(method, ModelCheck.class).orElse(DEFAULTS);
        ModelCheck onClass = AnnotationSupport.findAnnotation(testClass, ModelCheck.class).orElse(DEFAULTS);
        CheckOptions options = CheckOptions.of(pick(onMethod, onClass, ModelCheck::model))
                .withMaxExecutions(pick(onMethod, onClass, ModelCheck::maxExecutions))
                .withTimeBudget(Duration.ofSeconds(pick(onMethod, onClass, ModelCheck::timeoutSeconds)))
                .withMaxEventsPerThread(pick(onMethod, onClass, ModelCheck::maxEventsPerThread))
                .withSpuriousWakeups(pick(onMethod, onClass, ModelCheck::spuriousWakeups))
                .withNotifyWakesAnyWaiter(pick(onMethod, onClass, ModelCheck::notifyWakesAnyWaiter))
                .withRaces(pick(onMethod, onClass, ModelCheck::races));
        if (modelParameter.isPresent()) {
            options = options.withModel(parseModel(modelParameter.get()));
        }
        String replay = pick(onMethod, onClass, ModelCheck::replay);
        if (!replay.isBlank()) {
            // the handle names its own model: its execution number means nothing under another
            options = options.withReplay(replay);
        }
        return new CheckSettings(testClass.getName() + "#" + method.getName(), options);
    }

    /** A model name in any case, as in {@code --model rc11}. */
    static MemoryModel parseModel(String name) {
        try {
            return MemoryModel.valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("weft.model=" + name + " is not a memory model (SC, RA, RC11, IMM)", e);
        }
    }

    /** The method's value if it differs from the default, else the class's. */
    private static <T> T pick(ModelCheck onMethod, ModelCheck onClass, Function<ModelCheck, T> attribute) {
        T value = attribute.apply(onMethod);
        return value.equals(attribute.apply(DEFAULTS)) ? attribute.apply(onClass) : value;
    }
}
