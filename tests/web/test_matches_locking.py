"""A finished match is read-only until "Continue editing" (logged); an edit made from a stale page
(another phone changed the hand first) is refused with a message and stores nothing."""

from __future__ import annotations

import re

from flask import Flask
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import EditLog, Hand, Match
from tests.web.helpers import (
    HAND_1,
    HAND_2,
    create,
    csrf_token,
    enter,
    field_block,
    hand_form,
    hands,
    page,
    post_form,
)


def finished_match(client) -> int:
    """Nosotros win at 2000 after two hands (1590 + 900)."""
    match_id = create(client, target="2000")
    enter(client, match_id, 1, HAND_1)
    enter(client, match_id, 2, HAND_2)
    return match_id


def stored_hand(app: Flask, match_id: int, number: int) -> Hand:
    with app.app_context():
        hand = db.session.scalar(select(Hand).where(Hand.match_id == match_id, Hand.number == number))
        assert hand is not None
        db.session.expunge(hand)
        return hand


def actions(app: Flask, match_id: int) -> list[str]:
    with app.app_context():
        return list(db.session.scalars(select(EditLog.action).where(EditLog.match_id == match_id)))


# --- Read-only finished matches --------------------------------------------------------------


def test_a_finished_match_is_read_only(app, user_client):
    match_id = finished_match(user_client)
    html = page(user_client.get(f"/matches/{match_id}"))
    assert "Nosotros won the match" in html
    assert "/edit" not in html and not re.search(r"/hands/\d+/delete", html)  # (the match itself can go)
    assert f'action="/matches/{match_id}/reopen"' in html and "Continue editing" in html
    assert "Closed by mistake" in html
    assert "/edit" not in page(user_client.get(f"/matches/{match_id}/hands/1"))


def test_edit_and_delete_of_a_read_only_match_go_back_to_the_scoreboard(app, user_client):
    match_id = finished_match(user_client)
    before = stored_hand(app, match_id, 2).input
    token = csrf_token(user_client, f"/matches/{match_id}")
    for url, data in (
        (f"/matches/{match_id}/hands/1/edit", {}),
        (f"/matches/{match_id}/hands/2/delete", {}),
        (f"/matches/{match_id}/hands/2/edit", {**hand_form(2, 0, *HAND_1), "csrf_token": token}),
        (f"/matches/{match_id}/hands/2/delete", {"csrf_token": token}),
    ):
        response = user_client.post(url, data=data) if data else user_client.get(url)
        assert response.status_code == 302, url
        assert response.location.endswith(f"/matches/{match_id}")
        assert "its hands are locked" in page(user_client.get(response.location))
    assert hands(app) == 2 and stored_hand(app, match_id, 2).input == before


def test_reopen_then_edit_and_delete(app, user_client):
    match_id = finished_match(user_client)
    scoreboard = f"/matches/{match_id}"
    assert user_client.post(f"/matches/{match_id}/reopen").status_code == 400  # no CSRF token
    response = post_form(user_client, f"/matches/{match_id}/reopen", {}, page=scoreboard)
    assert response.status_code == 302 and response.location.endswith(scoreboard)
    html = page(user_client.get(scoreboard))
    assert "The match is open for editing again." in html
    assert "Continue editing" not in html and f"{scoreboard}/hands/1/edit" in html
    assert actions(app, match_id)[-1] == "match_reopened"
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None and match.unlocked and match.finished

    # Ellos kept 185 in hand instead of 85: 25 in hand 1, 105 after hand 2; still finished.
    url = f"{scoreboard}/hands/1/edit"
    response = post_form(user_client, url, hand_form(1, 0, HAND_1[0], dict(HAND_1[1], hand=185)))
    assert response.status_code == 302, page(response)
    assert 'data-total="1">105<' in page(user_client.get(scoreboard))
    response = post_form(user_client, f"{scoreboard}/hands/2/delete", {})
    assert response.status_code == 302 and hands(app) == 1
    assert "Enter hand 2" in page(user_client.get(scoreboard))


def test_reopening_an_open_match_changes_nothing(app, user_client):
    match_id = create(user_client)
    response = post_form(user_client, f"/matches/{match_id}/reopen", {}, page="/matches/new")
    assert response.status_code == 302
    assert "already open for editing" in page(user_client.get(response.location))
    assert actions(app, match_id) == ["match_created"]


def test_finishing_again_locks_again(app, user_client):
    match_id = finished_match(user_client)
    post_form(user_client, f"/matches/{match_id}/reopen", {}, page=f"/matches/{match_id}")
    post_form(user_client, f"/matches/{match_id}/hands/2/delete", {})
    enter(user_client, match_id, 2, HAND_2)
    html = page(user_client.get(f"/matches/{match_id}"))
    assert "Continue editing" in html and "/edit" not in html


def test_another_account_cannot_reopen_or_read_the_log(app, user_client, other_client):
    match_id = finished_match(user_client)
    token = csrf_token(other_client, "/matches/new")
    response = other_client.post(f"/matches/{match_id}/reopen", data={"csrf_token": token})
    assert response.status_code == 404
    assert other_client.get(f"/matches/{match_id}/log").status_code == 404
    assert actions(app, match_id)[-1] == "hand_added"


# --- Optimistic editing ----------------------------------------------------------------------

VERSION = re.compile(
    r'id="version" name="version" type="hidden" value="(\d+)"|name="version"[^>]*value="(\d+)"'
)


def version_on(html: str) -> int:
    found = VERSION.search(html)
    assert found, "no version on the edit page"
    return int(found.group(1) or found.group(2))


def test_the_edit_page_carries_the_hands_version(app, user_client):
    match_id = create(user_client)
    enter(user_client, match_id, 1, HAND_1)
    url = f"/matches/{match_id}/hands/1/edit"
    assert version_on(page(user_client.get(url))) == 1
    post_form(user_client, url, {**hand_form(1, 0, *HAND_1), "version": "1"})
    assert version_on(page(user_client.get(url))) == 2
    assert 'name="version"' not in page(user_client.get(f"/matches/{match_id}/hands/new"))


def test_a_stale_edit_is_refused_and_stores_nothing(app, user_client):
    match_id = create(user_client)
    enter(user_client, match_id, 1, HAND_1)
    url = f"/matches/{match_id}/hands/1/edit"
    # Two phones open the edit page of hand 1.
    first_page = page(user_client.get(url))
    token, version = csrf_token(user_client, url), version_on(first_page)
    # The second phone saves first: Ellos melded 310, not 210.
    other = post_form(
        user_client, url, {**hand_form(1, 0, HAND_1[0], dict(HAND_1[1], melds=310)), "version": "1"}
    )
    assert other.status_code == 302
    # The first phone saves its own change from the stale page.
    stale = hand_form(1, 0, HAND_1[0], dict(HAND_1[1], hand=185))
    response = user_client.post(url, data={**stale, "version": str(version), "csrf_token": token})
    html = page(response)
    assert response.status_code == 409
    assert "Hand 1 was changed on another device meanwhile" in html and 'role="alert"' in html
    assert html.index("changed on another device") < html.index('class="hand-form"')  # at the top
    assert "Nothing was saved" in html and "Load the current hand" in html
    assert 'value="185"' in field_block(html, "sides-1-hand")  # the values are kept
    stored = stored_hand(app, match_id, 1)
    assert stored.version == 2
    assert stored.input["sides"][1]["melds"] == 310 and stored.input["sides"][1]["hand"] == 85
    assert actions(app, match_id).count("hand_edited") == 1


def test_an_edit_without_a_version_still_works(user_client):
    match_id = create(user_client)
    enter(user_client, match_id, 1, HAND_1)
    url = f"/matches/{match_id}/hands/1/edit"
    response = post_form(user_client, url, hand_form(1, 0, HAND_1[0], dict(HAND_1[1], hand=185)))
    assert response.status_code == 302
