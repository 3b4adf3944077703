"""The OpenAPI document (``GET /api/v1/openapi.json``): served without a token, covering every route
of the API with its methods, and stating the limits the app enforces (checked here against bodies
the app accepts and refuses). scripts/fuzz-api holds the app to it with schemathesis."""

from __future__ import annotations

import re
from typing import Any

import pytest
from jsonschema_rs import Draft202012Validator  # schemathesis's own validator

from scorekeeper.rules import all_rulesets, house_rule_keys
from scorekeeper.rules.match_setup import MAX_NAME, MAX_TARGET, MIN_TARGET
from scorekeeper.services import MAX_PAGE
from tests.api.helpers import custom, match_body, simple_hand


@pytest.fixture
def document(client) -> dict[str, Any]:
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    return response.get_json()


def schema(document: dict[str, Any], name: str) -> Draft202012Validator:
    return Draft202012Validator(
        {"$ref": f"#/components/schemas/{name}", "components": document["components"]}
    )


def test_served_without_a_token_as_openapi_3_1(document):
    assert document["openapi"].startswith("3.1")
    assert document["servers"] == [{"url": "/api/v1"}]


def test_every_route_under_the_api_is_described_with_its_methods(app, document):
    routes: dict[str, set[str]] = {}
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/v1/"):
            path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule.removeprefix("/api/v1"))
            routes.setdefault(path, set()).update(m.lower() for m in rule.methods - {"HEAD", "OPTIONS"})
    described = {path: set(operations) for path, operations in document["paths"].items()}
    assert described == routes


def test_every_operation_documents_its_errors(document):
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if path == "/openapi.json":
                continue
            assert {"400", "401"} <= set(operation["responses"]), (method, path)
            if "{match_id}" in path:
                assert "404" in operation["responses"], (method, path)
            if method in ("post", "put"):
                assert "422" in operation["responses"], (method, path)


def test_the_limits_the_app_enforces_are_stated(document):
    match = document["components"]["schemas"]["NewMatch"]["properties"]
    assert (match["target"]["minimum"], match["target"]["maximum"]) == (MIN_TARGET, MAX_TARGET)
    page = document["paths"]["/matches"]["get"]["parameters"][0]["schema"]
    assert (page["minimum"], page["maximum"]) == (1, MAX_PAGE)
    number = document["components"]["schemas"]["HandInput"]["properties"]["number"]
    assert number["type"] == "integer" and number["minimum"] == 1
    post = document["paths"]["/matches/{match_id}/hands"]["post"]
    assert "409" in post["responses"] and "Idempotency-Key" in {p["name"] for p in post["parameters"]}


def test_every_house_rule_key_is_described(document):
    keys = document["components"]["schemas"]["HouseRules"]["properties"]
    for rs in all_rulesets():
        assert set(house_rule_keys(rs)) <= set(keys), rs.id
    assert keys["going_out_min_canastas"]["maximum"] == 4 and keys["going_out_min_canastas"]["minimum"] == 1
    assert keys["red_threes_when_opened"]["type"] == "boolean"
    assert keys["opening_bands"]["type"] == "array"
    assert (keys["hands_limit"]["minimum"], keys["hands_limit"]["maximum"]) == (1, 50)
    by_hand = keys["opening_by_hand"]
    assert (by_hand["minItems"], by_hand["maxItems"], by_hand["items"]["multipleOf"]) == (1, 10, 5)


def test_bodies_the_app_accepts_fit_the_schemas(document):
    assert schema(document, "NewMatch").is_valid(
        match_body(target=3000, house_rules={"penalties.drew_two_cards": 100})
    )
    hand = simple_hand(1)
    hand["sides"][1]["penalties"] = [{"code": "drew_two_cards", "count": 2}, custom(150, "mesa")]
    assert schema(document, "HandInput").is_valid(hand)


@pytest.mark.parametrize(
    "name",
    ["", "   ", "a" * (MAX_NAME + 1), "x\x00y"],
)
def test_names_the_app_refuses_do_not_fit(document, name):
    body = match_body(sides=[{"name": name, "players": ["Ana"]}, {"name": "B", "players": ["Eva"]}])
    assert not schema(document, "NewMatch").is_valid(body)
    body = match_body(sides=[{"name": "A", "players": [name]}, {"name": "B", "players": ["Eva"]}])
    assert not schema(document, "NewMatch").is_valid(body)


def test_a_name_padded_with_spaces_fits_as_the_app_strips_it(document):
    padded = " " + "a" * MAX_NAME + " "
    body = match_body(sides=[{"name": padded, "players": ["Ana"]}, {"name": "B", "players": ["Eva"]}])
    assert schema(document, "NewMatch").is_valid(body)


@pytest.mark.parametrize("number", [2.6e-42, 1.5, "1", True, 0, -1])
def test_integers_are_strict(document, api, number):
    hand = simple_hand(1)
    hand["number"] = number
    assert not schema(document, "HandInput").is_valid(hand)
    match_id = api.post("/matches", match_body()).get_json()["id"]
    assert api.post(f"/matches/{match_id}/hands", hand).status_code == 422


def test_the_app_refuses_what_the_schema_refuses_about_text(document, api):
    hand = simple_hand(1)
    hand["sides"][1]["penalties"] = [custom(50, " \t")]
    assert not schema(document, "HandInput").is_valid(hand)
    match_id = api.post("/matches", match_body()).get_json()["id"]
    assert api.post(f"/matches/{match_id}/hands", hand).status_code == 422
