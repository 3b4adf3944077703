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
    }
    assert by_code(rs["penalties"]) == {
        "unfinished_sevens": 2500,
        "unfinished_aces": 2500,
        "unfinished_wild": 2000,
        "unfinished_wild_jokers": 2500,
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
    assert {"special_straight", "special_quads"} <= set(hand["going_out_kind"]["enum"])
    ruleset = document["components"]["schemas"]["RuleSet"]["properties"]["id"]["enum"]
    assert "american" in ruleset
