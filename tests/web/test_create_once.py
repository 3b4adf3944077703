"""Every create is once (scorekeeper.single_use): each page form that creates something (Start,
Rematch, Share, an API token, a merge, an import) sent again with the same single-use key (a double
tap, Back then submit) creates nothing and is redirected to what the first one made. Also: a new
match whose sides differ in size is asked about before it starts (a name not typed yet)."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper import single_use
from scorekeeper.extensions import db
from scorekeeper.matches import routes as match_routes
from scorekeeper.models import ApiToken, EditLog, FormUse, Match, Player, User, utcnow
from scorekeeper.services.matches import TWIN_WINDOW, unplayed_twin
from tests.helpers import make_user
from tests.web.helpers import (
    BOUNDARY,
    create,
    csrf_token,
    finish,
    form_keys,
    match_form,
    multipart,
    page,
    post_form,
    sent_twice,
)


def count(app: Flask, model: Any, *where: Any) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model).where(*where)) or 0


def match_id_of(location: str) -> int:
    return int(location.split("#")[0].rsplit("/", 1)[1])


def test_start_sent_twice_makes_one_match_and_shows_it(app: Flask, user_client: FlaskClient) -> None:
    first, again = sent_twice(user_client, "/matches/new", match_form())
    assert first.status_code == again.status_code == 302
    assert again.location == first.location
    assert count(app, Match) == 1
    board = page(user_client.get(again.location))
    assert "This match was started already; here it is. Nothing was created twice." in board


def test_the_same_match_typed_again_shows_the_first_until_it_is_played(
    app: Flask, user_client: FlaskClient
) -> None:
    """Back gives a fresh form (the phone keeps neither the names nor the key): the same match
    typed in again is the first one, not a second, while it has no hand."""
    first = post_form(user_client, "/matches/new", match_form())  # each post_form: a fresh page
    again = post_form(user_client, "/matches/new", match_form())
    assert again.status_code == 302 and again.location == first.location and count(app, Match) == 1
    assert "This match was started already; here it is." in page(user_client.get(again.location))
    other = post_form(user_client, "/matches/new", match_form(target="3000"))
    assert other.status_code == 302 and count(app, Match) == 2  # not the same match
    finish(user_client, match_id_of(first.location))  # played: a new one like it is a new match
    assert post_form(user_client, "/matches/new", match_form()).status_code == 302
    assert count(app, Match) == 3


def test_an_unplayed_twin_is_looked_for_only_shortly(app: Flask, user_client: FlaskClient) -> None:
    first = match_id_of(post_form(user_client, "/matches/new", match_form()).location)
    data = {
        "ruleset": "classic",
        "sides": [
            {"name": "Nosotros", "players": ["ana", "Luis"]},
            {"name": "Ellos", "players": ["Eva", "Juan"]},
        ],
    }
    with app.app_context():
        owner = db.session.scalar(select(Match.club_id).where(Match.id == first))
        assert owner is not None
        found = unplayed_twin(owner, data)
        assert found is not None and found.id == first  # names as typed, in any case
        later = utcnow() + TWIN_WINDOW + timedelta(minutes=1)
        assert unplayed_twin(owner, data, now=later) is None
        assert unplayed_twin(owner, {**data, "first_dealer": 1}) is None
        assert unplayed_twin(owner, {"ruleset": "nope"}) is None


def test_each_new_match_page_has_its_own_key(user_client: FlaskClient) -> None:
    one, two = (form_keys(page(user_client.get("/matches/new"))) for _ in range(2))
    assert len(one) == len(two) == 1 and one != two


def test_a_form_sent_back_with_a_mistake_keeps_its_key_and_starts_once_corrected(
    app: Flask, user_client: FlaskClient
) -> None:
    html = page(user_client.get("/matches/new"))
    key = form_keys(html)[0]
    token = csrf_token(user_client, "/matches/new")
    wrong = user_client.post(
        "/matches/new", data={**match_form(target="12"), "csrf_token": token, "once": key}
    )
    assert wrong.status_code == 422 and form_keys(page(wrong)) == [key]
    assert count(app, Match) == 0 and count(app, FormUse) == 0  # nothing stored, the key neither
    right = user_client.post("/matches/new", data={**match_form(), "csrf_token": token, "once": key})
    assert right.status_code == 302 and count(app, Match) == 1


def test_the_key_is_the_accounts_own(app: Flask, user_client: FlaskClient, other_client: FlaskClient) -> None:
    html = page(user_client.get("/matches/new"))
    key = form_keys(html)[0]
    assert post_form(user_client, "/matches/new", {**match_form(), "once": key}).status_code == 302
    theirs = post_form(other_client, "/matches/new", {**match_form(), "once": key})
    assert theirs.status_code == 302 and match_id_of(theirs.location) != 1
    assert count(app, Match) == 2


def test_rematch_twice_and_rematch_back_rematch_make_one_rematch(
    app: Flask, user_client: FlaskClient
) -> None:
    match_id = create(user_client, target="100")
    finish(user_client, match_id)
    board = f"/matches/{match_id}"
    first, again = sent_twice(user_client, f"{board}/rematch", {}, page=board)
    assert first.status_code == again.status_code == 302
    assert again.location == first.location and match_id_of(first.location) != match_id
    # Back to the old scoreboard, Rematch again: the page carries the same key.
    back = post_form(user_client, f"{board}/rematch", {"once": form_keys(page(user_client.get(board)))[0]})
    assert back.status_code == 302 and back.location == first.location
    assert count(app, Match) == 2
    shown = page(user_client.get(back.location))
    assert "The rematch was started already; here it is." in shown


def test_share_twice_makes_one_link(app: Flask, user_client: FlaskClient) -> None:
    match_id = create(user_client)
    board = f"/matches/{match_id}"
    first, again = sent_twice(user_client, f"{board}/share", {}, page=board)
    assert first.status_code == again.status_code == 302
    assert again.location.endswith(f"{board}#share")
    assert count(app, EditLog, EditLog.action == "share_created") == 1
    assert "The link was made already; nothing was created twice." in page(user_client.get(board))


def test_share_revoke_back_share_shows_the_revoked_state(app: Flask, user_client: FlaskClient) -> None:
    match_id = create(user_client)
    board = f"/matches/{match_id}"
    key = form_keys(page(user_client.get(board)))[0]
    assert post_form(user_client, f"{board}/share", {"once": key}, page=board).status_code == 302
    assert post_form(user_client, f"{board}/share/revoke", {}, page=board).status_code == 302
    again = post_form(user_client, f"{board}/share", {"once": key}, page=board)  # the page from before
    assert again.status_code == 302
    assert count(app, EditLog, EditLog.action == "share_created") == 1
    shown = page(user_client.get(board))
    assert "That link was made before and revoked since; “Share with the table” makes a new one." in shown
    assert "Share with the table" in shown  # a new link is one tap away
    fresh = form_keys(page(user_client.get(board)))[0]
    assert fresh != key
    assert post_form(user_client, f"{board}/share", {"once": fresh}, page=board).status_code == 302
    assert count(app, EditLog, EditLog.action == "share_created") == 2


def test_a_token_form_sent_twice_makes_one_token(app: Flask, user_client: FlaskClient) -> None:
    before = count(app, ApiToken)
    first, again = sent_twice(user_client, "/account/tokens", {})
    assert first.status_code == 200 and "Your new token" in page(first)
    assert again.status_code == 302 and again.location.endswith("/account/tokens")
    assert count(app, ApiToken) == before + 1
    shown = page(user_client.get(again.location))
    assert "That token was made already and shown once" in shown and "Your new token" not in shown
    # The page that showed the token carries a fresh key: its button makes the next token.
    assert post_form(user_client, "/account/tokens", {"once": form_keys(page(first))[0]}).status_code == 200
    assert count(app, ApiToken) == before + 2


def test_a_merge_confirmed_twice_merges_once_and_shows_the_player(
    app: Flask, user_client: FlaskClient
) -> None:
    create(user_client)
    create(user_client, sides=(("Nosotros", ("Anita", "Luis")), ("Ellos", ("Eva", "Juan"))))
    with app.app_context():
        ids = {p.name: p.id for p in db.session.scalars(select(Player))}
    url = f"/players/{ids['Ana']}/merge"
    confirm = post_form(user_client, url, {"other": ids["Anita"]})
    html = page(confirm)
    assert confirm.status_code == 200 and form_keys(html)
    form = {"other": ids["Anita"], "confirm": "yes", "once": form_keys(html)[0]}
    first = post_form(user_client, url, form)
    again = post_form(user_client, url, form)
    assert first.status_code == again.status_code == 302
    assert again.location.endswith(f"/players/{ids['Ana']}")
    assert "Those players were merged already" in page(user_client.get(again.location))


def test_a_merge_chosen_again_after_back_gets_a_new_confirmation(
    app: Flask, user_client: FlaskClient
) -> None:
    """Each confirmation page has a key of its own: Back, then another merge, is a new merge."""
    create(user_client)
    create(user_client, sides=(("N", ("Anita", "Luis")), ("E", ("Eva", "Juan"))))
    create(user_client, sides=(("N", ("Ani", "Luis")), ("E", ("Eva", "Juan"))))
    with app.app_context():
        ids = {p.name: p.id for p in db.session.scalars(select(Player))}
    url = f"/players/{ids['Ana']}/merge"
    one = post_form(user_client, url, {"other": ids["Ani"]})
    two = post_form(user_client, url, {"other": ids["Anita"]})
    assert one.status_code == two.status_code == 200
    assert form_keys(page(one)) != form_keys(page(two))
    merged = post_form(
        user_client, url, {"other": ids["Anita"], "confirm": "yes", "once": form_keys(page(two))[0]}
    )
    assert merged.status_code == 302
    again = post_form(
        user_client, url, {"other": ids["Ani"], "confirm": "yes", "once": form_keys(page(one))[0]}
    )
    assert again.status_code == 302 and "Ani was merged into Ana." in page(user_client.get(again.location))


def upload_twice(client: FlaskClient, raw: bytes) -> tuple[Any, Any]:
    html = page(client.get("/transfer"))
    body = multipart(csrf_token(client, "/transfer"), raw, "backup.json", form_keys(html)[0])
    kind = f"multipart/form-data; boundary={BOUNDARY}"
    return client.post("/transfer", data=body, content_type=kind), client.post(
        "/transfer", data=body, content_type=kind
    )


def test_an_import_sent_twice_imports_once(
    app: Flask, user_client: FlaskClient, other_client: FlaskClient
) -> None:
    create(user_client)
    create(user_client, sides=(("A", ("Leo", "Mia")), ("B", ("Noa", "Pau"))))
    backup = json.dumps(user_client.get("/export/history.json").get_json()).encode()
    first, again = upload_twice(other_client, backup)
    assert first.status_code == again.status_code == 302
    assert again.location == first.location
    shown = page(other_client.get(again.location))
    assert "That file was imported already; nothing was imported twice." in shown
    assert "Skipped" not in shown  # not even looked at again
    assert count(app, Match) == 4


def test_uneven_sides_are_asked_about_before_the_match_starts(app: Flask, user_client: FlaskClient) -> None:
    """Enter pressed before the fourth name was typed, without the page's script: no 2-against-1
    match, but the form again with a question; the confirming button starts it."""
    sides = (("Nosotros", ("Ana", "Luis")), ("Ellos", ("Eva",)))
    asked = post_form(user_client, "/matches/new", match_form(sides=sides))
    html = page(asked)
    assert asked.status_code == 422 and count(app, Match) == 0
    assert "The sides have different numbers of players (2 – 1)." in html
    assert 'value="Eva"' in html  # the names typed so far are kept
    # Start comes first in the form: Enter in a field (implicit submission) never confirms.
    assert html.index(">Start the match</button>") < html.index('name="sides_confirmed"')
    started = post_form(user_client, "/matches/new", {**match_form(sides=sides), "sides_confirmed": "y"})
    assert started.status_code == 302 and count(app, Match) == 1


def test_even_sides_and_three_single_players_start_at_once(app: Flask, user_client: FlaskClient) -> None:
    create(user_client)
    create(user_client, sides=(("A", ("Ana",)), ("B", ("Eva",)), ("C", ("Leo",))))
    assert count(app, Match) == 2


def test_a_mistake_is_shown_before_the_question_about_sides(app: Flask, user_client: FlaskClient) -> None:
    sides = (("Nosotros", ("Ana", "Luis")), ("Ellos", ("Eva",)))
    response = post_form(user_client, "/matches/new", match_form(sides=sides, target="12"))
    html = page(response)
    assert response.status_code == 422 and 'id="target-errors"' in html
    assert "different numbers of players" not in html


def test_the_api_creates_without_keys(app: Flask, client: FlaskClient, password_hash: str) -> None:
    """The API is not affected: each POST is a match (its own Idempotency-Key is for hands only)."""
    _user_id, token = make_user(app, "leo", password_hash)
    body = {
        "ruleset": "classic",
        "sides": [{"name": "A", "players": ["Ana", "Luis"]}, {"name": "B", "players": ["Eva", "Juan"]}],
    }
    headers = {"Authorization": f"Bearer {token}"}
    assert client.post("/api/v1/matches", json=body, headers=headers).status_code == 201
    assert client.post("/api/v1/matches", json=body, headers=headers).status_code == 201
    assert count(app, Match) == 2


@pytest.mark.parametrize("blind", [2, 3], ids=["found-at-commit", "unique-key-at-commit"])
def test_a_request_that_loses_the_race_for_its_key_creates_nothing(
    app: Flask, user_client: FlaskClient, monkeypatch: pytest.MonkeyPatch, blind: int
) -> None:
    """Two requests with one key, both past the first look-ups: the one that commits second finds
    the first one's key in its own transaction (or the unique pair refuses it) and stores nothing."""
    html = page(user_client.get("/matches/new"))
    form = {**match_form(), "once": form_keys(html)[0]}
    first = post_form(user_client, "/matches/new", form)
    real_find = single_use.find
    calls = []

    def late(user_id: int, key: str) -> FormUse | None:
        calls.append(key)
        return None if len(calls) <= blind else real_find(user_id, key)

    monkeypatch.setattr(single_use, "find", late)
    # Racing, neither request sees the other's match yet either.
    monkeypatch.setattr(match_routes, "unplayed_twin", lambda *_args: None)
    again = post_form(user_client, "/matches/new", form)
    assert again.status_code == 302 and again.location == first.location
    assert count(app, Match) == 1 and count(app, FormUse) == 1
    assert len(calls) > blind


def register_form(client: FlaskClient) -> dict[str, str]:
    client.set_cookie("lang", "en")
    html = page(client.get("/register"))
    password = "a long password"
    return {
        "username": "leo",
        "password": password,
        "confirm": password,
        "csrf_token": csrf_token(client, "/register"),
        "once": form_keys(html)[0],
    }


def accounts_named(app: Flask, name: str) -> int:
    return count(app, User, User.username == name)


def test_register_sent_twice_makes_one_account(app: Flask, client: FlaskClient) -> None:
    form = register_form(client)
    first = client.post("/register", data=form)
    again = client.post("/register", data=form)
    assert first.status_code == again.status_code == 302
    assert accounts_named(app, "leo") == 1
    shown = page(client.get(again.location, follow_redirects=True))
    assert "Your account was created already; nothing was created twice." in shown
    assert "That username is taken" not in shown


def test_register_sent_again_after_the_first_answer_was_lost(app: Flask, client: FlaskClient) -> None:
    """A double tap: the browser drops the first answer (and its login), and sends the form again
    with the cookies it had; the key alone finds the account it made."""
    form = register_form(client)
    before = client.get_cookie("session")
    assert before is not None
    assert client.post("/register", data=form).status_code == 302
    assert client.get_cookie("remember_token") is not None  # logged in, for good
    client.delete_cookie("remember_token")
    client.set_cookie("session", before.value)
    assert client.get("/").status_code == 302  # not logged in any more
    again = client.post("/register", data=form)
    assert again.status_code == 302 and accounts_named(app, "leo") == 1
    shown = page(client.get(again.location, follow_redirects=True))
    assert "Log in with it." in shown and "That username is taken" not in shown
