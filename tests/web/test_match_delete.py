"""Deleting a match from its pages: "Delete match" on the scoreboard, a confirmation page that names
the match (sides, date, hands), then the history without it; the scoreboard is 404 from then on,
even to a browser holding its ETag; another account's match cannot be reached; a second tap, an
expired form and a match that must stay delete nothing."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Match, User
from scorekeeper.services import Conflict
from tests.web.helpers import csrf_token, logged_in, post_form

HAND = {
    "number": 1,
    "went_out": 0,
    "going_out_kind": "normal",
    "sides": [{"melds": 300, "canastas": {"clean": 1}}, {"melds": 100, "hand": 40}],
}


def a_match(app: Flask, hands: int = 0, names: tuple[str, str] = ("Nosotros", "Ellos")) -> int:
    """A classic match of ``ana``'s, Ana and Luis against Eva and Juan, with ``hands`` hands."""
    with app.app_context():
        ana = db.session.query(User).filter_by(username="ana").one()
        sides = [
            {"name": names[0], "players": ["Ana", "Luis"]},
            {"name": names[1], "players": ["Eva", "Juan"]},
        ]
        match = services.create_match(ana.id, {"ruleset": "classic", "target": 15000, "sides": sides})
        for number in range(1, hands + 1):
            services.add_hand(match, {**HAND, "number": number})
        return match.id


def exists(app: Flask, match_id: int) -> bool:
    with app.app_context():
        return db.session.get(Match, match_id) is not None


def test_the_scoreboard_links_to_the_confirmation(app: Flask, user_client: FlaskClient) -> None:
    match_id = a_match(app)
    page = user_client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert f'href="/matches/{match_id}/delete" data-needs-network>Delete match</a>' in page


def test_the_confirmation_names_the_match_and_its_hands(app: Flask, user_client: FlaskClient) -> None:
    match_id = a_match(app, hands=2)
    response = user_client.get(f"/matches/{match_id}/delete")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "Delete this match?" in page
    assert "<strong>Nosotros</strong>" in page and "(Ana, Luis)" in page and ">1,800<" in page
    assert "<strong>Ellos</strong>" in page and "(Eva, Juan)" in page
    assert "2 hands" in page
    with app.app_context():
        created = db.session.get(Match, match_id).created_at  # type: ignore[union-attr]
    assert f'<time datetime="{created.date().isoformat()}">' in page
    assert '<button type="submit" class="button danger" data-needs-network>Delete the match</button>' in page
    assert exists(app, match_id)  # looking deletes nothing


def test_the_confirmation_in_spanish(app: Flask, password_hash: str) -> None:
    from tests.helpers import make_user

    make_user(app, "ana", password_hash)
    match_id = a_match(app, hands=1)
    page = logged_in(app, "ana", "es").get(f"/matches/{match_id}/delete").get_data(as_text=True)
    assert "¿Borrar esta partida?" in page and "1 mano" in page and "Borrar la partida" in page


def test_deleting_shows_the_history_without_it(app: Flask, user_client: FlaskClient) -> None:
    kept = a_match(app, hands=1, names=("Los de siempre", "Visitas"))
    match_id = a_match(app, hands=1)
    url = f"/matches/{match_id}"
    tag = user_client.get(url).headers["ETag"]
    assert user_client.get(url, headers={"If-None-Match": tag}).status_code == 304  # kept, as a phone does

    response = post_form(user_client, f"{url}/delete", {}, follow_redirects=True)
    assert response.status_code == 200 and response.request.path == "/history"
    page = response.get_data(as_text=True)
    assert "The match Nosotros – Ellos of " in page and " was deleted." in page
    assert f'href="/matches/{match_id}"' not in page and f'href="/matches/{kept}"' in page
    assert not exists(app, match_id) and exists(app, kept)
    assert user_client.get(url, headers={"If-None-Match": tag}).status_code == 404
    assert user_client.get(url).status_code == 404
    assert user_client.get(f"{url}/delete").status_code == 404


def test_a_second_tap_deletes_nothing_more(app: Flask, user_client: FlaskClient) -> None:
    gone, kept = a_match(app), a_match(app)
    token = csrf_token(user_client, f"/matches/{gone}/delete")
    first = user_client.post(f"/matches/{gone}/delete", data={"csrf_token": token})
    second = user_client.post(f"/matches/{gone}/delete", data={"csrf_token": token})
    assert first.status_code == 302 and second.status_code == 404
    assert exists(app, kept)


def test_another_account_cannot_delete_it(
    app: Flask, user_client: FlaskClient, other_client: FlaskClient
) -> None:
    match_id = a_match(app)
    assert other_client.get(f"/matches/{match_id}/delete").status_code == 404
    token = csrf_token(other_client, "/matches/new")
    assert other_client.post(f"/matches/{match_id}/delete", data={"csrf_token": token}).status_code == 404
    assert exists(app, match_id)


def test_an_expired_form_deletes_nothing(app: Flask, user_client: FlaskClient) -> None:
    match_id = a_match(app)
    response = user_client.post(f"/matches/{match_id}/delete", data={"csrf_token": "stale"})
    assert response.status_code == 400
    assert exists(app, match_id)


def test_a_match_that_must_stay_says_why(app: Flask, user_client: FlaskClient, monkeypatch: Any) -> None:
    """The hook of club-night events (services.matches.DELETE_CHECKS): no button, and a POST keeps it."""
    match_id = a_match(app)

    def of_an_event(match: Match) -> None:
        raise Conflict("A match of an event cannot be deleted; correct it instead.")

    token = csrf_token(user_client, f"/matches/{match_id}/delete")
    monkeypatch.setattr(services.matches, "DELETE_CHECKS", [of_an_event])
    page = user_client.get(f"/matches/{match_id}/delete").get_data(as_text=True)
    assert "A match of an event cannot be deleted; correct it instead." in page
    assert "Delete the match</button>" not in page
    response = user_client.post(
        f"/matches/{match_id}/delete", data={"csrf_token": token}, follow_redirects=True
    )
    assert response.request.path == f"/matches/{match_id}"
    assert "A match of an event cannot be deleted; correct it instead." in response.get_data(as_text=True)
    assert exists(app, match_id)


def test_the_player_pages_no_longer_count_it(app: Flask, user_client: FlaskClient) -> None:
    match_id = a_match(app, hands=1)
    with app.app_context():
        ana = db.session.query(User).filter_by(username="ana").one()
        player = next(p for p in services.players_of(ana.id) if p.name == "Luis")
    before = user_client.get(f"/players/{player.id}").get_data(as_text=True)
    assert "900" in before
    post_form(user_client, f"/matches/{match_id}/delete", {})
    after = user_client.get(f"/players/{player.id}")
    assert after.status_code == 200 and "900" not in after.get_data(as_text=True)
