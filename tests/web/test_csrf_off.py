"""With CSRF turned off in the configuration (``WTF_CSRF_ENABLED = False``, as an integrator's tests
run the app), every page form still works: the forms have no ``csrf_token`` field then, and no
template or route may count on it. A second app on the same database, built with create_app."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.extensions import db
from tests.helpers import TEST_PASSWORD, clear_page_cache, make_user
from tests.web.helpers import hand_form, match_form

PAGES_WITH_FORMS = (
    "/",
    "/matches/new",
    "/account/password",
    "/account/devices",
    "/account/tokens",
    "/players",
    "/transfer",
)


@pytest.fixture(scope="session")
def unprotected_app(app: Flask, database_url: str) -> Iterator[Flask]:
    """An app like the tests' own, on the same database, with CSRF off (the tables are emptied after
    each test by the fixture of ``app``)."""
    other = create_app({**app.config, "WTF_CSRF_ENABLED": False, "AUTO_MIGRATE": False})
    assert other.config["SQLALCHEMY_DATABASE_URI"] == app.config["SQLALCHEMY_DATABASE_URI"]
    yield other
    with other.app_context():
        db.engine.dispose()


@pytest.fixture
def browser(unprotected_app: Flask, app: Flask, password_hash: str) -> Iterator[FlaskClient]:
    """A session logged in as ``ana`` through the login form, no token sent."""
    make_user(app, "ana", password_hash)
    client = unprotected_app.test_client()
    client.set_cookie("lang", "en")
    response = client.post("/login", data={"username": "ana", "password": TEST_PASSWORD})
    assert response.status_code == 302, response.get_data(as_text=True)
    yield client
    clear_page_cache(unprotected_app)


def new_match(client: FlaskClient, **extra: Any) -> int:
    response = client.post("/matches/new", data=match_form(**extra))
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.location.rsplit("/", 1)[1])


def test_a_login_a_new_match_and_a_hand_work_without_csrf(browser: FlaskClient) -> None:
    match_id = new_match(browser)
    form = browser.get(f"/matches/{match_id}/hands/new")
    assert form.status_code == 200
    page = form.get_data(as_text=True)
    assert 'name="csrf_token"' not in page
    key = page.split('name="key" type="hidden" value="', 1)[1].split('"', 1)[0]
    data = {
        **hand_form(1, 0, {"melds": 300, "hand": 0, "canastas-clean": 1}, {"melds": 100, "hand": 20}),
        "key": key,
    }
    response = browser.post(f"/matches/{match_id}/hands/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    board = browser.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Hand 1 saved." in board
    # The same form again (Back, a double tap) stores nothing twice.
    again = browser.post(f"/matches/{match_id}/hands/new", data=data, follow_redirects=True)
    assert "Hand 1 is already saved." in again.get_data(as_text=True)


def test_a_wrong_hand_comes_back_with_its_message_not_a_500(browser: FlaskClient) -> None:
    match_id = new_match(browser)
    data = hand_form(1, 0, {"melds": "lots", "hand": 0}, {"melds": 100, "hand": 20})
    response = browser.post(f"/matches/{match_id}/hands/new", data=data)
    assert response.status_code == 422
    assert 'value="lots"' in response.get_data(as_text=True)


def test_undoing_editing_and_deleting_a_hand_work_without_csrf(browser: FlaskClient) -> None:
    match_id = new_match(browser)
    first = hand_form(1, 0, {"melds": 300, "hand": 0, "canastas-clean": 1}, {"melds": 100, "hand": 20})
    assert browser.post(f"/matches/{match_id}/hands/new", data=first).status_code == 302
    question = browser.post(f"/matches/{match_id}/hands/1/undo").get_data(as_text=True)
    assert "Undo hand 1:" in question
    confirmed = {"confirm": "yes"}
    response = browser.post(f"/matches/{match_id}/hands/1/undo", data=confirmed, follow_redirects=True)
    assert "Hand 1 undone" in response.get_data(as_text=True)
    assert browser.post(f"/matches/{match_id}/hands/new", data=first).status_code == 302
    edit = browser.get(f"/matches/{match_id}/hands/1/edit").get_data(as_text=True)
    version = edit.split('name="version" type="hidden" value="', 1)[1].split('"', 1)[0]
    changed = {**first, "sides-1-hand": "25", "version": version}
    response = browser.post(f"/matches/{match_id}/hands/1/edit", data=changed, follow_redirects=True)
    assert "Hand 1 changed" in response.get_data(as_text=True)
    response = browser.post(f"/matches/{match_id}/hands/1/delete", follow_redirects=True)
    assert response.status_code == 200
    assert browser.get(f"/matches/{match_id}/hands/1").status_code == 404


def test_every_page_with_a_form_shows_without_csrf(browser: FlaskClient) -> None:
    match_id = new_match(browser)
    for url in (*PAGES_WITH_FORMS, f"/matches/{match_id}", f"/matches/{match_id}/opening"):
        response = browser.get(url)
        assert response.status_code == 200, url


def test_the_other_page_forms_work_without_csrf(browser: FlaskClient) -> None:
    match_id = new_match(browser)
    opening = browser.post(f"/matches/{match_id}/opening", data={"side": "0"})
    assert opening.status_code in (200, 422)
    token = browser.post("/account/tokens", data={"name": "phone"})
    assert token.status_code in (200, 302)
    assert browser.post("/account/devices").status_code == 302
    players_page = browser.get("/players").get_data(as_text=True)
    player = re.search(r'href="/players/(\d+)"', players_page).group(1)  # a player's own page
    renamed = browser.post(f"/players/{player}/rename", data={"name": "Anita"}, follow_redirects=True)
    assert "Anita" in renamed.get_data(as_text=True)
    assert browser.post(f"/matches/{match_id}/share").status_code == 302
    assert browser.post("/logout").status_code == 302
    assert browser.get("/matches/new").status_code == 302  # logged out: to the login page


def test_registering_works_without_csrf(unprotected_app: Flask, app: Flask) -> None:
    client = unprotected_app.test_client()
    data = {"username": "luis", "password": "a long table password", "confirm": "a long table password"}
    response = client.post("/register", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    assert client.get("/matches/new").status_code == 200
