"""Deleting one's account (issue 18, item 11): a page, kept by no cache, where the owner types the
password; the right one deletes the account and all its data (matches, players, running totals,
tokens, sessions, share links, keys), logs every device out and frees the username; a wrong one
changes nothing and says so at the field. Another account's data stays whole."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import (
    ApiToken,
    EditLog,
    Hand,
    IdempotencyKey,
    LoginSession,
    Match,
    PartnershipTotal,
    Player,
    PlayerTotal,
    ShareLink,
    Side,
    User,
)
from tests.helpers import TEST_PASSWORD, Api, make_user
from tests.web.helpers import logged_in, post_form

URL = "/account/delete"
HAND = {
    "number": 1,
    "went_out": 0,
    "going_out_kind": "normal",
    "sides": [{"melds": 300, "canastas": {"clean": 1}}, {"melds": 100, "hand": 40}],
}
TABLES = (User, Match, Side, Hand, EditLog, ShareLink, Player, PlayerTotal, PartnershipTotal, ApiToken)


def counts(app: Flask) -> dict[str, int]:
    with app.app_context():
        found = {
            model.__name__: int(db.session.scalar(select(func.count()).select_from(model)) or 0)
            for model in TABLES
        }
        found["IdempotencyKey"] = int(
            db.session.scalar(select(func.count()).select_from(IdempotencyKey)) or 0
        )
        found["LoginSession"] = int(db.session.scalar(select(func.count()).select_from(LoginSession)) or 0)
        return found


def an_account_with_data(app: Flask, client: FlaskClient, name: str, token: str) -> None:
    """Two matches with a hand each (one through an Idempotency-Key), and a share link."""
    api = Api(client, token)
    body = {
        "ruleset": "classic",
        "sides": [{"name": "A", "players": ["Ana", "Luis"]}, {"name": "B", "players": ["Eva", "Juan"]}],
    }
    first = api.post("/matches", body).get_json()["id"]
    second = api.post("/matches", body).get_json()["id"]
    assert api.post(f"/matches/{first}/hands", HAND).status_code == 201
    keyed = client.post(
        f"/api/v1/matches/{second}/hands", json=HAND, headers={**api.headers, "Idempotency-Key": f"{name}-1"}
    )
    assert keyed.status_code == 201
    with app.app_context():
        owner = db.session.scalar(select(User.id).where(User.username == name))
        assert owner is not None
        services.create_share_link(services.get_match(owner, first))


def test_the_page_names_what_goes_and_is_kept_by_no_cache(app: Flask, password_hash: str) -> None:
    token = make_user(app, "ana", password_hash)[1]
    browser = logged_in(app, "ana")
    an_account_with_data(app, browser, "ana", token)
    response = browser.get(URL)
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"
    page = response.get_data(as_text=True)
    assert "2 matches, with their hands, edit logs and live links" in page
    assert "4 players and their statistics" in page
    assert 'autocomplete="current-password"' in page and "data-needs-network" in page
    assert f'href="{URL}"' in browser.get("/account/password").get_data(as_text=True)
    assert f'href="{URL}"' in browser.get("/account/devices").get_data(as_text=True)


def test_a_wrong_password_changes_nothing(app: Flask, password_hash: str) -> None:
    token = make_user(app, "ana", password_hash)[1]
    browser = logged_in(app, "ana")
    an_account_with_data(app, browser, "ana", token)
    before = counts(app)
    response = post_form(browser, URL, {"password": "not my password"})
    assert response.status_code == 422 and response.headers["Cache-Control"] == "no-store"
    page = response.get_data(as_text=True)
    assert "Wrong password: nothing was deleted." in page
    assert 'value="not my password"' not in page  # a password is never sent back
    assert counts(app) == before
    assert browser.get("/").status_code == 200  # still logged in
    assert post_form(browser, URL, {"password": ""}).status_code == 422
    assert counts(app) == before


def test_the_right_password_deletes_everything_of_the_account(app: Flask, password_hash: str) -> None:
    ana_token = make_user(app, "ana", password_hash)[1]
    eva_token = make_user(app, "eva", password_hash)[1]
    ana, other_phone, eva = logged_in(app, "ana"), logged_in(app, "ana"), logged_in(app, "eva")
    an_account_with_data(app, ana, "ana", ana_token)
    an_account_with_data(app, eva, "eva", eva_token)
    with app.app_context():
        eva_id = db.session.scalar(select(User.id).where(User.username == "eva"))
        eva_link = db.session.scalar(select(ShareLink.token).join(Match).where(Match.club_id == eva_id))
    alone = counts(app)

    response = post_form(ana, URL, {"password": TEST_PASSWORD}, follow_redirects=True)
    assert response.request.path == "/login"
    assert "Your account and all its data were deleted." in response.get_data(as_text=True)
    # Exactly eva's rows are left: every table holds half of what it held (eva's second session aside).
    left = counts(app)
    assert left["User"] == 1 and left["LoginSession"] == 1
    for table in ("Match", "Side", "Hand", "EditLog", "ShareLink", "Player", "PlayerTotal", "ApiToken"):
        assert left[table] * 2 == alone[table], table
    assert left["IdempotencyKey"] == 1 and left["PartnershipTotal"] * 2 == alone["PartnershipTotal"]
    # Logged out everywhere; the token is refused; eva's data works as before.
    assert ana.get("/").status_code == 302 and other_phone.get("/").status_code == 302
    assert Api(app.test_client(), ana_token).get("/matches").status_code == 401
    assert eva.get("/").status_code == 200 and eva.get(f"/s/{eva_link}").status_code == 200
    assert Api(app.test_client(), eva_token).get("/matches").headers["X-Total-Count"] == "2"
    # The username is free again: a new account of that name starts empty.
    newcomer = app.test_client()
    newcomer.set_cookie("lang", "en")
    registered = post_form(
        newcomer, "/register", {"username": "ana", "password": TEST_PASSWORD, "confirm": TEST_PASSWORD}
    )
    assert registered.status_code == 302
    with app.app_context():
        new_ana = db.session.scalar(select(User.id).where(User.username == "ana"))
        assert new_ana is not None
        assert db.session.scalar(select(func.count()).where(Match.club_id == new_ana)) == 0
        assert db.session.scalar(select(func.count()).where(Player.club_id == new_ana)) == 0


def test_another_language_at_the_field(app: Flask, password_hash: str) -> None:
    make_user(app, "ana", password_hash)
    browser = logged_in(app, "ana", "fr")
    page = post_form(browser, URL, {"password": "nope nope"}).get_data(as_text=True)
    assert "Mot de passe incorrect : rien n’a été supprimé." in page


def test_a_new_account_never_gets_the_id_of_a_deleted_one(app: Flask, password_hash: str) -> None:
    """The newest account deleted, the next one registered gets a new id, so nothing of the old one
    names it: not its tag (``X-Account``, under which a phone keeps pages and queued hands), nor a
    stale session, token or known-device cookie."""
    make_user(app, "eva", password_hash)
    gone_id = make_user(app, "ana", password_hash)[0]
    ana = logged_in(app, "ana")
    gone_tag = ana.get("/").headers["X-Account"]
    assert post_form(ana, URL, {"password": TEST_PASSWORD}).status_code == 302
    newcomer = app.test_client()
    newcomer.set_cookie("lang", "en")
    registered = post_form(
        newcomer, "/register", {"username": "luis", "password": TEST_PASSWORD, "confirm": TEST_PASSWORD}
    )
    assert registered.status_code == 302
    with app.app_context():
        new_id = db.session.scalar(select(User.id).where(User.username == "luis"))
    assert new_id is not None and new_id > gone_id
    assert newcomer.get("/").headers["X-Account"] != gone_tag
    assert ana.get("/").status_code == 302  # the deleted account's browser is logged out
