"""Swiss seating: a maximum-weight matching, checked by what a director would count."""

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.pairings import PastRound, propose


def swiss(entries, past, round_number, points, standing=None, byes=None, present=None):
    return propose("swiss", entries, set(entries) if present is None else present, past, round_number,
                   rounds=len(entries) - 1, match_points=points,
                   standing=standing or sorted(entries, key=lambda e: (-points.get(e, 0), e)),
                   byes=byes or {})


def opponents(past):
    return {frozenset((t[0][0], t[1][0])) for r in past for t in r.tables}


def avoidable(entries, met):
    """Whether the entries can all be paired without a pair of ``met`` (brute force, small fields)."""
    if not entries:
        return True
    first, rest = entries[0], entries[1:]
    return any(frozenset((first, b)) not in met and avoidable([e for e in rest if e != b], met) for b in rest)


def test_round_one_is_top_half_against_bottom_half_and_the_last_sits_out():
    s = swiss([1, 2, 3, 4, 5, 6, 7], [], 1, {})
    assert s.tables == (((1,), (4,)), ((2,), (5,)), ((3,), (6,)))
    assert s.byes == (7,)


def test_byes_fewest_first_then_lowest_standing_then_highest_id():
    entries = [1, 2, 3, 4, 5]
    past = [PastRound([((1,), (2,)), ((3,), (4,))], [5])]
    points = {1: 2, 2: 0, 3: 2, 4: 0, 5: 2}
    # 5 has had a bye; the lowest in the standing among the others is 4 (then 2).
    assert swiss(entries, past, 2, points, standing=[1, 3, 5, 2, 4], byes={5: 1}).byes == (4,)
    # equal in everything: the highest entry id
    assert swiss(entries, past, 2, points, standing=[1, 3, 5, 2, 4], byes={5: 1, 4: 1, 2: 1}).byes == (3,)
    # an absent entry never has the bye
    assert swiss(entries, past, 2, points, standing=[1, 3, 5, 2, 4], byes={5: 1},
                 present={1, 2, 3, 5, 4} - {4}).byes == ()


def test_equal_match_points_meet_first():
    entries = list(range(1, 9))
    past = [PastRound([((1,), (5,)), ((2,), (6,)), ((3,), (7,)), ((4,), (8,))], [])]
    points = {1: 2, 2: 2, 3: 2, 4: 2, 5: 0, 6: 0, 7: 0, 8: 0}
    s = swiss(entries, past, 2, points)
    assert s.tables == (((1,), (2,)), ((3,), (4,)), ((5,), (6,)), ((7,), (8,)))
    assert s.repeats.opponents == 0


def test_a_rematch_only_when_none_can_be_avoided():
    entries = [1, 2, 3, 4]
    past = [PastRound([((1,), (2,)), ((3,), (4,))], []), PastRound([((1,), (3,)), ((2,), (4,))], []),
            PastRound([((1,), (4,)), ((2,), (3,))], [])]
    s = swiss(entries, past, 4, {1: 6, 2: 4, 3: 2, 4: 0})
    assert len(s.tables) == 2  # everyone seated anyway
    assert s.repeats.opponents == 2 and s.repeats.met_twice == ((1, 2), (3, 4))


@settings(max_examples=25, deadline=None)
@given(n=st.integers(4, 10), rounds=st.integers(1, 5), seed=st.integers(0, 10_000))
def test_no_rematch_while_one_can_be_avoided(n, rounds, seed):
    rng = random.Random(seed)
    entries = list(range(1, n + 1))
    points: dict[int, float] = dict.fromkeys(entries, 0)
    byes: dict[int, int] = {}
    past: list[PastRound] = []
    for r in range(1, min(rounds, n - 1) + 1):
        s = swiss(entries, past, r, points, byes=byes)
        seated = [t[0][0] for t in s.tables] + [t[1][0] for t in s.tables]
        assert sorted(seated + list(s.byes)) == entries
        playing = sorted(seated)
        if avoidable(playing, opponents(past)):
            assert s.repeats.opponents == 0, (past, s)
        for t in s.tables:
            points[rng.choice([t[0][0], t[1][0]])] += 2
        for e in s.byes:
            points[e] += 2
            byes[e] = byes.get(e, 0) + 1
        past.append(PastRound(s.tables, s.byes))
    if n % 2:
        assert max(byes.values()) - min(byes.get(e, 0) for e in entries) <= 1


def test_among_pairings_without_rematch_nearest_points():
    # 1 and 2 met; 1 (4 points) should meet 3 (4 points) rather than 4 (0 points).
    entries = [1, 2, 3, 4]
    past = [PastRound([((1,), (2,)), ((3,), (4,))], [])]
    s = swiss(entries, past, 2, {1: 4, 2: 2, 3: 4, 4: 0})
    pairs = {frozenset((t[0][0], t[1][0])) for t in s.tables}
    assert pairs == {frozenset((1, 3)), frozenset((2, 4))}
    assert not any(frozenset(p) in pairs for p in combinations([1, 2], 2))
