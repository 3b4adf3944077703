"""Login sessions known to the server: logging out ends that session everywhere (a copy of its
cookies is refused) and only that one; a password change or "Log out my other devices" ends all
the others while this browser stays logged in."""

from datetime import timedelta

from sqlalchemy import update

from scorekeeper.extensions import db
from scorekeeper.models import LoginSession, utcnow
from tests.helpers import TEST_PASSWORD
from tests.web.helpers import a_match, logged_in, logged_in_now, post_form
from tests.web.helpers import copied_browser as copy
from tests.web.helpers import remembered_phone as phone


def test_logout_ends_the_session_everywhere_but_not_the_other_phones(app, user_client):
    mine, other_phone = phone(app), logged_in(app, "ana")
    thief, remembered = copy(app, mine), copy(app, mine, ["remember_token"])
    assert logged_in_now(thief) and logged_in_now(remembered)  # the copies work while it lasts
    answer = post_form(mine, "/logout", {}, page="/")
    assert answer.status_code == 302 and answer.headers["Clear-Site-Data"] == '"cache"'
    assert not logged_in_now(mine)
    assert not logged_in_now(thief) and not logged_in_now(remembered)
    assert logged_in_now(other_phone) and logged_in_now(user_client)


def test_a_password_change_ends_every_other_session(app, user_client, client):
    other_phone = phone(app)
    thief = copy(app, other_phone, ["remember_token"])
    own_copy = copy(app, user_client, ["session"])  # a copy of this browser's cookies from before the change
    answer = post_form(
        user_client,
        "/account/password",
        {"current": TEST_PASSWORD, "password": "a brand new secret", "confirm": "a brand new secret"},
    )
    assert answer.status_code == 302
    page = user_client.get("/")  # this browser stays
    assert page.status_code == 200 and "other devices were logged out" in page.get_data(as_text=True)
    assert not logged_in_now(other_phone) and not logged_in_now(thief) and not logged_in_now(own_copy)


def test_log_out_my_other_devices(app, user_client):
    other_phone = phone(app)
    thief = copy(app, other_phone, ["remember_token"])
    page = user_client.get("/account/devices").get_data(as_text=True)
    assert "This device" in page and "Log out my other devices" in page
    assert "Log out my other devices" in user_client.get("/account/password").get_data(as_text=True)
    answer = post_form(user_client, "/account/devices", {}, page="/account/devices")
    assert answer.status_code == 302
    assert logged_in_now(user_client)
    assert not logged_in_now(other_phone) and not logged_in_now(thief)
    page = user_client.get("/account/devices").get_data(as_text=True)
    assert page.count("<li>") == 1 and "Log out my other devices" not in page


def test_other_devices_need_a_token_to_be_logged_out(app, user_client):
    other_phone = logged_in(app, "ana")
    assert user_client.post("/account/devices").status_code == 400  # no CSRF token
    assert logged_in_now(other_phone)


def test_a_session_ends_when_unused_too_long(app, user_client):
    long_ago = utcnow() - timedelta(days=app.config["SESSION_IDLE_DAYS"] + 1)
    with app.app_context():
        db.session.execute(update(LoginSession).values(seen_at=long_ago))
        db.session.commit()
    assert not logged_in_now(user_client)


def test_a_session_ends_at_its_maximum_age_even_when_used(app, user_client):
    long_ago = utcnow() - timedelta(days=app.config["SESSION_MAX_DAYS"] + 1)
    with app.app_context():
        db.session.execute(update(LoginSession).values(created_at=long_ago))
        db.session.commit()
    assert not logged_in_now(user_client)


def test_the_cookies_name_a_session_not_the_account(app, user_client):
    """An old-style cookie holding the account's id (``1``) is no way in."""
    with app.app_context():
        assert db.session.query(LoginSession).count() == 1
    forged = app.test_client()
    with forged.session_transaction() as session:
        session["_user_id"] = "1"
    assert not logged_in_now(forged)


def test_the_scoreboard_served_from_memory_refuses_an_ended_session(app, user_client):
    """The scoreboard's quick path (no ORM, a stored page) checks the session in its one query."""
    match_id, _owner = a_match(app)
    url = f"/matches/{match_id}"
    mine = phone(app)
    thief = copy(app, mine, ["session"])
    assert mine.get(url).status_code == 200 and thief.get(url).status_code == 200  # stored, then served
    post_form(mine, "/logout", {}, page="/")
    answer = thief.get(url)
    assert answer.status_code == 302 and "/login" in answer.location
    assert user_client.get(url).status_code == 200


def test_the_command_line_ends_every_session_of_an_account(app, user_client, runner):
    other_phone = phone(app)
    result = runner.invoke(args=["user", "logout", "ANA"])
    assert result.exit_code == 0 and "Ended 2 session(s)" in result.output
    assert not logged_in_now(user_client) and not logged_in_now(other_phone)
