package dev.weft.jcstress;

import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * One {@code @Outcome} annotation.
 *
 * @param ids        its ids (jcstress reads them as regular expressions); empty for the default outcome
 * @param expect     its grading
 * @param desc       its description
 * @param declaredOn the class it was declared on (the test, or the class its {@code @JCStressMeta} names)
 */
public record OutcomeSpec(List<String> ids, Expectation expect, String desc, Class<?> declaredOn) {
    public OutcomeSpec {
        ids = List.copyOf(ids);
    }

    /** The default outcome: no id, or only the empty id (jcstress's default for {@code id}). */
    public boolean isDefault() {
        return ids.stream().allMatch(String::isEmpty);
    }

    boolean matchesExactly(String outcome) {
        return !isDefault() && ids.contains(outcome);
    }

    boolean matchesPattern(String outcome) {
        for (String id : ids) {
            if (id.isEmpty()) {
                continue;
            }
            try {
                if (Pattern.compile(id).matcher(outcome).matches()) {
                    return true;
                }
            } catch (PatternSyntaxException e) {
                // not a regular expression: only the exact match applies
            }
        }
        return false;
    }
}
