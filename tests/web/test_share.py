"""Share links: the owner makes a read-only live link (URL and QR code) and revokes it; anyone with the
link sees the scoreboard without logging in, and the board fragment answers 304 while nothing changed."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any, Final

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import EditLog, Match, ShareLink, User, as_utc
from tests.helpers import counting
from tests.web.helpers import SHARE_HAND as HAND
from tests.web.helpers import post_form, share

SIDES: Final = [
    {"name": "Nosotros", "players": ["Ana", "Luis"]},
    {"name": "Ellos", "players": ["Eva", "Juan"]},
]
SVG = re.compile(r"<svg .*?</svg>", re.DOTALL)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """Someone at the table, not logged in, reading English."""
    client = app.test_client()
    client.set_cookie("lang", "en")
    return client


def ana_id() -> int:
    owner = db.session.scalar(select(User.id).where(User.username == "ana"))
    assert owner is not None
    return owner


def new_match(app: Flask, sides: list[dict[str, Any]] = SIDES) -> int:
    with app.app_context():
        return services.create_match(ana_id(), {"ruleset": "classic", "sides": sides}).id


def add_hand(app: Flask, match_id: int) -> None:
    with app.app_context():
        match = services.get_match(ana_id(), match_id)
        services.add_hand(match, {"number": len(match.hands) + 1, **HAND})


def test_the_owner_makes_a_link_and_it_is_logged(app: Flask, user_client: FlaskClient) -> None:
    match_id = new_match(app)
    page = user_client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Share with the table" in page and 'id="share-url"' not in page
    path = share(user_client, match_id)
    share(user_client, match_id)  # a second press keeps the same link
    with app.app_context():
        links = db.session.scalars(select(ShareLink).where(ShareLink.match_id == match_id)).all()
        assert [f"/s/{link.token}" for link in links] == [path]
        actions = db.session.scalars(select(EditLog.action).where(EditLog.match_id == match_id)).all()
        assert actions.count("share_created") == 1
        match = services.get_match(ana_id(), match_id)
        assert [entry.action for entry in match.log] == ["match_created", "share_created"]


def test_the_panel_shows_a_qr_code_that_is_svg(app: Flask, user_client: FlaskClient) -> None:
    match_id = new_match(app)
    share(user_client, match_id)
    page = user_client.get(f"/matches/{match_id}").get_data(as_text=True)
    svg = SVG.search(page)
    assert svg, "no QR code"
    root = ET.fromstring(svg.group(0))
    assert root.tag.endswith("svg")
    assert root.get("role") == "img" and root.get("aria-label")
    assert root.find("title") is not None
    assert "style=" not in svg.group(0)  # the Content-Security-Policy forbids inline styles
    assert '<label for="share-url">' in page and "readonly" in page
    assert "Revoke the link" in page


def test_the_public_view_needs_no_login(app: Flask, user_client: FlaskClient, client: FlaskClient) -> None:
    match_id = new_match(app)
    path = share(user_client, match_id)
    add_hand(app, match_id)
    response = client.get(path)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert 'data-total="0">1,500<' in page and 'data-total="1">85<' in page
    assert 'data-needs="0">3,500<' in page  # classic: to 5000
    assert 'data-opening="0">90<' in page  # 1500 and more: 90 to open
    assert "Hand 2:" in page and "deals" in page
    assert "Hand 1" in page and "+1,500" in page
    assert '<meta name="robots" content="noindex">' in page
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert 'data-interval="1.5"' in page and "live.js" in page


def test_the_public_view_has_nothing_to_edit(
    app: Flask, user_client: FlaskClient, client: FlaskClient
) -> None:
    match_id = new_match(app)
    path = share(user_client, match_id)
    add_hand(app, match_id)
    page = client.get(path).get_data(as_text=True)
    main = page[page.find("<main") : page.find("</main>")]
    assert f"/matches/{match_id}" not in main  # no edit, delete, referee or hand links of the owner
    assert "<form" not in main and "csrf_token" not in main
    assert "Enter hand" not in main and "Edit hand" not in main and "Revoke" not in main
    assert "Share with the table" not in main


def test_a_finished_match_shows_the_winner(app: Flask, user_client: FlaskClient, client: FlaskClient) -> None:
    match_id = new_match(app)
    path = share(user_client, match_id)
    for _ in range(4):  # 4 × 1500 = 6000 ≥ 5000
        add_hand(app, match_id)
    page = client.get(path).get_data(as_text=True)
    assert "Nosotros won the match" in page
    assert "deals" not in page


def test_board_answers_304_until_the_match_changes(
    app: Flask, user_client: FlaskClient, client: FlaskClient
) -> None:
    match_id = new_match(app)
    path = share(user_client, match_id)
    first = client.get(f"{path}/board")
    assert first.status_code == 200
    etag = first.headers["ETag"]
    assert re.fullmatch(rf'W/"m{match_id}-r\d+-[^"]+"', etag)
    assert first.headers["Cache-Control"] == "no-cache"
    assert "<html" not in first.get_data(as_text=True)  # a fragment, not a page
    assert client.get(path).get_data(as_text=True).count(f'data-etag="{etag.replace(chr(34), "&#34;")}"') == 1

    again = client.get(f"{path}/board", headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.get_data() == b""
    assert again.headers["ETag"] == etag

    add_hand(app, match_id)
    changed = client.get(f"{path}/board", headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != etag
    assert 'data-total="0">1,500<' in changed.get_data(as_text=True)
    assert client.get(f"{path}/board", headers={"If-None-Match": changed.headers["ETag"]}).status_code == 304


def test_a_rename_reaches_the_boards_that_follow_the_match(
    app: Flask, user_client: FlaskClient, client: FlaskClient
) -> None:
    match_id = new_match(app)
    path = share(user_client, match_id)
    etag = client.get(f"{path}/board").headers["ETag"]
    with app.app_context():
        luis = next(p for p in services.players_of(ana_id()) if p.name == "Luis")
        services.rename_player(ana_id(), luis.id, "Luis Alberto")
    fresh = client.get(f"{path}/board", headers={"If-None-Match": etag})
    assert fresh.status_code == 200 and "Luis Alberto" in fresh.get_data(as_text=True)


def test_after_a_hand_the_table_phones_share_one_render_each_in_its_language(
    app: Flask, user_client: FlaskClient, client: FlaskClient
) -> None:
    match_id = new_match(app)
    path = share(user_client, match_id)
    add_hand(app, match_id)
    assert 'data-total="0">1,500<' in client.get(f"{path}/board").get_data(as_text=True)
    second = app.test_client()
    second.set_cookie("lang", "en")
    with counting(app) as statements:
        board = second.get(f"{path}/board").get_data(as_text=True)
    assert len(statements) == 1  # the version; the board itself comes from memory
    assert 'data-total="0">1,500<' in board and "Hands" in board
    spanish = app.test_client()
    spanish.set_cookie("lang", "es")
    assert "Manos" in spanish.get(f"{path}/board").get_data(as_text=True)


def test_the_304_does_not_fold_the_match(
    app: Flask, user_client: FlaskClient, client: FlaskClient, monkeypatch: Any
) -> None:
    match_id = new_match(app)
    path = share(user_client, match_id)
    etag = client.get(f"{path}/board").headers["ETag"]

    def no_fold(*_args: Any) -> None:
        raise AssertionError("folded the match for a 304")

    monkeypatch.setattr("scorekeeper.share.routes.view", no_fold)
    monkeypatch.setattr("scorekeeper.share.routes.shared_match", no_fold)
    assert client.get(f"{path}/board", headers={"If-None-Match": etag}).status_code == 304


def test_revoking_ends_the_link(app: Flask, user_client: FlaskClient, client: FlaskClient) -> None:
    match_id = new_match(app)
    path = share(user_client, match_id)
    response = post_form(user_client, f"/matches/{match_id}/share/revoke", {}, page=f"/matches/{match_id}")
    assert response.status_code == 302
    assert client.get(path).status_code == 404
    assert client.get(f"{path}/board").status_code == 404
    page = user_client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert 'id="share-url"' not in page and "Share with the table" in page
    with app.app_context():
        match = services.get_match(ana_id(), match_id)
        assert [entry.action for entry in match.log][-2:] == ["share_created", "share_revoked"]
    new_path = share(user_client, match_id)  # a new link can be made; the old one stays dead
    assert new_path != path
    assert client.get(new_path).status_code == 200 and client.get(path).status_code == 404


def test_unknown_tokens_are_404(client: FlaskClient, app: Flask) -> None:
    assert client.get("/s/nope").status_code == 404
    assert client.get("/s/nope/board").status_code == 404
    assert client.get("/s/" + "x" * 500 + "/board").status_code == 404


def test_another_account_cannot_share_or_revoke(
    app: Flask, user_client: FlaskClient, other_client: FlaskClient
) -> None:
    match_id = new_match(app)
    for url in (f"/matches/{match_id}/share", f"/matches/{match_id}/share/revoke"):
        assert post_form(other_client, url, {}, page="/account/password").status_code == 404
    path = share(user_client, match_id)
    assert (
        post_form(other_client, f"/matches/{match_id}/share/revoke", {}, page="/account/password").status_code
        == 404
    )
    assert other_client.get(path).status_code == 200  # the link itself is public
    with app.app_context():
        assert services.active_share_link(services.get_match(ana_id(), match_id)) is not None


def test_logged_out_users_are_sent_to_log_in(
    app: Flask, user_client: FlaskClient, client: FlaskClient
) -> None:
    match_id = new_match(app)
    response = client.post(f"/matches/{match_id}/share")
    assert response.status_code in (302, 400)  # CSRF or the login page; never a link
    with app.app_context():
        assert services.active_share_link(services.get_match(ana_id(), match_id)) is None


def test_csrf_is_required(app: Flask, user_client: FlaskClient) -> None:
    match_id = new_match(app)
    assert user_client.post(f"/matches/{match_id}/share").status_code == 400
    assert user_client.post(f"/matches/{match_id}/share", data={"csrf_token": "forged"}).status_code == 400
    share(user_client, match_id)
    assert user_client.post(f"/matches/{match_id}/share/revoke").status_code == 400
    with app.app_context():
        assert services.active_share_link(services.get_match(ana_id(), match_id)) is not None


def test_names_are_escaped(app: Flask, user_client: FlaskClient, client: FlaskClient) -> None:
    evil = "<script>alert(1)</script>"
    match_id = new_match(
        app, [{"name": evil, "players": [evil + "p"]}, {"name": "Ellos", "players": ['"><img src=x>']}]
    )
    path = share(user_client, match_id)
    add_hand(app, match_id)
    for page in (client.get(path).get_data(as_text=True), client.get(f"{path}/board").get_data(as_text=True)):
        assert "<script>alert" not in page and "<img src=x>" not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_the_panel_offers_share_and_copy_buttons(app: Flask, user_client: FlaskClient) -> None:
    match_id = new_match(app)
    share(user_client, match_id)
    page = user_client.get(f"/matches/{match_id}").get_data(as_text=True)
    panel = page[page.index('id="share"') :]
    assert "data-share-native" in panel and "Share…" in panel
    assert "data-share-copy" in panel and "Copy the link" in panel
    assert '<script src="/static/share.js' in panel and "onclick" not in panel


def test_the_live_view_says_when_the_match_last_changed(
    app: Flask, user_client: FlaskClient, client: FlaskClient
) -> None:
    match_id = new_match(app)
    path = share(user_client, match_id)
    add_hand(app, match_id)
    with app.app_context():
        changed = as_utc(db.session.get(Match, match_id).updated_at)
    for url in (path, f"{path}/board"):
        page = client.get(url).get_data(as_text=True)
        stamp = f'<time datetime="{changed.isoformat()}" data-updated>{changed:%H:%M} UTC</time>'
        assert f"Updated at {stamp}" in page, url
