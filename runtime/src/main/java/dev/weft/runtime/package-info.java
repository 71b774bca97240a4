/** Filled by a later issue; the module exists so that the reactor has its final shape. */
package dev.weft.runtime;
