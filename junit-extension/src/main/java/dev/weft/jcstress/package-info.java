/**
 * jcstress-style tests under Weft: tests written with jcstress's own annotations
 * ({@code @JCStressTest}, {@code @State}, {@code @Actor}, {@code @Arbiter}, {@code @Signal},
 * {@code @Outcome}, {@code @JCStressMeta}, {@code @Description}) run exhaustively under a memory
 * model instead of being stress-tested.
 *
 * <ul>
 *   <li>{@link dev.weft.jcstress.WeftJCStressEngine}: the JUnit Platform engine {@code weft-jcstress},
 *       which discovers such classes whenever {@code org.openjdk:jcstress-core} is on the class path
 *       (and does nothing otherwise);</li>
 *   <li>{@link dev.weft.jcstress.JCStressChecker}: the same check as a plain method call, for a
 *       launcher or a test;</li>
 *   <li>{@link dev.weft.jcstress.WeftModel}: the memory model of one test class.</li>
 * </ul>
 *
 * <p>Nothing here links against jcstress: its annotations are read by name, so that jcstress stays
 * a test-scope dependency of the projects that use it.
 */
package dev.weft.jcstress;
