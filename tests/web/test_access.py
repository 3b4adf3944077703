"""No account can reach another's data through any URL or API call, and names with HTML in them are
shown as text everywhere. The routes are read from the app itself, so a new route is covered the
day it is added."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Match, Player, User
from scorekeeper.services.accounts import create_token
from tests.helpers import make_user
from tests.web.helpers import csrf_token

HOSTILE_SIDE = "<script>alert(1)</script>"
HOSTILE_PLAYER = '"><img src=x onerror=alert(2)>'
HAND = {"number": 1, "went_out": 0, "going_out_kind": "normal",
        "sides": [{"melds": 300, "canastas": {"clean": 1}}, {"melds": 100, "hand": 40}]}


@pytest.fixture
def owned(app: Flask, user_client: FlaskClient) -> dict[str, int]:
    """A match of ``ana`` with two hands, a share link, and the id of one of her players."""
    with app.app_context():
        ana = db.session.query(User).filter_by(username="ana").one()
        match = services.create_match(ana.id, {"ruleset": "classic", "sides": [
            {"name": HOSTILE_SIDE, "players": [HOSTILE_PLAYER, "Luis"]},
            {"name": "Ellos", "players": ["Eva", "Juan"]}]})
        services.add_hand(match, HAND)
        services.add_hand(match, {**HAND, "number": 2})
        services.create_share_link(match)
        player = db.session.query(Player).filter_by(club_id=ana.id, name="Luis").one()
        event = services.events.create_event(ana.id, {
            "name": "Martes", "ruleset": "classic", "format": "round_robin",
            "entries": [{"players": ["Ana", "Luis"]}, {"players": ["Eva", "Juan"]}]})
        game = services.events.seat_round(event).tables[0]
        return {"match_id": match.id, "player_id": player.id, "number": 1, "revision": match.revision,
                "event_id": event.id, "entry_id": event.entries[0].id, "game_id": game.match_id}


def routes_with_ids(app: Flask) -> list[tuple[str, str, str]]:
    """(method, url rule, endpoint) of every route that names a match, a player or an event."""
    found = []
    for rule in app.url_map.iter_rules():
        if {"match_id", "player_id", "event_id"} & set(rule.arguments):
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
                found.append((method, rule.rule, rule.endpoint))
    return found


def fill(rule: str, ids: dict[str, int]) -> str:
    """The rule with the fixture's ids; an event's game for a match named under its event."""
    if "<int:event_id>" in rule:
        ids = {**ids, "match_id": ids["game_id"]}
    for name, value in ids.items():
        rule = rule.replace(f"<int:{name}>", str(value))
    return rule


def eva_token(app: Flask) -> str:
    """An API token of the other account, ``eva`` (made by ``other_client``)."""
    with app.app_context():
        return create_token(db.session.query(User).filter_by(username="eva").one())


def test_every_route_of_another_account_is_404(app, owned, other_client):
    other_token = eva_token(app)
    routes = routes_with_ids(app)
    assert len(routes) >= 25, "the route list looks too short"
    token = csrf_token(other_client, "/matches/new")
    api_headers = {"Authorization": f"Bearer {other_token}"}
    for method, rule, endpoint in routes:
        url = fill(rule, owned)
        if rule.startswith("/api/"):
            response = other_client.open(url, method=method, headers=api_headers, json=HAND)
        else:
            response = other_client.open(url, method=method, data={"csrf_token": token, "name": "x"})
        assert response.status_code == 404, (method, url, endpoint, response.status_code)
    with app.app_context():
        match = db.session.get(Match, owned["match_id"])
        assert match.revision == owned["revision"] and match.hand_count == 2


def test_the_owner_reaches_them(app, owned, user_client):
    for method, rule, endpoint in routes_with_ids(app):
        if method == "GET" and not rule.startswith("/api/"):
            response = user_client.get(fill(rule, owned))
            assert response.status_code in (200, 302), (rule, endpoint, response.status_code)


def test_names_with_html_are_text_on_every_page(app, owned, user_client):
    with app.app_context():
        match = db.session.get(Match, owned["match_id"])
        token = services.active_share_link(match).token
    pages = [fill(rule, owned) for method, rule, _ in routes_with_ids(app)
             if method == "GET" and not rule.startswith("/api/") and "export" not in rule]
    pages += ["/", "/history", "/players", f"/s/{token}", f"/s/{token}/board"]
    for url in pages:
        body = user_client.get(url, follow_redirects=True).get_data(as_text=True)
        assert "<script>alert(1)" not in body and "<img src=x" not in body, url


def test_api_lists_only_the_callers_matches(app, owned, other_client, password_hash):
    other_token = eva_token(app)
    listed = other_client.get("/api/v1/matches", headers={"Authorization": f"Bearer {other_token}"})
    assert listed.status_code == 200 and listed.get_json() == []
    _, third = make_user(app, "tercero", password_hash)
    assert other_client.get(f"/api/v1/matches/{owned['match_id']}",
                            headers={"Authorization": f"Bearer {third}"}).status_code == 404


def test_a_background_check_of_a_closed_session_leaves_the_session_alone(client: FlaskClient) -> None:
    """The kept copy's HEAD (and any script's fetch) to a page that needs an account is sent to the
    login without a message, so that no session cookie races the page's own (a CSRF token lost)."""
    for method, mode in (("HEAD", "navigate"), ("GET", "cors"), ("GET", "same-origin")):
        response = client.open("/matches/1", method=method, headers={"Sec-Fetch-Mode": mode})
        assert response.status_code == 302 and response.location.startswith("/login?next=/matches/1")
        assert "Set-Cookie" not in response.headers, (method, mode)


def test_a_page_opened_without_an_account_says_to_log_in(client: FlaskClient) -> None:
    english = {"Accept-Language": "en"}
    response = client.get("/matches/1?page=2", headers={"Sec-Fetch-Mode": "navigate", **english})
    assert response.status_code == 302
    assert response.location == "/login?next=/matches/1?page%3D2"
    login = client.get(response.location, headers=english).get_data(as_text=True)
    assert "Please log in to see this page." in login


def test_a_head_request_never_rewrites_the_session_cookie(client: FlaskClient) -> None:
    """The login page makes a CSRF token, which a GET keeps in the session cookie; the same page
    checked with HEAD sets no cookie, so it cannot replace the one a form was made with."""
    assert "Set-Cookie" in client.get("/login").headers
    fresh = client.application.test_client()
    assert "Set-Cookie" not in fresh.head("/login").headers
