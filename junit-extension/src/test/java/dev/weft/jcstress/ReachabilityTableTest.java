package dev.weft.jcstress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.jcstresstests.*;
import dev.weft.models.MemoryModel;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.platform.commons.support.ReflectionSupport;

/**
 * Every jcstress-style test of {@code dev.weft.jcstresstests}, checked under SC, RA and RC11: the
 * reachable outcomes must be exactly the ones this table derives from the models.
 *
 * <p>The reasoning, once for all rows. Weft's mapping (DESIGN §3): plain accesses are non-atomic
 * with coherent reads; opaque is relaxed; release/acquire (and {@code lazySet}) are release/acquire;
 * volatile, {@code Atomic*} get/set and strong RMWs are SC; fullFence is an SC fence, release/
 * storeStore fences are release fences, acquire/loadLoad fences are acquire fences; locks and
 * {@code start}/{@code join} synchronise; a final field is always seen initialised.
 * <ul>
 *   <li><b>SC</b>: only interleavings.</li>
 *   <li><b>RA</b>: every access is at least release/acquire, and SC accesses and fences count as
 *       release/acquire only. So reading a value also makes visible everything before its write
 *       (message passing holds, even for plain accesses), but there is no store-load order (store
 *       buffering shows 0, 0 even for volatile and full fences) and no multi-copy atomicity (IRIW).</li>
 *   <li><b>RC11</b>: plain accesses do not synchronise (message passing and racy publication show
 *       stale data); relaxed (opaque) accesses only keep per-location coherence; SC accesses and SC
 *       fences are totally ordered (no store buffering, no IRIW with volatile); po ∪ rf is acyclic,
 *       so load buffering's 1, 1 is never reached, although the JMM allows it for plain and opaque
 *       accesses.</li>
 *   <li>Everywhere: reads are coherent (CoRR, CoRW, CoWR), RMWs are atomic, a weak CAS may fail
 *       spuriously, locks exclude each other, a plain or volatile x++ may lose an update.</li>
 *   <li>Termination: STALE is reached when the actor is left blocked for good (a deadlock) or spins
 *       in every execution; a spin loop on a flag the signal sets always terminates (plain reads are
 *       coherent and Weft assumes fair scheduling). Park/unpark Dekker-style needs SC: under RA both
 *       sides may miss each other's write and the actor parks for good.</li>
 * </ul>
 */
class ReachabilityTableTest {
    private static final Set<String> MP = ids("0, 0", "0, 1", "1, 1");
    private static final Set<String> MP_STALE = plus(MP, "1, 0");
    private static final Set<String> SB = ids("0, 1", "1, 0", "1, 1");
    private static final Set<String> SB_BOTH_ZERO = plus(SB, "0, 0");
    private static final Set<String> IRIW_ALL = iriwAll();
    private static final Set<String> IRIW_AGREE = minus(IRIW_ALL, "1, 0, 1, 0");
    private static final Set<String> CORR = ids("0, 0", "0, 1", "1, 1");
    private static final Set<String> LB = ids("0, 0", "0, 1", "1, 0");
    private static final Set<String> PUBLISHED = ids("-1", "42");
    private static final Set<String> TERMINATED = ids("TERMINATED");

    /** One row: a test class, why, and its reachable outcomes under SC, RA and RC11. */
    private record Row(Class<?> test, String why, Set<String> sc, Set<String> ra, Set<String> rc11) {
        Set<String> under(MemoryModel m) {
            return switch (m) {
                case SC -> sc;
                case RA -> ra;
                case RC11 -> rc11;
                case IMM -> throw new IllegalArgumentException("IMM is not checked for JVM code");
            };
        }
    }

    private static final List<Row> TABLE = List.of(
            // ---- message passing
            new Row(MpPlainTest.class, "RA makes plain accesses release/acquire; RC11 plain accesses never synchronise",
                    MP, MP, MP_STALE),
            new Row(MpVolatileTest.class, "an SC (volatile) write/read pair synchronises in every model", MP, MP, MP),
            new Row(MpReleaseAcquireTest.class, "release/acquire is what message passing needs", MP, MP, MP),
            new Row(MpOpaqueTest.class, "relaxed accesses do not synchronise under RC11; RA upgrades them", MP, MP,
                    MP_STALE),
            new Row(MpFencedOpaqueTest.class, "release fence; relaxed write ... relaxed read; acquire fence synchronise",
                    MP, MP, MP),
            new Row(MpStoreStoreLoadLoadFenceTest.class, "storeStore/loadLoad fences are release/acquire fences", MP,
                    MP, MP),
            new Row(MpAtomicIntegerTest.class, "AtomicInteger set/get are SC", MP, MP, MP),
            new Row(MpLazySetTest.class, "lazySet is a release write, get at least acquire", MP, MP, MP),
            new Row(MpAtomicIntegerArrayTest.class, "volatile element accesses are SC", MP, MP, MP),
            new Row(MpSynchronizedTest.class, "critical sections do not interleave", ids("0, 0", "1, 1"),
                    ids("0, 0", "1, 1"), ids("0, 0", "1, 1")),
            new Row(MpVolatileMetaTest.class, "setVolatile/getVolatile are SC", MP, MP, MP),
            // ---- store buffering
            new Row(SbPlainTest.class, "no store-load order for non-SC accesses", SB, SB_BOTH_ZERO, SB_BOTH_ZERO),
            new Row(SbVolatileTest.class, "SC accesses forbid 0, 0, except under RA where they are only rel/acq", SB,
                    SB_BOTH_ZERO, SB),
            new Row(SbOpaqueTest.class, "relaxed accesses have no store-load order", SB, SB_BOTH_ZERO, SB_BOTH_ZERO),
            new Row(SbReleaseAcquireTest.class, "release/acquire has no store-load order", SB, SB_BOTH_ZERO,
                    SB_BOTH_ZERO),
            new Row(SbAtomicIntegerTest.class, "as volatile", SB, SB_BOTH_ZERO, SB),
            new Row(SbFullFenceTest.class, "SC fences forbid 0, 0 in RC11; RA treats them as acq/rel fences", SB,
                    SB_BOTH_ZERO, SB),
            new Row(SbReleaseFenceTest.class, "release fences do not order a store before a load", SB, SB_BOTH_ZERO,
                    SB_BOTH_ZERO),
            new Row(SbSynchronizedTest.class, "one critical section entirely before the other", ids("0, 1", "1, 0"),
                    ids("0, 1", "1, 0"), ids("0, 1", "1, 0")),
            new Row(SbVolatileUnderRaTest.class, "as SbVolatileTest", SB, SB_BOTH_ZERO, SB),
            // ---- IRIW
            new Row(IriwVolatileTest.class, "SC writes are seen in one order; RA is not multi-copy atomic",
                    IRIW_AGREE, IRIW_ALL, IRIW_AGREE),
            new Row(IriwAcquireReleaseTest.class, "release/acquire is not multi-copy atomic", IRIW_AGREE, IRIW_ALL,
                    IRIW_ALL),
            // ---- coherence
            new Row(CoRRPlainTest.class, "Weft reads plain accesses coherently (the JMM would allow 1, 0)", CORR, CORR,
                    CORR),
            new Row(CoRROpaqueTest.class, "relaxed reads are coherent", CORR, CORR, CORR),
            new Row(CoRRAtomicLongTest.class, "coherence, and 64-bit values are never torn",
                    ids("0, 0", "0, -1", "-1, -1"), ids("0, 0", "0, -1", "-1, -1"), ids("0, 0", "0, -1", "-1, -1")),
            new Row(CoWWArbiterTest.class, "the arbiter, after both joins, reads the co-last write", ids("1", "2"),
                    ids("1", "2"), ids("1", "2")),
            new Row(CoRWOpaqueTest.class, "a write is co-after the write its own thread read before it",
                    ids("0, 1", "0, 2", "2, 1"), ids("0, 1", "0, 2", "2, 1"), ids("0, 1", "0, 2", "2, 1")),
            new Row(CoWRVolatileTest.class, "a read sees its thread's write or a co-later one",
                    ids("1, 1", "1, 2", "2, 2"), ids("1, 1", "1, 2", "2, 2"), ids("1, 1", "1, 2", "2, 2")),
            // ---- load buffering
            new Row(LbPlainTest.class, "po ∪ rf is acyclic in all three models", LB, LB, LB),
            new Row(LbVolatileTest.class, "po ∪ rf is acyclic", LB, LB, LB),
            new Row(LbOpaqueTest.class, "po ∪ rf is acyclic (the JMM would allow 1, 1)", LB, LB, LB),
            new Row(LbOutOfThinAirTest.class, "only 0 is ever written", ids("0, 0"), ids("0, 0"), ids("0, 0")),
            // ---- RMW atomicity
            new Row(AtomicIncrementTest.class, "RMWs read the co-previous value", ids("1, 2", "2, 1"),
                    ids("1, 2", "2, 1"), ids("1, 2", "2, 1")),
            new Row(PlainIncrementTest.class, "read and write are separate: updates can be lost", ids("1", "2"),
                    ids("1", "2"), ids("1", "2")),
            new Row(VolatileIncrementTest.class, "read and write are separate: updates can be lost", ids("1", "2"),
                    ids("1", "2"), ids("1", "2")),
            new Row(CasExclusionTest.class, "one strong CAS wins", ids("true, false", "false, true"),
                    ids("true, false", "false, true"), ids("true, false", "false, true")),
            new Row(WeakCasSpuriousTest.class, "a weak CAS may also fail spuriously",
                    ids("true, false", "false, true", "false, false"), ids("true, false", "false, true", "false, false"),
                    ids("true, false", "false, true", "false, false")),
            new Row(VarHandleGetAndAddTest.class, "getAndAdd is atomic", ids("0, 1", "1, 0"), ids("0, 1", "1, 0"),
                    ids("0, 1", "1, 0")),
            new Row(GetAndSetTest.class, "exchanges are atomic", ids("0, 1", "2, 0"), ids("0, 1", "2, 0"),
                    ids("0, 1", "2, 0")),
            new Row(AtomicReferenceExchangeTest.class, "exchanges are atomic", ids("init, one", "two, init"),
                    ids("init, one", "two, init"), ids("init, one", "two, init")),
            // ---- locks
            new Row(LockedIncrementTest.class, "mutual exclusion", ids("2"), ids("2"), ids("2")),
            new Row(SynchronizedMethodsTest.class, "synchronized methods exclude each other", ids("0, 0", "1, 2"),
                    ids("0, 0", "1, 2"), ids("0, 0", "1, 2")),
            new Row(WaitNotifyTest.class, "the monitor publishes the data", ids("42"), ids("42"), ids("42")),
            new Row(MpReentrantLockTest.class, "a ReentrantLock's critical sections do not interleave either",
                    ids("0, 0", "1, 1"), ids("0, 0", "1, 1"), ids("0, 0", "1, 1")),
            new Row(TryLockExclusionTest.class, "tryLock takes a free lock, and only one", ids("1, 0", "0, 1"),
                    ids("1, 0", "0, 1"), ids("1, 0", "0, 1")),
            new Row(ConditionSignalTest.class, "the lock publishes the data; signal wakes the waiter", ids("42"),
                    ids("42"), ids("42")),
            // ---- final fields and publication
            new Row(FinalFieldPublicationTest.class, "final fields are always seen initialised", PUBLISHED, PUBLISHED,
                    PUBLISHED),
            new Row(PlainFieldPublicationTest.class, "RC11: a plain reference does not publish a plain field",
                    PUBLISHED, PUBLISHED, plus(PUBLISHED, "0")),
            new Row(VolatilePublicationTest.class, "safe publication", PUBLISHED, PUBLISHED, PUBLISHED),
            new Row(AtomicReferencePublicationTest.class, "safe publication", PUBLISHED, PUBLISHED, PUBLISHED),
            new Row(FinalAndPlainFieldTest.class, "the final field is initialised; RC11: the plain one may not be",
                    ids("-1, -1", "1, 1"), ids("-1, -1", "1, 1"), ids("-1, -1", "1, 0", "1, 1")),
            new Row(FinalFieldReachedObjectTest.class, "JLS 17.5: what a final field refers to is frozen with it",
                    ids("-1, -1", "1, 2"), ids("-1, -1", "1, 2"), ids("-1, -1", "1, 2")),
            new Row(FinalFieldArrayTest.class, "JLS 17.5: a final array's elements are frozen with it",
                    ids("-1, -1", "1, 2"), ids("-1, -1", "1, 2"), ids("-1, -1", "1, 2")),
            new Row(FinalFieldAtomicTest.class, "JLS 17.5: so is an atomic's value, read volatile",
                    PUBLISHED, PUBLISHED, PUBLISHED),
            new Row(FinalFieldLaterWriteTest.class, "RC11: the freeze bounds the read, a later write need not be seen",
                    ids("-1", "2"), ids("-1", "2"), ids("-1", "1", "2")),
            new Row(FinalFieldOtherPathTest.class, "RC11: reached another way, the object is not frozen",
                    PUBLISHED, PUBLISHED, plus(PUBLISHED, "0")),
            new Row(FinalFieldEscapeTest.class, "RC11: published by its constructor, the object is not frozen",
                    PUBLISHED, PUBLISHED, plus(PUBLISHED, "0")),
            // ---- termination
            new Row(TerminationVolatileSpinTest.class, "the volatile write is eventually read", TERMINATED, TERMINATED,
                    TERMINATED),
            new Row(TerminationPlainSpinTest.class, "plain reads are coherent in Weft: no hoisting", TERMINATED,
                    TERMINATED, TERMINATED),
            new Row(TerminationWaitNotifyTest.class, "notifyAll under the monitor wakes the waiter", TERMINATED,
                    TERMINATED, TERMINATED),
            new Row(TerminationMissedNotifyTest.class, "the actor can wait before the flag is set: a deadlock",
                    ids("STALE", "TERMINATED"), ids("STALE", "TERMINATED"), ids("STALE", "TERMINATED")),
            new Row(TerminationParkUnparkTest.class, "Dekker-style handshake: RA lets both miss each other",
                    TERMINATED, ids("STALE", "TERMINATED"), TERMINATED),
            new Row(TerminationWrongFlagTest.class, "nobody sets the flag: every execution spins", ids("STALE"),
                    ids("STALE"), ids("STALE")));

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (Row row : TABLE) {
            for (MemoryModel m : List.of(MemoryModel.SC, MemoryModel.RA, MemoryModel.RC11)) {
                cases.add(Arguments.of(row.test().getSimpleName(), m, row));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} under {1}")
    @MethodSource("cases")
    void reachableOutcomesAreWhatTheModelAllows(String name, MemoryModel model, Row row) {
        JCStressResult r = JCStressChecker.check(row.test(), model);
        assertEquals(new TreeSet<>(row.under(model)), new TreeSet<>(r.reachable()),
                name + " under " + model + " (" + row.why() + ")\n" + r.report());
        assertTrue(r.errors().isEmpty(), r.report());
        if (r.spec().mode() == JCStressSpec.Mode.CONTINUOUS) {
            long counted = r.outcomes().stream().mapToLong(JCStressResult.OutcomeCount::count).sum();
            assertEquals(r.checkResult().executions(), counted, "every complete execution counts once\n" + r.report());
        }
        if (model == MemoryModel.RC11) {
            assertTrue(r.passed(), "every jcstress-style test passes under RC11\n" + r.report());
        }
    }

    @Test
    void theTableCoversEveryTestOfThePackage() {
        Set<String> inTable = TABLE.stream().map(r -> r.test().getName()).collect(Collectors.toSet());
        Set<String> tests = ReflectionSupport.findAllClassesInPackage("dev.weft.jcstresstests",
                        JCStressSpec::isJCStressTest, n -> true).stream()
                .filter(c -> !WeftJCStressEngine.isNegative(c) && !c.getPackageName().endsWith(".nested"))
                .map(Class::getName).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(tests, new TreeSet<>(inTable));
        assertTrue(tests.size() >= 40, "at least 40 jcstress-style tests: " + tests.size());
    }

    @Test
    void theReportedTableListsEachOutcomeWithItsCountAndGrading() {
        JCStressResult r = JCStressChecker.check(MpPlainTest.class, MemoryModel.RC11);
        String table = r.table();
        assertTrue(table.matches("(?s).*\"1, 0\" +1 +ACCEPTABLE_INTERESTING +flag seen, data stale.*"), table);
        assertTrue(table.contains("Interesting outcomes RC11 allows: \"1, 0\""), table);
        JCStressResult sc = JCStressChecker.check(MpPlainTest.class, MemoryModel.SC);
        assertTrue(sc.table().contains("Declared outcomes SC never reaches: \"1, 0\" (ACCEPTABLE_INTERESTING)"),
                sc.table());
        assertEquals(Map.of("0, 0", 1L, "0, 1", 1L, "1, 0", 1L, "1, 1", 1L), r.outcomes().stream()
                .collect(Collectors.toMap(JCStressResult.OutcomeCount::id, JCStressResult.OutcomeCount::count)));
    }

    private static Set<String> ids(String... ids) {
        return new LinkedHashSet<>(List.of(ids));
    }

    private static Set<String> plus(Set<String> s, String id) {
        Set<String> r = new LinkedHashSet<>(s);
        r.add(id);
        return r;
    }

    private static Set<String> minus(Set<String> s, String id) {
        Set<String> r = new LinkedHashSet<>(s);
        r.remove(id);
        return r;
    }

    private static Set<String> iriwAll() {
        Set<String> all = new LinkedHashSet<>();
        for (int i = 0; i < 16; i++) {
            all.add((i >> 3 & 1) + ", " + (i >> 2 & 1) + ", " + (i >> 1 & 1) + ", " + (i & 1));
        }
        return all;
    }
}
