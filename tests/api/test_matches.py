"""``POST /api/v1/matches``, ``GET /api/v1/matches`` (the caller's, newest first, paginated) and
``GET /api/v1/matches/ID``: shapes, defaults, 400 for a body that is not JSON, 422 with field paths,
404 for a match that is missing or belongs to another account."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from .helpers import create_match, error_paths, get_match, match_body, match_count

PAGE_SIZE = 20  # API_PAGE_SIZE


def links(response):
    """The ``Link`` header as ``{rel: page number}``."""
    found = re.findall(r'<([^>]*)>;\s*rel="([^"]+)"', response.headers.get("Link", ""))
    return {rel: int(parse_qs(urlsplit(url).query)["page"][0]) for url, rel in found}


def test_create_answers_201_with_the_match(api):
    response = api.post("/matches", match_body())
    assert response.status_code == 201
    match = response.get_json()
    assert isinstance(match["id"], int)
    assert match["ruleset"] == "classic"
    assert match["target"] == 5000  # the rule set's default
    assert match["house_rules"] == {}  # the default: none
    assert match["sides"] == [
        {"name": "Nosotros", "players": ["Ana", "Luis"], "total": 0, "opening_minimum": 50},
        {"name": "Ellos", "players": ["Eva", "Juan"], "total": 0, "opening_minimum": 50},
    ]
    assert match["hands"] == []
    assert match["finished"] is False
    assert match["winner"] is None


def test_get_answers_the_match_as_created(api):
    created = create_match(api)
    response = api.get(f"/matches/{created['id']}")
    assert response.status_code == 200
    assert response.get_json() == created


def test_target_and_house_rules_are_stored_and_echoed(api):
    body = match_body(target=7000, house_rules={"penalties.drew_two_cards": 100})
    created = create_match(api, body)
    assert created["target"] == 7000
    assert created["house_rules"] == {"penalties.drew_two_cards": 100}
    stored = get_match(api, created["id"])
    assert stored["target"] == 7000
    assert stored["house_rules"] == {"penalties.drew_two_cards": 100}


@pytest.mark.parametrize(("ruleset", "target"), [("samba", 10000), ("canaston", 15000), ("francaise", 5000)])
def test_target_defaults_to_the_rule_set_s(api, ruleset, target):
    assert create_match(api, match_body(ruleset))["target"] == target


def test_three_sides_of_one_player(api):
    sides = [{"name": n, "players": [n]} for n in ("Ana", "Eva", "Juan")]
    match = create_match(api, match_body(sides=sides))
    assert [(s["name"], s["players"], s["total"]) for s in match["sides"]] == [
        ("Ana", ["Ana"], 0),
        ("Eva", ["Eva"], 0),
        ("Juan", ["Juan"], 0),
    ]


def test_sides_of_three_players(api):
    sides = [
        {"name": "Norte", "players": ["Ana", "Luis", "Rosa"]},
        {"name": "Sur", "players": ["Eva", "Juan", "Pablo"]},
    ]
    match = create_match(api, match_body("canaston", sides=sides))
    assert [s["players"] for s in match["sides"]] == [["Ana", "Luis", "Rosa"], ["Eva", "Juan", "Pablo"]]


# --- 404 ---------------------------------------------------------------------------------------


def test_a_match_that_does_not_exist_is_404(api):
    match = create_match(api)
    assert error_paths(api.get(f"/matches/{match['id'] + 1}"), 404) == {"_"}


def test_another_account_s_match_is_404_not_403(api, other_api):
    match = create_match(api)
    assert error_paths(other_api.get(f"/matches/{match['id']}"), 404) == {"_"}
    assert get_match(api, match["id"]) == match


@pytest.mark.parametrize("match_id", [2**31, 2**63, 10**20])
def test_a_match_id_beyond_the_database_integers_is_404(api, match_id):
    """No such match exists, so the answer is 404 (not a server error on the database's integer range)."""
    create_match(api)
    assert error_paths(api.get(f"/matches/{match_id}"), 404) == {"_"}


# --- 400 ---------------------------------------------------------------------------------------

NOT_JSON = {
    "malformed": b'{"ruleset": "classic", "sides": [',
    "empty": b"",
    "NaN": json.dumps(match_body(target=float("nan"))).encode(),
    "Infinity": json.dumps(match_body(target=float("inf"))).encode(),
    "single quotes": b"{'ruleset': 'classic'}",
    "not UTF-8": b'{"ruleset": "\xff"}',
}


@pytest.mark.parametrize("data", NOT_JSON.values(), ids=NOT_JSON.keys())
def test_create_with_a_body_that_is_not_json_is_400(api, data):
    response = api.post("/matches", data=data, content_type="application/json")
    assert error_paths(response, 400) == {"_"}
    assert match_count(api) == 0


# --- 422 ---------------------------------------------------------------------------------------

TWO = match_body()["sides"]
INVALID = {
    "unknown rule set": (match_body("poker"), "ruleset"),
    "no rule set": ({"sides": TWO}, "ruleset"),
    "rule set not a string": (match_body(ruleset=["classic"]), "ruleset"),
    "target too low": (match_body(target=50), "target"),
    "target a string": (match_body(target="5000"), "target"),
    "target true": (match_body(target=True), "target"),
    "target a fraction": (match_body(target=5000.5), "target"),
    "unknown house rule": (match_body(house_rules={"some_key": 1}), "house_rules.some_key"),
    "house rule off the step": (
        match_body(house_rules={"penalties.drew_two_cards": 7}),
        "house_rules.penalties.drew_two_cards",
    ),
    "house rule negative": (
        match_body(house_rules={"penalties.drew_two_cards": -50}),
        "house_rules.penalties.drew_two_cards",
    ),
    "house option not a switch": (
        match_body(house_rules={"aces_canastas": "yes"}),
        "house_rules.aces_canastas",
    ),
    "house rules not an object": (match_body(house_rules="strict"), "house_rules"),
    "one side": (match_body(sides=TWO[:1]), "sides"),
    "four sides": (match_body(sides=[{"name": f"S{i}", "players": [f"P{i}"]} for i in range(4)]), "sides"),
    "no sides": ({"ruleset": "classic"}, "sides"),
    "sides not a list": (match_body(sides={"name": "Nosotros"}), "sides"),
    "no players": (match_body(sides=[{"name": "A", "players": []}, TWO[1]]), "sides.0.players"),
    "four players": (
        match_body(sides=[{"name": "A", "players": ["Ana", "Luis", "Rosa", "Pablo"]}, TWO[1]]),
        "sides.0.players",
    ),
    "side without a name": (match_body(sides=[TWO[0], {"name": "", "players": ["Eva"]}]), "sides.1.name"),
    "unknown field": ({**match_body(), "colour": "red"}, "colour"),
    "a list": ([match_body()], "_"),
    "a string": ("classic", "_"),
}


@pytest.mark.parametrize(("body", "path"), INVALID.values(), ids=INVALID.keys())
def test_create_with_json_that_breaks_a_rule_is_422_at_the_field(api, body, path):
    response = api.post("/matches", data=json.dumps(body), content_type="application/json")
    assert error_paths(response, 422) == {path}
    assert match_count(api) == 0


def test_create_with_json_null_is_422(api):
    response = api.post("/matches", data=b"null", content_type="application/json")
    assert error_paths(response, 422) == {"_"}


def test_every_problem_is_reported_at_once(api):
    body = match_body("classic", target=1, house_rules={"nope": 5}, sides=TWO[:1])
    assert error_paths(api.post("/matches", body), 422) == {"target", "house_rules.nope", "sides"}
    assert match_count(api) == 0


# --- list --------------------------------------------------------------------------------------


def test_list_has_only_the_caller_s_matches_newest_first(api, other_api):
    mine = [
        create_match(api, match_body(sides=[TWO[0], {"name": f"Rival {i}", "players": ["Eva"]}]))
        for i in range(3)
    ]
    theirs = create_match(other_api)

    response = api.get("/matches")
    assert response.status_code == 200
    listed = response.get_json()
    assert isinstance(listed, list)
    assert [m["id"] for m in listed] == [m["id"] for m in reversed(mine)]
    assert [m["sides"][1]["name"] for m in listed] == ["Rival 2", "Rival 1", "Rival 0"]
    assert response.headers["X-Total-Count"] == "3"

    other = other_api.get("/matches")
    assert [m["id"] for m in other.get_json()] == [theirs["id"]]
    assert other.headers["X-Total-Count"] == "1"


def test_list_is_empty_for_a_new_account(api):
    response = api.get("/matches")
    assert response.status_code == 200
    assert response.get_json() == []
    assert response.headers["X-Total-Count"] == "0"


def test_list_is_paginated(client, api, other_api):
    count = PAGE_SIZE + 1
    ids = [create_match(api, match_body(target=1000 + i))["id"] for i in range(count)]
    create_match(other_api)  # not counted

    first = api.get("/matches")
    assert first.status_code == 200
    assert first.headers["X-Total-Count"] == str(count)
    assert [m["id"] for m in first.get_json()] == ids[::-1][:PAGE_SIZE]
    assert first.get_json()[0]["target"] == 1000 + count - 1  # the newest
    assert links(first)["next"] == 2
    assert links(first)["last"] == 2
    assert "prev" not in links(first)
    assert api.get("/matches?page=1").get_json() == first.get_json()

    second = api.get("/matches?page=2")
    assert second.status_code == 200
    assert second.headers["X-Total-Count"] == str(count)
    assert [m["id"] for m in second.get_json()] == [ids[0]]  # the oldest
    assert links(second)["prev"] == 1
    assert "next" not in links(second)

    # The next link is a working URL.
    url = re.search(r'<([^>]*)>;\s*rel="next"', first.headers["Link"]).group(1)
    parts = urlsplit(url)
    followed = client.get(f"{parts.path}?{parts.query}", headers=api.headers)
    assert followed.get_json() == second.get_json()


@pytest.mark.parametrize("page", ["0", "abc", "-1", "1.5", "²"])
def test_a_page_that_is_not_a_page_number_is_422(api, page):
    create_match(api)
    assert error_paths(api.get(f"/matches?page={page}"), 422) == {"page"}
