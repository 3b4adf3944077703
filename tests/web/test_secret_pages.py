"""Pages that show a secret are ``Cache-Control: no-store`` (no cache keeps them, not even the
browser's for the Back button): the page with a new API token, the scoreboard while it shows the
match's share link (rendered or served from memory). One mechanism: a view or template function
calls ``security.shows_secret()`` (or the view is ``@no_store``), whatever caching it chose."""

from flask import Flask, make_response

from scorekeeper.security import no_store, register_security, shows_secret
from tests.web.helpers import a_match, new_token, post_form, share


def test_the_new_api_token_page_is_no_store(user_client):
    created = post_form(user_client, "/account/tokens", {})
    assert 'id="new-token"' in created.get_data(as_text=True)
    assert created.headers["Cache-Control"] == "no-store"
    assert user_client.get("/account/tokens").headers["Cache-Control"] == "no-store"
    new_token(user_client)


def test_the_scoreboard_showing_a_share_link_is_no_store(app, user_client):
    match_id, _owner = a_match(app)
    url = f"/matches/{match_id}"
    assert user_client.get(url).headers["Cache-Control"] == "private, no-cache"  # no link yet
    share(user_client, match_id)
    for _ in range(2):  # rendered, then served from memory (scorekeeper.page_cache)
        page = user_client.get(url)
        assert 'id="share-url"' in page.get_data(as_text=True)
        assert page.headers["Cache-Control"] == "no-store"
        assert "<!--secret" not in page.get_data(as_text=True)
    post_form(user_client, f"/matches/{match_id}/share/revoke", {}, page=url)
    page = user_client.get(url)
    assert 'id="share-url"' not in page.get_data(as_text=True)
    assert page.headers["Cache-Control"] == "private, no-cache"


def test_the_mark_wins_over_the_views_own_caching():
    app = Flask(__name__)
    register_security(app)

    @app.get("/kept")
    def kept():
        shows_secret()
        response = make_response("a secret")
        response.headers["Cache-Control"] = "public, max-age=3600"
        return response

    @app.get("/decorated")
    @no_store
    def decorated():
        return "a secret"

    @app.get("/plain")
    def plain():
        return "nothing"

    client = app.test_client()
    assert client.get("/kept").headers["Cache-Control"] == "no-store"
    assert client.get("/decorated").headers["Cache-Control"] == "no-store"
    assert "Cache-Control" not in client.get("/plain").headers
