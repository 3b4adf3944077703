"""Round robin (Berger tables), Mitchell, the manual checks and the limits: counted, not pinned."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.pairings import (
    PastRound,
    check_manual,
    default_rounds,
    max_rounds,
    max_tables,
    propose,
)
from scorekeeper.pairings.fixed import berger_round


def seat(fmt, entries, present=None, past=(), round_number=1, rounds=None):
    return propose(fmt, entries, set(entries) if present is None else present, list(past), round_number,
                   rounds=rounds or max_rounds(fmt, len(entries)), match_points={}, standing=list(entries),
                   byes={})


def whole(fmt, entries, present=None):
    past = []
    for r in range(1, default_rounds(fmt, len(entries)) + 1):
        s = seat(fmt, entries, present, past, r)
        past.append(PastRound(s.tables, s.byes))
        yield s


def test_berger_table_for_six_is_fides():
    # FIDE's printed Berger table for 6 players, rounds 1 and 2 (White first).
    assert berger_round(6, 1) == [(1, 6), (2, 5), (3, 4)]
    assert berger_round(6, 2) == [(6, 4), (5, 3), (1, 2)]
    assert berger_round(6, 5) == [(3, 6), (4, 2), (5, 1)]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 8, 9, 16, 21])
def test_round_robin_each_meets_each_once_and_the_odd_count_sits_out_once(n):
    entries = list(range(101, 101 + n))
    met = Counter()
    sat = Counter()
    seatings = list(whole("round_robin", entries))
    assert len(seatings) == (n - 1 if n % 2 == 0 else n)
    for s in seatings:
        seated = [e for t in s.tables for side in t for e in side]
        assert sorted(seated + list(s.byes)) == entries
        assert s.repeats.opponents == 0
        met.update(tuple(sorted((t[0][0], t[1][0]))) for t in s.tables)
        sat.update(s.byes)
    assert set(met) == set(combinations(entries, 2)) and set(met.values()) == {1}
    assert sat == (Counter(entries) if n % 2 else Counter())


def test_round_robin_absent_entry_gives_its_opponent_a_bye():
    entries = [1, 2, 3, 4, 5, 6]
    s = seat("round_robin", entries, present={1, 2, 3, 4, 5})
    assert s.byes == (1,)  # 1 meets 6 in round 1 of the Berger table
    assert all(6 not in side for t in s.tables for side in t)


@pytest.mark.parametrize("n", [2, 3, 6, 7, 12, 15])
def test_mitchell_movement(n):
    entries = list(range(1, n + 1))
    k = (n + 1) // 2
    met = Counter()
    byes = Counter()
    for r, s in enumerate(whole("mitchell", entries), start=1):
        for number, (home, visitor) in s.numbered():
            assert home == (number,)  # stationary entry k at table k, side 0
            assert visitor[0] == k + 1 + (number - r) % k  # moves one table up each round
            met[home[0], visitor[0]] += 1
        byes.update(s.byes)
    assert r == k
    assert set(met) == {(a, b) for a in range(1, k + 1) for b in range(k + 1, n + 1)}
    assert set(met.values()) == {1}
    assert byes == (Counter(range(1, k + 1)) if n % 2 else Counter())


def test_mitchell_absent_mover_leaves_its_table_empty_and_numbers_kept():
    s = seat("mitchell", [1, 2, 3, 4, 5, 6], present={1, 2, 3, 4, 6}, round_number=1)
    assert s.byes == (2,)
    assert s.numbered() == [(1, ((1,), (4,))), (3, ((3,), (6,)))]


def test_limits():
    assert default_rounds("round_robin", 8) == 7 and default_rounds("round_robin", 7) == 7
    assert default_rounds("mitchell", 7) == 4 and max_tables("mitchell", 7) == 4
    assert default_rounds("swiss", 8) is None and default_rounds("individual", 8) is None
    assert max_rounds("swiss", 8) == 7 and max_tables("swiss", 9) == 4
    assert max_rounds("individual", 12) == 11 and max_rounds("individual", 13) == 13
    assert max_tables("individual", 13) == 3
    with pytest.raises(ValueError, match="unknown format"):
        default_rounds("bridge", 4)


def test_check_manual_names_entry_and_rule():
    entries = [1, 2, 3, 4, 5]
    ok = check_manual("swiss", entries, {1, 2, 3, 4, 5}, [((1,), (2,)), ((3,), (4,))], [5])
    assert ok == []
    problems = check_manual("round_robin", entries, {1, 2, 3, 4}, [((1,), (2,)), ((1,), (5,)), ((3, 4), ())],
                            [9])
    assert problems == [
        "Entry 1 is seated twice.",
        "Entry 5 is absent and cannot be seated.",
        "Table 3 must have one entry on each side.",
        "Entry 9 is not an entry of this event.",
    ]
    left = check_manual("mitchell", entries, set(entries), [((1,), (2,))], [])
    assert left == [f"Entry {e} is present but has neither a table nor a bye." for e in (3, 4, 5)]
    ind = check_manual("individual", list(range(1, 9)), set(range(1, 9)),
                       [((1, 2), (3, 4)), ((5,), (6, 7))], [8])
    assert ind == ["Table 2 must have two players on each side."]
    assert check_manual("individual", [1, 2, 3, 4], {1, 2, 3}, [], [4]) == [
        "Entry 4 is absent and cannot have a bye.",
        "Entry 1 is present but has neither a table nor a bye.",
        "Entry 2 is present but has neither a table nor a bye.",
        "Entry 3 is present but has neither a table nor a bye.",
    ]


@settings(max_examples=20, deadline=None)
@given(fmt=st.sampled_from(["round_robin", "mitchell", "swiss", "individual"]), n=st.integers(4, 14),
       absent=st.sets(st.integers(0, 13), max_size=3), seed=st.integers(0, 1000))
def test_every_proposal_passes_the_manual_checks(fmt, n, absent, seed):
    entries = list(range(1, n + 1))
    present = {e for e in entries if e - 1 not in absent}
    rounds = min(3, max_rounds(fmt, n))
    past = []
    for r in range(1, rounds + 1):
        points = {e: (e * seed) % 5 for e in entries}
        s = propose(fmt, entries, present, past, r, rounds=rounds, match_points=points, standing=entries,
                    byes={})
        assert check_manual(fmt, entries, present, list(s.tables), list(s.byes)) == []
        past.append(PastRound(s.tables, s.byes))
