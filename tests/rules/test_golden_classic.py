"""Golden hands and matches for the ``classic`` rule set, every number worked out by hand from RULES.md.

Classic (2 decks): canastas clean 500 / dirty 300 (house option: aces_clean 800 / aces_dirty 500);
red threes 100 each, all four 800, positive with at least one canasta; going out normal 100, concealed
1000 / 500 / 500 / 200 instead of the 100; black threes melded when going out 500; 5 or 6 canastas 500,
7 or more 2000 (exclusive); opening bands <0 → 15, 0 → 50, 1500 → 90, 3000 → 120; target 5000.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import fold_match, get_ruleset, opening_minimum, parse_hand, presets_for
from tests.rules.builders import custom, hand_data, pen, refused_paths, row, scorer, side

score = scorer("classic")


# --- hands -------------------------------------------------------------------------------------------


def test_normal_going_out_with_two_canastas_and_a_custom_penalty():
    data = hand_data(
        side(640, 0, 1, {"clean": 1, "dirty": 1}, [pen("drew_two_cards"), custom(150)]),
        side(210, 85),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 640 - hand 0 + canastas 500+300 + red threes 1×100 (has a canasta) + going out 100
        # - penalties (drew_two_cards 50 + custom 150) = 1440
        row(640, 0, 800, 100, 100, 0, -200, total=1440),
        # melds 210 - hand 85 = 125
        row(210, -85, 0, 0, 0, 0, 0, total=125),
    ]


def test_concealed_from_hand_alone_and_red_threes_without_a_canasta():
    data = hand_data(
        side(150, 0, 1, {"clean": 1}),
        side(120, 230, 2, penalties=[pen("red_three_in_hand")]),
        went_out=0,
        kind="concealed_from_hand_alone",
    )
    assert score(data) == [
        # melds 150 + clean 500 + red threes 100 + concealed from hand alone 1000 (replaces the 100) = 1750
        row(150, 0, 500, 100, 1000, 0, 0, total=1750),
        # melds 120 - hand 230 - red threes 2×100 (no canasta: negative) - red_three_in_hand 500 = -810
        row(120, -230, 0, -200, 0, 0, -500, total=-810),
    ]


def test_concealed_from_hand_with_partner_and_all_four_red_threes():
    data = hand_data(
        side(420, 0, 0, {"dirty": 2}, [pen("took_pile_before_showing"), pen("melded_in_partner_turn", 2)]),
        side(305, 40, 4, {"clean": 1}, [pen("drew_out_of_turn_mixed")]),
        went_out=0,
        kind="concealed_from_hand_with_partner",
    )
    assert score(data) == [
        # melds 420 + dirty 2×300 + concealed from hand with partner 500
        # - (took_pile_before_showing 200 + melded_in_partner_turn 2×200) = 920
        row(420, 0, 600, 0, 500, 0, -600, total=920),
        # melds 305 - hand 40 + clean 500 + all four red threes 800 - drew_out_of_turn_mixed 200 = 1365
        row(305, -40, 500, 800, 0, 0, -200, total=1365),
    ]


def test_concealed_in_play_alone_with_repeated_penalties():
    data = hand_data(
        side(380, 0, 2, {"clean": 1}, [pen("drew_stock_out_of_turn", 3)]),
        side(
            260,
            95,
            2,
            {"clean": 1, "dirty": 1},
            [pen("melded_in_opponent_turn"), pen("took_pile_out_of_turn", 2)],
        ),
        went_out=0,
        kind="concealed_in_play_alone",
    )
    assert score(data) == [
        # melds 380 + clean 500 + red threes 2×100 + concealed in play alone 500
        # - drew_stock_out_of_turn 3×100 = 1280
        row(380, 0, 500, 200, 500, 0, -300, total=1280),
        # melds 260 - hand 95 + 500+300 + red threes 200 - (melded_in_opponent_turn 100
        # + took_pile_out_of_turn 2×100) = 865
        row(260, -95, 800, 200, 0, 0, -300, total=865),
    ]


def test_concealed_in_play_with_partner_and_black_threes_melded():
    data = hand_data(
        side(455, 0, 0, {"clean": 1}, [pen("asked_to_go_out_and_could_not")], black_threes_melded=True),
        side(90, 150, 1, penalties=[pen("took_pile_could_not_open", 2), pen("took_back_drawn_card")]),
        went_out=0,
        kind="concealed_in_play_with_partner",
    )
    assert score(data) == [
        # melds 455 + clean 500 + concealed in play with partner 200 + black threes melded 500
        # - asked_to_go_out_and_could_not 100 = 1555
        row(455, 0, 500, 0, 200, 500, -100, total=1555),
        # melds 90 - hand 150 - red three 100 (no canasta)
        # - (took_pile_could_not_open 2×50 + took_back_drawn_card 50) = -310
        row(90, -150, 0, -100, 0, 0, -150, total=-310),
    ]


def test_nobody_went_out_and_four_black_threes_in_hand():
    data = hand_data(
        side(300, 120, 1, {"dirty": 1}, [pen("four_black_threes_in_hand")]),
        side(200, 60),
    )
    assert score(data) == [
        # melds 300 - hand 120 + dirty 300 + red three 100 (a dirty canasta is enough) + no going out
        # - four_black_threes_in_hand 500 = 80
        row(300, -120, 300, 100, 0, 0, -500, total=80),
        # melds 200 - hand 60 = 140
        row(200, -60, 0, 0, 0, 0, 0, total=140),
    ]


def test_canastron_five_and_six_canastas():
    data = hand_data(
        side(560, 0, 0, {"clean": 3, "dirty": 2}),
        side(520, 30, 0, {"clean": 4, "dirty": 2}),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 560 + 3×500 + 2×300 + going out 100 + canastrón (5 canastas) 500 = 3260
        row(560, 0, 2100, 0, 100, 500, 0, total=3260),
        # melds 520 - hand 30 + 4×500 + 2×300 + canastrón (6 canastas) 500 = 3590
        row(520, -30, 2600, 0, 0, 500, 0, total=3590),
    ]


def test_canasta_de_canastas_seven_canastas_is_2000_not_2500():
    data = hand_data(
        side(600, 0, 4, {"clean": 4, "dirty": 3}),
        side(150, 200, 0, {"clean": 1}),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 600 + 4×500 + 3×300 + all four red threes 800 + going out 100
        # + 7 canastas 2000 (exclusive: not 2000 + 500) = 6400
        row(600, 0, 2900, 800, 100, 2000, 0, total=6400),
        # melds 150 - hand 200 + clean 500 = 450
        row(150, -200, 500, 0, 0, 0, 0, total=450),
    ]


def test_eight_canastas_still_2000():
    data = hand_data(side(640, 0, 0, {"clean": 5, "dirty": 3}), side(100, 60), went_out=0, kind="normal")
    assert score(data) == [
        # melds 640 + 5×500 + 3×300 + going out 100 + 8 canastas 2000 = 6140
        row(640, 0, 3400, 0, 100, 2000, 0, total=6140),
        # melds 100 - hand 60 = 40
        row(100, -60, 0, 0, 0, 0, 0, total=40),
    ]


def test_three_sides():
    data = hand_data(
        side(300, 0, 0, {"clean": 1}),
        side(180, 75, 1),
        side(120, 90, 2, {"dirty": 1}),
        went_out=0,
        kind="normal",
    )
    assert score(data, players=(2, 2, 2)) == [
        # melds 300 + clean 500 + going out 100 = 900
        row(300, 0, 500, 0, 100, 0, 0, total=900),
        # melds 180 - hand 75 - red three 100 (no canasta) = 5
        row(180, -75, 0, -100, 0, 0, 0, total=5),
        # melds 120 - hand 90 + dirty 300 + red threes 200 = 530
        row(120, -90, 300, 200, 0, 0, 0, total=530),
    ]


def test_one_player_sides():
    data = hand_data(side(220, 0, 0, {"clean": 1}), side(60, 145), went_out=0, kind="normal")
    assert score(data, players=(1, 1)) == [
        # melds 220 + clean 500 + going out 100 = 820
        row(220, 0, 500, 0, 100, 0, 0, total=820),
        # melds 60 - hand 145 = -85
        row(60, -145, 0, 0, 0, 0, 0, total=-85),
    ]


# --- house rules -------------------------------------------------------------------------------------


def test_book_value_of_drew_two_cards_is_50():
    data = hand_data(
        side(250, 0, 0, {"clean": 1}, [pen("drew_two_cards", 2)]),
        side(100, 45, penalties=[pen("drew_two_cards")]),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 250 + clean 500 + going out 100 - drew_two_cards 2×50 = 750
        row(250, 0, 500, 0, 100, 0, -100, total=750),
        # melds 100 - hand 45 - drew_two_cards 50 = 5
        row(100, -45, 0, 0, 0, 0, -50, total=5),
    ]


def test_house_rule_drew_two_cards_100():
    data = hand_data(
        side(250, 0, 0, {"clean": 1}, [pen("drew_two_cards", 2)]),
        side(100, 45, penalties=[pen("drew_two_cards")]),
        went_out=0,
        kind="normal",
    )
    assert score(data, house_rules={"penalties.drew_two_cards": 100}) == [
        # melds 250 + clean 500 + going out 100 - drew_two_cards 2×100 = 650
        row(250, 0, 500, 0, 100, 0, -200, total=650),
        # melds 100 - hand 45 - drew_two_cards 100 = -45
        row(100, -45, 0, 0, 0, 0, -100, total=-45),
    ]


def test_house_rule_aces_canastas():
    data = hand_data(
        side(480, 0, 1, {"aces_clean": 1, "dirty": 1}),
        side(330, 65, 2, {"aces_dirty": 1}),
        went_out=0,
        kind="normal",
    )
    assert score(data, house_rules={"aces_canastas": True}) == [
        # melds 480 + aces_clean 800 + dirty 300 + red three 100 + going out 100 = 1780
        row(480, 0, 1100, 100, 100, 0, 0, total=1780),
        # melds 330 - hand 65 + aces_dirty 500 + red threes 200 (an aces canasta is a canasta) = 965
        row(330, -65, 500, 200, 0, 0, 0, total=965),
    ]


def test_house_rule_melds_only_went_out():
    data = hand_data(
        side(400, 0, 0, {"clean": 1}),
        side(350, 50, 1, {"dirty": 1}),
        went_out=0,
        kind="normal",
    )
    assert score(data, house_rules={"melds_only_went_out": True}) == [
        # melds 400 + clean 500 + going out 100 = 1000
        row(400, 0, 500, 0, 100, 0, 0, total=1000),
        # melds 0 (did not go out) - hand 50 + dirty 300 + red three 100 = 350
        row(0, -50, 300, 100, 0, 0, 0, total=350),
    ]


def test_house_rule_melds_only_went_out_when_nobody_went_out():
    data = hand_data(side(200, 100), side(150, 30))
    assert score(data, house_rules={"melds_only_went_out": True}) == [
        # nobody went out, so every side's melds count: 200 - 100 = 100
        row(200, -100, 0, 0, 0, 0, 0, total=100),
        # 150 - 30 = 120
        row(150, -30, 0, 0, 0, 0, 0, total=120),
    ]


def test_house_rule_same_back_colour():
    data = hand_data(
        side(250, 0, 0, {"clean": 1}, same_back_colour=False),
        side(100, 40, same_back_colour=True),
        went_out=0,
        kind="normal",
    )
    assert score(data, house_rules={"same_back_colour": True}) == [
        # melds 250 + clean 500 + going out 100 = 850
        row(250, 0, 500, 0, 100, 0, 0, total=850),
        # melds 100 - hand 40 + same back colour 100 = 160
        row(100, -40, 0, 0, 0, 100, 0, total=160),
    ]


# --- opening minimum and match ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "minimum"),
    [
        (-1000, 15),
        (-5, 15),
        (0, 50),
        (5, 50),
        (1495, 50),
        (1500, 90),
        (2995, 90),
        (3000, 120),
        (100_000, 120),
    ],
)
def test_opening_minimum_bands(total, minimum):
    assert opening_minimum(get_ruleset("classic"), total) == minimum


RS = get_ruleset("classic")


def five_canastas_hand(number: int):
    # side 0: 560 + 3×500 + 2×300 + 100 + canastrón 500 = 3260; side 1: 200 - 40 = 160
    data = hand_data(
        side(560, 0, 0, {"clean": 3, "dirty": 2}), side(200, 40), went_out=0, kind="normal", number=number
    )
    return parse_hand(RS, data, players=[2, 2])


def two_clean_hand(number: int, melds: int):
    # side 0: melds + 2×500 + 100; side 1: 150 - 55 = 95
    data = hand_data(side(melds, 0, 0, {"clean": 2}), side(150, 55), went_out=0, kind="normal", number=number)
    return parse_hand(RS, data, players=[2, 2])


def test_match_goes_on_below_target():
    state = fold_match(RS, target=5000, sides=2, hands=[five_canastas_hand(1)])
    assert state.totals == (3260, 160)
    assert state.hands[0].scores == (3260, 160)
    assert state.hands[0].totals_after == (3260, 160)
    assert state.hands[0].opening_minimums_before == (50, 50)
    assert state.opening_minimums == (120, 50)
    assert not state.finished
    assert state.winner is None


def test_match_ends_exactly_at_target():
    # hand 2, side 0: 640 + 1000 + 100 = 1740; 3260 + 1740 = 5000; side 1: 160 + 95 = 255
    state = fold_match(RS, target=5000, sides=2, hands=[five_canastas_hand(1), two_clean_hand(2, 640)])
    assert state.hands[1].scores == (1740, 95)
    assert state.hands[1].opening_minimums_before == (120, 50)
    assert state.hands[1].totals_after == (5000, 255)
    assert state.totals == (5000, 255)
    assert state.finished
    assert state.winner == 0


def test_match_goes_on_just_below_target():
    # hand 2, side 0: 635 + 1000 + 100 = 1735; 3260 + 1735 = 4995 < 5000
    state = fold_match(RS, target=5000, sides=2, hands=[five_canastas_hand(1), two_clean_hand(2, 635)])
    assert state.totals == (4995, 255)
    assert not state.finished
    assert state.winner is None


def test_match_ends_above_target():
    # hand 2, side 0: 700 + 1000 + 100 = 1800; 3260 + 1800 = 5060
    state = fold_match(RS, target=5000, sides=2, hands=[five_canastas_hand(1), two_clean_hand(2, 700)])
    assert state.totals == (5060, 255)
    assert state.finished
    assert state.winner == 0


def test_tie_above_target_goes_on_then_highest_wins():
    # a match created with target 1500
    tie = hand_data(
        side(400, 0, 0, {"clean": 2}),  # 400 + 1000 + 100 = 1500
        side(420, 20, 1, {"clean": 2}),  # 420 - 20 + 1000 + 100 = 1500
        went_out=0,
        kind="normal",
        number=1,
    )
    state = fold_match(RS, target=1500, sides=2, hands=[parse_hand(RS, tie, players=[2, 2])])
    assert state.totals == (1500, 1500)
    assert not state.finished
    assert state.winner is None

    after = hand_data(
        side(100, 60),  # 100 - 60 = 40
        side(200, 0, 0, {"clean": 1}),  # 200 + 500 + 100 = 800
        went_out=1,
        kind="normal",
        number=2,
    )
    hands = [parse_hand(RS, tie, players=[2, 2]), parse_hand(RS, after, players=[2, 2])]
    state = fold_match(RS, target=1500, sides=2, hands=hands)
    assert state.totals == (1540, 2300)
    assert state.finished
    assert state.winner == 1


def test_three_sides_match_winner_index():
    first = hand_data(
        side(300, 0, 0, {"clean": 1}),  # 900
        side(180, 75, 1),  # 5
        side(120, 90, 2, {"dirty": 1}),  # 530
        went_out=0,
        kind="normal",
        number=1,
    )
    second = hand_data(
        side(100, 20),  # 80
        side(50, 100),  # -50
        side(300, 0, 0, {"clean": 1}),  # 300 + 500 + 100 = 900
        went_out=2,
        kind="normal",
        number=2,
    )
    players = [2, 2, 2]
    one = fold_match(RS, target=1000, sides=3, hands=[parse_hand(RS, first, players=players)])
    assert one.totals == (900, 5, 530)
    assert not one.finished
    hands = [parse_hand(RS, first, players=players), parse_hand(RS, second, players=players)]
    state = fold_match(RS, target=1000, sides=3, hands=hands)
    # 900 + 80 = 980; 5 - 50 = -45; 530 + 900 = 1430
    assert state.totals == (980, -45, 1430)
    assert state.opening_minimums == (50, 15, 50)
    assert state.finished
    assert state.winner == 2


def test_three_sides_tie_for_highest_goes_on():
    data = hand_data(
        side(300, 0, 0, {"clean": 1}),  # 300 + 500 + 100 = 900
        side(420, 20, 0, {"clean": 1}),  # 420 - 20 + 500 = 900
        side(100, 50),  # 50
        went_out=0,
        kind="normal",
    )
    state = fold_match(RS, target=800, sides=3, hands=[parse_hand(RS, data, players=[2, 2, 2])])
    assert state.totals == (900, 900, 50)
    assert not state.finished
    assert state.winner is None


# --- issue 11: the partner's answer, house rules every rule set accepts, presets ----------------------


def test_ignored_partner_answer_costs_100():
    data = hand_data(
        side(450, 0, 0, {"clean": 1}, penalties=[pen("ignored_partner_answer")]),
        side(200, 35, 0, {"dirty": 1}),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # melds 450 + clean 500 + going out 100 - ignored_partner_answer 100 (003, Variante) = 950
        row(450, 0, 500, 0, 100, 0, -100, total=950),
        # melds 200 - hand 35 + dirty 300 = 465
        row(200, -35, 300, 0, 0, 0, 0, total=465),
    ]


def international_hand():
    return hand_data(
        side(900, 0, 2, {"clean": 3, "dirty": 2}, black_threes_melded=True),
        side(90, 60, 1),
        went_out=0,
        kind="concealed_from_hand_alone",
    )


def test_international_preset_against_the_book():
    # by the book: melds 900 + 3 clean 1500 + 2 dirty 600 + red threes 200 + concealed from hand alone 1000
    # + black threes melded 500 + canastrón (5 canastas) 500 = 5200; the other side:
    # melds 90 - hand 60 - red three 100 (no canasta) = -70
    assert score(international_hand()) == [
        row(900, 0, 2100, 200, 1000, 1000, 0, total=5200),
        row(90, -60, 0, -100, 0, 0, 0, total=-70),
    ]
    international = presets_for("classic")[0]
    assert international.name == "International rules"
    # international: concealed going out 200, no black-threes or 5-canastas bonus:
    # 900 + 2100 + 200 + 200 = 3400;
    # the other side opened, so its red three counts +100: 90 - 60 + 100 = 130
    assert score(international_hand(), house_rules=international.house_rules) == [
        row(900, 0, 2100, 200, 200, 0, 0, total=3400),
        row(90, -60, 0, 100, 0, 0, 0, total=130),
    ]


def test_two_players_preset_needs_two_canastas_to_go_out():
    two_players = presets_for("classic")[1]
    assert two_players.house_rules == {"going_out_min_canastas": 2}
    one = hand_data(side(300, 0, 1, {"clean": 1}), side(50, 40, 0), went_out=0, kind="normal")
    assert refused_paths("classic", one, (1, 1), two_players.house_rules) == {"sides.0.canastas"}
    assert refused_paths("classic", one, (1, 1)) == set()  # the book needs one
    two = hand_data(side(300, 0, 1, {"clean": 1, "dirty": 1}), side(50, 40, 0), went_out=0, kind="normal")
    # melds 300 + clean 500 + dirty 300 + red three 100 + going out 100 = 1300; 50 - 40 = 10
    assert score(two, (1, 1), two_players.house_rules) == [
        row(300, 0, 800, 100, 100, 0, 0, total=1300),
        row(50, -40, 0, 0, 0, 0, 0, total=10),
    ]


def test_house_rule_red_threes_when_opened():
    data = hand_data(side(400, 0, 0, {"clean": 1}), side(120, 20, 1), went_out=0, kind="normal")
    # by the book the side has no canasta: 120 - 20 - 100 = 0; once opened the red three counts: 200
    assert score(data)[1] == row(120, -20, 0, -100, 0, 0, 0, total=0)
    assert score(data, house_rules={"red_threes_when_opened": True})[1] == row(
        120, -20, 0, 100, 0, 0, 0, total=200
    )
    never_opened = hand_data(side(400, 0, 0, {"clean": 1}), side(0, 80, 1), went_out=0, kind="normal")
    # melded nothing: still -100; hand -80: -180
    assert score(never_opened, house_rules={"red_threes_when_opened": True})[1] == row(
        0, -80, 0, -100, 0, 0, 0, total=-180
    )


def test_house_rule_opening_band_table_adds_a_band():
    rs = get_ruleset("classic", {"opening_bands": [[None, 0], [0, 50], [1500, 90], [3000, 120], [4000, 150]]})
    assert [opening_minimum(rs, t) for t in (-5, 0, 2995, 3995, 4000)] == [0, 50, 90, 120, 150]
