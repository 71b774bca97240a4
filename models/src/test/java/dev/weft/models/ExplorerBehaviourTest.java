package dev.weft.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.litmus.LitmusFamilies;
import dev.weft.litmus.LitmusParser;
import dev.weft.litmus.LitmusProgram;
import dev.weft.litmus.LitmusRunner;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Behaviour of the explorer beyond raw counts: violations, blocking, threads, bad programs. */
class ExplorerBehaviourTest {

    private static ExplorationResult explore(String source, MemoryModel model) {
        return LitmusRunner.explore(LitmusParser.parse(source), model);
    }

    private static final String MP_ASSERT = """
            litmus MP+assert
            thread T0 {
              store x 1 rlx
              store y 1 %s
            }
            thread T1 {
              r0 = load y %s
              r1 = load x rlx
              assert r0 == 0 || r1 == 1
            }
            """;

    @Test
    void relaxedMessagePassingFailsUnderRc11WithTheExecution() {
        ExplorationResult r = explore(MP_ASSERT.formatted("rlx", "rlx"), MemoryModel.RC11);
        assertEquals(1, r.violations().size());
        Violation v = r.violations().get(0);
        assertTrue(v.message().contains("thread 1") && v.message().contains("T1:9"), v.message());
        // The trace shows the stale read of x from the initial write and the read of y from T0.
        assertTrue(v.execution().contains("Rrlx x = 0  (from init)"), v.execution());
        assertTrue(v.execution().contains("Rrlx y = 1  (from T0.1)"), v.execution());
    }

    @ParameterizedTest
    @EnumSource(MemoryModel.class)
    void releaseAcquireMessagePassingHoldsUnderEveryModel(MemoryModel model) {
        ExplorationResult r = explore(MP_ASSERT.formatted("rel", "acq"), model);
        assertFalse(r.hasViolations(), () -> r.violations().toString());
        assertEquals(3, r.complete());
    }

    /**
     * Under IMM the store of y revisits the FAI, which a kept acquire load reads, and completes it
     * anew: it now writes 3, and the load, kept, must see 3 when the thread runs again.
     */
    @Test
    void aLoadOfACompletedRmwSeesItsNewValue() {
        ExplorationResult r = explore("""
                litmus completed-fai-value
                thread T0 {
                  r0 = fai y 1 rel
                  r1 = load y acq
                  store x 1 na
                  assert r0 != 2 || r1 == 3
                }
                thread T1 {
                  r0 = fai x 2 sc
                  store y 2 na
                }
                """, MemoryModel.IMM);
        assertFalse(r.hasViolations(), () -> r.violations().toString());
        assertEquals(5, r.complete()); // the reference enumerator's count for this program
    }

    @Test
    void relaxedMessagePassingHoldsUnderScAndRa() {
        assertFalse(explore(MP_ASSERT.formatted("rlx", "rlx"), MemoryModel.SC).hasViolations());
        assertFalse(explore(MP_ASSERT.formatted("rlx", "rlx"), MemoryModel.RA).hasViolations());
    }

    @ParameterizedTest
    @EnumSource(MemoryModel.class)
    void lockOrderInversionDeadlocksInBlockedExecutions(MemoryModel model) {
        ExplorationResult r = explore("""
                litmus deadlock
                thread T0 {
                  lock a
                  lock b
                  unlock b
                  unlock a
                }
                thread T1 {
                  lock b
                  lock a
                  unlock a
                  unlock b
                }
                """, model);
        assertEquals(2, r.complete());
        assertTrue(r.blocked() >= 1, "the deadlock must show as a blocked execution");
        assertFalse(r.hasViolations());
    }

    @Test
    void failedAssumeBlocksAndIsCountedApart() {
        ExplorationResult r = explore("""
                litmus assume
                thread T0 {
                  store x 1 rlx
                }
                thread T1 {
                  r0 = load x rlx
                  assume r0 == 1
                }
                """, MemoryModel.RC11);
        assertEquals(1, r.complete());
        assertEquals(1, r.blocked());
    }

    @Test
    void spinLoopWithBoundBlocksInsteadOfRunningForever() {
        ExplorationResult r = explore("""
                litmus spin
                thread T0 {
                  r0 = load x acq
                  while r0 == 0 bound 2 {
                    r0 = load x acq
                  }
                }
                thread T1 {
                  store x 1 rel
                }
                """, MemoryModel.SC);
        // x read 1 first, second or third time; reading 0 three times exhausts the bound.
        assertEquals(3, r.complete());
        assertEquals(1, r.blocked());
    }

    @Test
    void joinSynchronisesWithTheJoinedThread() {
        ExplorationResult r = explore("""
                litmus join
                thread M {
                  spawn A
                  join A
                  r0 = load x rlx
                  assert r0 == 1
                }
                thread A {
                  store x 1 rlx
                }
                """, MemoryModel.RC11);
        assertFalse(r.hasViolations(), () -> r.violations().toString());
        assertEquals(1, r.complete());
    }

    @Test
    void weakCasMayFailSpuriously() {
        ExplorationResult r = explore("""
                litmus wcas
                thread T0 {
                  r0 = wcas x 0 1 rlx
                }
                """, MemoryModel.RC11);
        assertEquals(2, r.complete(), "success and spurious failure");
    }

    @Test
    void unlockOfAFreeLockIsAnErrorNamingTheInstruction() {
        ExplorationResult r = explore("""
                litmus badunlock
                thread T0 {
                  unlock m
                }
                """, MemoryModel.SC);
        assertEquals(1, r.violations().size());
        assertTrue(r.violations().get(0).message().contains("unlock of m") && r.violations().get(0).message().contains("T0:3"),
                r.violations().get(0).message());
    }

    @Test
    void nondeterministicProgramIsRejectedWithTheEvent() {
        // Thread 0 writes a value that differs from run to run; thread 1's read of it has an
        // alternative (the initial value), so the write is replayed in a second run.
        Program wobbly = new Program() {
            int runs;
            final boolean[] done = new boolean[2];

            public int initialThreads() {
                return 2;
            }

            public void reset() {
                runs++;
                done[0] = done[1] = false;
            }

            public Action next(int thread) {
                if (done[thread]) {
                    return Action.finish("Main.java:20");
                }
                return thread == 0
                        ? Action.write(0, runs, AccessMode.RLX, new int[0], new int[0], new int[0], "Main.java:11")
                        : Action.read(0, AccessMode.RLX, new int[0], new int[0], "Main.java:15");
            }

            public void resume(int thread, long value, int nextIndex) {
                done[thread] = true;
            }

            public long initialValue(int location) {
                return 0;
            }

            public String locationName(int location) {
                return "x";
            }
        };
        NondeterminismException e = assertThrows(NondeterminismException.class,
                () -> new Explorer(wobbly, MemoryModel.SC, ExplorerOptions.DEFAULT).explore());
        assertTrue(e.getMessage().contains("thread 0 event 0") && e.getMessage().contains("Main.java:11"), e.getMessage());
    }

    @Test
    void runawayThreadIsReportedAsPossibleLivelockAtItsProgramPoint() {
        Program spinner = new Program() {
            public int initialThreads() {
                return 1;
            }

            public void reset() {}

            public Action next(int thread) {
                return Action.read(0, AccessMode.RLX, new int[0], new int[0], "Spin.java:7");
            }

            public void resume(int thread, long value, int nextIndex) {}

            public long initialValue(int location) {
                return 0;
            }

            public String locationName(int location) {
                return "flag";
            }
        };
        ExplorationResult r = new Explorer(spinner, MemoryModel.SC, ExplorerOptions.DEFAULT.withMaxEventsPerThread(50)).explore();
        assertEquals(1, r.violations().size());
        String message = r.violations().get(0).message();
        assertTrue(message.contains("possible livelock") && message.contains("Spin.java:7") && message.contains("thread 0"), message);
    }

    @Test
    void everyGraphOfAincIsVisitedOnce() {
        LitmusProgram p = LitmusFamilies.ainc(5);
        for (MemoryModel m : MemoryModel.values()) {
            List<String> keys = LitmusRunner.executionKeys(p, m);
            assertEquals(120, keys.size());
            assertEquals(keys.size(), new HashSet<>(keys).size(), "a graph was visited twice under " + m);
        }
    }

    @Test
    void fullAxiomaticCheckAgreesWithIncrementalChecksOnTheBundledPrograms() {
        ExplorerOptions full = new ExplorerOptions(0, true, true);
        for (var entry : LitmusFamilies.bundled().entrySet()) {
            if (entry.getKey().startsWith("ainc(7)") || entry.getKey().startsWith("readers(8)")) {
                continue; // large; covered by the counts test
            }
            for (MemoryModel m : MemoryModel.values()) {
                long incremental = LitmusRunner.explore(entry.getValue(), m).complete();
                long checked = LitmusRunner.explore(entry.getValue(), m, full).complete();
                assertEquals(incremental, checked, entry.getKey() + " under " + m);
            }
        }
    }
}
