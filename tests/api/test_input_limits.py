"""Input anyone can send that used to answer 500 (issue 13): each is refused at the edge, with a
message at its field, and nothing is stored. Run on both databases (``--db postgresql``)."""

from __future__ import annotations

import pytest

from scorekeeper.services import MAX_PAGE
from tests.api.helpers import create_match, custom, match_body, side, simple_hand

NUL_AND_SURROGATE = ["Nos\x00otros", "x\ud800y", "\udfff"]
UNSTORABLE = "Contains a character that cannot be stored; type the text again."


def test_a_page_past_what_an_offset_can_hold_is_a_422_at_page(api):
    for page in ("461168601842738792", str(MAX_PAGE + 1), "9" * 5000):
        response = api.get(f"/matches?page={page}")
        assert response.status_code == 422
        assert response.get_json()["errors"]["page"] == [f"Must be a page number from 1 to {MAX_PAGE}."]
    last = api.get(f"/matches?page={MAX_PAGE}")
    assert last.status_code == 200 and last.get_json() == []


@pytest.mark.parametrize("text", NUL_AND_SURROGATE)
def test_unstorable_side_and_player_names_are_refused_at_their_field(api, text):
    body = match_body(
        sides=[{"name": text, "players": ["Ana", "Luis"]}, {"name": "Ellos", "players": ["Eva", text]}]
    )
    response = api.post("/matches", body)
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert errors == {"sides.0.name": [UNSTORABLE], "sides.1.players.1": [UNSTORABLE]}
    assert api.get("/matches").get_json() == []


@pytest.mark.parametrize("text", NUL_AND_SURROGATE)
def test_an_unstorable_custom_penalty_description_is_refused(api, text):
    match = create_match(api)
    body = simple_hand(1)
    body["sides"][1]["penalties"] = [custom(50, text)]
    response = api.post(f"/matches/{match['id']}/hands", body)
    assert response.status_code == 422
    assert response.get_json()["errors"] == {"sides.1.penalties.0.description": [UNSTORABLE]}
    assert api.get(f"/matches/{match['id']}").get_json()["hands"] == []


def test_emoji_and_accents_are_stored_as_typed(api):
    """Only NUL and lone surrogates are refused: a real astral character is text like any other."""
    name = "Señora 🂡 Çà"
    match = create_match(
        api, match_body(sides=[{"name": name, "players": [name]}, {"name": "B", "players": ["Eva"]}])
    )
    body = simple_hand(1)
    body["sides"][1] = side(100, 40, penalties=[custom(50, name)])
    assert api.post(f"/matches/{match['id']}/hands", body).status_code == 201
    stored = api.get(f"/matches/{match['id']}").get_json()
    assert stored["sides"][0] == {**stored["sides"][0], "name": name, "players": [name]}
    assert stored["hands"][0]["input"]["sides"][1]["penalties"][0]["description"] == name


def test_a_405_names_the_allowed_methods(api, client):
    for method, path, allowed in (
        ("delete", "/matches", {"GET", "POST"}),
        ("patch", "/matches/1/hands/1", {"GET", "PUT", "DELETE"}),
        ("post", "/rulesets", {"GET"}),
    ):
        response = getattr(api, method)(path)
        assert response.status_code == 405, (method, path)
        assert allowed <= {m.strip() for m in response.headers["Allow"].split(",")}
        assert "errors" in response.get_json()
    page = client.put("/history")
    assert page.status_code == 405 and "GET" in page.headers["Allow"]
