"""Golden hands and matches for the ``francaise`` rule set, every number worked out by hand from RULES.md.

French rules (2 decks): canastas clean 500 / dirty 300; red threes 100 each, all four 800, positive
only if the side opened (melded) in the hand; going out normal 100 or surprise 200 (one canasta
needed); no specials; opening bands <0 → 0, 0 → 50, 1500 → 90, 3000 → 120; target 5000.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import fold_match, get_ruleset, opening_minimum, parse_hand
from tests.rules.builders import custom, hand_data, pen, refused_paths, row, scorer, side

score = scorer("francaise")


# --- hands -------------------------------------------------------------------------------------------


def test_red_threes_count_for_a_side_that_opened_without_a_canasta():
    data = hand_data(
        side(380, 0, 1, {"clean": 1}),
        side(150, 70, 2),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 380 + clean 500 + red three 100 + going out 100 = 1080
        row(380, 0, 500, 100, 100, 0, 0, total=1080),
        # melds 150 (opened, so red threes count) - hand 70 + red threes 2×100 = 280
        row(150, -70, 0, 200, 0, 0, 0, total=280),
    ]


def test_surprise_going_out_and_a_side_that_never_opened():
    data = hand_data(
        side(160, 0, 0, {"clean": 1}),
        side(0, 210, 1, penalties=[pen("general_error", 3)]),
        went_out=0,
        kind="surprise",
    )
    assert score(data) == [
        # melds 160 + clean 500 + surprise 200 = 860
        row(160, 0, 500, 0, 200, 0, 0, total=860),
        # melds 0 (not opened) - hand 210 - red three 100 - general_error 3×50 = -460
        row(0, -210, 0, -100, 0, 0, -150, total=-460),
    ]


def test_nobody_went_out_all_four_red_threes():
    data = hand_data(
        side(420, 35, 4, {"dirty": 1}),
        side(330, 60, 0, {"clean": 1}, [pen("drew_stock_out_of_turn_kept", 2)]),
    )
    assert score(data) == [
        # melds 420 - hand 35 + dirty 300 + all four red threes 800, no going-out bonus = 1485
        row(420, -35, 300, 800, 0, 0, 0, total=1485),
        # melds 330 - hand 60 + clean 500 - drew_stock_out_of_turn_kept 2×200 = 370
        row(330, -60, 500, 0, 0, 0, -400, total=370),
    ]


def test_penalty_table():
    data = hand_data(
        side(510, 0, 0, {"clean": 2}, [pen("opening_below_minimum")]),
        side(
            0,
            320,
            0,
            penalties=[
                pen("red_three_in_hand"),
                pen("drew_stock_out_of_turn", 2),
                pen("took_pile_irregularly"),
                pen("could_not_go_out_after_yes"),
            ],
        ),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 510 + 2×500 + going out 100 - opening_below_minimum 100 = 1510
        row(510, 0, 1000, 0, 100, 0, -100, total=1510),
        # - hand 320 - (red_three_in_hand 500 + drew_stock_out_of_turn 2×100 + took_pile_irregularly 100
        # + could_not_go_out_after_yes 100) = -1220
        row(0, -320, 0, 0, 0, 0, -900, total=-1220),
    ]


def test_all_four_red_threes_negative_when_not_opened():
    data = hand_data(side(300, 0, 0, {"dirty": 1}), side(0, 180, 4), went_out=0, kind="normal")
    assert score(data) == [
        # melds 300 + dirty 300 + going out 100 = 700
        row(300, 0, 300, 0, 100, 0, 0, total=700),
        # - hand 180 - all four red threes 800 (not opened) = -980
        row(0, -180, 0, -800, 0, 0, 0, total=-980),
    ]


def test_custom_penalty():
    data = hand_data(
        side(560, 0, 2, {"clean": 1, "dirty": 1}, [custom(250, "revealed a card")]),
        side(240, 95, 1, {"dirty": 1}, [pen("general_error")]),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 560 + 500 + 300 + red threes 200 + going out 100 - custom 250 = 1410
        row(560, 0, 800, 200, 100, 0, -250, total=1410),
        # melds 240 - hand 95 + dirty 300 + red three 100 - general_error 50 = 495
        row(240, -95, 300, 100, 0, 0, -50, total=495),
    ]


def test_nobody_went_out_nobody_opened():
    data = hand_data(side(0, 250, 1), side(0, 300))
    assert score(data) == [
        # - hand 250 - red three 100 (not opened) = -350
        row(0, -250, 0, -100, 0, 0, 0, total=-350),
        # - hand 300 = -300
        row(0, -300, 0, 0, 0, 0, 0, total=-300),
    ]


def test_house_rule_melds_only_went_out():
    data = hand_data(side(300, 0, 0, {"clean": 1}), side(200, 40, 1), went_out=0, kind="normal")
    assert score(data, house_rules={"melds_only_went_out": True}) == [
        # melds 300 + clean 500 + going out 100 = 900
        row(300, 0, 500, 0, 100, 0, 0, total=900),
        # melds not scored (did not go out), but the side did open: - hand 40 + red three 100 = 60
        row(0, -40, 0, 100, 0, 0, 0, total=60),
    ]


# --- opening minimum and match ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "minimum"),
    [(-1000, 0), (-5, 0), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (100_000, 120)],
)
def test_opening_minimum_bands(total, minimum):
    assert opening_minimum(get_ruleset("francaise"), total) == minimum


RS = get_ruleset("francaise")


def first_hand():
    # side 0: 600 + 3×500 + 300 + 800 + 100 = 3300; side 1: 200 - 100 = 100
    data = hand_data(
        side(600, 0, 4, {"clean": 3, "dirty": 1}), side(200, 100), went_out=0, kind="normal", number=1
    )
    return parse_hand(RS, data, players=[2, 2])


def surprise_hand(melds: int):
    # side 0: melds + 2×500 + surprise 200; side 1: 0 - 150 = -150
    data = hand_data(side(melds, 0, 0, {"clean": 2}), side(0, 150), went_out=0, kind="surprise", number=2)
    return parse_hand(RS, data, players=[2, 2])


def test_match_ends_exactly_at_target():
    # hand 2, side 0: 500 + 1000 + 200 = 1700; 3300 + 1700 = 5000; side 1: 100 - 150 = -50
    state = fold_match(RS, target=5000, sides=2, hands=[first_hand(), surprise_hand(500)])
    assert [h.scores for h in state.hands] == [(3300, 100), (1700, -150)]
    assert state.hands[1].opening_minimums_before == (120, 50)
    assert state.hands[1].totals_after == (5000, -50)
    assert state.totals == (5000, -50)
    # below 0 there is no minimum in the French rules
    assert state.opening_minimums == (120, 0)
    assert state.finished
    assert state.winner == 0


def test_match_goes_on_just_below_target():
    # 3300 + 495 + 1000 + 200 = 4995
    state = fold_match(RS, target=5000, sides=2, hands=[first_hand(), surprise_hand(495)])
    assert state.totals == (4995, -50)
    assert not state.finished
    assert state.winner is None


def test_match_ends_above_target():
    # 3300 + 520 + 1000 + 200 = 5020
    state = fold_match(RS, target=5000, sides=2, hands=[first_hand(), surprise_hand(520)])
    assert state.totals == (5020, -50)
    assert state.finished
    assert state.winner == 0


def test_both_sides_past_target_highest_wins():
    data = hand_data(
        side(600, 0, 4, {"clean": 3, "dirty": 1}),  # 3300
        side(520, 20, 0, {"clean": 4, "dirty": 2}),  # 520 - 20 + 2000 + 600 = 3100
        went_out=0,
        kind="normal",
    )
    # a match created with target 3000: both past it, 3300 > 3100, side 0 wins
    state = fold_match(RS, target=3000, sides=2, hands=[parse_hand(RS, data, players=[2, 2])])
    assert state.totals == (3300, 3100)
    assert state.finished
    assert state.winner == 0


def test_tie_at_target_goes_on():
    tie = hand_data(
        side(400, 0, 0, {"clean": 1}),  # 400 + 500 + 100 = 1000
        side(560, 60, 0, {"clean": 1}),  # 560 - 60 + 500 = 1000
        went_out=0,
        kind="normal",
    )
    # a match created with target 1000
    state = fold_match(RS, target=1000, sides=2, hands=[parse_hand(RS, tie, players=[2, 2])])
    assert state.totals == (1000, 1000)
    assert not state.finished
    assert state.winner is None


# --- issue 11: house rules every rule set accepts ------------------------------------------------------


def test_house_rule_red_threes_when_opened_is_the_book_here():
    data = hand_data(side(400, 0, 1, {"clean": 1}), side(120, 20, 1), went_out=0, kind="normal")
    # the French rules already count red threes once the side has opened: 120 - 20 + 100 = 200
    assert score(data)[1] == row(120, -20, 0, 100, 0, 0, 0, total=200)
    assert score(data, house_rules={"red_threes_when_opened": True}) == score(data)


def test_house_rule_two_canastas_to_go_out():
    one = hand_data(side(400, 0, 0, {"clean": 1}), side(120, 20, 0), went_out=0, kind="normal")
    assert refused_paths("francaise", one, house_rules={"going_out_min_canastas": 2}) == {"sides.0.canastas"}
    two = hand_data(side(400, 0, 0, {"clean": 1, "dirty": 1}), side(120, 20, 0), went_out=0, kind="normal")
    # melds 400 + clean 500 + dirty 300 + going out 100 = 1300
    assert score(two, house_rules={"going_out_min_canastas": 2})[0] == row(
        400, 0, 800, 0, 100, 0, 0, total=1300
    )


def test_opening_bands_single_minimum_and_whole_table():
    # the older form: one band's minimum (below 0: 15 instead of the book's 0)
    assert opening_minimum(get_ruleset("francaise", {"opening_bands.0": 15}), -5) == 15
    table = get_ruleset("francaise", {"opening_bands": [[None, 15], [0, 50], [1500, 90], [3000, 120]]})
    assert opening_minimum(table, -5) == 15
