"""The scoreboard is rendered once per version and then served from memory (scorekeeper.page_cache):
what each phone sees must still be the current score, in its own language, with forms that work
for its own session, and with any message waiting for it."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import services
from scorekeeper.page_cache import PageCache
from tests.helpers import counting
from tests.web.helpers import CSRF, a_match, logged_in, post_form
from tests.web.helpers import SCOREBOARD_HAND as HAND


def second_phone(app: Flask, language: str = "en") -> FlaskClient:
    """Another browser logged in to the same account (``ana``) as ``user_client``."""
    return logged_in(app, "ana", language)


def token_of(page: str) -> str:
    found = CSRF.search(page)
    assert found, "no CSRF token on the scoreboard"
    return found.group(1) or found.group(2)


def leave_message(client: FlaskClient, text: str) -> None:
    """A flash message waiting in the session, as a redirect after a change leaves one."""
    with client.session_transaction() as session:
        session["_flashes"] = [("info", text)]


def without_tokens(page: str) -> str:
    """The page without its CSRF tokens (signed with the time, so they differ from one second on)."""
    return CSRF.sub("", page)


def test_a_repeated_view_is_served_with_one_query_and_shows_the_same_page(app, user_client):
    match_id, _ = a_match(app)
    url = f"/matches/{match_id}"
    first = user_client.get(url).get_data(as_text=True)
    with counting(app) as statements:
        again = user_client.get(url)
    assert again.status_code == 200
    assert without_tokens(again.get_data(as_text=True)) == without_tokens(first)
    assert len(statements) == 1


def test_after_a_hand_every_phone_sees_the_new_score(app, user_client):
    match_id, owner = a_match(app)
    url = f"/matches/{match_id}"
    phone = second_phone(app)
    assert ">900<" not in user_client.get(url).get_data(as_text=True)
    assert ">900<" not in phone.get(url).get_data(as_text=True)
    with app.app_context():
        services.add_hand(services.get_match(owner, match_id), HAND)
    assert ">900<" in user_client.get(url).get_data(as_text=True)
    assert ">900<" in phone.get(url).get_data(as_text=True)


def test_a_page_from_memory_carries_this_sessions_token_and_its_forms_work(app, user_client):
    match_id, _ = a_match(app)
    url = f"/matches/{match_id}"
    user_client.get(url)  # rendered for the first phone's session
    phone = second_phone(app)
    with counting(app) as statements:
        page = phone.get(url).get_data(as_text=True)
    assert len(statements) == 1  # served from memory, not rendered again
    answer = phone.post(f"/matches/{match_id}/share", data={"csrf_token": token_of(page)})
    assert answer.status_code == 302
    assert "The link is ready" in phone.get(url).get_data(as_text=True)


def test_each_phone_gets_its_own_language(app, user_client):
    match_id, _ = a_match(app)
    url = f"/matches/{match_id}"
    assert '<html lang="en"' in user_client.get(url).get_data(as_text=True)
    assert '<html lang="es"' in second_phone(app, "es").get(url).get_data(as_text=True)
    assert '<html lang="en"' in user_client.get(url).get_data(as_text=True)


def test_a_waiting_message_is_shown_once_and_never_kept_for_others(app, user_client):
    match_id, _ = a_match(app)
    url = f"/matches/{match_id}"
    user_client.get(url)
    leave_message(user_client, "Hand 3 was corrected")
    assert "Hand 3 was corrected" in user_client.get(url).get_data(as_text=True)
    assert "Hand 3 was corrected" not in user_client.get(url).get_data(as_text=True)
    assert "Hand 3 was corrected" not in second_phone(app).get(url).get_data(as_text=True)


def test_another_account_still_gets_404(app, user_client, other_client):
    match_id, _ = a_match(app)
    url = f"/matches/{match_id}"
    user_client.get(url)
    assert other_client.get(url).status_code == 404


def test_the_store_keeps_the_most_recent_pages_within_its_bytes():
    cache = PageCache(max_bytes=10)
    cache.put("a", b"12345")
    cache.put("b", b"12345")
    assert cache.get("a") == b"12345"  # "a" is now the most recent
    cache.put("c", b"123")
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (b"12345", None, b"123")
    cache.put("huge", b"x" * 11)
    assert cache.get("huge") is None and len(cache) == 2


def test_a_query_string_gets_a_fresh_render_with_its_own_language_links(app, user_client):
    match_id, _ = a_match(app)
    url = f"/matches/{match_id}"
    user_client.get(url)
    with counting(app) as statements:
        page = user_client.get(url + "?from=history").get_data(as_text=True)
    assert len(statements) > 1
    assert "from%3Dhistory" in page  # the language links come back to this very address


def test_the_share_link_follows_the_host_the_page_was_asked_on(app, user_client):
    match_id, _ = a_match(app)
    url = f"/matches/{match_id}"
    post_form(user_client, f"/matches/{match_id}/share", {}, page=url)
    assert "http://localhost/s/" in user_client.get(url).get_data(as_text=True)
    for name in ("session", "lang"):
        cookie = user_client.get_cookie(name)
        assert cookie is not None
        user_client.set_cookie(name, cookie.value, domain="cards.example")
    other_host = user_client.get(url, base_url="http://cards.example").get_data(as_text=True)
    assert "http://cards.example/s/" in other_host and "http://localhost/s/" not in other_host


def test_a_head_request_leaves_the_waiting_message_for_the_page(app, user_client):
    match_id, _ = a_match(app)
    url = f"/matches/{match_id}"
    user_client.get(url)
    leave_message(user_client, "Hand 3 was corrected")
    assert user_client.head(url).status_code == 200
    assert "Hand 3 was corrected" in user_client.get(url).get_data(as_text=True)


def test_strong_session_protection_is_not_bypassed(app, user_client):
    """With Flask-Login's "strong" protection a session moved to another browser is logged out; the
    page kept in memory must not be handed to it first."""
    match_id, _ = a_match(app)
    url = f"/matches/{match_id}"
    user_client.get(url)
    app.login_manager.session_protection = "strong"
    try:
        moved = user_client.get(url, headers={"User-Agent": "another browser"})
    finally:
        app.login_manager.session_protection = "basic"
    assert moved.status_code == 302 and "/login" in moved.location


def test_the_page_shown_with_a_message_is_kept_without_it(app, user_client):
    """Saving a hand redirects to the scoreboard with a message: that render serves the next views."""
    match_id, owner = a_match(app)
    url = f"/matches/{match_id}"
    with app.app_context():
        services.add_hand(services.get_match(owner, match_id), HAND)
    with user_client.session_transaction() as session:
        session["_flashes"] = [("success", "Hand 1 is saved")]
    shown = user_client.get(url).get_data(as_text=True)
    assert "Hand 1 is saved" in shown and ">900<" in shown
    phone = second_phone(app)
    with counting(app) as statements:
        page = phone.get(url).get_data(as_text=True)
    assert len(statements) == 1
    assert ">900<" in page and "Hand 1 is saved" not in page
