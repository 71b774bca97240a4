/**
 * Test classes that the tests in {@code dev.weft.junit} run through the JUnit Platform (they are
 * not run by Surefire on their own: their names do not end in Test). They live outside
 * {@code dev.weft.junit} because the agent never rewrites Weft's own packages.
 */
package dev.weft.extfixtures;
