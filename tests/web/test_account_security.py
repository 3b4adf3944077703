"""Accounts as OWASP ASVS level 2 asks: no username discovery by timing, no common passwords,
HSTS in production, logged-in pages kept out of shared caches, SQLite commits on disk."""

import pytest
from sqlalchemy import text

import scorekeeper.services.accounts as accounts
from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.rules import ValidationError
from tests.web.helpers import log_in, post_form


@pytest.fixture
def hash_checks(monkeypatch):
    """Every password hash checked, as (hash, password) pairs."""
    seen = []
    real = accounts.check_password_hash

    def counting(pwhash, password):
        seen.append((pwhash, password))
        return real(pwhash, password)

    monkeypatch.setattr(accounts, "check_password_hash", counting)
    return seen


def test_a_login_for_an_unknown_name_still_checks_a_password_hash(client, user_client, hash_checks):
    client.set_cookie("lang", "en")
    assert log_in(client, "nobody", "a wrong password").status_code == 200
    assert log_in(client, "ana", "a wrong password").status_code == 200
    unknown, known = hash_checks
    assert unknown[1] == known[1] == "a wrong password"
    assert unknown[0] != known[0]  # a dummy hash ...
    assert unknown[0].split("$")[0] == known[0].split("$")[0]  # ... made by the same method and cost


@pytest.mark.parametrize("password", ["password1", "iloveyou", "Sunshine", "aaaaaaaaaa", "abcdefgh"])
def test_common_passwords_are_refused_with_a_message_that_helps(client, password):
    client.set_cookie("lang", "en")
    answer = post_form(client, "/register", {"username": "luis", "password": password, "confirm": password})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200 and client.get("/").status_code == 302  # no account, not logged in
    assert "a few words that do not belong together" in page
    assert 'value="luis"' in page


def test_the_username_is_no_password(client):
    client.set_cookie("lang", "en")
    answer = post_form(
        client, "/register", {"username": "canastera", "password": "canastera", "confirm": "canastera"}
    )
    assert "too easy to guess" in answer.get_data(as_text=True)


def test_the_message_is_in_the_players_language(client):
    client.set_cookie("lang", "es")
    body = {"username": "luis", "password": "password1", "confirm": "password1"}
    answer = post_form(client, "/register", body)
    page = answer.get_data(as_text=True)
    assert "contraseñas más comunes" in page


def test_a_password_change_refuses_common_passwords_too(user_client):
    answer = post_form(
        user_client,
        "/account/password",
        {"current": "correct horse battery", "password": "qwertyuiop", "confirm": "qwertyuiop"},
    )
    assert answer.status_code == 200 and "most common passwords" in answer.get_data(as_text=True)


def test_accounts_made_elsewhere_refuse_them_as_well(app):
    with app.app_context(), pytest.raises(ValidationError) as refused:
        accounts.create_user("luis", "12345678")
    assert refused.value.errors[0].path == "password"


def test_hsts_in_production_only(client, database_url, monkeypatch, tmp_path):
    assert "Strict-Transport-Security" not in client.get("/login").headers
    monkeypatch.setenv("SCOREKEEPER_ENV", "production")
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path))
    production = create_app(
        {"SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "x", "AUTO_MIGRATE": False}
    )
    header = production.test_client().get("/login").headers["Strict-Transport-Security"]
    assert header == "max-age=31536000; includeSubDomains"


def test_logged_in_pages_stay_out_of_shared_caches(client, user_client):
    for url in ("/", "/players", "/account/password", "/account/devices"):
        assert user_client.get(url).headers["Cache-Control"] == "private, no-cache", url
    assert "Cache-Control" not in client.get("/login").headers  # nobody's page


def test_a_page_that_chose_its_caching_keeps_it(user_client):
    export = user_client.get("/export/history.json")
    assert export.status_code == 200, export.status_code
    assert export.headers["Cache-Control"] == "private, no-store"


def test_sqlite_acknowledges_a_commit_once_it_is_on_disk(app):
    with app.app_context():
        if db.engine.dialect.name != "sqlite":
            pytest.skip("an SQLite setting")
        assert db.session.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert db.session.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL
