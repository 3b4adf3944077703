"""Individual seating: every shipped design checked for its property, and the plans served by propose."""

from collections import Counter
from itertools import combinations

import pytest

from scorekeeper.pairings import PastRound, propose
from scorekeeper.pairings.data.designs import PACKINGS, WHIST_BASE
from scorekeeper.pairings.individual import packing_schedule, whist_schedule


def counts(rounds):
    """(partners, opponents, met) counters of pairs over rounds of tables ((a, b), (c, d))."""
    partners, opponents, met = Counter(), Counter(), Counter()
    for tables in rounds:
        for (a, b), (c, d) in tables:
            partners.update([frozenset((a, b)), frozenset((c, d))])
            opponents.update(frozenset((x, y)) for x in (a, b) for y in (c, d))
            met.update(frozenset(p) for p in combinations((a, b, c, d), 2))
    return partners, opponents, met


# What docs/performance.md says is shipped ("Seating"): keep the two in step.
EVERY_COUNT = [n for n in range(8, 41) if n % 4 in (0, 1)]
PACKING_ROUNDS = {16: 5, 17: 2, 20: 5, 21: 5, 24: 7, 25: 6, 28: 9, 29: 9, 32: 9, 33: 9, 36: 10, 37: 11,
                  40: 13}  # every pair at most once at a table, over these rounds
RESOLVABLE = {28: 9, 40: 13}  # every pair exactly once over these rounds (2-(n, 4, 1) designs)


def test_every_count_from_8_to_40_has_a_whist_tournament_shipped():
    assert sorted(WHIST_BASE) == EVERY_COUNT
    assert {n: len(rounds) for n, rounds in PACKINGS.items()} == PACKING_ROUNDS


@pytest.mark.parametrize("n", sorted(WHIST_BASE))
def test_each_whist_tournament_partners_each_pair_once_and_opposes_it_twice(n):
    schedule = whist_schedule(n)
    assert len(schedule) == (n - 1 if n % 4 == 0 else n)
    everyone = set(range(n))
    for tables, out in schedule:
        seated = [p for (a, b), (c, d) in tables for p in (a, b, c, d)]
        assert len(seated) == len(set(seated)) and set(seated) | set(out) == everyone
        assert len(out) == n % 4
    partners, opponents, _ = counts(t for t, _ in schedule)
    pairs = {frozenset(p) for p in combinations(range(n), 2)}
    assert set(partners) == pairs and set(partners.values()) == {1}
    assert set(opponents) == pairs and set(opponents.values()) == {2}
    if n % 4:
        assert sorted(p for _, out in schedule for p in out) == list(range(n))  # each out once


@pytest.mark.parametrize("n", sorted(PACKINGS))
def test_each_packing_meets_every_pair_at_most_once(n):
    schedule = packing_schedule(n)
    for tables, out in schedule:
        seated = [p for (a, b), (c, d) in tables for p in (a, b, c, d)]
        assert len(seated) == len(set(seated)) == n - n % 4 and not set(seated) & set(out)
    _, _, met = counts(t for t, _ in schedule)
    assert set(met.values()) == {1}
    sat_out = [p for _, out in schedule for p in out]
    assert len(sat_out) == len(set(sat_out))  # nobody out twice


@pytest.mark.parametrize(("n", "rounds"), sorted(RESOLVABLE.items()))
def test_each_resolvable_design_seats_everyone_each_round_and_meets_every_pair_once(n, rounds):
    schedule = packing_schedule(n)
    assert len(schedule) == rounds
    for tables, out in schedule:
        assert sorted(p for (a, b), (c, d) in tables for p in (a, b, c, d)) == list(range(n)) and out == ()
    _, _, met = counts(t for t, _ in schedule)
    assert set(met) == {frozenset(p) for p in combinations(range(n), 2)} and set(met.values()) == {1}


def play(n, rounds, present=None, entries=None):
    entries = entries or list(range(101, 101 + n))
    past, byes = [], Counter()
    for r in range(1, rounds + 1):
        playing = set(entries) if present is None else present
        s = propose("individual", entries, playing, past, r, rounds=rounds,
                    match_points={}, standing=list(entries), byes=dict(byes))
        past.append(PastRound(s.tables, s.byes))
        byes.update(s.byes)
        yield s


@pytest.mark.parametrize("n", [12, 13, 33, 36, 40])
def test_propose_serves_the_whole_whist_tournament(n):
    rounds = n - 1 if n % 4 == 0 else n
    seatings = list(play(n, rounds))
    partners, opponents, _ = counts(s.tables for s in seatings)
    assert set(partners.values()) == {1} and set(opponents.values()) == {2}
    assert len(opponents) == n * (n - 1) // 2
    assert all(s.repeats.partners == 0 for s in seatings)
    assert sum(s.repeats.opponents for s in seatings) == n * (n - 1) // 2  # each pair's second time


@pytest.mark.parametrize(("n", "rounds"), sorted(PACKING_ROUNDS.items()))
def test_within_a_packing_no_pair_meets_twice_at_a_table(n, rounds):
    seatings = list(play(n, rounds))
    _, _, met = counts(s.tables for s in seatings)
    assert set(met.values()) == {1}
    assert all(s.repeats.met_twice == () for s in seatings)


def test_forty_players_over_twelve_rounds_meet_no_pair_twice():
    seatings = list(play(40, 12))
    _, _, met = counts(s.tables for s in seatings)
    assert max(met.values()) == 1  # the peer's greedy engine: 170 pairs meeting twice
    assert all(s.repeats.met_twice == () and s.repeats.partners == 0 for s in seatings)


def test_forty_players_over_fourteen_rounds_meet_again_only_in_the_last():
    """After 13 rounds every pair has met once: the 14th round's 60 pairs (10 tables × 6) meet twice."""
    seatings = list(play(40, 14))
    partners, _, met = counts(s.tables for s in seatings)
    assert max(partners.values()) == 1
    assert sum(v > 1 for v in met.values()) == 60 and max(met.values()) == 2
    assert [len(s.repeats.met_twice) for s in seatings] == [0] * 13 + [60]


def test_other_counts_rotate_the_byes_and_repeat_no_partner():
    entries = list(range(1, 11))
    seatings = list(play(10, 5, entries=entries))
    partners, _, _ = counts(s.tables for s in seatings)
    assert max(partners.values()) == 1
    sat = Counter(p for s in seatings for p in s.byes)
    assert all(len(s.byes) == 2 for s in seatings)
    assert max(sat.values()) - min(sat.get(e, 0) for e in entries) <= 1
    # the first round's byes: fewest (none yet), then lowest standing: the last two of the standing
    assert set(seatings[0].byes) == {9, 10}


def test_absent_players_are_neither_seated_nor_given_a_bye_and_the_rest_replanned():
    entries = list(range(1, 17))
    first = next(iter(play(16, 1)))
    past = [PastRound([tuple(tuple(e - 100 for e in side) for side in t) for t in first.tables], [])]
    present = set(entries) - {5}
    s = propose("individual", entries, present, past, 2, rounds=5, match_points={}, standing=entries, byes={})
    seated = [p for t in s.tables for side in t for p in side]
    assert 5 not in seated and 5 not in s.byes
    assert len(s.byes) == 3 and sorted(seated + list(s.byes)) == sorted(present)
    assert s.repeats.partners == 0


def test_the_same_request_gets_the_same_proposal():
    entries = list(range(1, 15))
    args = ("individual", entries, set(entries), [], 1)
    kw = {"rounds": 3, "match_points": {}, "standing": entries, "byes": {}}
    assert propose(*args, **kw) == propose(*args, **kw)
