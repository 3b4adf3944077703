"""Login throttling: guesses are slowed down, the owner is not locked out.

Only failures count, per address and per account; a browser that logged in to the account before
(its signed device cookie) is counted on its own, so guesses from many addresses cannot keep the
owner's phone out, and per account the limit is a slow-down (one more a minute), so they cannot keep
the owner's new browser waiting more than a minute either. The counts are in the database, shared
by every process, and atomic (tests/web/test_throttling_atomic.py; tests/system/
test_throttling_workers.py for two gunicorn workers). Time moves by the ``clock`` fixture."""

from pathlib import Path

import pytest

from scorekeeper import throttle
from scorekeeper.services.accounts import authenticate
from tests.helpers import TEST_PASSWORD
from tests.web.helpers import csrf_token, log_in, post_form
from tests.web.helpers import phone_at as phone

#: The configuration's defaults (scorekeeper.config), which docs/reliability.md states.
DEFAULTS = {
    "LOGIN_LIMIT_PER_ADDRESS": "10 per minute; 100 per hour",
    "LOGIN_LIMIT_PER_USERNAME": "10 per hour, then 1 per minute",
    "REGISTER_LIMIT_PER_ADDRESS": "10 per hour",
    "REGISTER_LIMIT_TOTAL": "50 per hour",
}


def test_the_defaults_are_the_documented_ones(app):
    from scorekeeper.config import default_config

    defaults = default_config(Path(app.instance_path))
    assert {key: defaults[key] for key in DEFAULTS} == DEFAULTS
    assert throttle.longest_wait(throttle.parse(DEFAULTS["LOGIN_LIMIT_PER_USERNAME"])) == 60


def test_guessing_one_password_is_throttled(client, user_client, limits):
    limits(LOGIN_LIMIT_PER_ADDRESS="5 per minute", LOGIN_LIMIT_PER_USERNAME="3 per minute")
    client.set_cookie("lang", "en")
    answers = [log_in(client, "ana", f"guess {n}").status_code for n in range(4)]
    assert answers == [200, 200, 200, 429]
    page = log_in(client, "ana", "guess 5")
    assert page.status_code == 429 and "Too many attempts. Wait 1 minute" in page.get_data(as_text=True)
    assert 0 < int(page.headers["Retry-After"]) <= 60
    assert log_in(client, "ana").status_code == 429  # the right password waits too: no oracle


def test_many_usernames_from_one_address_are_throttled(client, limits):
    limits(LOGIN_LIMIT_PER_ADDRESS="5 per minute")
    answers = [log_in(client, f"user{n}", "whatever").status_code for n in range(6)]
    assert answers[:5] == [200] * 5 and answers[5] == 429


def test_successful_logins_are_not_counted(app, user_client, limits):
    limits(LOGIN_LIMIT_PER_ADDRESS="3 per minute", LOGIN_LIMIT_PER_USERNAME="3 per minute")
    answers = [log_in(phone(app, "10.0.0.1"), "ana").status_code for _ in range(6)]
    assert answers == [302] * 6


@pytest.fixture
def quick_hash(monkeypatch):
    """Passwords checked without scrypt's deliberate cost, for the tests that make a great many
    guesses (the throttling is what they test, not the hash)."""
    from scorekeeper.services import accounts

    monkeypatch.setattr(accounts, "check_password_hash", lambda _hash, password: password == TEST_PASSWORD)


def guesser(app, address):
    """A browser at ``address`` that posts the login form again and again (its CSRF token fetched
    once): ``guess(password)`` answers the status code and the Retry-After header."""
    browser = phone(app, address)
    token = csrf_token(browser, "/login")

    def guess(password, username="ana"):
        body = {"username": username, "password": password, "csrf_token": token}
        answer = browser.post("/login", data=body)
        return answer.status_code, int(answer.headers.get("Retry-After", 0))

    return guess


def test_guesses_from_many_addresses_do_not_lock_the_owner_out(app, user_client, limits, clock, quick_hash):
    """The issue's attack: 60 wrong guesses for one name from 12 addresses, default limits."""
    limits(**DEFAULTS)
    owner = phone(app, "10.0.0.99")
    assert log_in(owner, "ana").status_code == 302  # the owner's phone logged in before
    post_form(owner, "/logout", {}, page="/")
    answers = [guesser(app, f"192.0.2.{address}")(f"guess {n}")[0] for address in range(12) for n in range(5)]
    assert answers.count(200) == 10 and answers.count(429) == 50  # 10 at once, then one a minute
    assert log_in(owner, "ana", TEST_PASSWORD).status_code == 302  # the owner's phone gets in at once
    assert owner.get("/").status_code == 200
    # A browser the account never logged in from waits a minute at most, then gets in.
    new_browser = guesser(app, "10.0.0.98")
    status, retry_after = new_browser(TEST_PASSWORD)
    assert status == 429 and 0 < retry_after <= 60
    clock.advance(retry_after)
    assert new_browser(TEST_PASSWORD) == (302, 0)


def test_a_wait_under_a_minute_is_said_in_seconds(app, user_client, limits, clock, quick_hash):
    limits(**DEFAULTS)
    for n in range(10):
        guesser(app, f"192.0.2.{n}")(f"guess {n}")
    clock.advance(15)
    browser = phone(app, "10.0.0.97")
    browser.set_cookie("lang", "fr")
    refused = log_in(browser, "ana")
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "45"
    assert "Attendez 45 secondes avant de réessayer." in refused.get_data(as_text=True)


def test_an_hour_of_guessing_at_one_account(app, user_client, limits, clock, quick_hash):
    """A guess every 20 seconds for an hour, from 12 addresses in turn: the account takes 10, then
    one a minute (docs/reliability.md); a new browser of the owner, at any moment, is told to wait
    a minute at most, and gets in when it tries again then."""
    limits(**DEFAULTS)
    attackers = [guesser(app, f"192.0.2.{address}") for address in range(12)]
    checked, longest_wait = 0, 0
    for step in range(180):
        status, _ = attackers[step % 12](f"guess {step}")
        checked += status == 200
        if step % 30 == 15:  # every 10 minutes the owner tries on a new phone
            owner = guesser(app, f"10.0.1.{step}")
            status, retry_after = owner(TEST_PASSWORD)
            if status == 429:
                longest_wait = max(longest_wait, retry_after)
                clock.advance(retry_after)
                status, _ = owner(TEST_PASSWORD)
            assert status == 302
        clock.advance(20)
    assert 60 <= checked <= 10 + 60, checked
    assert 0 < longest_wait <= 60


def test_a_known_device_is_still_throttled_for_its_own_guesses(app, user_client, limits):
    limits(LOGIN_LIMIT_PER_ADDRESS="100 per minute", LOGIN_LIMIT_PER_USERNAME="3 per minute")
    device = phone(app, "10.0.0.7")
    assert log_in(device, "ana").status_code == 302
    post_form(device, "/logout", {}, page="/")
    answers = [log_in(device, "ana", f"guess {n}").status_code for n in range(4)]
    assert answers == [200, 200, 200, 429]


def test_a_device_cookie_of_another_account_or_forged_does_not_exempt(app, user_client, other_client, limits):
    limits(LOGIN_LIMIT_PER_ADDRESS="100 per minute", LOGIN_LIMIT_PER_USERNAME="2 per minute")
    for n in range(2):
        log_in(phone(app, f"192.0.2.{n}"), "ana", "wrong")
    eva_device = other_client.get_cookie("device").value
    for cookie in (eva_device, "forged." + eva_device, "garbage"):
        browser = phone(app, "10.0.0.8")
        browser.set_cookie("device", cookie)
        assert log_in(browser, "ana").status_code == 429, cookie


def test_a_slow_down_is_written_as_a_limit():
    assert throttle.parse("10 per hour, then 1 per minute") == (throttle.Limit(10, 3600, 60),)
    assert throttle.parse("5/minute; 10 per hour,then one per second")[1] == throttle.Limit(10, 3600, 1)
    for wrong in ("10 per hour, then 2 per minute", "1 per minute, then 1 per hour", "10 per week", ""):
        with pytest.raises(ValueError):
            throttle.parse(wrong)


def test_the_server_takes_so_many_new_accounts_an_hour(app, limits, clock):
    limits(REGISTER_LIMIT_PER_ADDRESS="100 per hour", REGISTER_LIMIT_TOTAL="2 per hour")

    def register(name, address):
        body = {"username": name, "password": "long enough", "confirm": "long enough"}
        return post_form(phone(app, address), "/register", body)

    assert register("luis", "10.0.0.1").status_code == 302
    assert register("luis", "10.0.0.2").status_code == 200  # taken: no account made, not counted
    clock.advance(1800)
    assert register("marta", "10.0.0.3").status_code == 302
    refused = register("pablo", "10.0.0.4")
    text = refused.get_data(as_text=True)
    assert refused.status_code == 429 and "takes no more for now. Try again in 30 minutes." in text
    assert 1790 < int(refused.headers["Retry-After"]) <= 1800
    clock.advance(1800)  # the first account made leaves the hour
    assert register("pablo", "10.0.0.4").status_code == 302


def test_the_cap_is_in_the_players_language(app, limits):
    limits(REGISTER_LIMIT_TOTAL="1 per hour")
    body = {"username": "luis", "password": "long enough", "confirm": "long enough"}
    post_form(phone(app, "10.0.0.1"), "/register", body)
    browser = app.test_client()
    browser.set_cookie("lang", "es")
    refused = post_form(browser, "/register", {**body, "username": "eva"})
    assert refused.status_code == 429 and "minutos" in refused.get_data(as_text=True)


def test_registration_is_throttled_per_address(app, limits):
    limits(REGISTER_LIMIT_PER_ADDRESS="2 per hour")
    answers = []
    for n in range(3):
        body = {"username": f"luis{n}", "password": "long enough", "confirm": "long enough"}
        answers.append(post_form(phone(app, "10.0.0.5"), "/register", body).status_code)
    assert answers == [302, 302, 429]
    assert post_form(phone(app, "10.0.0.6"), "/register", {
        "username": "eva2", "password": "long enough", "confirm": "long enough"}).status_code == 302


def test_errors_are_pages_in_the_users_language(client):
    response = client.get("/no/such/page", headers={"Accept-Language": "es"})
    assert response.status_code == 404
    assert "<h1>" in response.get_data(as_text=True) and 'lang="es"' in response.get_data(as_text=True)


def test_guessing_the_current_password_on_the_account_page_is_throttled(app, user_client, limits):
    """A stolen session is no way around the login limits."""
    limits(LOGIN_LIMIT_PER_ADDRESS="100 per minute", LOGIN_LIMIT_PER_USERNAME="3 per minute")
    answers = [
        post_form(
            user_client,
            "/account/password",
            {"current": current, "password": "a brand new secret", "confirm": "a brand new secret"},
        )
        for current in ("guess 1", "guess 2", "guess 3", TEST_PASSWORD)
    ]
    assert [answer.status_code for answer in answers] == [200, 200, 200, 429]
    assert "Too many attempts" in answers[-1].get_data(as_text=True)
    with app.app_context():  # the password was not changed
        assert authenticate("ana", TEST_PASSWORD) is not None


def test_the_command_line_lets_a_new_device_try_again(app, user_client, limits, runner):
    limits(LOGIN_LIMIT_PER_ADDRESS="100 per minute", LOGIN_LIMIT_PER_USERNAME="2 per minute")
    for n in range(2):
        log_in(phone(app, f"192.0.2.{n}"), "ana", "wrong")
    assert log_in(phone(app, "10.0.0.9"), "ana").status_code == 429
    assert runner.invoke(args=["user", "unthrottle", "Ana"]).exit_code == 0
    assert log_in(phone(app, "10.0.0.9"), "ana").status_code == 302
