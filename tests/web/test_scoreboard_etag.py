"""The scoreboard answers 304 to a browser that has its current version, and a full page as soon as
anything it shows has changed: a hand, a player's name, the language."""

from scorekeeper import services
from tests.web.helpers import SCOREBOARD_HAND as HAND
from tests.web.helpers import a_match, post_form


def revalidate(client, url: str, tag: str):
    return client.get(url, headers={"If-None-Match": tag})


def test_unchanged_scoreboard_is_304_without_a_body(app, user_client):
    match_id, _ = a_match(app)
    url = f"/matches/{match_id}"
    first = user_client.get(url)
    assert first.status_code == 200 and first.headers["Cache-Control"] == "private, no-cache"
    tag = first.headers["ETag"]
    again = revalidate(user_client, url, tag)
    assert again.status_code == 304 and again.data == b""


def test_a_new_hand_a_rename_or_another_language_send_the_page_again(app, user_client):
    match_id, owner = a_match(app)
    url = f"/matches/{match_id}"
    tag = user_client.get(url).headers["ETag"]
    with app.app_context():
        services.add_hand(services.get_match(owner, match_id), HAND)
    page = revalidate(user_client, url, tag)
    assert page.status_code == 200 and ">900<" in page.get_data(as_text=True)  # 300 + 500 + going out 100

    tag = page.headers["ETag"]
    with app.app_context():
        player = next(p for p in services.players_of(owner) if p.name == "Eva")
        services.rename_player(owner, player.id, "Eva María")
    page = revalidate(user_client, url, tag)
    assert page.status_code == 200 and "Eva María" in page.get_data(as_text=True)

    tag = page.headers["ETag"]
    user_client.set_cookie("lang", "fr")
    assert revalidate(user_client, url, tag).status_code == 200


def test_a_pending_message_is_shown_not_skipped(app, user_client):
    match_id, _ = a_match(app)
    url = f"/matches/{match_id}"
    tag = user_client.get(url).headers["ETag"]
    post_form(user_client, f"/matches/{match_id}/share", {}, page=url)  # flashes "The link is ready"
    page = revalidate(user_client, url, tag)
    assert page.status_code == 200 and "The link is ready" in page.get_data(as_text=True)


def test_another_account_gets_404_not_304(app, user_client, other_client):
    match_id, _ = a_match(app)
    tag = user_client.get(f"/matches/{match_id}").headers["ETag"]
    assert revalidate(other_client, f"/matches/{match_id}", tag).status_code == 404


def test_after_logging_out_the_etag_opens_nothing(app, user_client):
    match_id, _ = a_match(app)
    url = f"/matches/{match_id}"
    tag = user_client.get(url).headers["ETag"]
    post_form(user_client, "/logout", {}, page=url)
    answer = revalidate(user_client, url, tag)
    assert answer.status_code == 302 and "/login" in answer.location
