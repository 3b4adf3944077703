"""A match holds at most ``MAX_HANDS`` (500) hands (API.md, "Additions of turn 3"): the 501st answers
422 at ``number`` through the API, shows the message on the hand page, and an import of a match with
more is refused at its hand 501; the OpenAPI document states the bound. The 500 hands are real ones,
stored in one transaction through the import service (each takes 40 points from both sides, so the
match never ends)."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime
from typing import Any

from flask import Flask
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Match, User
from scorekeeper.rules.hand import MAX_HANDS
from scorekeeper.services.export_formats import FORMAT, VERSION, ImportRejected, read_export
from scorekeeper.services.transfer import store_matches
from tests.web.helpers import hand_form, logged_in, post_form

from .helpers import error_paths, hand_body, side

MESSAGE = f"A match holds at most {MAX_HANDS} hands."


def losing_hand(number: int) -> dict[str, Any]:
    """Nobody goes out; each side keeps 40 points in hand."""
    return hand_body(number, [side(0, 40), side(0, 40)])


def export_of(hands: int) -> bytes:
    """A JSON export of one classic match (Ana against Eva) with ``hands`` losing hands."""
    match = {
        "ruleset": "classic",
        "target": 5000,
        "house_rules": {},
        "first_dealer": 0,
        "created_at": datetime(2026, 11, 20, 21, 0, tzinfo=UTC).isoformat(),
        "sides": [{"name": "Nosotros", "players": ["Ana"]}, {"name": "Ellos", "players": ["Eva"]}],
        "hands": [losing_hand(n) for n in range(1, hands + 1)],
        "totals": [-40 * hands, -40 * hands],
    }
    document = {"format": FORMAT, "version": VERSION, "exported_at": match["created_at"], "matches": [match]}
    return json.dumps(document).encode()


def full_match(app: Flask) -> int:
    """A match of ``ana``'s holding ``MAX_HANDS`` hands."""
    with app.app_context():
        owner = db.session.scalar(select(User.id).where(User.username == "ana"))
        assert owner is not None
        (match_id,) = store_matches(owner, read_export(export_of(MAX_HANDS)).matches)
        return match_id


def test_the_bound_is_500():
    assert MAX_HANDS == 500


def test_the_501st_hand_answers_422_at_number(app, api):
    match_id = full_match(app)
    stored = api.get(f"/matches/{match_id}").get_json()
    assert len(stored["hands"]) == MAX_HANDS and not stored["finished"]

    response = api.post(f"/matches/{match_id}/hands", losing_hand(MAX_HANDS + 1))
    assert error_paths(response, 422) == {"number"}
    assert response.get_json()["errors"]["number"] == [MESSAGE]
    with app.app_context():
        assert db.session.get(Match, match_id).hand_count == MAX_HANDS  # type: ignore[union-attr]
    # The hands it holds can still be corrected, and the last one deleted to make room.
    assert api.put(f"/matches/{match_id}/hands/{MAX_HANDS}", losing_hand(MAX_HANDS)).status_code == 200
    assert api.delete(f"/matches/{match_id}/hands/{MAX_HANDS}").status_code == 200
    assert api.post(f"/matches/{match_id}/hands", losing_hand(MAX_HANDS)).status_code == 201


def test_the_hand_page_shows_the_message(app, api):
    match_id = full_match(app)
    browser = logged_in(app, "ana")
    opened = browser.get(f"/matches/{match_id}/hands/new", follow_redirects=True)
    assert opened.request.path == f"/matches/{match_id}" and MESSAGE in opened.get_data(as_text=True)
    data = hand_form(MAX_HANDS + 1, None, {"melds": 0, "hand": 40}, {"melds": 0, "hand": 40})
    # A form opened before the 500th hand was saved elsewhere (the page itself now leads away).
    response = post_form(browser, f"/matches/{match_id}/hands/new", data, page=f"/matches/{match_id}/delete")
    assert response.status_code == 422
    assert MESSAGE in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.get(Match, match_id).hand_count == MAX_HANDS  # type: ignore[union-attr]


def test_an_import_of_more_hands_is_refused_at_the_first_too_many(app, api):
    try:
        read_export(export_of(MAX_HANDS + 1))
    except ImportRejected as rejected:
        (problem,) = rejected.problems
        assert (problem.match, problem.hand) == (1, MAX_HANDS + 1)
        assert problem.error.as_dict() == {"number": [MESSAGE]}
    else:
        raise AssertionError("a match of 501 hands was read")
    browser = logged_in(app, "ana")
    page = post_form(browser, "/transfer", {"file": (io.BytesIO(export_of(MAX_HANDS + 1)), "history.json")})
    assert page.status_code == 422
    text = page.get_data(as_text=True)
    assert "Nothing was imported." in text and MESSAGE in text and "501" in text


def test_the_openapi_document_states_the_bound(client):
    document = client.get("/api/v1/openapi.json").get_json()
    number = document["components"]["schemas"]["HandInput"]["properties"]["number"]
    assert (number["minimum"], number["maximum"]) == (1, MAX_HANDS)
    path = document["paths"]["/matches/{match_id}/hands/{number}"]["get"]["parameters"][1]["schema"]
    assert path["maximum"] == MAX_HANDS
    assert "204" in document["paths"]["/matches/{match_id}"]["delete"]["responses"]
