"""Golden hands and matches for the ``canaston`` rule set, every number worked out by hand from RULES.md.

Canastón (4 decks, 8 with 6 or more players): canastas clean 500 / dirty 300 / concealed 1000 /
wild_mixed 2000 / wild_pure 3000 / escala 1500 / escala_real 4000 (escalas only beside a canasta that
is not an escala) / black_threes (wins the match at once); red threes 100 each, four 800, then 100
more each, positive with a canasta; melds negative without a canasta; cut_exact ±100; 5 or 6 canastas
500, 7 or more 2000 (exclusive); going out normal 200 with a clean and a dirty canasta; penalty
black_three_in_hand 100; opening bands <0 → 15, 0 → 50, 1500 → 90, 3000 → 120, 5000 → 150,
7500 → 180; target 15000.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import (
    count_points,
    fold_match,
    get_ruleset,
    opening_minimum,
    parse_hand,
)
from tests.rules.builders import custom, hand_data, pen, refused_paths, row, scorer, side

score = scorer("canaston")


# --- hands -------------------------------------------------------------------------------------------


def test_cut_exact_with_a_canasta_and_melds_negative_without_one():
    data = hand_data(
        side(500, 0, 1, {"clean": 1, "dirty": 1}, cut_exact=True),
        side(240, 130, 2, penalties=[pen("black_three_in_hand", 2)]),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 500 + 500 + 300 + red three 100 + going out 200 + cut exact 100 (has a canasta) = 1700
        row(500, 0, 800, 100, 200, 100, 0, total=1700),
        # melds -240 (no canasta: negative) - hand 130 - red threes 2×100 - black_three_in_hand 2×100 = -770
        row(-240, -130, 0, -200, 0, 0, -200, total=-770),
    ]


def test_cut_exact_without_a_canasta_is_negative_and_four_red_threes_negative():
    data = hand_data(
        side(620, 0, 0, {"clean": 1, "dirty": 1, "concealed": 1}),
        side(150, 90, 4, cut_exact=True),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 620 + 500 + 300 + concealed 1000 + going out 200 = 2620
        row(620, 0, 1800, 0, 200, 0, 0, total=2620),
        # melds -150 (no canasta) - hand 90 - four red threes 800 - cut exact 100 (no canasta) = -1140
        row(-150, -90, 0, -800, 0, -100, 0, total=-1140),
    ]


def test_escalas_count_only_beside_a_canasta_that_is_not_an_escala():
    data = hand_data(
        side(820, 0, 4, {"clean": 1, "dirty": 1, "escala": 1, "escala_real": 1}),
        side(300, 60, 1, {"escala": 1, "escala_real": 1}),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 820 + 500 + 300 + escala 1500 + escala real 4000 + four red threes 800 + going out 200
        # (4 canastas: no many-canastas bonus) = 8120
        row(820, 0, 6300, 800, 200, 0, 0, total=8120),
        # only escalas, so no canasta counts: escala bonuses 0, melds -300, red three -100; - hand 60 = -460
        row(-300, -60, 0, -100, 0, 0, 0, total=-460),
    ]


def test_wild_canastas_and_five_or_six_canastas_bonus():
    data = hand_data(
        side(1100, 0, 0, {"clean": 2, "dirty": 1, "wild_mixed": 1, "wild_pure": 1}),
        side(760, 45, 3, {"clean": 3, "dirty": 2, "escala": 1}),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 1100 + 2×500 + 300 + wild mixed 2000 + wild pure 3000 + going out 200 + 5 canastas 500 = 8100
        row(1100, 0, 6300, 0, 200, 500, 0, total=8100),
        # melds 760 - hand 45 + 3×500 + 2×300 + escala 1500 + red threes 3×100 + 6 canastas 500 = 5115
        row(760, -45, 3600, 300, 0, 500, 0, total=5115),
    ]


def test_seven_canastas_2000_not_2500_and_five_red_threes():
    data = hand_data(
        side(900, 0, 5, {"clean": 4, "dirty": 2, "concealed": 1}),
        side(350, 100, 3, {"clean": 1}),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 900 + 4×500 + 2×300 + concealed 1000 + red threes 800 + 1×100 (five) + going out 200
        # + 7 canastas 2000 (exclusive) = 7600
        row(900, 0, 3600, 900, 200, 2000, 0, total=7600),
        # melds 350 - hand 100 + clean 500 + red threes 3×100 = 1050
        row(350, -100, 500, 300, 0, 0, 0, total=1050),
    ]


def test_escalas_count_towards_seven_canastas():
    data = hand_data(
        side(1000, 0, 0, {"clean": 1, "dirty": 1, "escala": 5}),
        side(200, 80, 0, {"dirty": 1}),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 1000 + 500 + 300 + 5×1500 + going out 200 + 7 canastas 2000 = 11500
        row(1000, 0, 8300, 0, 200, 2000, 0, total=11500),
        # melds 200 - hand 80 + dirty 300 = 420
        row(200, -80, 300, 0, 0, 0, 0, total=420),
    ]


def test_trios_eight_decks_nine_and_five_red_threes():
    data = hand_data(
        side(480, 0, 9, {"clean": 1, "dirty": 1}),
        side(500, 150, 5, {"clean": 2}, [pen("black_three_in_hand", 3)]),
        went_out=0,
        kind="normal",
    )
    assert score(data, players=(3, 3)) == [
        # melds 480 + 500 + 300 + red threes 800 + 5×100 (nine) + going out 200 = 2780
        row(480, 0, 800, 1300, 200, 0, 0, total=2780),
        # melds 500 - hand 150 + 2×500 + red threes 800 + 100 (five) - black_three_in_hand 3×100 = 1950
        row(500, -150, 1000, 900, 0, 0, -300, total=1950),
    ]


def test_three_individual_players():
    data = hand_data(
        side(400, 0, 1, {"clean": 1, "dirty": 1}, cut_exact=True),
        side(200, 70, 0, {"dirty": 1}),
        side(90, 160, 2, penalties=[pen("black_three_in_hand")]),
        went_out=0,
        kind="normal",
    )
    assert score(data, players=(1, 1, 1)) == [
        # melds 400 + 500 + 300 + red three 100 + going out 200 + cut exact 100 = 1600
        row(400, 0, 800, 100, 200, 100, 0, total=1600),
        # melds 200 - hand 70 + dirty 300 = 430
        row(200, -70, 300, 0, 0, 0, 0, total=430),
        # melds -90 (no canasta) - hand 160 - red threes 200 - black_three_in_hand 100 = -550
        row(-90, -160, 0, -200, 0, 0, -100, total=-550),
    ]


def test_nobody_went_out_and_custom_penalty():
    data = hand_data(
        side(350, 80, 0, {"dirty": 1, "escala": 1}, cut_exact=True),
        side(210, 120, penalties=[custom(200, "looked at the stock")]),
    )
    assert score(data) == [
        # melds 350 - hand 80 + dirty 300 + escala 1500 (beside a dirty canasta) + cut exact 100 = 2170
        row(350, -80, 1800, 0, 0, 100, 0, total=2170),
        # melds -210 (no canasta) - hand 120 - custom 200 = -530
        row(-210, -120, 0, 0, 0, 0, -200, total=-530),
    ]


def test_black_threes_canasta_hand():
    data = hand_data(
        side(535, 0, 0, {"black_threes": 1, "clean": 1, "dirty": 1}),
        side(300, 90, 0, {"clean": 1}),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 535 + black threes (no points of its own) + 500 + 300 + going out 200 = 1535
        row(535, 0, 800, 0, 200, 0, 0, total=1535),
        # melds 300 - hand 90 + clean 500 = 710
        row(300, -90, 500, 0, 0, 0, 0, total=710),
    ]


# --- opening minimum and match ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "minimum"),
    [
        (-1000, 15),
        (-5, 15),
        (0, 50),
        (1495, 50),
        (1500, 90),
        (2995, 90),
        (3000, 120),
        (4995, 120),
        (5000, 150),
        (7495, 150),
        (7500, 180),
        (100_000, 180),
    ],
)
def test_opening_minimum_bands(total, minimum):
    assert opening_minimum(get_ruleset("canaston"), total) == minimum


RS = get_ruleset("canaston")


def escalas_hand(number: int, winner: int = 0):
    # the side ``winner``: 820 + 6300 + 800 + 200 = 8120; the other: -300 - 60 - 100 = -460
    sides = [
        side(820, 0, 4, {"clean": 1, "dirty": 1, "escala": 1, "escala_real": 1}),
        side(300, 60, 1, {"escala": 1, "escala_real": 1}),
    ]
    if winner == 1:
        sides.reverse()
    data = hand_data(*sides, went_out=winner, kind="normal", number=number)
    return parse_hand(RS, data, players=[2, 2])


def big_hand(number: int, melds: int):
    # side 0: melds + 500 + 300 + wild pure 3000 + concealed 1000 + four red threes 800 + 200;
    # side 1: 260 - 90 + 500 = 670
    data = hand_data(
        side(melds, 0, 4, {"clean": 1, "dirty": 1, "wild_pure": 1, "concealed": 1}),
        side(260, 90, 0, {"clean": 1}),
        went_out=0,
        kind="normal",
        number=number,
    )
    return parse_hand(RS, data, players=[2, 2])


def black_threes_hand(number: int):
    # side 0: 535 + 800 + 200 = 1535; side 1: 300 - 90 + 500 = 710
    data = hand_data(
        side(535, 0, 0, {"black_threes": 1, "clean": 1, "dirty": 1}),
        side(300, 90, 0, {"clean": 1}),
        went_out=0,
        kind="normal",
        number=number,
    )
    return parse_hand(RS, data, players=[2, 2])


def test_match_ends_exactly_at_target_15000():
    # hand 2, side 0: 1080 + 4800 + 800 + 200 = 6880; 8120 + 6880 = 15000; side 1: -460 + 670 = 210
    state = fold_match(RS, target=15000, sides=2, hands=[escalas_hand(1), big_hand(2, 1080)])
    assert [h.scores for h in state.hands] == [(8120, -460), (6880, 670)]
    assert state.hands[1].opening_minimums_before == (180, 15)
    assert state.totals == (15000, 210)
    assert state.opening_minimums == (180, 50)
    assert state.finished
    assert state.winner == 0


def test_match_goes_on_at_14995():
    # hand 2, side 0: 1075 + 4800 + 800 + 200 = 6875; 8120 + 6875 = 14995
    state = fold_match(RS, target=15000, sides=2, hands=[escalas_hand(1), big_hand(2, 1075)])
    assert state.totals == (14995, 210)
    assert not state.finished
    assert state.winner is None


def test_match_ends_above_target():
    # hand 2, side 0: 1100 + 4800 + 800 + 200 = 6900; 8120 + 6900 = 15020
    state = fold_match(RS, target=15000, sides=2, hands=[escalas_hand(1), big_hand(2, 1100)])
    assert state.totals == (15020, 210)
    assert state.finished
    assert state.winner == 0


def test_several_sides_past_target_highest_wins():
    data = hand_data(
        side(1100, 0, 0, {"clean": 2, "dirty": 1, "wild_mixed": 1, "wild_pure": 1}),  # 8100
        side(760, 45, 3, {"clean": 3, "dirty": 2, "escala": 1}),  # 5115
        went_out=0,
        kind="normal",
    )
    # a match created with target 5000: both sides pass it
    state = fold_match(RS, target=5000, sides=2, hands=[parse_hand(RS, data, players=[2, 2])])
    assert state.totals == (8100, 5115)
    assert state.finished
    assert state.winner == 0


def test_black_threes_canasta_wins_at_once_below_target():
    state = fold_match(RS, target=15000, sides=2, hands=[black_threes_hand(1)])
    assert state.totals == (1535, 710)
    assert state.finished
    assert state.winner == 0


def test_black_threes_canasta_wins_even_for_the_side_behind():
    # hand 1: side 1 scores 8120, side 0 -460; hand 2: side 0 +1535 = 1075, side 1 +710 = 8830
    state = fold_match(RS, target=15000, sides=2, hands=[escalas_hand(1, winner=1), black_threes_hand(2)])
    assert state.totals == (1075, 8830)
    assert state.finished
    assert state.winner == 0


# --- a concealed canasta stands in for the clean or the dirty one (RULES.md, Canastón) ----------------


def going_out_paths(data, players=(2, 2), house_rules=None):
    return refused_paths("canaston", data, players, house_rules)


def test_concealed_and_dirty_go_out():
    data = hand_data(
        side(420, 0, 1, {"concealed": 1, "dirty": 1}),
        side(180, 75, 0, {"clean": 1}),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 420 + concealed 1000 + dirty 300 + red three 100 + going out 200 = 2020
        row(420, 0, 1300, 100, 200, 0, 0, total=2020),
        # melds 180 - hand 75 + clean 500 = 605
        row(180, -75, 500, 0, 0, 0, 0, total=605),
    ]


def test_concealed_and_clean_go_out():
    data = hand_data(
        side(390, 0, 0, {"concealed": 1, "clean": 1}, cut_exact=True),
        side(60, 40, 0, penalties=[pen("black_three_in_hand")]),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 390 + concealed 1000 + clean 500 + going out 200 + cut exact 100 = 2190
        row(390, 0, 1500, 0, 200, 100, 0, total=2190),
        # melds -60 (no canasta) - hand 40 - black_three_in_hand 100 = -200
        row(-60, -40, 0, 0, 0, 0, -100, total=-200),
    ]


def test_two_concealed_go_out():
    data = hand_data(
        side(350, 0, 2, {"concealed": 2}),
        side(0, 120, 0),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 350 + two concealed 2000 + red threes 200 + going out 200 = 2750
        row(350, 0, 2000, 200, 200, 0, 0, total=2750),
        # hand -120
        row(0, -120, 0, 0, 0, 0, 0, total=-120),
    ]


@pytest.mark.parametrize(
    "canastas",
    [
        {"concealed": 1},  # one canasta cannot be both the clean and the dirty one
        {"concealed": 1, "wild_mixed": 1},  # wild canastas do not stand in
        {"concealed": 1, "wild_pure": 1},
        {"concealed": 1, "escala": 1},  # nor do escalas
        {"clean": 1, "escala_real": 1},
        {"dirty": 2, "wild_pure": 1},
    ],
)
def test_what_does_not_stand_in_for_clean_or_dirty(canastas):
    data = hand_data(side(600, 0, 0, canastas), side(100, 50, 0), went_out=0, kind="normal")
    assert going_out_paths(data) == {"sides.0.canastas"}


# --- a black three has no card value in Canastón (RULES.md, Canastón: card values) ------------------


def test_black_threes_count_nothing_in_the_card_counter():
    canaston = get_ruleset("canaston").card_groups
    # three black threes 3×0 + two sevens 2×5 = 10
    assert count_points({"black_three": 3, "low": 2}, canaston) == 10
    for other in ("classic", "samba", "francaise"):
        # three black threes 3×5 + two sevens 2×5 = 25
        assert count_points({"black_three": 3, "low": 2}, get_ruleset(other).card_groups) == 25


def test_the_decks_hold_580_points_each():
    # a deck: jokers 2×50 + twos 4×20 + aces 4×20 + K-8 24×10 + 7-4 16×5 + black threes 2×0 = 580;
    # four decks for four players: 2320
    full = hand_data(side(1500, 0, 0), side(700, 120, 0))
    assert going_out_paths(full) == set()
    over = hand_data(side(1500, 0, 0), side(700, 125, 0))
    assert going_out_paths(over) == {"_"}
    # eight decks with six players: 4640
    six = hand_data(side(2400, 0, 0), side(2200, 40, 0))
    assert going_out_paths(six, players=(3, 3)) == set()
    assert going_out_paths(hand_data(side(2400, 0, 0), side(2200, 45, 0)), players=(3, 3)) == {"_"}


def test_a_canasta_of_black_threes_holds_no_points():
    # clean and dirty hold at least 7×5 = 35 each; the black threes 7×0: 70 in all
    data = hand_data(
        side(70, 0, 0, {"black_threes": 1, "clean": 1, "dirty": 1}),
        side(100, 50, 0),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 70 + clean 500 + dirty 300 + black threes 0 + going out 200 = 1070
        row(70, 0, 800, 0, 200, 0, 0, total=1070),
        # melds -100 (no canasta) - hand 50 = -150
        row(-100, -50, 0, 0, 0, 0, 0, total=-150),
    ]
    state = fold_match(RS, target=15000, sides=2, hands=[parse_hand(RS, data, players=[2, 2])])
    assert (state.finished, state.winner) == (True, 0)  # the black threes win at once
    short = hand_data(
        side(65, 0, 0, {"black_threes": 1, "clean": 1, "dirty": 1}),
        side(100, 50, 0),
        went_out=0,
        kind="normal",
    )
    assert going_out_paths(short) == {"sides.0.melds"}


# --- house rules every rule set accepts, on Canastón ---------------------------------------------------


def test_house_rule_three_canastas_on_top_of_clean_and_dirty():
    house = {"going_out_min_canastas": 3}
    two = hand_data(side(400, 0, 0, {"clean": 1, "dirty": 1}), side(100, 50, 0), went_out=0, kind="normal")
    assert going_out_paths(two, house_rules=house) == {"sides.0.canastas"}
    with_escala = hand_data(
        side(400, 0, 0, {"concealed": 1, "dirty": 1, "escala": 1}),
        side(100, 50, 0),
        went_out=0,
        kind="normal",
    )
    assert going_out_paths(with_escala, house_rules=house) == {"sides.0.canastas"}
    three = hand_data(
        side(400, 0, 0, {"clean": 1, "dirty": 1, "wild_mixed": 1}),
        side(100, 50, 0),
        went_out=0,
        kind="normal",
    )
    assert score(three, house_rules=house) == [
        # melds 400 + clean 500 + dirty 300 + wild mixed 2000 + going out 200 = 3400
        row(400, 0, 2800, 0, 200, 0, 0, total=3400),
        row(-100, -50, 0, 0, 0, 0, 0, total=-150),
    ]


def test_house_rule_red_threes_when_opened():
    data = hand_data(side(400, 0, 0, {"clean": 1, "dirty": 1}), side(150, 40, 2), went_out=0, kind="normal")
    # by the book: melds -150 (no canasta) - hand 40 - red threes 200 (no canasta) = -390
    assert score(data)[1] == row(-150, -40, 0, -200, 0, 0, 0, total=-390)
    # opened: the red threes count +200; the melds still count against a side without a canasta: 10
    assert score(data, house_rules={"red_threes_when_opened": True})[1] == row(
        -150, -40, 0, 200, 0, 0, 0, total=10
    )


def test_house_rule_opening_band_table():
    rs = get_ruleset("canaston", {"opening_bands": [[None, 0], [0, 50], [10000, 200]]})
    assert [opening_minimum(rs, t) for t in (-5, 0, 9995, 10000)] == [0, 50, 50, 200]
