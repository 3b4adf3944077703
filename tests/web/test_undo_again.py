"""Undo you can trust: Undo asks once, naming the hand and its scores the reader's way; the edit log
keeps everything the undone (or deleted) hand held, and "Enter it again" fills a new hand form with
it. Scores from RULES.md (classic)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import EditLog, Hand
from tests.helpers import make_user
from tests.web.helpers import create, hands, logged_in, page, post_form, save, undo, undo_button

# Nosotros went out: melds 640 + a clean canasta 500 + going out 100 = 1240; Ellos 355 − 40 = 315.
BIG = ({"melds": 640, "canastas-clean": 1}, {"melds": 355, "hand": 40})
QUESTION = {
    "en": "Undo hand 1: Nosotros 1,240, Ellos 315?",
    "es": "¿Deshacer la mano 1: Nosotros 1240, Ellos 315?",
    "fr": "Annuler la manche 1 : Nosotros 1\u202f240, Ellos 315 ?",
}


def again_link(html: str) -> str | None:
    found = re.search(r'href="(/matches/\d+/hands/new\?again=\d+)" data-needs-network>', html)
    return found.group(1).replace("&amp;", "&") if found else None


def stored_inputs(app: Flask) -> list[Any]:
    with app.app_context():
        return [h.input for h in db.session.scalars(select(Hand).order_by(Hand.number))]


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_undo_asks_once_naming_the_hand_and_its_scores(app: Flask, password_hash: str, language: str) -> None:
    make_user(app, "ana", password_hash)
    client = logged_in(app, "ana", language)
    match_id = create(client)
    save(client, match_id, 1, BIG)
    board = page(client.get(f"/matches/{match_id}"))
    assert re.search(r'href="/matches/\d+/hands/1/undo" data-needs-network>', board)
    question = page(client.get(f"/matches/{match_id}/hands/1/undo"))
    assert f"<h1>{QUESTION[language]}</h1>" in question
    assert re.search(r'<button type="submit" class="button danger" data-needs-network>', question)
    assert hands(app) == 1  # asking changes nothing


def test_an_undo_sent_without_the_answer_is_asked_first(app: Flask, user_client: FlaskClient) -> None:
    """An older page's Undo button (a POST without the answer) gets the question, not the undo."""
    match_id = create(user_client)
    save(user_client, match_id, 1, BIG)
    response = post_form(user_client, f"/matches/{match_id}/hands/1/undo", {}, page=f"/matches/{match_id}")
    assert response.status_code == 200 and QUESTION["en"] in page(response)
    assert hands(app) == 1


def test_no_question_for_a_hand_that_can_no_longer_be_undone(app: Flask, user_client: FlaskClient) -> None:
    match_id = create(user_client)
    save(user_client, match_id, 1, BIG)
    save(user_client, match_id, 2, BIG)
    response = user_client.get(f"/matches/{match_id}/hands/1/undo")
    assert response.status_code == 302
    assert "Hand 1 can no longer be undone." in page(user_client.get(response.location))


def test_the_undone_hand_is_kept_and_entered_again_with_its_number(
    app: Flask, user_client: FlaskClient
) -> None:
    match_id = create(user_client)
    save(user_client, match_id, 1, BIG)
    before = stored_inputs(app)
    assert undo(user_client, match_id, 1).status_code == 302
    assert hands(app) == 0 and undo_button(user_client, match_id) is None
    board = page(user_client.get(f"/matches/{match_id}"))
    assert "Hand 1 was undone: Nosotros 1,240, Ellos 315." in board
    link = again_link(board)
    assert link is not None
    # The log keeps every value of the hand.
    log = page(user_client.get(f"/matches/{match_id}/log"))
    assert "<li>scores: Nosotros 1,240, Ellos 315</li>" in log
    assert "<li>went out: Nosotros (Normal)</li>" in log
    assert "<li>Nosotros: melds 640 · cards in hand 0 · red threes 0 · Clean canasta 1</li>" in log
    assert "<li>Ellos: melds 355 · cards in hand 40 · red threes 0</li>" in log
    assert again_link(log) == link
    # "Enter it again": the form filled with them, as hand 1 again.
    form = page(user_client.get(link))
    assert "Filled in with the values of hand 1 as it was before it was taken back" in form
    assert re.search(r'name="sides-0-melds"[^>]*value="640"', form)
    assert re.search(r'name="sides-1-hand"[^>]*value="40"', form)
    assert re.search(r'name="sides-0-canastas-clean"[^>]*value="1"', form)
    assert re.search(r'<input checked[^>]*name="went_out" type="radio" value="0">', form)
    assert re.search(r'name="number" type="hidden" value="1"', form)
    saved = post_form(user_client, f"/matches/{match_id}/hands/new", form_values(form))
    assert saved.status_code == 302
    assert stored_inputs(app) == before


def form_values(html: str) -> dict[str, str]:
    """What a browser sends from the hand form as it is shown: its text inputs and checked boxes."""
    values: dict[str, str] = {}
    for tag in re.findall(r"<input[^>]*>", html):
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        kind = re.search(r'type="([^"]+)"', tag)
        if not name or name.group(1) == "csrf_token":
            continue
        if kind and kind.group(1) in ("radio", "checkbox") and "checked" not in tag:
            continue
        values[name.group(1)] = value.group(1) if value else ""
    return values


def test_entered_again_after_another_hand_takes_the_next_number(app: Flask, user_client: FlaskClient) -> None:
    match_id = create(user_client)
    save(user_client, match_id, 1, BIG)
    undo(user_client, match_id, 1)
    link = again_link(page(user_client.get(f"/matches/{match_id}")))
    assert link is not None
    save(user_client, match_id, 1)  # another hand meanwhile
    form = page(user_client.get(link))
    assert (
        "Filled in with the values of hand 1 as it was before it was taken back; it will be saved as hand 2."
        in form
    )
    assert re.search(r'name="number" type="hidden" value="2"', form)
    assert re.search(r'name="sides-0-melds"[^>]*value="640"', form)


def test_a_deleted_hand_is_kept_in_the_log_too(app: Flask, user_client: FlaskClient) -> None:
    match_id = create(user_client)
    save(user_client, match_id, 1, BIG)
    save(user_client, match_id, 2)
    url = f"/matches/{match_id}/hands/2/delete"
    assert post_form(user_client, url, {}).status_code == 302
    log = page(user_client.get(f"/matches/{match_id}/log"))
    assert "<li>scores: Nosotros 900, Ellos 60</li>" in log
    link = again_link(log)
    assert link is not None
    assert re.search(r'name="sides-0-melds"[^>]*value="300"', page(user_client.get(link)))


def test_enter_it_again_only_from_this_matchs_log(app: Flask, user_client: FlaskClient) -> None:
    one = create(user_client)
    two = create(user_client, sides=(("A", ("Leo", "Mia")), ("B", ("Noa", "Pau"))))
    save(user_client, one, 1, BIG)
    undo(user_client, one, 1)
    with app.app_context():
        entry = db.session.scalar(select(EditLog.id).where(EditLog.action == "hand_undone"))
    form = page(user_client.get(f"/matches/{two}/hands/new?again={entry}"))
    assert "Filled in" not in form and not re.search(r'name="sides-0-melds"[^>]*value="640"', form)
    for junk in ("x", "99999999999999999999", "-1"):
        assert user_client.get(f"/matches/{one}/hands/new?again={junk}").status_code == 200


def test_a_finished_match_keeps_the_values_but_offers_no_enter_it_again(
    app: Flask, user_client: FlaskClient
) -> None:
    match_id = create(user_client, target="1000")
    save(user_client, match_id, 1)  # 900
    save(user_client, match_id, 2)  # 1800: Nosotros won
    assert undo(user_client, match_id, 2).status_code == 302  # (which opens it again)
    save(user_client, match_id, 2)
    assert "won the match" in page(user_client.get(f"/matches/{match_id}"))
    log = page(user_client.get(f"/matches/{match_id}/log"))
    assert "<li>scores: Nosotros 900, Ellos 60</li>" in log and again_link(log) is None
