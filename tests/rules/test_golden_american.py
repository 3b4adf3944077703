"""Golden hands and matches for the ``american`` rule set, every number worked out by hand from
RULES.md ("Rule set `american`") and its sources (CLA, Pagat "American Canasta", Wikipedia).

American Canasta (2 decks): canastas clean 500 / dirty 300 / sevens 2500 / aces 2500 / wild_twos 3000 /
wild_jokers 2500 / wild_mixed 2000; threes per colour 1 → 100, 2 → 300, 3 → 500, 4 → 1000, the colours
apart; the side's canastas set the signs: 0 → melds and threes negative, 1 → melds positive and threes 0,
2+ → both positive; going out normal 100 with two canastas; special hands score their value alone;
penalties unfinished sevens/aces 2500, wild 2000, wild with the four jokers 2000 (League; Pagat preset
2500), three sevens or aces
in a player's hand 1500 each player; threes have no card value; opening <3000 → 125, 3000 → 155,
5000 → 180; target 8500. The League's Miami pairs 2500 and Dream Hands (plus 4, plus 5) 8500, a Dream
Hand winning the match at once whatever the totals (house option ``dream_hands_win``, default true).
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import (
    ValidationError,
    fold_match,
    get_ruleset,
    opening_minimum,
    parse_hand,
    presets_for,
)
from tests.rules.builders import custom, hand_data, pen, refused_paths, row, scorer, side

score = scorer("american")


def aside(melds=0, hand=0, red=0, canastas=None, penalties=None, black=0):
    """A side of an American hand (``black`` black threes laid out)."""
    data = side(melds, hand, red, canastas, penalties)
    if black:
        data["black_threes"] = black
    return data


# --- the sign table: 0, 1, 2+ canastas ---------------------------------------------------------------


def test_rules_md_golden_hand():
    data = hand_data(
        aside(800, 0, 2, {"clean": 1, "sevens": 1}, black=1),
        aside(250, 85, 1, {}, [pen("unfinished_aces")]),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # two canastas: melds 800 + clean 500 + sevens 2500 + threes (2 red 300 + 1 black 100) + going out 100
        row(800, 0, 3000, 400, 100, 0, 0, total=4300),
        # no canasta: melds −250, hand −85, threes −100, unfinished aces −2500
        row(-250, -85, 0, -100, 0, 0, -2500, total=-2935),
    ]


def test_no_canasta_melds_and_threes_count_against_both_sides():
    data = hand_data(aside(350, 40, 1, black=2), aside(120, 95))  # the stock ran out
    assert score(data) == [
        # −350 − 40 − (1 red 100 + 2 black 300) = −790
        row(-350, -40, 0, -400, 0, 0, 0, total=-790),
        # −120 − 95 = −215
        row(-120, -95, 0, 0, 0, 0, 0, total=-215),
    ]


def test_one_canasta_melds_count_and_threes_count_nothing():
    data = hand_data(
        aside(600, 30, 3, {"dirty": 1}, black=1),
        aside(450, 0, 1, {"clean": 1, "aces": 1}),
        went_out=1,
        kind="normal",
    )
    assert score(data) == [
        # one canasta: melds 600 − hand 30 + dirty 300; threes (500 + 100) count 0 = 870
        row(600, -30, 300, 0, 0, 0, 0, total=870),
        # 450 + clean 500 + aces 2500 + one red three 100 + going out 100 = 3650
        row(450, 0, 3000, 100, 100, 0, 0, total=3650),
    ]


def test_two_red_and_two_black_threes_make_600():
    data = hand_data(
        aside(520, 0, 2, {"clean": 1, "dirty": 1}, black=2),
        aside(210, 75, 2, {"dirty": 1}, black=2),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # 520 + 500 + 300 + (2 red 300 + 2 black 300) + going out 100 = 2020
        row(520, 0, 800, 600, 100, 0, 0, total=2020),
        # one canasta: 210 − 75 + 300, threes count 0 = 435
        row(210, -75, 300, 0, 0, 0, 0, total=435),
    ]


# --- four threes of a colour ---------------------------------------------------------------------------


def test_four_red_threes_are_1000_with_two_canastas():
    data = hand_data(
        aside(700, 0, 4, {"clean": 2, "dirty": 1}),
        aside(300, 60, 0, {"dirty": 1}, black=4),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # 700 + 2×500 + 300 + four red threes 1000 + going out 100 = 3100
        row(700, 0, 1300, 1000, 100, 0, 0, total=3100),
        # one canasta: 300 − 60 + 300; four black threes count 0 = 540
        row(300, -60, 300, 0, 0, 0, 0, total=540),
    ]


def test_four_black_threes_cost_1000_without_canasta():
    data = hand_data(
        aside(150, 30, 0, black=4),
        aside(600, 0, 4, {"sevens": 1, "wild_twos": 1}),
        went_out=1,
        kind="normal",
    )
    assert score(data) == [
        # no canasta: −150 − 30 − four black threes 1000 = −1180
        row(-150, -30, 0, -1000, 0, 0, 0, total=-1180),
        # 600 + sevens 2500 + seven twos 3000 + four red threes 1000 + going out 100 = 7200
        row(600, 0, 5500, 1000, 100, 0, 0, total=7200),
    ]


def test_all_eight_threes_on_one_side():
    data = hand_data(
        aside(800, 0, 4, {"clean": 1, "aces": 1}, black=4),
        aside(100, 200),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # 800 + 500 + 2500 + (red 1000 + black 1000) + 100 = 5900
        row(800, 0, 3000, 2000, 100, 0, 0, total=5900),
        # −100 − 200 = −300
        row(-100, -200, 0, 0, 0, 0, 0, total=-300),
    ]


# --- wild canastas ---------------------------------------------------------------------------------------


def test_wild_canasta_with_the_four_jokers_and_unfinished_sevens():
    data = hand_data(
        aside(500, 0, 1, {"wild_jokers": 1, "clean": 1}, black=1),
        aside(250, 45, 2, {"clean": 1, "dirty": 1}, [pen("unfinished_sevens")]),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # 500 + 2500 + 500 + (100 + 100) + 100 = 3800
        row(500, 0, 3000, 200, 100, 0, 0, total=3800),
        # 250 − 45 + 500 + 300 + two red threes 300 − unfinished sevens 2500 = −1195
        row(250, -45, 800, 300, 0, 0, -2500, total=-1195),
    ]


def test_mixed_wild_canasta_and_three_aces_in_a_hand():
    data = hand_data(
        aside(640, 0, 1, {"wild_mixed": 1, "dirty": 2}),
        aside(180, 35, 0, {"clean": 1}, [pen("aces_in_hand")], black=2),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # 640 + 2000 + 2×300 + 100 + 100 = 3440
        row(640, 0, 2600, 100, 100, 0, 0, total=3440),
        # one canasta: 180 − 35 + 500, black threes 0, three aces in a hand −1500 = −855
        row(180, -35, 500, 0, 0, 0, -1500, total=-855),
    ]


# --- every penalty -------------------------------------------------------------------------------------


def test_unfinished_wild_meld_counts_whatever_the_canastas():
    data = hand_data(
        aside(300, 0, 1, {"clean": 2}),
        aside(700, 20, 2, {"clean": 1, "dirty": 1}, [pen("unfinished_wild")], black=1),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # 300 + 1000 + 100 + 100 = 1500
        row(300, 0, 1000, 100, 100, 0, 0, total=1500),
        # 700 − 20 + 800 + (300 + 100) − 2000 = −120
        row(700, -20, 800, 400, 0, 0, -2000, total=-120),
    ]


def jokers_hand():
    return hand_data(
        aside(400, 50, 1, {}, [pen("unfinished_wild_jokers")]),
        aside(500, 0, 0, {"clean": 1, "dirty": 1}),
        went_out=1,
        kind="normal",
    )


def test_unfinished_wild_meld_holding_the_four_jokers():
    """The League: no separate value, it is a wild meld (2000)."""
    assert score(jokers_hand()) == [
        # −400 − 50 − 100 − 2000 = −2550
        row(-400, -50, 0, -100, 0, 0, -2000, total=-2550),
        # 500 + 800 + 100 = 1400
        row(500, 0, 800, 0, 100, 0, 0, total=1400),
    ]


def test_unfinished_wild_meld_holding_the_four_jokers_pagat_preset():
    preset = next(p for p in presets_for("american") if p.id == "american_pagat")
    assert score(jokers_hand(), house_rules=dict(preset.house_rules)) == [
        # Pagat: −400 − 50 − 100 − 2500 = −3050
        row(-400, -50, 0, -100, 0, 0, -2500, total=-3050),
        row(500, 0, 800, 0, 100, 0, 0, total=1400),
    ]


def test_both_players_kept_three_sevens():
    data = hand_data(
        aside(410, 0, 0, {"clean": 1, "aces": 1}, black=2),
        aside(320, 110, 1, {"clean": 1}, [pen("sevens_in_hand", 2)]),
        went_out=0,
        kind="normal",
    )
    assert score(data) == [
        # 410 + 3000 + two black threes 300 + 100 = 3810
        row(410, 0, 3000, 300, 100, 0, 0, total=3810),
        # one canasta: 320 − 110 + 500, threes 0, 2 × 1500 = −2290
        row(320, -110, 500, 0, 0, 0, -3000, total=-2290),
    ]


def test_unfinished_sevens_and_aces_on_one_side_stock_ran_out():
    data = hand_data(
        aside(260, 70, 2, {}, [pen("unfinished_sevens"), pen("unfinished_aces")]),
        aside(500, 40, 1, {"clean": 2}),
    )
    assert score(data) == [
        # −260 − 70 − 300 − 2500 − 2500 = −5630
        row(-260, -70, 0, -300, 0, 0, -5000, total=-5630),
        # 500 − 40 + 1000 + 100, nobody went out = 1560
        row(500, -40, 1000, 100, 0, 0, 0, total=1560),
    ]


def test_two_players_three_aces_in_the_lone_hand():
    data = hand_data(
        aside(380, 0, 0, {"clean": 1, "dirty": 1}),
        aside(90, 140, 0, {}, [pen("aces_in_hand")]),
        went_out=0,
        kind="normal",
    )
    assert score(data, players=(1, 1)) == [
        # 380 + 800 + 100 = 1280
        row(380, 0, 800, 0, 100, 0, 0, total=1280),
        # −90 − 140 − 1500 = −1730
        row(-90, -140, 0, 0, 0, 0, -1500, total=-1730),
    ]


# --- special hands ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "points"),
    [
        ("special_straight", 3000),
        ("special_pairs", 2500),
        ("special_wild_pairs", 2000),
        ("special_garbage", 3000),
        ("special_zip_code", 2500),
        ("special_blast_off", 3000),
        ("special_triples", 3500),
        ("special_quads", 3500),
        ("special_miami_pairs", 2500),
        ("special_dream_4", 8500),
        ("special_dream_5", 8500),
    ],
)
def test_each_special_hand_scores_its_value_alone(kind, points):
    data = hand_data(aside(0, 0, 1), aside(300, 150, 2, {"clean": 1}), went_out=0, kind=kind)
    assert score(data) == [
        # the special hand's value on the going-out line; its red three is not counted
        row(0, 0, 0, 0, points, 0, 0, total=points),
        # one canasta: 300 − 150 + 500, threes 0 = 650
        row(300, -150, 500, 0, 0, 0, 0, total=650),
    ]


def test_special_hand_keeps_its_penalties():
    data = hand_data(
        aside(0, 0, 0, {}, [custom(50, "talked across the table")], black=1),
        aside(200, 90, 0, {}, [pen("unfinished_aces")]),
        went_out=0,
        kind="special_wild_pairs",
    )
    assert score(data) == [
        # 2000 − 50 = 1950 (the black three not counted)
        row(0, 0, 0, 0, 2000, 0, -50, total=1950),
        # no canasta: −200 − 90 − 2500 = −2790
        row(-200, -90, 0, 0, 0, 0, -2500, total=-2790),
    ]


def test_pagat_preset_garbage_is_2000_and_four_special_hands_only():
    preset = next(p for p in presets_for("american") if p.id == "american_pagat")
    data = hand_data(aside(0, 0, 0), aside(120, 30, 1), went_out=0, kind="special_garbage")
    assert score(data, house_rules=dict(preset.house_rules)) == [
        row(0, 0, 0, 0, 2000, 0, 0, total=2000),
        # −120 − 30 − 100 = −250
        row(-120, -30, 0, -100, 0, 0, 0, total=-250),
    ]
    zip_code = hand_data(aside(0, 0, 0), aside(120, 30, 1), went_out=0, kind="special_zip_code")
    assert refused_paths("american", zip_code, house_rules=dict(preset.house_rules)) == {"going_out_kind"}
    assert refused_paths("american", zip_code) == set()


def test_miami_pairs_against_a_side_with_two_canastas():
    data = hand_data(
        aside(0, 0, 2, black=1),
        aside(600, 45, 1, {"clean": 1, "dirty": 1}, black=1),
        went_out=0,
        kind="special_miami_pairs",
    )
    assert score(data) == [
        # Miami pairs 2500 alone: its three threes are not counted
        row(0, 0, 0, 0, 2500, 0, 0, total=2500),
        # two canastas, so both signs positive: 600 − 45 + (500 + 300) + (1 red 100 + 1 black 100) = 1555;
        # it did not go out, no bonus
        row(600, -45, 800, 200, 0, 0, 0, total=1555),
    ]


def test_pagat_preset_offers_none_of_the_leagues_three_more():
    preset = next(p for p in presets_for("american") if p.id == "american_pagat")
    for kind in ("special_miami_pairs", "special_dream_4", "special_dream_5"):
        data = hand_data(aside(0, 0, 0), aside(120, 30, 1), went_out=0, kind=kind)
        assert refused_paths("american", data, house_rules=dict(preset.house_rules)) == {"going_out_kind"}
        assert refused_paths("american", data) == set()


# --- a Dream Hand wins the match at once -----------------------------------------------------------------


def dream_match(rs, kind="special_dream_4"):
    first = hand_data(  # the stock ran out: −5630 and 1560 (as in the test above)
        aside(260, 70, 2, {}, [pen("unfinished_sevens"), pen("unfinished_aces")]),
        aside(500, 40, 1, {"clean": 2}),
        number=1,
    )
    second = hand_data(  # 8500 alone; two canastas: 700 − 30 + 1000 + two red threes 300 = 1970
        aside(0, 0, 1),
        aside(700, 30, 2, {"clean": 2}),
        went_out=0,
        kind=kind,
        number=2,
    )
    return [parse_hand(rs, h, players=[2, 2]) for h in (first, second)]


@pytest.mark.parametrize("kind", ["special_dream_4", "special_dream_5"])
def test_dream_hand_ends_the_match_from_a_negative_score(kind):
    state = fold_match(RS, target=8500, sides=2, hands=dream_match(RS, kind))
    assert [h.scores for h in state.hands] == [(-5630, 1560), (8500, 1970)]
    # −5630 → 125 and 1560 → 125 before hand 2
    assert state.hands[1].opening_minimums_before == (125, 125)
    # −5630 + 8500 = 2870; 1560 + 1970 = 3530: nobody at 8500 and side 0 behind, yet side 0 has won
    assert state.totals == (2870, 3530)
    assert state.finished and state.winner == 0
    # undo the Dream Hand: the match is open again
    reopened = fold_match(RS, target=8500, sides=2, hands=[state.hands[0].input])
    assert not reopened.finished and reopened.winner is None
    assert not state.upto(1).finished


def passing_match(rs):
    first = hand_data(  # the RULES.md hand, sides swapped: −2935 and 4300
        aside(250, 85, 1, {}, [pen("unfinished_aces")]),
        aside(800, 0, 2, {"clean": 1, "sevens": 1}, black=1),
        went_out=1,
        kind="normal",
        number=1,
    )
    second = hand_data(  # no canasta: −150 − 25 − 100 = −275; 900 + 500 + 2000 + 300 + 100 = 3800
        aside(150, 25, 1),
        aside(900, 0, 2, {"clean": 1, "wild_mixed": 1}),
        went_out=1,
        kind="normal",
        number=2,
    )
    third = hand_data(  # 8500 alone; 700 − 30 + 1000 + 300 = 1970
        aside(0, 0, 0),
        aside(700, 30, 2, {"clean": 2}),
        went_out=0,
        kind="special_dream_5",
        number=3,
    )
    return [parse_hand(rs, h, players=[2, 2]) for h in (first, second, third)]


def test_dream_hand_wins_though_the_other_side_passes_the_target_higher():
    state = fold_match(RS, target=8500, sides=2, hands=passing_match(RS))
    assert [h.scores for h in state.hands] == [(-2935, 4300), (-275, 3800), (8500, 1970)]
    # −2935 − 275 + 8500 = 5290; 4300 + 3800 + 1970 = 10070 (past 8500 and higher), yet side 0 has won
    assert state.totals == (5290, 10070)
    assert state.finished and state.winner == 0


def test_without_dream_hands_win_the_higher_total_at_the_target_wins():
    rs = get_ruleset("american", {"dream_hands_win": False})
    state = fold_match(rs, target=8500, sides=2, hands=passing_match(rs))
    assert state.totals == (5290, 10070)
    assert state.finished and state.winner == 1


def test_dream_hand_only_scores_when_the_house_says_so():
    rs = get_ruleset("american", {"dream_hands_win": False})
    state = fold_match(rs, target=8500, sides=2, hands=dream_match(rs))
    assert [h.scores for h in state.hands] == [(-5630, 1560), (8500, 1970)]
    assert state.totals == (2870, 3530)
    # 8500 only: nobody at the target, play goes on
    assert not state.finished and state.winner is None
    assert state.opening_minimums == (125, 155)


# --- what is refused, at its field ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sides", "went_out", "kind", "paths"),
    [
        # a special hand is declared by a side that has melded nothing
        ([aside(60, 0, 0), aside(100, 20)], 0, "special_straight", {"sides.0.melds"}),
        ([aside(0, 35, 0), aside(100, 20)], 0, "special_pairs", {"sides.0.hand"}),
        (
            [aside(70, 0, 0, {"clean": 1}), aside(100)],
            0,
            "special_triples",
            {"sides.0.melds", "sides.0.canastas.clean"},
        ),
        # going out needs two canastas
        ([aside(300, 0, 0, {"clean": 1}), aside(100)], 0, "normal", {"sides.0.canastas"}),
        # one canasta of sevens in a hand, and no other meld of sevens beside it
        (
            [aside(100, 0, 0, {"sevens": 1, "clean": 1}), aside(100, 0, 0, {"sevens": 1})],
            0,
            "normal",
            {"sides.0.canastas.sevens", "sides.1.canastas.sevens"},
        ),
        (
            [aside(100, 0, 0, {"sevens": 1, "clean": 1}), aside(100, 0, 0, {}, [pen("unfinished_sevens")])],
            0,
            "normal",
            {"sides.0.canastas.sevens", "sides.1.penalties.0.count"},
        ),
        # one wild canasta in a hand: twelve wild cards hold one, not two
        (
            [aside(400, 0, 0, {"wild_twos": 1, "clean": 1}), aside(200, 0, 0, {"wild_mixed": 1})],
            0,
            "normal",
            {"sides.0.canastas.wild_twos", "sides.1.canastas.wild_mixed"},
        ),
        # at most nine clean or dirty canastas over both sides
        (
            [aside(200, 0, 0, {"clean": 5}), aside(200, 0, 0, {"dirty": 5})],
            0,
            "normal",
            {"sides.0.canastas.clean", "sides.1.canastas.dirty"},
        ),
        # three sevens in the hands of three players of a side of two
        (
            [aside(300, 0, 0, {"clean": 2}), aside(100, 0, 0, {}, [pen("sevens_in_hand", 3)])],
            0,
            "normal",
            {"sides.1.penalties.0.count"},
        ),
        # four black threes in two decks
        ([aside(300, 0, 0, {"clean": 2}, black=5), aside(100)], 0, "normal", {"sides.0.black_threes"}),
        ([aside(300, 0, 0, {"clean": 2}, black=3), aside(100, 0, 0, black=2)], 0, "normal", {"_"}),
    ],
)
def test_refused_at_the_field(sides, went_out, kind, paths):
    assert refused_paths("american", hand_data(*sides, went_out=went_out, kind=kind)) == paths


@pytest.mark.parametrize("ruleset_id", ["classic", "samba", "canaston", "francaise"])
def test_black_threes_belong_to_american_only(ruleset_id):
    data = hand_data(aside(100, 0, 0, black=1), aside(100))
    assert refused_paths(ruleset_id, data) == {"sides.0.black_threes"}
    zero = hand_data({**aside(100), "black_threes": 0}, aside(100))
    assert refused_paths(ruleset_id, zero) == set()


def test_red_threes_when_opened_is_refused():
    with pytest.raises(ValidationError) as refused:
        get_ruleset("american", {"red_threes_when_opened": True})
    assert [e.path for e in refused.value.errors] == ["house_rules.red_threes_when_opened"]


# --- opening minimum and a game of three hands ----------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "minimum"),
    [(-3000, 125), (-5, 125), (0, 125), (2995, 125), (3000, 155), (4995, 155), (5000, 180), (12000, 180)],
)
def test_opening_minimum_bands(total, minimum):
    assert opening_minimum(get_ruleset("american"), total) == minimum


RS = get_ruleset("american")


def three_hands():
    first = hand_data(  # the RULES.md hand: 4300 and −2935
        aside(800, 0, 2, {"clean": 1, "sevens": 1}, black=1),
        aside(250, 85, 1, {}, [pen("unfinished_aces")]),
        went_out=0,
        kind="normal",
        number=1,
    )
    second = hand_data(  # 0 + 3500 = 3500; one canasta: 420 − 60 + 300 = 660
        aside(0, 0, 2),
        aside(420, 60, 0, {"dirty": 1}),
        went_out=0,
        kind="special_triples",
        number=2,
    )
    third = hand_data(  # no canasta: −150 − 25 − 100 = −275; 900 + 500 + 2000 + 300 + 100 = 3800
        aside(150, 25, 1),
        aside(900, 0, 2, {"clean": 1, "wild_mixed": 1}),
        went_out=1,
        kind="normal",
        number=3,
    )
    return [parse_hand(RS, h, players=[2, 2]) for h in (first, second, third)]


def test_a_game_of_three_hands():
    state = fold_match(RS, target=8500, sides=2, hands=three_hands())
    assert [h.scores for h in state.hands] == [(4300, -2935), (3500, 660), (-275, 3800)]
    # before hand 2: 4300 → 155, −2935 → 125; before hand 3: 7800 → 180, −2275 → 125
    assert [h.opening_minimums_before for h in state.hands] == [(125, 125), (155, 125), (180, 125)]
    assert state.totals == (7525, 1525)
    assert state.opening_minimums == (180, 125)
    assert not state.finished  # nobody at 8500 yet


def test_match_ends_at_8500():
    hands = three_hands()
    fourth = hand_data(  # 975 + 500 + 300 + 100 = 1875: 7525 + 1875 = 9400
        aside(975, 0, 0, {"clean": 1, "dirty": 1}),
        aside(70, 20),
        went_out=0,
        kind="normal",
        number=4,
    )
    state = fold_match(RS, target=8500, sides=2, hands=[*hands, parse_hand(RS, fourth, players=[2, 2])])
    assert state.hands[3].scores == (1875, -90)
    assert state.totals == (9400, 1435)
    assert state.finished
    assert state.winner == 0


def test_tournament_preset_a_game_of_three_hands():
    """NVSO: three hands opened at 125, 155 and 180 whatever the score; after the third the higher
    total wins (here below the 8500 target)."""
    preset = next(p for p in presets_for("american") if p.id == "american_tournament")
    rs = get_ruleset("american", dict(preset.house_rules))
    hands = [parse_hand(rs, h.to_json(), players=[2, 2]) for h in three_hands()]
    state = fold_match(rs, target=8500, sides=2, hands=hands)
    assert [h.scores for h in state.hands] == [(4300, -2935), (3500, 660), (-275, 3800)]
    # by the hand, not by the score: 125 in hand 1, 155 in hand 2, 180 in hand 3 for both sides
    assert [h.opening_minimums_before for h in state.hands] == [(125, 125), (155, 155), (180, 180)]
    assert state.totals == (7525, 1525)
    assert state.finished and state.winner == 0
