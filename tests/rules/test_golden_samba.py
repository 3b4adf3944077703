"""Golden hands and matches for the ``samba`` rule set, every number worked out by hand from RULES.md.

Samba (3 decks): canastas samba 1500 / clean 500 / dirty 300; red threes 100 each, all six 1000,
positive only with at least two canastas or sambas; going out normal 200 (one canasta or samba
needed; house option two); no specials; opening bands <0 → 15, 0 → 50, 1500 → 90, 3000 → 120;
target 10000.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import fold_match, get_ruleset, opening_minimum, parse_hand, presets_for
from tests.rules.builders import custom, hand_data, pen, refused_paths, row, scorer, side

score = scorer("samba")


# --- hands -------------------------------------------------------------------------------------------


def test_samba_and_clean_meet_the_red_three_condition_one_dirty_does_not():
    data = hand_data(
        side(620, 0, 2, {"samba": 1, "clean": 1}),
        side(340, 110, 1, {"dirty": 1}),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 620 + samba 1500 + clean 500 + red threes 2×100 (two canastas/sambas) + going out 200 = 3020
        row(620, 0, 2000, 200, 200, 0, 0, total=3020),
        # melds 340 - hand 110 + dirty 300 - red three 100 (only one canasta) = 430
        row(340, -110, 300, -100, 0, 0, 0, total=430),
    ]


def test_all_six_red_threes_and_three_wilds_in_canasta():
    data = hand_data(
        side(700, 0, 6, {"samba": 2, "clean": 1}),
        side(300, 80, 0, {"clean": 1}, [pen("three_wilds_in_canasta", 2)]),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 700 + 2×1500 + 500 + all six red threes 1000 + going out 200 = 5400
        row(700, 0, 3500, 1000, 200, 0, 0, total=5400),
        # melds 300 - hand 80 + clean 500 - three_wilds_in_canasta 2×100 = 520
        row(300, -80, 500, 0, 0, 0, -200, total=520),
    ]


def test_all_six_red_threes_negative_with_one_canasta():
    data = hand_data(
        side(450, 0, 0, {"clean": 1}),
        side(380, 140, 6, {"dirty": 1}, [pen("drew_stock_out_of_turn")]),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 450 + clean 500 + going out 200 (one canasta is enough to go out) = 1150
        row(450, 0, 500, 0, 200, 0, 0, total=1150),
        # melds 380 - hand 140 + dirty 300 - all six red threes 1000 (one canasta only)
        # - drew_stock_out_of_turn 100 = -560
        row(380, -140, 300, -1000, 0, 0, -100, total=-560),
    ]


def test_stock_ran_out_nobody_went_out():
    data = hand_data(
        side(520, 60, 3, {"samba": 1, "dirty": 1}),
        side(410, 75, 2, {"clean": 2}, [pen("took_pile_out_of_turn"), pen("melded_in_other_turn", 2)]),
    )
    assert score(data) == [
        # melds 520 - hand 60 + 1500 + 300 + red threes 3×100, no going-out bonus = 2560
        row(520, -60, 1800, 300, 0, 0, 0, total=2560),
        # melds 410 - hand 75 + 2×500 + red threes 2×100 - (took_pile_out_of_turn 100
        # + melded_in_other_turn 2×100) = 1235
        row(410, -75, 1000, 200, 0, 0, -300, total=1235),
    ]


def test_one_samba_alone_and_going_out_penalties():
    data = hand_data(
        side(380, 0, 0, {"samba": 1}),
        side(
            260,
            190,
            2,
            penalties=[
                pen("went_out_after_refusal"),
                pen("asked_to_go_out_and_could_not", 3),
                pen("red_three_in_hand", 2),
            ],
        ),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 380 + samba 1500 + going out 200 = 2080
        row(380, 0, 1500, 0, 200, 0, 0, total=2080),
        # melds 260 - hand 190 - red threes 2×100 (no canasta) - (went_out_after_refusal 100
        # + asked_to_go_out_and_could_not 3×100 + red_three_in_hand 2×500) = -1530
        row(260, -190, 0, -200, 0, 0, -1400, total=-1530),
    ]


def test_custom_penalty_counted_twice():
    data = hand_data(
        side(690, 0, 1, {"samba": 1, "clean": 1, "dirty": 1}),
        side(420, 35, 1, {"samba": 1}, [custom(75, "talking about the hand", count=2)]),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 690 + 1500 + 500 + 300 + red three 100 (three canastas) + going out 200 = 3290
        row(690, 0, 2300, 100, 200, 0, 0, total=3290),
        # melds 420 - hand 35 + samba 1500 - red three 100 (one samba only) - custom 2×75 = 1635
        row(420, -35, 1500, -100, 0, 0, -150, total=1635),
    ]


def test_two_sambas_alone_meet_the_red_three_condition():
    data = hand_data(
        side(200, 0, 0, {"clean": 1}),
        side(350, 60, 2, {"samba": 2}),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 200 + clean 500 + going out 200 = 900
        row(200, 0, 500, 0, 200, 0, 0, total=900),
        # melds 350 - hand 60 + 2×1500 + red threes 2×100 = 3490
        row(350, -60, 3000, 200, 0, 0, 0, total=3490),
    ]


def test_house_rule_going_out_with_two_canastas():
    data = hand_data(
        side(400, 0, 1, {"clean": 1, "dirty": 1}),
        side(200, 90),
        went_out=0,
        kind="normal",
    )
    assert score(data, house_rules={"going_out_min_canastas": 2}) == [
        # melds 400 + 500 + 300 + red three 100 + going out 200 = 1500
        row(400, 0, 800, 100, 200, 0, 0, total=1500),
        # melds 200 - hand 90 = 110
        row(200, -90, 0, 0, 0, 0, 0, total=110),
    ]


def test_house_rule_melds_only_went_out():
    data = hand_data(
        side(500, 0, 0, {"clean": 1}),
        side(300, 50, 1, {"clean": 1, "dirty": 1}),
        went_out=0,
        kind="normal",
    )
    assert score(data, house_rules={"melds_only_went_out": True}) == [
        # melds 500 + clean 500 + going out 200 = 1200
        row(500, 0, 500, 0, 200, 0, 0, total=1200),
        # melds 0 (did not go out) - hand 50 + 500 + 300 + red three 100 = 850
        row(0, -50, 800, 100, 0, 0, 0, total=850),
    ]


# --- opening minimum and match ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "minimum"),
    [(-1000, 15), (-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (9995, 120)],
)
def test_opening_minimum_bands(total, minimum):
    assert opening_minimum(get_ruleset("samba"), total) == minimum


RS = get_ruleset("samba")


def six_red_threes_hand():
    # side 0: 700 + 3500 + 1000 + 200 = 5400; side 1: 300 - 80 + 500 - 200 = 520
    data = hand_data(
        side(700, 0, 6, {"samba": 2, "clean": 1}),
        side(300, 80, 0, {"clean": 1}, [pen("three_wilds_in_canasta", 2)]),
        went_out=0,
        kind="normal",
        number=1,
    )
    return parse_hand(RS, data, players=[2, 2])


def second_hand(melds: int):
    # side 0: melds + 2×1500 + 500 + red threes 4×100 + 200; side 1: 250 - 45 = 205
    data = hand_data(
        side(melds, 0, 4, {"samba": 2, "clean": 1}),
        side(250, 45),
        went_out=0,
        kind="normal",
        number=2,
    )
    return parse_hand(RS, data, players=[2, 2])


def test_match_ends_exactly_at_target_10000():
    # hand 2, side 0: 500 + 3500 + 400 + 200 = 4600; 5400 + 4600 = 10000; side 1: 520 + 205 = 725
    state = fold_match(RS, target=10000, sides=2, hands=[six_red_threes_hand(), second_hand(500)])
    assert [h.scores for h in state.hands] == [(5400, 520), (4600, 205)]
    assert state.hands[1].opening_minimums_before == (120, 50)
    assert state.totals == (10000, 725)
    assert state.finished
    assert state.winner == 0


def test_match_goes_on_at_9995():
    # hand 2, side 0: 495 + 3500 + 400 + 200 = 4595; 5400 + 4595 = 9995
    state = fold_match(RS, target=10000, sides=2, hands=[six_red_threes_hand(), second_hand(495)])
    assert state.totals == (9995, 725)
    assert not state.finished
    assert state.winner is None


def test_match_ends_above_target():
    # hand 2, side 0: 600 + 3500 + 400 + 200 = 4700; 5400 + 4700 = 10100
    state = fold_match(RS, target=10000, sides=2, hands=[six_red_threes_hand(), second_hand(600)])
    assert state.totals == (10100, 725)
    assert state.finished
    assert state.winner == 0


def test_tie_at_target_goes_on():
    # a match created with target 3000
    data = hand_data(
        side(500, 0, 3, {"samba": 1, "clean": 1}),  # 500 + 2000 + 300 + 200 = 3000
        side(720, 20, 3, {"samba": 1, "clean": 1}),  # 720 - 20 + 2000 + 300 = 3000
        went_out=0,
        kind="normal",
    )
    state = fold_match(RS, target=3000, sides=2, hands=[parse_hand(RS, data, players=[2, 2])])
    assert state.totals == (3000, 3000)
    assert state.opening_minimums == (120, 120)
    assert not state.finished
    assert state.winner is None


# --- issue 11: house rules every rule set accepts, the international preset ----------------------------


def test_international_preset():
    preset = presets_for("samba")[0]
    rs = get_ruleset("samba", preset.house_rules)
    # opening bands with 7000 and above → 150 (Pagat "Samba")
    assert [opening_minimum(rs, t) for t in (-5, 0, 1500, 3000, 6995, 7000, 12000)] == [
        15,
        50,
        90,
        120,
        120,
        150,
        150,
    ]
    one = hand_data(side(620, 0, 2, {"samba": 1}), side(340, 110, 1, {"dirty": 1}), went_out=0, kind="normal")
    assert refused_paths("samba", one, house_rules=preset.house_rules) == {"sides.0.canastas"}
    two = hand_data(
        side(620, 0, 2, {"samba": 1, "clean": 1}), side(340, 110, 1, {"dirty": 1}), went_out=0, kind="normal"
    )
    assert score(two, house_rules=preset.house_rules) == [
        # melds 620 + samba 1500 + clean 500 + red threes 200 + going out 200 = 3020
        row(620, 0, 2000, 200, 200, 0, 0, total=3020),
        # melds 340 - hand 110 + dirty 300 - red three 100 (one canasta) = 430
        row(340, -110, 300, -100, 0, 0, 0, total=430),
    ]


def test_house_rule_red_threes_when_opened():
    data = hand_data(
        side(620, 0, 2, {"samba": 1, "clean": 1}), side(340, 110, 1, {"dirty": 1}), went_out=0, kind="normal"
    )
    # opened: the red three counts +100 although the side has one canasta: 340 - 110 + 300 + 100 = 630
    assert score(data, house_rules={"red_threes_when_opened": True})[1] == row(
        340, -110, 300, 100, 0, 0, 0, total=630
    )


def test_house_rule_three_canastas_to_go_out():
    house = {"going_out_min_canastas": 3}
    two = hand_data(side(620, 0, 0, {"samba": 1, "clean": 1}), side(100, 50, 0), went_out=0, kind="normal")
    assert refused_paths("samba", two, house_rules=house) == {"sides.0.canastas"}
    three = hand_data(
        side(620, 0, 0, {"samba": 1, "clean": 1, "dirty": 1}), side(100, 50, 0), went_out=0, kind="normal"
    )
    # melds 620 + samba 1500 + clean 500 + dirty 300 + going out 200 = 3120
    assert score(three, house_rules=house)[0] == row(620, 0, 2300, 0, 200, 0, 0, total=3120)
