"""``GET /api/v1/rulesets`` and ``GET /api/v1/rulesets/ID``: the five rule sets with the numbers of
RULES.md, in the shape of API.md; an unknown rule set is 404."""

from __future__ import annotations

import pytest

from .helpers import error_paths

RULESET_IDS = ["classic", "samba", "canaston", "francaise", "american"]


def by_code(items):
    return {item["code"]: item["points"] for item in items}


def test_list_has_the_five_rule_sets_in_the_shape_of_one(api):
    response = api.get("/rulesets")
    assert response.status_code == 200
    listed = response.get_json()
    assert isinstance(listed, list)
    assert sorted(rs["id"] for rs in listed) == sorted(RULESET_IDS)
    for rs in listed:
        assert rs == api.get(f"/rulesets/{rs['id']}").get_json()


def test_classic_has_the_numbers_of_the_rules(api):
    response = api.get("/rulesets/classic")
    assert response.status_code == 200
    rs = response.get_json()
    assert rs["id"] == "classic"
    assert isinstance(rs["name"], str) and rs["name"]
    assert rs["target"] == 5000
    assert [{"from": b["from"], "minimum": b["minimum"]} for b in rs["opening_bands"]] == [
        {"from": None, "minimum": 15},
        {"from": 0, "minimum": 50},
        {"from": 1500, "minimum": 90},
        {"from": 3000, "minimum": 120},
    ]
    assert {"clean": 500, "dirty": 300}.items() <= by_code(rs["canasta_kinds"]).items()
    assert by_code(rs["going_out_kinds"]) == {
        "normal": 100,
        "concealed_from_hand_alone": 1000,
        "concealed_from_hand_with_partner": 500,
        "concealed_in_play_alone": 500,
        "concealed_in_play_with_partner": 200,
    }
    assert by_code(rs["penalties"]) == {
        "four_black_threes_in_hand": 500,
        "red_three_in_hand": 500,
        "took_pile_before_showing": 200,
        "melded_in_partner_turn": 200,
        "drew_out_of_turn_mixed": 200,
        "drew_stock_out_of_turn": 100,
        "melded_in_opponent_turn": 100,
        "took_pile_out_of_turn": 100,
        "asked_to_go_out_and_could_not": 100,
        "drew_two_cards": 50,
        "took_pile_could_not_open": 50,
        "took_back_drawn_card": 50,
        "ignored_partner_answer": 100,
    }
    assert all(isinstance(p["description"], str) and p["description"] for p in rs["penalties"])


@pytest.mark.parametrize(
    ("ruleset_id", "target", "below_zero", "top_band"),
    [
        ("classic", 5000, 15, {"from": 3000, "minimum": 120}),
        ("samba", 10000, 15, {"from": 3000, "minimum": 120}),
        ("canaston", 15000, 15, {"from": 7500, "minimum": 180}),
        ("francaise", 5000, 0, {"from": 3000, "minimum": 120}),
    ],
)
def test_each_rule_set_has_its_target_and_bands(api, ruleset_id, target, below_zero, top_band):
    rs = api.get(f"/rulesets/{ruleset_id}").get_json()
    assert rs["target"] == target
    bands = [{"from": b["from"], "minimum": b["minimum"]} for b in rs["opening_bands"]]
    assert bands[0] == {"from": None, "minimum": below_zero}
    assert bands[-1] == top_band


def test_samba_has_the_samba_canasta(api):
    rs = api.get("/rulesets/samba").get_json()
    assert by_code(rs["canasta_kinds"]) == {"samba": 1500, "clean": 500, "dirty": 300}
    assert by_code(rs["going_out_kinds"]) == {"normal": 200}


@pytest.mark.parametrize("ruleset_id", ["poker", "classic2"])
def test_unknown_rule_set_is_404(api, ruleset_id):
    assert error_paths(api.get(f"/rulesets/{ruleset_id}"), 404) == {"_"}


def test_the_partner_answer_penalty_carries_its_source_and_quote(api):
    penalty = next(
        p
        for p in api.get("/rulesets/classic").get_json()["penalties"]
        if p["code"] == "ignored_partner_answer"
    )
    assert penalty["points"] == 100
    assert "003" in penalty["source"] and "Variante" in penalty["source"]
    assert "se le debe obedecer o recibir una penalización de 100 puntos" in penalty["quote"]


@pytest.mark.parametrize(
    ("ruleset_id", "black_three"), [("classic", 5), ("samba", 5), ("canaston", 0), ("francaise", 5)]
)
def test_card_values_are_the_rule_sets_own(api, ruleset_id, black_three):
    values = by_code(api.get(f"/rulesets/{ruleset_id}").get_json()["card_values"])
    assert values == {
        "joker": 50,
        "two": 20,
        "ace": 20,
        "high": 10,
        "low": 5,
        "black_three": black_three,
        "red_three": 0,
    }


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_every_rule_set_offers_the_new_house_rules(api, ruleset_id):
    rs = api.get(f"/rulesets/{ruleset_id}").get_json()
    options = {o["key"]: o for o in rs["house_options"]}
    assert (options["going_out_min_canastas"]["kind"], options["going_out_min_canastas"]["minimum"]) == (
        "number",
        1,
    )
    assert options["going_out_min_canastas"]["maximum"] == 4
    if ruleset_id == "american":  # its threes follow its own sign table (RULES.md)
        assert "red_threes_when_opened" not in options
    else:
        assert options["red_threes_when_opened"]["kind"] == "switch"
        assert "red_threes_when_opened" in rs["house_rule_keys"]
    assert options["opening_bands"]["kind"] == "bands"
    assert {"going_out_min_canastas", "opening_bands"} <= set(rs["house_rule_keys"])
    assert "opening_bands.0" in rs["house_rule_keys"]  # the older form stays valid
