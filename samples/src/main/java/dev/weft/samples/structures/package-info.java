/**
 * Lock-free and low-level concurrent data structures, each written as production code with
 * VarHandles in the weakest access modes that are correct, and each next to one buggy variant
 * with one realistic ordering or atomicity bug that Weft finds (see {@code docs/samples/}).
 *
 * <ul>
 *   <li>{@code treiber}: Treiber's lock-free stack (1986);</li>
 *   <li>{@code msqueue}: the Michael–Scott lock-free queue (PODC 1996);</li>
 *   <li>{@code chaselev}: the Chase–Lev work-stealing deque (SPAA 2005) in the C11 form of Lê et
 *       al. (PPoPP 2013);</li>
 *   <li>{@code spsc}: a single-producer single-consumer ring buffer (Lamport's queue);</li>
 *   <li>{@code seqlock}: a sequence lock with the fences of Boehm (MSPC 2012);</li>
 *   <li>{@code striped}: a striped counter.</li>
 * </ul>
 */
package dev.weft.samples.structures;
