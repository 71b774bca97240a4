/**
 * The {@code java.lang.instrument} agent: it rewrites the shared-memory and synchronisation
 * operations of the classes it is configured for into calls on {@code dev.weft.runtime.Hooks}
 * (see {@code WeftTransformer} for the rewriting and {@code WeftAgent} for installing it).
 */
package dev.weft.agent;
