"""Login throttling against password guessing."""

import pytest

from scorekeeper.extensions import limiter
from tests.web.conftest import log_in


@pytest.fixture
def tight_limits(app):
    saved = {key: app.config[key] for key in ("LOGIN_LIMIT_PER_ADDRESS", "LOGIN_LIMIT_PER_USERNAME")}
    app.config.update(LOGIN_LIMIT_PER_ADDRESS="5 per minute", LOGIN_LIMIT_PER_USERNAME="3 per minute")
    limiter.reset()
    yield
    app.config.update(saved)
    limiter.reset()


def test_guessing_one_password_is_throttled(client, user_client, tight_limits):
    client.set_cookie("lang", "en")
    answers = [log_in(client, "ana", f"guess {n}").status_code for n in range(4)]
    assert answers == [200, 200, 200, 429]
    page = log_in(client, "ana", "guess 5")
    assert page.status_code == 429 and "Too many attempts" in page.get_data(as_text=True)


def test_many_usernames_from_one_address_are_throttled(client, tight_limits):
    answers = [log_in(client, f"user{n}", "whatever").status_code for n in range(6)]
    assert answers[:5] == [200] * 5 and answers[5] == 429


def test_errors_are_pages_in_the_users_language(client):
    response = client.get("/no/such/page", headers={"Accept-Language": "es"})
    assert response.status_code == 404
    assert "<h1>" in response.get_data(as_text=True) and 'lang="es"' in response.get_data(as_text=True)
