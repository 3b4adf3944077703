"""Validation of hands, house rules and sides by the rules core: each bad input names its field path.

Decks (RULES.md): classic and francaise 2 (4 red threes, 4 black threes, 1180 card points, 15 canastas
of 7 in 108 cards), samba 3 (6 red threes), canastón 4 (8 red and 8 black threes), 8 decks with 6 or
more players (16 red threes).
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import (
    UnknownRuleSet,
    ValidationError,
    check_sides,
    fold_match,
    get_ruleset,
    parse_hand,
    score_hand,
)

WENT_OUT: dict[str, Any] = {
    "melds": 300,
    "hand": 0,
    "red_threes": 0,
    "canastas": {"clean": 1, "dirty": 1},
    "penalties": [],
}
OTHER: dict[str, Any] = {"melds": 100, "hand": 50, "red_threes": 0, "canastas": {}, "penalties": []}


def out(**changes: Any) -> dict[str, Any]:
    """The side that went out, valid in every rule set (a clean and a dirty canasta), with changes."""
    return {**WENT_OUT, **changes}


def other(**changes: Any) -> dict[str, Any]:
    """A side that did not go out, with changes."""
    return {**OTHER, **changes}


def hand(*sides: Any, went_out: Any = 0, kind: Any = "normal", number: Any = 1, **extra: Any):
    return {
        "number": number,
        "went_out": went_out,
        "going_out_kind": kind,
        "sides": list(sides) if sides else [out(), other()],
        **extra,
    }


def errors(data: Any, ruleset: str = "classic", players=(2, 2), house_rules=None) -> dict[str, list[str]]:
    rs = get_ruleset(ruleset, house_rules)
    with pytest.raises(ValidationError) as info:
        parse_hand(rs, data, players=list(players))
    found = info.value.as_dict()
    for messages in found.values():
        assert messages
        assert all(isinstance(m, str) and m for m in messages)
    return found


def accepted(data: Any, ruleset: str = "classic", players=(2, 2), house_rules=None):
    rs = get_ruleset(ruleset, house_rules)
    return parse_hand(rs, data, players=list(players))


# --- the base hands are valid -------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["classic", "samba", "canaston", "francaise"])
def test_base_hand_is_valid(ruleset):
    parsed = accepted(hand(), ruleset)
    assert parsed.went_out == 0
    assert parsed.going_out_kind == "normal"
    assert accepted(hand(other(), other(), went_out=None, kind=None), ruleset).went_out is None


# --- one bad field, one error path --------------------------------------------------------------------


def case(name: str, path: str, data: Any, ruleset: str = "classic", players=(2, 2)):
    return pytest.param(ruleset, players, data, path, id=name)


CASES = [
    # canastas
    case(
        "unknown canasta kind",
        "sides.0.canastas.xyz",
        hand(out(canastas={"clean": 1, "dirty": 1, "xyz": 1}), other()),
    ),
    case("samba kind in classic", "sides.1.canastas.samba", hand(out(), other(canastas={"samba": 1}))),
    case(
        "aces canasta without the house option",
        "sides.0.canastas.aces_clean",
        hand(out(canastas={"clean": 1, "aces_clean": 1}), other()),
    ),
    case("escala in classic", "sides.1.canastas.escala", hand(out(), other(canastas={"escala": 1}))),
    case("canasta count is a bool", "sides.0.canastas.clean", hand(out(canastas={"clean": True}), other())),
    case("canasta count is a float", "sides.0.canastas.clean", hand(out(canastas={"clean": 1.0}), other())),
    case("negative canasta count", "sides.1.canastas.dirty", hand(out(), other(canastas={"dirty": -1}))),
    case(
        "more canastas of a kind than 108 cards make",
        "sides.0.canastas.clean",
        hand(out(canastas={"clean": 16}), other()),
    ),
    case(
        "more canastas in all than 108 cards make",
        "_",
        hand(out(canastas={"clean": 8}), other(melds=300, canastas={"clean": 8})),
    ),
    case("canastas not an object", "sides.0.canastas", hand(out(canastas=["clean"]), other())),
    # penalties
    case(
        "unknown penalty code", "sides.1.penalties.0.code", hand(out(), other(penalties=[{"code": "nope"}]))
    ),
    case(
        "penalty of another rule set",
        "sides.1.penalties.0.code",
        hand(out(), other(penalties=[{"code": "black_three_in_hand"}])),
    ),
    case(
        "penalty code missing",
        "sides.1.penalties.0.code",
        hand(out(), other(penalties=[{"count": 1}])),
        ruleset="samba",
    ),
    case(
        "penalty count 0",
        "sides.1.penalties.0.count",
        hand(out(), other(penalties=[{"code": "drew_two_cards", "count": 0}])),
    ),
    case(
        "penalty count 100",
        "sides.1.penalties.0.count",
        hand(out(), other(penalties=[{"code": "drew_two_cards", "count": 100}])),
    ),
    case(
        "penalty count is a bool",
        "sides.1.penalties.0.count",
        hand(out(), other(penalties=[{"code": "drew_two_cards", "count": True}])),
    ),
    case(
        "penalty count is a float",
        "sides.1.penalties.0.count",
        hand(out(), other(penalties=[{"code": "general_error", "count": 2.0}])),
        ruleset="francaise",
    ),
    case(
        "points on a table penalty",
        "sides.1.penalties.0.points",
        hand(out(), other(penalties=[{"code": "drew_two_cards", "points": 100}])),
    ),
    case("penalty not an object", "sides.1.penalties.0", hand(out(), other(penalties=["drew_two_cards"]))),
    case(
        "penalties not a list", "sides.1.penalties", hand(out(), other(penalties={"code": "drew_two_cards"}))
    ),
    # custom penalties
    case(
        "custom without description",
        "sides.1.penalties.0.description",
        hand(out(), other(penalties=[{"code": "custom", "points": 100}])),
    ),
    case(
        "custom with a blank description",
        "sides.1.penalties.0.description",
        hand(out(), other(penalties=[{"code": "custom", "points": 100, "description": "   "}])),
    ),
    case(
        "custom with a long description",
        "sides.1.penalties.0.description",
        hand(out(), other(penalties=[{"code": "custom", "points": 100, "description": "x" * 201}])),
    ),
    case(
        "custom without points",
        "sides.1.penalties.0.points",
        hand(out(), other(penalties=[{"code": "custom", "description": "rude"}])),
        ruleset="samba",
    ),
    case(
        "custom with 0 points",
        "sides.1.penalties.0.points",
        hand(out(), other(penalties=[{"code": "custom", "points": 0, "description": "rude"}])),
    ),
    case(
        "custom with negative points",
        "sides.1.penalties.0.points",
        hand(out(), other(penalties=[{"code": "custom", "points": -50, "description": "rude"}])),
    ),
    case(
        "custom points not a multiple of 5",
        "sides.1.penalties.0.points",
        hand(out(), other(penalties=[{"code": "custom", "points": 12, "description": "rude"}])),
        ruleset="canaston",
    ),
    case(
        "custom points too large",
        "sides.1.penalties.0.points",
        hand(out(), other(penalties=[{"code": "custom", "points": 10_005, "description": "rude"}])),
    ),
    case(
        "custom points a bool",
        "sides.1.penalties.0.points",
        hand(out(), other(penalties=[{"code": "custom", "points": True, "description": "rude"}])),
    ),
    case(
        "custom points a float",
        "sides.1.penalties.0.points",
        hand(out(), other(penalties=[{"code": "custom", "points": 50.0, "description": "rude"}])),
        ruleset="francaise",
    ),
    case(
        "custom with an unknown field",
        "sides.1.penalties.0.why",
        hand(out(), other(penalties=[{"code": "custom", "points": 50, "description": "rude", "why": "x"}])),
    ),
    # points
    case("negative melds", "sides.0.melds", hand(out(melds=-5), other())),
    case("negative hand", "sides.1.hand", hand(out(), other(hand=-50)), ruleset="samba"),
    case("melds not a multiple of 5", "sides.0.melds", hand(out(melds=303), other())),
    case("hand not a multiple of 5", "sides.1.hand", hand(out(), other(hand=12)), ruleset="francaise"),
    case("melds true", "sides.0.melds", hand(out(melds=True), other())),
    case("melds 5.0", "sides.0.melds", hand(out(melds=5.0), other())),
    case("melds a string", "sides.0.melds", hand(out(melds="300"), other()), ruleset="canaston"),
    case("melds null", "sides.0.melds", hand(out(melds=None), other())),
    case("hand false", "sides.1.hand", hand(out(), other(hand=False))),
    case("melds above the points of two decks", "sides.0.melds", hand(out(melds=1185), other())),
    case(
        "melds and hands above the points of two decks", "_", hand(out(melds=700), other(melds=400, hand=100))
    ),
    # red threes
    case("red threes true", "sides.0.red_threes", hand(out(red_threes=True), other())),
    case("red threes 1.0", "sides.1.red_threes", hand(out(), other(red_threes=1.0))),
    case("red threes a string", "sides.1.red_threes", hand(out(), other(red_threes="1")), ruleset="samba"),
    case("negative red threes", "sides.0.red_threes", hand(out(red_threes=-1), other())),
    case("classic: five red threes on a side", "sides.0.red_threes", hand(out(red_threes=5), other())),
    case(
        "francaise: five red threes on a side",
        "sides.1.red_threes",
        hand(out(), other(red_threes=5)),
        ruleset="francaise",
    ),
    case(
        "samba: seven red threes on a side",
        "sides.0.red_threes",
        hand(out(red_threes=7), other()),
        ruleset="samba",
    ),
    case(
        "canaston 4 decks: nine red threes on a side",
        "sides.0.red_threes",
        hand(out(red_threes=9), other()),
        ruleset="canaston",
    ),
    case(
        "canaston 8 decks: seventeen red threes on a side",
        "sides.0.red_threes",
        hand(out(red_threes=17), other()),
        ruleset="canaston",
        players=(3, 3),
    ),
    case("classic: 3 + 2 red threes", "_", hand(out(red_threes=3), other(red_threes=2))),
    case(
        "classic: 3 red threes + 2 held in hand",
        "_",
        hand(out(red_threes=3), other(penalties=[{"code": "red_three_in_hand", "count": 2}])),
    ),
    case(
        "classic: 5 red threes held in hand",
        "_",
        hand(out(), other(penalties=[{"code": "red_three_in_hand", "count": 5}])),
    ),
    case(
        "francaise: 2 + 2 red threes + 1 held in hand",
        "_",
        hand(out(red_threes=2), other(red_threes=2, penalties=[{"code": "red_three_in_hand"}])),
        ruleset="francaise",
    ),
    case("samba: 4 + 3 red threes", "_", hand(out(red_threes=4), other(red_threes=3)), ruleset="samba"),
    case(
        "samba: 6 red threes + 1 held in hand",
        "_",
        hand(out(red_threes=6), other(penalties=[{"code": "red_three_in_hand"}])),
        ruleset="samba",
    ),
    case(
        "canaston 4 decks: 5 + 4 red threes",
        "_",
        hand(out(red_threes=5), other(red_threes=4)),
        ruleset="canaston",
    ),
    case(
        "canaston 8 decks: 9 + 8 red threes",
        "_",
        hand(out(red_threes=9), other(red_threes=8)),
        ruleset="canaston",
        players=(3, 3),
    ),
    case(
        "canaston three sides: 3 + 3 + 3 red threes",
        "_",
        hand(out(red_threes=3), other(red_threes=3), other(red_threes=3)),
        ruleset="canaston",
        players=(1, 1, 1),
    ),
    # black threes
    case(
        "classic: black threes melded and four black threes in hand",
        "_",
        hand(out(black_threes_melded=True), other(penalties=[{"code": "four_black_threes_in_hand"}])),
    ),
    case(
        "classic: four black threes in hand twice",
        "_",
        hand(out(), other(penalties=[{"code": "four_black_threes_in_hand", "count": 2}])),
    ),
    case(
        "canaston: black threes canasta and two black threes in hand",
        "_",
        hand(
            out(canastas={"clean": 1, "dirty": 1, "black_threes": 1}),
            other(penalties=[{"code": "black_three_in_hand", "count": 2}]),
        ),
        ruleset="canaston",
    ),
    case(
        "canaston: nine black threes in hand",
        "_",
        hand(out(), other(penalties=[{"code": "black_three_in_hand", "count": 9}])),
        ruleset="canaston",
    ),
    # going out
    case("classic: going out without a canasta", "sides.0.canastas", hand(out(canastas={}), other())),
    case(
        "samba: going out without a canasta",
        "sides.0.canastas",
        hand(out(canastas={}), other()),
        ruleset="samba",
    ),
    case(
        "francaise: going out without a canasta",
        "sides.0.canastas",
        hand(out(canastas={}), other()),
        ruleset="francaise",
    ),
    case("going out by a side without a canasta", "sides.1.canastas", hand(out(), other(), went_out=1)),
    case(
        "canaston: going out without a dirty canasta (a wild canasta does not stand in)",
        "sides.0.canastas",
        hand(out(canastas={"clean": 2, "wild_mixed": 1}), other()),
        ruleset="canaston",
    ),
    case(
        "canaston: going out without a clean canasta",
        "sides.0.canastas",
        hand(out(canastas={"dirty": 3, "escala": 1}), other()),
        ruleset="canaston",
    ),
    case(
        "canaston: going out with escalas only",
        "sides.0.canastas",
        hand(out(canastas={"escala": 1, "escala_real": 1}), other()),
        ruleset="canaston",
    ),
    case("unknown going-out kind", "going_out_kind", hand(kind="flying")),
    case("surprise in classic", "going_out_kind", hand(kind="surprise")),
    case(
        "classic concealed kind in samba",
        "going_out_kind",
        hand(kind="concealed_from_hand_alone"),
        ruleset="samba",
    ),
    case(
        "classic concealed kind in francaise",
        "going_out_kind",
        hand(kind="concealed_in_play_alone"),
        ruleset="francaise",
    ),
    case("surprise in canaston", "going_out_kind", hand(kind="surprise"), ruleset="canaston"),
    case("going-out kind not a string", "going_out_kind", hand(kind=1)),
    case("going-out kind missing", "going_out_kind", hand(kind=None)),
    case(
        "going-out kind when nobody went out",
        "going_out_kind",
        hand(out(), other(), went_out=None),
        ruleset="samba",
    ),
    case("went out: no such side", "went_out", hand(went_out=2)),
    case(
        "went out: no such side of three",
        "went_out",
        hand(out(), other(), other(), went_out=3),
        players=(2, 2, 2),
    ),
    case("went out: negative", "went_out", hand(went_out=-1)),
    case("went out: a bool", "went_out", hand(went_out=True)),
    case("went out: a float", "went_out", hand(went_out=0.0)),
    case("went out: a string", "went_out", hand(went_out="0")),
    case(
        "a player alone went out with cards in hand",
        "sides.0.hand",
        hand(out(hand=40), other()),
        players=(1, 1),
    ),
    case(
        "a player alone went out with cards in hand (canaston)",
        "sides.2.hand",
        hand(other(), other(), out(hand=5), went_out=2),
        ruleset="canaston",
        players=(1, 1, 1),
    ),
    # flags
    case(
        "black threes melded by a side that did not go out",
        "sides.1.black_threes_melded",
        hand(out(), other(black_threes_melded=True)),
    ),
    case(
        "black threes melded when nobody went out",
        "sides.0.black_threes_melded",
        hand(other(black_threes_melded=True), other(), went_out=None, kind=None),
    ),
    case(
        "cut exact on two sides",
        "sides.1.cut_exact",
        hand(out(cut_exact=True), other(cut_exact=True)),
        ruleset="canaston",
    ),
    case(
        "cut exact on two of three sides",
        "sides.2.cut_exact",
        hand(out(), other(cut_exact=True), other(cut_exact=True)),
        ruleset="canaston",
        players=(1, 1, 1),
    ),
    case("cut exact in classic", "sides.0.cut_exact", hand(out(cut_exact=True), other())),
    case("cut exact in samba", "sides.1.cut_exact", hand(out(), other(cut_exact=True)), ruleset="samba"),
    case(
        "black threes melded in canaston",
        "sides.0.black_threes_melded",
        hand(out(black_threes_melded=True), other()),
        ruleset="canaston",
    ),
    case(
        "black threes melded in francaise",
        "sides.0.black_threes_melded",
        hand(out(black_threes_melded=True), other()),
        ruleset="francaise",
    ),
    case(
        "same back colour without the house option",
        "sides.1.same_back_colour",
        hand(out(), other(same_back_colour=True)),
    ),
    case("flag not a bool", "sides.0.cut_exact", hand(out(cut_exact=1), other()), ruleset="canaston"),
    case("flag a string", "sides.0.black_threes_melded", hand(out(black_threes_melded="yes"), other())),
    # shape
    case("unknown hand field", "foo", hand(foo=1)),
    case("unknown side field", "sides.0.bar", hand(out(bar=1), other())),
    case("a total on a side", "sides.1.total", hand(out(), other(total=50)), ruleset="francaise"),
    case("three sides for a two-side match", "sides", hand(out(), other(), other())),
    case("one side for a two-side match", "sides", hand(out())),
    case("two sides for a three-side match", "sides", hand(out(), other()), players=(2, 2, 2)),
    case("sides not a list", "sides", {**hand(), "sides": {"0": out(), "1": other()}}),
    case("side not an object", "sides.1", hand(out(), [100, 50])),
    case("hand not an object", "_", [out(), other()]),
    case("number missing", "number", {k: v for k, v in hand().items() if k != "number"}),
    case("number 0", "number", hand(number=0)),
    case("number a string", "number", hand(number="1")),
    case("number a bool", "number", hand(number=True)),
]


@pytest.mark.parametrize(("ruleset", "players", "data", "path"), CASES)
def test_rejected_hand_names_the_field(ruleset, players, data, path):
    assert set(errors(data, ruleset, players)) == {path}


def test_expected_number():
    rs = get_ruleset("classic")
    with pytest.raises(ValidationError) as info:
        parse_hand(rs, hand(number=1), players=[2, 2], expected_number=2)
    assert set(info.value.as_dict()) == {"number"}
    assert parse_hand(rs, hand(number=2), players=[2, 2], expected_number=2).number == 2


def test_every_error_is_reported_at_once():
    data = hand(out(melds=-5, canastas={"clean": 1, "xyz": 1}), other(hand=7), kind="flying", foo=1)
    assert set(errors(data)) == {
        "sides.0.melds",
        "sides.0.canastas.xyz",
        "sides.1.hand",
        "going_out_kind",
        "foo",
    }


def test_samba_house_rule_two_canastas_to_go_out():
    data = hand(out(canastas={"samba": 1}), other())
    assert accepted(data, "samba").went_out == 0
    assert set(errors(data, "samba", house_rules={"going_out_min_canastas": 2})) == {"sides.0.canastas"}
    assert accepted(
        hand(out(canastas={"samba": 1, "dirty": 1}), other()),
        "samba",
        house_rules={"going_out_min_canastas": 2},
    )


# --- accepted edge cases ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "flag"),
    [
        ("classic", "cut_exact"),
        ("samba", "cut_exact"),
        ("samba", "black_threes_melded"),
        ("canaston", "black_threes_melded"),
        ("canaston", "same_back_colour"),
        ("francaise", "cut_exact"),
        ("classic", "same_back_colour"),
    ],
)
def test_flag_of_another_rule_set_set_false_is_accepted(ruleset, flag):
    parsed = accepted(hand(out(**{flag: False}), other(**{flag: False})), ruleset)
    assert all(not s.flags for s in parsed.sides)


def test_full_decks_are_accepted():
    # classic: exactly four red threes, two melded and two held in hand
    accepted(hand(out(red_threes=2), other(penalties=[{"code": "red_three_in_hand", "count": 2}])))
    # samba: all six; canastón 8 decks: sixteen; 4 decks: eight
    accepted(hand(out(red_threes=6), other()), "samba")
    accepted(hand(out(red_threes=9), other(red_threes=7)), "canaston", (3, 3))
    accepted(hand(out(red_threes=4), other(red_threes=4)), "canaston", (2, 2))
    # canastón 4 decks: a black-threes canasta (7) and one black three in hand = 8
    accepted(
        hand(
            out(canastas={"clean": 1, "dirty": 1, "black_threes": 1}),
            other(penalties=[{"code": "black_three_in_hand"}]),
        ),
        "canaston",
    )
    # melds and hands add up to exactly the 1180 points of two decks
    accepted(hand(out(melds=700), other(melds=400, hand=80)))


def test_players_in_pairs_may_keep_cards_after_going_out():
    assert accepted(hand(out(hand=40), other()), "classic", (2, 2)).sides[0].hand == 40


def test_custom_penalty_is_accepted_and_normalised():
    data = hand(out(), other(penalties=[{"code": "custom", "points": 150, "description": "  late  "}]))
    entry = accepted(data).sides[1].penalties[0]
    assert (entry.code, entry.count, entry.points, entry.description) == ("custom", 1, 150, "late")


# --- house rules --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "house_rules", "paths"),
    [
        ("classic", {"nope": True}, {"house_rules.nope"}),
        ("classic", {"penalties.nope": 100}, {"house_rules.penalties.nope"}),
        ("classic", {"penalties.drew_two_cards": 33}, {"house_rules.penalties.drew_two_cards"}),
        ("classic", {"penalties.drew_two_cards": -5}, {"house_rules.penalties.drew_two_cards"}),
        ("classic", {"penalties.drew_two_cards": True}, {"house_rules.penalties.drew_two_cards"}),
        ("classic", {"penalties.drew_two_cards": 100.0}, {"house_rules.penalties.drew_two_cards"}),
        ("classic", {"penalties.drew_two_cards": "100"}, {"house_rules.penalties.drew_two_cards"}),
        ("classic", {"penalties.drew_two_cards": 100_005}, {"house_rules.penalties.drew_two_cards"}),
        ("classic", {"aces_canastas": 1}, {"house_rules.aces_canastas"}),
        ("classic", {"aces_canastas": "yes"}, {"house_rules.aces_canastas"}),
        ("classic", {"melds_only_went_out": None}, {"house_rules.melds_only_went_out"}),
        ("classic", {"canasta_kinds.aces_clean": 1000}, {"house_rules.canasta_kinds.aces_clean"}),
        ("classic", {"going_out_min_canastas": 5}, {"house_rules.going_out_min_canastas"}),
        ("classic", {"penalties.black_three_in_hand": 100}, {"house_rules.penalties.black_three_in_hand"}),
        ("samba", {"going_out_min_canastas": 5}, {"house_rules.going_out_min_canastas"}),
        ("samba", {"going_out_min_canastas": 0}, {"house_rules.going_out_min_canastas"}),
        ("samba", {"going_out_min_canastas": True}, {"house_rules.going_out_min_canastas"}),
        ("samba", {"aces_canastas": True}, {"house_rules.aces_canastas"}),
        ("canaston", {"cut_exact": True}, {"house_rules.cut_exact"}),
        ("francaise", {"going_out_kinds.normal": 7}, {"house_rules.going_out_kinds.normal"}),
        (
            "classic",
            {"nope": 1, "penalties.drew_two_cards": 33},
            {"house_rules.nope", "house_rules.penalties.drew_two_cards"},
        ),
    ],
)
def test_bad_house_rules(ruleset, house_rules, paths):
    with pytest.raises(ValidationError) as info:
        get_ruleset(ruleset, house_rules)
    assert set(info.value.as_dict()) == paths


def test_house_rules_not_an_object():
    with pytest.raises(ValidationError) as info:
        get_ruleset("classic", ["aces_canastas"])  # type: ignore[arg-type]
    assert set(info.value.as_dict()) == {"house_rules"}


def test_house_rule_on_an_option_item_once_the_option_is_on():
    rs = get_ruleset("classic", {"aces_canastas": True, "canasta_kinds.aces_clean": 1000})
    parsed = parse_hand(rs, hand(out(canastas={"aces_clean": 1}), other()), players=[2, 2])
    # melds 300 + aces_clean 1000 (house value) + going out 100 = 1400
    assert score_hand(rs, parsed)[0].to_json() == {
        "melds": 300,
        "hand": 0,
        "canastas": 1000,
        "red_threes": 0,
        "going_out": 100,
        "specials": 0,
        "penalties": 0,
        "total": 1400,
    }


# --- rule sets and sides ------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", ["nope", "", "Classic", None])
def test_unknown_rule_set(ruleset_id):
    with pytest.raises(UnknownRuleSet):
        get_ruleset(ruleset_id)  # type: ignore[arg-type]


def pair(name: str, *players: str) -> dict[str, Any]:
    return {"name": name, "players": list(players)}


@pytest.mark.parametrize(
    ("sides", "counts"),
    [
        ([pair("Us", "Ana", "Bea"), pair("Them", "Carl", "Dani")], [2, 2]),
        ([pair("A", "Ana"), pair("B", "Bea"), pair("C", "Carl")], [1, 1, 1]),
        ([pair("A", "Ana", "Bea", "Carl"), pair("B", "Dani", "Eva", "Fede")], [3, 3]),
        ([pair("A", "Ana"), pair("B", "Bea", "Carl")], [1, 2]),
    ],
)
def test_check_sides_counts_players(sides, counts):
    assert check_sides(sides) == counts


@pytest.mark.parametrize(
    ("sides", "paths"),
    [
        ([pair("A", "Ana")], {"sides"}),
        ([pair("A", "Ana"), pair("B", "Bea"), pair("C", "Carl"), pair("D", "Dani")], {"sides"}),
        ([], {"sides"}),
        ({"A": ["Ana"], "B": ["Bea"]}, {"sides"}),
        ([pair("A"), pair("B", "Bea")], {"sides.0.players"}),
        ([pair("A", "Ana"), pair("B", "Bea", "Carl", "Dani", "Eva")], {"sides.1.players"}),
        ([pair("A", "Ana", "Bea"), pair("B", "Carl", "ana ")], {"sides"}),
        ([pair("A", "Ana", "Ana"), pair("B", "Bea")], {"sides"}),
        ([{"players": ["Ana"]}, pair("B", "Bea")], {"sides.0.name"}),
        ([pair("  ", "Ana"), pair("B", "Bea")], {"sides.0.name"}),
        ([pair("A", "Ana", ""), pair("B", "Bea")], {"sides.0.players.1"}),
        ([pair("A", "Ana"), "B"], {"sides.1"}),
        ([{**pair("A", "Ana"), "colour": "red"}, pair("B", "Bea")], {"sides.0.colour"}),
    ],
)
def test_check_sides_rejects(sides, paths):
    with pytest.raises(ValidationError) as info:
        check_sides(sides)
    assert set(info.value.as_dict()) == paths


# --- fold_match ---------------------------------------------------------------------------------------


def test_no_hand_after_the_hand_that_ended_the_match():
    rs = get_ruleset("classic")
    # melds 600 + 4×500 + 3×300 + going out 100 + 7 canastas 2000 = 5600 ≥ 5000: the match ends
    ending = parse_hand(rs, hand(out(melds=600, canastas={"clean": 4, "dirty": 3}), other()), players=[2, 2])
    state = fold_match(rs, target=5000, sides=2, hands=[ending])
    assert state.finished
    following = parse_hand(rs, hand(number=2), players=[2, 2])
    with pytest.raises(ValidationError) as info:
        fold_match(rs, target=5000, sides=2, hands=[ending, following])
    assert set(info.value.as_dict()) == {"_"}


def test_hands_must_be_numbered_in_order():
    rs = get_ruleset("classic")
    first = parse_hand(rs, hand(number=1), players=[2, 2])
    third = parse_hand(rs, hand(number=3), players=[2, 2])
    with pytest.raises(ValidationError) as info:
        fold_match(rs, target=5000, sides=2, hands=[first, third])
    assert set(info.value.as_dict()) == {"number"}
    with pytest.raises(ValidationError):
        fold_match(rs, target=5000, sides=2, hands=[third])


def test_going_out_with_partner_needs_a_partner():
    """A lone player cannot go out "apoyándose en el compañero"."""
    from scorekeeper.rules import ValidationError, get_ruleset, parse_hand

    rs = get_ruleset("classic")
    body = {
        "number": 1,
        "went_out": 0,
        "going_out_kind": "concealed_in_play_with_partner",
        "sides": [{"melds": 400, "canastas": {"clean": 1}}, {"melds": 50, "hand": 30}],
    }
    try:
        parse_hand(rs, body, players=[1, 1])
    except ValidationError as error:
        assert set(error.as_dict()) == {"going_out_kind"}
    else:
        raise AssertionError("a lone player went out with a partner's help")
    assert parse_hand(rs, body, players=[2, 2]).going_out_kind == "concealed_in_play_with_partner"


def test_players_that_are_not_a_list_are_a_field_error():
    """Found by fuzzing: a number where the list of players belongs."""
    from scorekeeper.rules import ValidationError, check_sides

    try:
        check_sides([{"name": "A", "players": 1}, {"name": "B", "players": ["Eva"]}])
    except ValidationError as error:
        assert set(error.as_dict()) == {"sides.0.players"}
    else:
        raise AssertionError("accepted a number as the players")


def test_canastas_need_the_points_of_their_cards():
    """Found in review: a blank melds field with canastas was stored as 0 and the side lost its cards'
    points. A canasta is seven cards of at least 5 points, so n canastas hold at least 35 × n."""
    from scorekeeper.rules import ValidationError, get_ruleset, parse_hand

    rs = get_ruleset("classic")
    body = {
        "number": 1,
        "went_out": 0,
        "going_out_kind": "normal",
        "sides": [{"melds": 0, "canastas": {"clean": 2}}, {"melds": 50}],
    }
    try:
        parse_hand(rs, body, players=[2, 2])
    except ValidationError as error:
        assert set(error.as_dict()) == {"sides.0.melds"}
    else:
        raise AssertionError("two canastas with no meld points were accepted")
    body["sides"][0]["melds"] = 70  # two canastas of seven 4s: the least they can be
    assert parse_hand(rs, body, players=[2, 2]).sides[0].melds == 70
