"""American Canasta through the API (issue 22): listed with its numbers, its hands scored with black
threes, and what it refuses answered 422 at the field (black threes elsewhere, deck limits, special
hands with melds, ``red_threes_when_opened``)."""

from __future__ import annotations

from .helpers import (
    create_match,
    error_paths,
    hand_body,
    match_body,
    minimums,
    penalty,
    post_hand,
    side,
    totals,
)


def by_code(items):
    return {item["code"]: item["points"] for item in items}


def test_american_has_the_numbers_of_rules_md(api):
    rs = api.get("/rulesets/american").get_json()
    assert rs["target"] == 8500
    assert [(b["from"], b["minimum"]) for b in rs["opening_bands"]] == [
        (None, 125),
        (0, 125),
        (3000, 155),
        (5000, 180),
    ]
    assert by_code(rs["canasta_kinds"]) == {
        "clean": 500,
        "dirty": 300,
        "sevens": 2500,
        "aces": 2500,
        "wild_twos": 3000,
        "wild_jokers": 2500,
        "wild_mixed": 2000,
    }
    assert rs["red_threes"]["table"] == [100, 300, 500, 1000] and rs["red_threes"]["black_threes"]
    special = {k["code"]: k["points"] for k in rs["going_out_kinds"] if k["special"]}
    assert special == {
        "special_straight": 3000,
        "special_pairs": 2500,
        "special_wild_pairs": 2000,
        "special_garbage": 3000,
        "special_zip_code": 2500,
        "special_blast_off": 3000,
        "special_triples": 3500,
        "special_quads": 3500,
        "special_miami_pairs": 2500,
        "special_dream_4": 8500,
        "special_dream_5": 8500,
    }
    winning = {k["code"] for k in rs["going_out_kinds"] if k["wins_match"]}
    assert winning == {"special_dream_4", "special_dream_5"}
    assert by_code(rs["penalties"]) == {
        "unfinished_sevens": 2500,
        "unfinished_aces": 2500,
        "unfinished_wild": 2000,
        "unfinished_wild_jokers": 2000,
        "sevens_in_hand": 1500,
        "aces_in_hand": 1500,
    }


def test_the_golden_hand_of_rules_md(api):
    match = create_match(api, match_body("american"))
    assert minimums(match) == [125, 125]
    body = hand_body(
        1,
        [
            side(800, 0, 2, {"clean": 1, "sevens": 1}, black_threes=1),
            side(250, 85, 1, {}, [penalty("unfinished_aces")]),
        ],
        went_out=0,
        going_out_kind="normal",
    )
    answer = post_hand(api, match["id"], body)
    assert answer["hand"]["scores"] == [4300, -2935]
    assert answer["hand"]["input"]["sides"][0]["black_threes"] == 1
    assert totals(answer["match"]) == [4300, -2935]
    assert minimums(answer["match"]) == [155, 125]


def test_black_threes_elsewhere_and_deck_limits_are_422_at_the_field(api):
    classic = create_match(api, match_body("classic"))
    body = hand_body(1, [side(100, 0, black_threes=1), side(100)])
    assert error_paths(api.post(f"/matches/{classic['id']}/hands", body), 422) == {"sides.0.black_threes"}
    american = create_match(api, match_body("american"))
    two_sevens = hand_body(
        1,
        [side(100, 0, 0, {"sevens": 1, "clean": 1}), side(100, 0, 0, {"sevens": 1})],
        went_out=0,
        going_out_kind="normal",
    )
    assert error_paths(api.post(f"/matches/{american['id']}/hands", two_sevens), 422) == {
        "sides.0.canastas.sevens",
        "sides.1.canastas.sevens",
    }
    special_with_melds = hand_body(1, [side(60), side(100)], went_out=0, going_out_kind="special_pairs")
    assert error_paths(api.post(f"/matches/{american['id']}/hands", special_with_melds), 422) == {
        "sides.0.melds"
    }


def test_red_threes_when_opened_is_refused_for_american(api):
    response = api.post("/matches", match_body("american", house_rules={"red_threes_when_opened": True}))
    assert error_paths(response, 422) == {"house_rules.red_threes_when_opened"}


def test_the_openapi_document_knows_black_threes_and_the_american_kinds(client):
    document = client.get("/api/v1/openapi.json").get_json()
    hand = document["components"]["schemas"]["HandInput"]["properties"]
    side = hand["sides"]["items"]["properties"]
    assert side["black_threes"]["type"] == "integer" and side["black_threes"]["minimum"] == 0
    kinds = set(side["canastas"]["properties"])
    assert {"sevens", "aces", "wild_twos", "wild_jokers", "wild_mixed"} <= kinds
    assert {
        "special_straight",
        "special_quads",
        "special_miami_pairs",
        "special_dream_4",
        "special_dream_5",
    } <= set(hand["going_out_kind"]["enum"])
    going_out = document["components"]["schemas"]["RuleSet"]["properties"]["going_out_kinds"]["items"]
    assert going_out["properties"]["wins_match"]["type"] == "boolean"
    ruleset = document["components"]["schemas"]["RuleSet"]["properties"]["id"]["enum"]
    assert "american" in ruleset


def dream_hands(api, house_rules=None):
    """A match whose side 0 falls to −5630, then lays down a Dream Hand: 8500 (2870) against 1970 (3530)."""
    body = match_body("american") if house_rules is None else match_body("american", house_rules=house_rules)
    match = create_match(api, body)
    first = hand_body(
        1,
        [
            side(260, 70, 2, {}, [penalty("unfinished_sevens"), penalty("unfinished_aces")]),
            side(500, 40, 1, {"clean": 2}),
        ],
    )
    post_hand(api, match["id"], first)
    dream = hand_body(2, [side(0, 0, 1), side(700, 30, 2, {"clean": 2})], 0, "special_dream_4")
    return match["id"], post_hand(api, match["id"], dream)["match"]


def test_a_dream_hand_ends_the_match_and_undo_reopens_it(api):
    match_id, match = dream_hands(api)
    assert totals(match) == [2870, 3530]
    assert match["finished"] is True and match["winner"] == 0
    assert api.get(f"/matches/{match_id}").get_json()["winner"] == 0
    third = hand_body(3, [side(100), side(100)])
    assert error_paths(api.post(f"/matches/{match_id}/hands", third), 409) == {"_"}
    assert api.delete(f"/matches/{match_id}/hands/2").status_code == 200
    reopened = api.get(f"/matches/{match_id}").get_json()
    assert reopened["finished"] is False and reopened["winner"] is None
    assert totals(reopened) == [-5630, 1560]


def test_dream_hands_win_off_only_scores(api):
    _, match = dream_hands(api, {"dream_hands_win": False})
    assert totals(match) == [2870, 3530]
    assert match["finished"] is False and match["winner"] is None


def test_the_pagat_preset_refuses_the_leagues_three_more(api):
    body = match_body("american", house_rules={"special_hands_first_four": True})
    match = create_match(api, body)
    for kind in ("special_miami_pairs", "special_dream_4", "special_dream_5"):
        dream = hand_body(1, [side(0), side(300, 0, 0, {"clean": 1})], 0, kind)
        assert error_paths(api.post(f"/matches/{match['id']}/hands", dream), 422) == {"going_out_kind"}
