package dev.weft.models;

/** The memory models Weft explores under. */
public enum MemoryModel {
    /** Sequential consistency: every access is SC. */
    SC,
    /** Release/acquire: every access is at least acquire/release, SC accesses and fences count as acq/rel. */
    RA,
    /** Repaired C11 (Lahav et al., PLDI 2017). */
    RC11,
    /** The Intermediate Memory Model (Podkopaev et al., POPL 2019), explored with dependency prefixes (HMC). */
    IMM
}
