"""Hands through the API: ``POST /matches/ID/hands``, ``PUT`` and ``DELETE /matches/ID/hands/N``.

A classic match is played to its end with every total and opening minimum worked out by hand from
RULES.md; hands are replaced and deleted with everything after them recomputed; house rules and a
match's own target are used; and every failing request (400, 404, 409, 422) changes nothing.
"""

from __future__ import annotations

import json
import sqlite3

import pytest

from tests.helpers import Deadlock, lose_lock_race

from .helpers import (
    LINES,
    create_match,
    custom,
    error_paths,
    get_match,
    hand_body,
    match_body,
    minimums,
    penalty,
    post_hand,
    side,
    simple_hand,
    totals,
)


def lines(melds, hand, canastas, red_threes, going_out, specials, penalties):
    """A breakdown as API.md shows it: the seven lines and their total."""
    values = dict(
        zip(LINES, (melds, hand, canastas, red_threes, going_out, specials, penalties), strict=True)
    )
    return {**values, "total": sum(values.values())}


# A classic match (target 5000) for two pairs, hand by hand. Opening bands: below 0 → 15,
# 0 → 50, 1500 → 90, 3000 → 120.
CLASSIC_MATCH = [
    # Hand 1: the example of API.md without its custom penalty. Side 0 goes out (normal).
    # Side 0: 640 melds + 0 hand + 500 clean + 300 dirty + 100 one red three (it has a canasta)
    #         + 100 going out - 50 drew_two_cards = 1590.
    # Side 1: 210 melds - 85 in hand = 125.
    # Totals 1590, 125 → next minimums 90 (1500 band), 50.
    {
        "body": hand_body(
            1,
            [
                side(640, 0, 1, {"clean": 1, "dirty": 1}, [penalty("drew_two_cards", 1)]),
                side(210, 85, 0, {}, []),
            ],
            went_out=0,
            going_out_kind="normal",
        ),
        "breakdown": [lines(640, 0, 800, 100, 100, 0, -50), lines(210, -85, 0, 0, 0, 0, 0)],
        "minimums_before": [50, 50],
        "totals_after": [1590, 125],
        "minimums_after": [90, 50],
    },
    # Hand 2: side 0 goes out (normal) with 2 clean + 1 dirty and two red threes:
    #         700 + 1000 + 300 + 200 + 100 = 2300 → 3890 (3000 band: 120).
    # Side 1 has no canasta, so its two red threes count against it: -200 in hand - 200 = -400
    #         → 125 - 400 = -275 (below 0: 15).
    {
        "body": hand_body(
            2,
            [side(700, 0, 2, {"clean": 2, "dirty": 1}), side(0, 200, 2)],
            went_out=0,
            going_out_kind="normal",
        ),
        "breakdown": [lines(700, 0, 1300, 200, 100, 0, 0), lines(0, -200, 0, -200, 0, 0, 0)],
        "minimums_before": [90, 50],
        "totals_after": [3890, -275],
        "minimums_after": [120, 15],
    },
    # Hand 3: nobody goes out (stock exhausted).
    # Side 0: 300 - 150, one red three without a canasta -100 = 50 → 3940 (120).
    # Side 1: 500 - 60 + 300 dirty + 100 red three - 150 custom penalty = 690 → 415 (50).
    {
        "body": hand_body(
            3,
            [side(300, 150, 1), side(500, 60, 1, {"dirty": 1}, [custom(150)])],
        ),
        "breakdown": [lines(300, -150, 0, -100, 0, 0, 0), lines(500, -60, 300, 100, 0, 0, -150)],
        "minimums_before": [120, 15],
        "totals_after": [3940, 415],
        "minimums_after": [120, 50],
    },
    # Hand 4: side 0 goes out concealed in play, alone (500 instead of the normal 100), melding the
    #         four black threes (special 500): 400 + 500 clean + 500 + 500 = 1900 → 5840.
    # Side 1: 150 - 100 - 2 × 50 drew_two_cards = -50 → 365.
    # 5840 ≥ 5000: the match is over and side 0 wins.
    {
        "body": hand_body(
            4,
            [
                side(400, 0, canastas={"clean": 1}, black_threes_melded=True),
                side(150, 100, penalties=[penalty("drew_two_cards", 2)]),
            ],
            went_out=0,
            going_out_kind="concealed_in_play_alone",
        ),
        "breakdown": [lines(400, 0, 500, 0, 500, 500, 0), lines(150, -100, 0, 0, 0, 0, -100)],
        "minimums_before": [120, 50],
        "totals_after": [5840, 365],
        "minimums_after": [120, 50],
    },
]


def play(api, hands, body=None):
    """A new match (classic for two pairs by default) with ``hands`` posted; its id."""
    match_id = create_match(api, body)["id"]
    for hand in hands:
        post_hand(api, match_id, hand.get("body", hand))
    return match_id


# --- a whole match -----------------------------------------------------------------------------


def test_a_classic_match_played_to_its_end(api):
    match_id = create_match(api)["id"]
    for step in CLASSIC_MATCH:
        answer = post_hand(api, match_id, step["body"])
        hand, match = answer["hand"], answer["match"]
        assert hand["number"] == step["body"]["number"]
        assert hand["breakdown"] == step["breakdown"]
        assert hand["scores"] == [b["total"] for b in step["breakdown"]]
        assert hand["opening_minimums_before"] == step["minimums_before"]
        assert hand["totals_after"] == step["totals_after"]
        assert totals(match) == step["totals_after"]
        assert minimums(match) == step["minimums_after"]
        last = step["body"]["number"] == len(CLASSIC_MATCH)
        assert match["finished"] is last
        assert match["winner"] == (0 if last else None)

    final = get_match(api, match_id)
    assert final["finished"] is True
    assert final["winner"] == 0
    assert totals(final) == [5840, 365]
    assert [h["number"] for h in final["hands"]] == [1, 2, 3, 4]
    assert [h["totals_after"] for h in final["hands"]] == [s["totals_after"] for s in CLASSIC_MATCH]

    # The match is over: a fifth hand is a conflict, and nothing is stored.
    response = api.post(f"/matches/{match_id}/hands", simple_hand(5))
    assert error_paths(response, 409) == {"_"}
    assert get_match(api, match_id) == final


# --- the shape of a hand -----------------------------------------------------------------------

API_MD_EXAMPLE = {
    "number": 1,
    "went_out": 0,
    "going_out_kind": "normal",
    "sides": [
        {
            "melds": 640,
            "hand": 0,
            "red_threes": 1,
            "canastas": {"clean": 1, "dirty": 1},
            "black_threes_melded": False,
            "cut_exact": False,
            "penalties": [
                {"code": "drew_two_cards", "count": 1},
                {"code": "custom", "points": 150, "description": "house rule"},
            ],
        },
        {"melds": 210, "hand": 85, "red_threes": 0, "canastas": {}, "penalties": []},
    ],
}


def test_the_example_of_the_contract_answers_201_with_hand_and_match(api):
    match_id = create_match(api)["id"]
    response = api.post(f"/matches/{match_id}/hands", API_MD_EXAMPLE)
    assert response.status_code == 201
    answer = response.get_json()
    assert set(answer) == {"hand", "match"}
    hand, match = answer["hand"], answer["match"]

    # 640 + 800 canastas + 100 red three + 100 going out - 50 drew_two_cards - 150 custom = 1440.
    # (API.md's sample answer, 1590 and penalties -50, leaves the custom penalty of its body out.)
    assert hand["number"] == 1
    assert hand["breakdown"] == [lines(640, 0, 800, 100, 100, 0, -200), lines(210, -85, 0, 0, 0, 0, 0)]
    assert hand["scores"] == [1440, 125]
    for score, breakdown in zip(hand["scores"], hand["breakdown"], strict=True):
        assert set(breakdown) == {*LINES, "total"}
        assert score == breakdown["total"] == sum(breakdown[line] for line in LINES)
    assert hand["totals_after"] == [1440, 125]
    assert hand["opening_minimums_before"] == [50, 50]

    posted = hand["input"]
    assert posted["number"] == 1
    assert posted["went_out"] == 0
    assert posted["going_out_kind"] == "normal"
    first, second = posted["sides"]
    assert (first["melds"], first["hand"], first["red_threes"]) == (640, 0, 1)
    assert first["canastas"] == {"clean": 1, "dirty": 1}
    assert first["black_threes_melded"] is False
    assert [(p["code"], p["count"]) for p in first["penalties"]] == [("drew_two_cards", 1), ("custom", 1)]
    assert (first["penalties"][1]["points"], first["penalties"][1]["description"]) == (150, "house rule")
    assert (second["melds"], second["hand"], second["red_threes"]) == (210, 85, 0)
    assert (second["canastas"], second["penalties"]) == ({}, [])

    assert totals(match) == [1440, 125]
    assert minimums(match) == [50, 50]  # 1440 is still in the 0 band
    assert match["hands"] == [hand]
    assert match == get_match(api, match_id)


def test_defaults_of_a_side(api):
    """``red_threes``, ``canastas``, ``penalties``, the flags and ``count`` may be left out."""
    match_id = create_match(api)["id"]
    body = hand_body(
        1,
        [side(300, 0, canastas={"clean": 1}, penalties=[{"code": "took_back_drawn_card"}]), side(50, 0)],
        went_out=0,
        going_out_kind="normal",
    )
    hand = post_hand(api, match_id, body)["hand"]
    # 300 + 500 + 100 - 50 = 850; 50.
    assert hand["breakdown"] == [lines(300, 0, 500, 0, 100, 0, -50), lines(50, 0, 0, 0, 0, 0, 0)]
    assert hand["input"]["sides"][0]["penalties"][0]["count"] == 1
    assert hand["input"]["sides"][1]["red_threes"] == 0


@pytest.mark.parametrize(
    ("canastas", "bonus", "special"),
    [
        ({"clean": 2, "dirty": 2}, 1600, 0),
        ({"clean": 3, "dirty": 2}, 2100, 500),  # canastrón: 5 canastas
        ({"clean": 4, "dirty": 2}, 2600, 500),
        ({"clean": 4, "dirty": 3}, 2900, 2000),  # canasta de canastas: 7, not 2000 + 500
    ],
)
def test_many_canastas_bonus_is_a_special(api, canastas, bonus, special):
    match_id = create_match(api)["id"]
    body = hand_body(1, [side(900, 0, canastas=canastas), side(50, 50)], went_out=0, going_out_kind="normal")
    hand = post_hand(api, match_id, body)["hand"]
    assert hand["breakdown"][0] == lines(900, 0, bonus, 0, 100, special, 0)


def test_opening_bands_are_closed_below(api):
    # Side 0: 900 + 500 + 100 = exactly 1500 → 90. Side 1: 40 - 40 = exactly 0 → 50.
    body = hand_body(
        1, [side(900, 0, canastas={"clean": 1}), side(40, 40)], went_out=0, going_out_kind="normal"
    )
    match = post_hand(api, create_match(api)["id"], body)["match"]
    assert totals(match) == [1500, 0]
    assert minimums(match) == [90, 50]


# --- three sides -------------------------------------------------------------------------------

THREE = [{"name": n, "players": [n]} for n in ("Ana", "Eva", "Juan")]


def test_a_match_of_three_sides(api):
    match_id = create_match(api, match_body(sides=THREE))["id"]
    # Side 2 goes out: 300 + 500 + 100 = 900. Side 0: 100 - 30 = 70.
    # Side 1: -85 in hand and its red three without a canasta -100 = -185 (below 0 → 15).
    body = hand_body(
        1,
        [side(100, 30), side(0, 85, 1), side(300, 0, canastas={"clean": 1})],
        went_out=2,
        going_out_kind="normal",
    )
    answer = post_hand(api, match_id, body)
    assert answer["hand"]["scores"] == [70, -185, 900]
    assert totals(answer["match"]) == [70, -185, 900]
    assert minimums(answer["match"]) == [50, 15, 50]
    # Hand 2: side 1 goes out; side 1's red three now counts for it.
    # Side 0: -20. Side 1: 400 + 300 + 100 + 100 = 900 → 715. Side 2: 60 - 25 = 35 → 935.
    body = hand_body(
        2,
        [side(0, 20), side(400, 0, 1, {"dirty": 1}), side(60, 25)],
        went_out=1,
        going_out_kind="normal",
    )
    answer = post_hand(api, match_id, body)
    assert answer["hand"]["scores"] == [-20, 900, 35]
    assert totals(answer["match"]) == [50, 715, 935]
    assert answer["hand"]["opening_minimums_before"] == [50, 15, 50]


def test_three_sides_need_three_entries(api):
    match_id = create_match(api, match_body(sides=THREE))["id"]
    before = get_match(api, match_id)
    response = api.post(f"/matches/{match_id}/hands", simple_hand(1))
    assert error_paths(response, 422) == {"sides"}
    assert get_match(api, match_id) == before


def test_a_player_who_went_out_alone_has_no_cards_in_hand(api):
    match_id = create_match(api, match_body(sides=THREE))["id"]
    body = hand_body(
        1,
        [side(100, 30), side(0, 85), side(300, 10, canastas={"clean": 1})],
        went_out=2,
        going_out_kind="normal",
    )
    assert error_paths(api.post(f"/matches/{match_id}/hands", body), 422) == {"sides.2.hand"}
    assert get_match(api, match_id)["hands"] == []


# --- house rules and target --------------------------------------------------------------------

PENALISED = hand_body(
    1,
    [side(300, 0, canastas={"clean": 1}), side(100, 40, penalties=[penalty("drew_two_cards")])],
    0,
    "normal",
)


def test_a_house_rule_changes_the_points(api):
    book = post_hand(api, create_match(api)["id"], PENALISED)["hand"]
    house = post_hand(
        api,
        create_match(api, match_body(house_rules={"penalties.drew_two_cards": 100}))["id"],
        PENALISED,
    )["hand"]
    # Side 1: 100 - 40 - 50 by the book = 10; with the house rule 100 - 40 - 100 = -40.
    assert book["breakdown"][1] == lines(100, -40, 0, 0, 0, 0, -50)
    assert house["breakdown"][1] == lines(100, -40, 0, 0, 0, 0, -100)


def test_a_house_option_adds_canasta_kinds(api):
    body = hand_body(1, [side(300, 0, canastas={"aces_clean": 1}), side(100, 40)], 0, "normal")
    plain = create_match(api)["id"]
    response = api.post(f"/matches/{plain}/hands", body)
    assert error_paths(response, 422) == {"sides.0.canastas.aces_clean"}
    assert get_match(api, plain)["hands"] == []

    aces = create_match(api, match_body(house_rules={"aces_canastas": True}))["id"]
    hand = post_hand(api, aces, body)["hand"]
    # 300 + 800 clean canasta of aces + 100 going out = 1200.
    assert hand["breakdown"][0] == lines(300, 0, 800, 0, 100, 0, 0)


def test_the_target_of_the_match_decides_when_it_ends(api):
    hands = [simple_hand(1), simple_hand(2)]  # side 0 scores 900 each hand, side 1 60
    by_book = play(api, hands)
    own_target = play(api, hands, match_body(target=1500))
    assert get_match(api, by_book)["finished"] is False
    ended = get_match(api, own_target)
    assert (ended["finished"], ended["winner"], totals(ended)) == (True, 0, [1800, 120])
    assert api.post(f"/matches/{own_target}/hands", simple_hand(3)).status_code == 409
    assert api.post(f"/matches/{by_book}/hands", simple_hand(3)).status_code == 201


def test_a_tie_at_the_top_means_another_hand(api):
    match_id = create_match(api, match_body(target=100))["id"]
    # Nobody goes out; both sides make 150 ≥ 100, tied: the match goes on.
    tied = post_hand(api, match_id, hand_body(1, [side(150, 0), side(150, 0)]))["match"]
    assert (tied["finished"], tied["winner"]) == (False, None)
    # Side 1 pulls ahead: 150 + 0 against 150 + 50. Side 1 (index 1) wins.
    over = post_hand(api, match_id, hand_body(2, [side(0, 0), side(50, 0)]))["match"]
    assert (over["finished"], over["winner"], totals(over)) == (True, 1, [150, 200])


# --- hand numbers and 409 ----------------------------------------------------------------------


def test_a_duplicate_hand_number_is_409_and_only_one_hand_is_stored(api):
    match_id = create_match(api)["id"]
    first = post_hand(api, match_id, simple_hand(1))
    before = get_match(api, match_id)
    for body in (simple_hand(1), hand_body(1, [side(100, 0), side(100, 0)])):
        assert error_paths(api.post(f"/matches/{match_id}/hands", body), 409) == {"_"}
    after = get_match(api, match_id)
    assert after == before
    assert len(after["hands"]) == 1
    assert after["hands"][0] == first["hand"]


def test_two_devices_entering_the_same_hand_only_one_lands(api, monkeypatch):
    """Another device stores hand 1 after this request has checked the number but before it commits
    (bumping the match's revision, as every write does): this request is a 409 and the other hand
    stays."""
    from scorekeeper.extensions import db
    from scorekeeper.models import Hand, Match
    from scorekeeper.services import matches as services

    match_id = create_match(api)["id"]
    other_device = hand_body(1, [side(100, 0), side(200, 0)])  # nobody went out: 100, 200
    parse = services._parse

    def parse_while_another_device_lands(mv, data, number):
        hand = parse(mv, data, number)
        stored = parse(mv, other_device, number).to_json(mv.ruleset.flag_codes)
        with db.engine.begin() as connection:
            connection.execute(Hand.__table__.insert().values(match_id=match_id, number=number, input=stored))
            revision = Match.__table__.c.revision
            connection.execute(
                Match.__table__.update().where(Match.__table__.c.id == match_id).values(revision=revision + 1)
            )
        return hand

    monkeypatch.setattr(services, "_parse", parse_while_another_device_lands)
    response = api.post(f"/matches/{match_id}/hands", simple_hand(1))
    monkeypatch.undo()

    assert error_paths(response, 409) == {"_"}
    match = get_match(api, match_id)
    assert [h["scores"] for h in match["hands"]] == [[100, 200]]
    assert totals(match) == [100, 200]


@pytest.mark.parametrize(("stored", "number"), [(0, 3), (0, 0), (0, 2), (1, 3), (2, 4), (0, "1"), (0, None)])
def test_a_hand_number_other_than_the_next_is_422_at_number(api, stored, number):
    match_id = play(api, [simple_hand(n) for n in range(1, stored + 1)])
    before = get_match(api, match_id)
    body = {**simple_hand(1), "number": number}
    assert error_paths(api.post(f"/matches/{match_id}/hands", body), 422) == {"number"}
    assert get_match(api, match_id) == before


def test_a_hand_without_number_is_422_at_number(api):
    match_id = create_match(api)["id"]
    body = simple_hand(1)
    del body["number"]
    assert error_paths(api.post(f"/matches/{match_id}/hands", body), 422) == {"number"}
    assert get_match(api, match_id)["hands"] == []


def test_a_hand_for_a_finished_match_is_409(api):
    match_id = play(api, [simple_hand(1)], match_body(target=500))
    before = get_match(api, match_id)
    assert before["finished"] is True
    assert error_paths(api.post(f"/matches/{match_id}/hands", simple_hand(2)), 409) == {"_"}
    assert get_match(api, match_id) == before


# --- 422 with field paths ----------------------------------------------------------------------


def broken(change):
    """``simple_hand(1)`` with ``change`` applied to it."""
    body = simple_hand(1)
    change(body)
    return body


INVALID_HANDS = {
    "negative melds": (lambda b: b["sides"][1].update(melds=-5), "sides.1.melds"),
    "melds off the step": (lambda b: b["sides"][1].update(melds=7), "sides.1.melds"),
    "melds a string": (lambda b: b["sides"][1].update(melds="100"), "sides.1.melds"),
    "melds a fraction": (lambda b: b["sides"][1].update(melds=100.5), "sides.1.melds"),
    "hand off the step": (lambda b: b["sides"][1].update(hand=42), "sides.1.hand"),
    "went out without a kind": (lambda b: b.pop("going_out_kind"), "going_out_kind"),
    "unknown going-out kind": (lambda b: b.update(going_out_kind="teleport"), "going_out_kind"),
    "a kind but nobody went out": (lambda b: b.update(went_out=None), "going_out_kind"),
    "went_out not a side": (lambda b: b.update(went_out=2), "went_out"),
    "unknown penalty": (
        lambda b: b["sides"][0].update(
            penalties=[penalty("drew_two_cards"), custom(150), {"code": "cheating", "count": 1}]
        ),
        "sides.0.penalties.2.code",
    ),
    "penalty of another rule set": (
        lambda b: b["sides"][1].update(penalties=[penalty("general_error")]),
        "sides.1.penalties.0.code",
    ),
    "penalty count 0": (
        lambda b: b["sides"][0].update(penalties=[penalty("drew_two_cards", 0)]),
        "sides.0.penalties.0.count",
    ),
    "custom penalty off the step": (
        lambda b: b["sides"][0].update(penalties=[custom(7)]),
        "sides.0.penalties.0.points",
    ),
    "custom penalty negative": (
        lambda b: b["sides"][0].update(penalties=[custom(-100)]),
        "sides.0.penalties.0.points",
    ),
    "custom penalty without description": (
        lambda b: b["sides"][0].update(penalties=[{"code": "custom", "points": 100}]),
        "sides.0.penalties.0.description",
    ),
    "going out without a canasta": (lambda b: b["sides"][0].update(canastas={}), "sides.0.canastas"),
    "unknown canasta kind": (
        lambda b: b["sides"][0].update(canastas={"clean": 1, "samba": 1}),
        "sides.0.canastas.samba",
    ),
    "negative canastas": (lambda b: b["sides"][1].update(canastas={"dirty": -1}), "sides.1.canastas.dirty"),
    "more red threes than the decks hold": (
        lambda b: b["sides"][0].update(red_threes=5),
        "sides.0.red_threes",
    ),
    "red threes of both sides over the decks": (
        lambda b: (b["sides"][0].update(red_threes=3), b["sides"][1].update(red_threes=2)),
        "_",
    ),
    "more card points than the decks hold": (lambda b: b["sides"][0].update(melds=1100), "_"),
    "black threes by a side that did not go out": (
        lambda b: b["sides"][1].update(black_threes_melded=True),
        "sides.1.black_threes_melded",
    ),
    "flag not a boolean": (
        lambda b: b["sides"][0].update(black_threes_melded="yes"),
        "sides.0.black_threes_melded",
    ),
    "flag of another rule set": (lambda b: b["sides"][0].update(cut_exact=True), "sides.0.cut_exact"),
    "one entry for two sides": (lambda b: b["sides"].pop(), "sides"),
    "three entries for two sides": (lambda b: b["sides"].append(side(0, 0)), "sides"),
    "unknown field": (lambda b: b.update(comment="good game"), "comment"),
    "unknown field of a side": (lambda b: b["sides"][1].update(jokers=2), "sides.1.jokers"),
}


@pytest.mark.parametrize(("change", "path"), INVALID_HANDS.values(), ids=INVALID_HANDS.keys())
def test_post_of_a_hand_that_breaks_a_rule_is_422_at_the_field(api, change, path):
    match_id = create_match(api)["id"]
    before = get_match(api, match_id)
    response = api.post(f"/matches/{match_id}/hands", broken(change))
    assert error_paths(response, 422) == {path}
    assert get_match(api, match_id) == before


@pytest.mark.parametrize(("change", "path"), INVALID_HANDS.values(), ids=INVALID_HANDS.keys())
def test_put_of_a_hand_that_breaks_a_rule_is_422_at_the_field(api, change, path):
    match_id = play(api, [simple_hand(1)])
    before = get_match(api, match_id)
    response = api.put(f"/matches/{match_id}/hands/1", broken(change))
    assert error_paths(response, 422) == {path}
    assert get_match(api, match_id) == before


@pytest.mark.parametrize("method", ["post", "put"])
@pytest.mark.parametrize("body", [[simple_hand(1)], "hand", 1], ids=["a list", "a string", "a number"])
def test_a_hand_that_is_not_an_object_is_422_at_underscore(api, method, body):
    match_id = play(api, [simple_hand(1)] if method == "put" else [])
    before = get_match(api, match_id)
    path = f"/matches/{match_id}/hands" + ("/1" if method == "put" else "")
    response = getattr(api, method)(path, data=json.dumps(body), content_type="application/json")
    assert error_paths(response, 422) == {"_"}
    assert get_match(api, match_id) == before


# --- 400 ---------------------------------------------------------------------------------------

NOT_JSON = {
    "malformed": b'{"number": 1, "sides": [',
    "empty": b"",
    "NaN": json.dumps(broken(lambda b: b["sides"][1].update(melds=float("nan")))).encode(),
    "trailing comma": b'{"number": 1,}',
}


@pytest.mark.parametrize("data", NOT_JSON.values(), ids=NOT_JSON.keys())
@pytest.mark.parametrize("method", ["post", "put"])
def test_a_body_that_is_not_json_is_400(api, method, data):
    match_id = play(api, [simple_hand(1)] if method == "put" else [])
    before = get_match(api, match_id)
    path = f"/matches/{match_id}/hands" + ("/1" if method == "put" else "")
    response = getattr(api, method)(path, data=data, content_type="application/json")
    assert error_paths(response, 400) == {"_"}
    assert get_match(api, match_id) == before


# --- 404 ---------------------------------------------------------------------------------------


def test_hands_of_a_match_that_does_not_exist_are_404(api):
    missing = create_match(api)["id"] + 1
    assert error_paths(api.post(f"/matches/{missing}/hands", simple_hand(1)), 404) == {"_"}
    assert error_paths(api.put(f"/matches/{missing}/hands/1", simple_hand(1)), 404) == {"_"}
    assert error_paths(api.delete(f"/matches/{missing}/hands/1"), 404) == {"_"}


def test_another_account_cannot_touch_the_hands_404(api, other_api):
    match_id = play(api, [simple_hand(1), simple_hand(2)])
    before = get_match(api, match_id)
    requests = [
        other_api.get(f"/matches/{match_id}"),
        other_api.post(f"/matches/{match_id}/hands", simple_hand(3)),
        other_api.post(f"/matches/{match_id}/hands", simple_hand(2)),
        other_api.put(f"/matches/{match_id}/hands/1", hand_body(1, [side(0, 100), side(0, 100)])),
        other_api.put(f"/matches/{match_id}/hands/2", simple_hand(2)),
        other_api.delete(f"/matches/{match_id}/hands/2"),
        other_api.delete(f"/matches/{match_id}/hands/1"),
        other_api.post(f"/matches/{match_id}/hands", data=b"{", content_type="application/json"),
    ]
    for response in requests:
        assert error_paths(response, 404) == {"_"}, response.request.method
    assert get_match(api, match_id) == before


@pytest.mark.parametrize("number", [0, 2, 3, 99])
def test_a_hand_number_that_does_not_exist_is_404(api, number):
    match_id = play(api, [simple_hand(1)])
    before = get_match(api, match_id)
    assert error_paths(api.put(f"/matches/{match_id}/hands/{number}", simple_hand(number)), 404) == {"_"}
    assert error_paths(api.delete(f"/matches/{match_id}/hands/{number}"), 404) == {"_"}
    assert get_match(api, match_id) == before


# --- PUT ---------------------------------------------------------------------------------------


def test_put_replaces_a_hand_and_recomputes_everything_after_it(api):
    match_id = play(api, CLASSIC_MATCH[:3])
    # Was: totals 1590/125, 3890/-275, 3940/415 (see CLASSIC_MATCH).
    # New hand 1: side 0 440 + 800 + 100 = 1340 (no red three, no penalty); side 1 100 - 85 = 15.
    new_first = hand_body(
        1,
        [side(440, 0, canastas={"clean": 1, "dirty": 1}), side(100, 85)],
        went_out=0,
        going_out_kind="normal",
    )
    response = api.put(f"/matches/{match_id}/hands/1", new_first)
    assert response.status_code == 200

    match = get_match(api, match_id)
    hands = match["hands"]
    assert [h["number"] for h in hands] == [1, 2, 3]
    assert hands[0]["scores"] == [1340, 15]
    assert hands[0]["input"]["sides"][0]["melds"] == 440
    # Later hands keep their scores; totals and opening minimums follow the new hand 1:
    # after 1: 1340 (50), 15 (50); after 2: 1340 + 2300 = 3640 (120), 15 - 400 = -385 (15);
    # after 3: 3640 + 50 = 3690 (120), -385 + 690 = 305 (50).
    assert [h["scores"] for h in hands[1:]] == [[2300, -400], [50, 690]]
    assert [h["totals_after"] for h in hands] == [[1340, 15], [3640, -385], [3690, 305]]
    assert [h["opening_minimums_before"] for h in hands] == [[50, 50], [50, 50], [120, 15]]
    assert totals(match) == [3690, 305]
    assert minimums(match) == [120, 50]
    assert match["finished"] is False


def test_put_can_undo_the_end_of_a_match(api):
    match_id = play(api, CLASSIC_MATCH)
    assert get_match(api, match_id)["finished"] is True
    # Hand 4 again, going out normally without the black threes: 400 + 500 + 100 = 1000 → 4940 < 5000.
    body = hand_body(
        4,
        [side(400, 0, canastas={"clean": 1}), side(150, 100, penalties=[penalty("drew_two_cards", 2)])],
        went_out=0,
        going_out_kind="normal",
    )
    assert api.put(f"/matches/{match_id}/hands/4", body).status_code == 200
    match = get_match(api, match_id)
    assert (match["finished"], match["winner"], totals(match)) == (False, None, [4940, 365])
    assert post_hand(api, match_id, simple_hand(5))["match"]["finished"] is True  # 4940 + 900


def test_put_can_end_a_match_at_its_last_hand(api):
    match_id = play(api, [simple_hand(1)], match_body(target=1000))
    # Side 0 900 → 600 + 500 + 100 = 1200 ≥ 1000.
    body = hand_body(
        1, [side(600, 0, canastas={"clean": 1}), side(100, 40)], went_out=0, going_out_kind="normal"
    )
    assert api.put(f"/matches/{match_id}/hands/1", body).status_code == 200
    match = get_match(api, match_id)
    assert (match["finished"], match["winner"], totals(match)) == (True, 0, [1200, 60])


@pytest.mark.parametrize("number", [2, 3, 0])
def test_put_whose_number_differs_from_the_url_is_422_at_number(api, number):
    match_id = play(api, [simple_hand(1), simple_hand(2)])
    before = get_match(api, match_id)
    body = {**simple_hand(1), "number": number}
    assert error_paths(api.put(f"/matches/{match_id}/hands/1", body), 422) == {"number"}
    assert get_match(api, match_id) == before


# --- DELETE ------------------------------------------------------------------------------------


def test_delete_of_the_last_hand(api):
    match_id = play(api, CLASSIC_MATCH[:3])
    response = api.delete(f"/matches/{match_id}/hands/3")
    assert response.status_code == 200
    match = get_match(api, match_id)
    assert [h["number"] for h in match["hands"]] == [1, 2]
    assert totals(match) == [3890, -275]
    assert minimums(match) == [120, 15]
    # The number is free again.
    assert post_hand(api, match_id, CLASSIC_MATCH[2]["body"])["hand"]["totals_after"] == [3940, 415]


def test_delete_of_a_hand_that_is_not_the_last_is_409(api):
    match_id = play(api, CLASSIC_MATCH[:3])
    before = get_match(api, match_id)
    for number in (1, 2):
        assert error_paths(api.delete(f"/matches/{match_id}/hands/{number}"), 409) == {"_"}
    assert get_match(api, match_id) == before


def test_delete_of_the_last_hand_reopens_a_finished_match(api):
    match_id = play(api, CLASSIC_MATCH)
    assert api.delete(f"/matches/{match_id}/hands/4").status_code == 200
    match = get_match(api, match_id)
    assert (match["finished"], match["winner"]) == (False, None)
    assert totals(match) == [3940, 415]
    # Play goes on: hand 4 can be entered again, and another one after it if the match is still open.
    answer = post_hand(api, match_id, simple_hand(4))  # 3940 + 900 = 4840, 415 + 60 = 475
    assert (answer["match"]["finished"], totals(answer["match"])) == (False, [4840, 475])


def test_delete_every_hand(api):
    match_id = play(api, [simple_hand(1), simple_hand(2)])
    for number in (2, 1):
        assert api.delete(f"/matches/{match_id}/hands/{number}").status_code == 200
    match = get_match(api, match_id)
    assert (match["hands"], totals(match), minimums(match)) == ([], [0, 0], [50, 50])


@pytest.mark.parametrize(
    "cause", [Deadlock("deadlock detected"), sqlite3.OperationalError("database is locked")]
)
def test_a_write_that_loses_a_race_for_locks_answers_409_and_stores_nothing(api, monkeypatch, cause):
    match_id = play(api, [])

    lose_lock_race(monkeypatch, "commit", cause)
    answer = api.post(f"/matches/{match_id}/hands", API_MD_EXAMPLE)
    monkeypatch.undo()
    assert answer.status_code == 409, answer.get_json()
    assert "Another device was saving at the same moment" in json.dumps(answer.get_json())
    assert api.get(f"/matches/{match_id}").get_json()["hands"] == []
    assert api.post(f"/matches/{match_id}/hands", API_MD_EXAMPLE).status_code == 201  # trying again works
