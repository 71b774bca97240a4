/**
 * Weft's JUnit 5 surface: {@link dev.weft.junit.ModelCheck} and its extension, and the report-entry
 * keys ({@link dev.weft.junit.ReportKeys}) that every Weft check publishes. The agent never
 * rewrites this package.
 */
package dev.weft.junit;
