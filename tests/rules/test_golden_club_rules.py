"""Golden matches for the house rules every rule set accepts for club games (RULES.md, "House rules
every rule set accepts"): ``hands_limit`` (and its draws), ``opening_by_hand``, and a match settled as
it stands (the fold's ``settled``). Every number worked out by hand from the classic rule set:
clean canasta 500, normal going out 100, melds and cards left in hand at face value; the usual bands
(<0 → 15, 0 → 50, 1500 → 90, 3000 → 120).
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import (
    RULESET_IDS,
    ValidationError,
    fold_match,
    get_ruleset,
    leader,
    opening_minimum,
    parse_hand,
)
from tests.rules.builders import hand_data, side


def out(number: int, winner: int, melds: int, other_melds: int, other_hand: int) -> dict:
    """Side ``winner`` goes out (normal) with one clean canasta and ``melds``: melds + 500 + 100;
    the other side scores ``other_melds - other_hand``."""
    sides = [side(other_melds, other_hand), side(other_melds, other_hand)]
    sides[winner] = side(melds, 0, 0, {"clean": 1})
    return hand_data(*sides, went_out=winner, kind="normal", number=number)


# Hand 1: side 0 200 + 500 + 100 = 800; side 1 300 - 50 = 250.        Totals  800 / 250
# Hand 2: side 1 200 + 500 + 100 = 800; side 0 300 - 50 = 250.        Totals 1050 / 1050
# Hand 3: side 0 100 + 500 + 100 = 700; side 1 750 - 50 = 700.        Totals 1750 / 1750
H1 = out(1, 0, 200, 300, 50)
H2 = out(2, 1, 200, 300, 50)
H3_EVEN = out(3, 0, 100, 750, 50)
H3_SIDE_1 = out(3, 0, 100, 755, 50)  # side 1 755 - 50 = 705: 1750 / 1755


def fold(house_rules, datas, target=5000, **how):
    rs = get_ruleset("classic", house_rules)
    return fold_match(rs, target, 2, [parse_hand(rs, d, players=[2, 2]) for d in datas], **how)


def test_equal_totals_at_the_hands_limit_are_a_draw():
    two = fold({"hands_limit": 3}, [H1, H2])
    assert (two.totals, two.finished, two.winner) == ((1050, 1050), False, None)
    three = fold({"hands_limit": 3}, [H1, H2, H3_EVEN])
    assert (three.totals, three.finished, three.winner, three.draw) == ((1750, 1750), True, None, True)
    assert not three.settled
    assert three.upto(2) == two  # the state before hand 3 is the two-hand fold


def test_the_higher_total_wins_at_the_hands_limit():
    state = fold({"hands_limit": 3}, [H1, H2, H3_SIDE_1])
    assert (state.totals, state.finished, state.winner, state.draw) == ((1750, 1755), True, 1, False)


def test_no_hand_follows_the_limit():
    with pytest.raises(ValidationError) as caught:
        fold({"hands_limit": 2}, [H1, H2, out(3, 0, 100, 750, 50)])
    assert [e.path for e in caught.value.errors] == ["_"]
    one = fold({"hands_limit": 1}, [H1])
    assert (one.finished, one.winner) == (True, 0)  # 800 / 250 after the only hand


def test_before_the_limit_the_target_ends_the_match_and_a_tie_there_plays_on():
    # target 1000: after hand 2 both sides are at 1050, equal: another hand; hand 3 is the limit: a draw
    two = fold({"hands_limit": 3}, [H1, H2], target=1000)
    assert (two.finished, two.winner) == (False, None)
    three = fold({"hands_limit": 3}, [H1, H2, H3_EVEN], target=1000)
    assert (three.finished, three.winner) == (True, None)
    # side 0 out again in hand 2: 800 + 800 = 1600 / 250 + 250 = 500, at the target before the limit
    early = fold({"hands_limit": 3}, [H1, out(2, 0, 200, 300, 50)], target=1000)
    assert (early.totals, early.finished, early.winner) == ((1600, 500), True, 0)


def test_without_the_limit_equal_totals_never_finish_a_match():
    state = fold({}, [H1, H2, H3_EVEN])
    assert (state.totals, state.finished, state.winner) == ((1750, 1750), False, None)


def test_opening_minimum_by_hand_for_every_side_whatever_its_score():
    by_hand = {"opening_by_hand": [125, 155, 180]}
    assert fold(by_hand, []).opening_minimums == (125, 125)
    # hand 4 of the match would go out of the list: the last minimum, 180
    # (the other side's -100 in hand 3 would need 15 by the bands; here 180 like everyone)
    h3_negative = out(3, 0, 100, 0, 100)
    state = fold(by_hand, [H1, H2, h3_negative])
    assert [h.opening_minimums_before for h in state.hands] == [(125, 125), (155, 155), (180, 180)]
    assert state.totals == (1750, 950)
    assert state.opening_minimums == (180, 180)
    rs = get_ruleset("classic", by_hand)
    assert [opening_minimum(rs, -100, n) for n in (1, 2, 3, 4, 9)] == [125, 155, 180, 180, 180]
    # the bands, without the house rule: 800 → 50, 1050 → 50, -100 → 15, 1750 → 90
    plain = fold({}, [H1, H2])
    assert plain.opening_minimums == (50, 50)
    assert opening_minimum(get_ruleset("classic", {}), -100, 2) == 15
    assert opening_minimum(get_ruleset("classic", {}), 1750, 4) == 90


def test_a_single_minimum_holds_for_every_hand():
    state = fold({"opening_by_hand": [120]}, [H1, H2])
    assert [h.opening_minimums_before for h in state.hands] == [(120, 120), (120, 120)]
    assert state.opening_minimums == (120, 120)


@pytest.mark.parametrize(
    ("settled_hands", "totals", "winner"),
    [
        ([], (0, 0), None),  # no hand at all: a draw
        ([H1], (800, 250), 0),
        ([H1, H2], (1050, 1050), None),  # equal totals: a draw
    ],
)
def test_a_settled_match_ends_as_it_stands(settled_hands, totals, winner):
    state = fold({}, settled_hands, settled=True)
    assert (state.totals, state.finished, state.winner, state.settled) == (totals, True, winner, True)
    assert state.draw is (winner is None)
    # the same hands not settled: play goes on
    assert not fold({}, settled_hands).finished


def test_settling_a_match_that_ended_by_itself_changes_nothing():
    ended = fold({"hands_limit": 3}, [H1, H2, H3_SIDE_1])
    settled = fold({"hands_limit": 3}, [H1, H2, H3_SIDE_1], settled=True)
    assert settled == ended and not settled.settled


def test_a_settled_fold_from_a_start_equals_the_whole_fold_and_takes_no_further_hand():
    rs = get_ruleset("classic", {})
    hands = [parse_hand(rs, d, players=[2, 2]) for d in (H1, H2)]
    start = fold_match(rs, 5000, 2, hands[:1])
    assert fold_match(rs, 5000, 2, hands[1:], start, settled=True) == fold_match(
        rs, 5000, 2, hands, settled=True
    )
    settled = fold_match(rs, 5000, 2, hands[:1], settled=True)
    with pytest.raises(ValidationError):
        fold_match(rs, 5000, 2, hands[1:], settled, settled=True)


def test_leader_of_three_sides():
    assert [leader(t) for t in ([1, 2, 3], [10, 10, 5], [5, 10, 10], [10, 5, 10], [0, 0])] == [
        2,
        None,
        None,
        None,
        None,
    ]


@pytest.mark.parametrize(
    ("house_rules", "path"),
    [
        ({"hands_limit": 0}, "house_rules.hands_limit"),
        ({"hands_limit": 51}, "house_rules.hands_limit"),
        ({"hands_limit": True}, "house_rules.hands_limit"),
        ({"hands_limit": "3"}, "house_rules.hands_limit"),
        ({"hands_limit": 2.0}, "house_rules.hands_limit"),
        ({"hands_limit": None}, "house_rules.hands_limit"),
        ({"opening_by_hand": []}, "house_rules.opening_by_hand"),
        ({"opening_by_hand": 125}, "house_rules.opening_by_hand"),
        ({"opening_by_hand": [125, 157]}, "house_rules.opening_by_hand"),
        ({"opening_by_hand": [-5]}, "house_rules.opening_by_hand"),
        ({"opening_by_hand": [True]}, "house_rules.opening_by_hand"),
        ({"opening_by_hand": ["125"]}, "house_rules.opening_by_hand"),
        ({"opening_by_hand": [50] * 11}, "house_rules.opening_by_hand"),
        ({"opening_by_hand": [125], "opening_bands": [[None, 15], [0, 50]]}, "house_rules"),
        ({"opening_by_hand": [125], "opening_bands.1": 60}, "house_rules"),
    ],
)
def test_bad_club_house_rules_are_refused_at_their_path(house_rules, path):
    for ruleset in RULESET_IDS:
        with pytest.raises(ValidationError) as caught:
            get_ruleset(ruleset, house_rules)
        assert [e.path for e in caught.value.errors] == [path]


def test_every_rule_set_accepts_both():
    for ruleset in RULESET_IDS:
        rs = get_ruleset(ruleset, {"hands_limit": 50, "opening_by_hand": [0] + [100_000] * 9})
        assert (rs.hands_limit, rs.opening_by_hand[:2]) == (50, (0, 100_000))
