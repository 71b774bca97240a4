package dev.weft.samples.litmus;

/** Shared volatile variables: every access is SC (DESIGN §3). */
final class VolatileVars {
    volatile int x;
    volatile int y;
}
