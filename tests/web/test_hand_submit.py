"""A hand saved once and whole, through the test client (no script): each hand form is single-use
(its key makes a repeat say "Hand 1 is already saved" and store nothing), hand pages are never kept
by the browser, a side left entirely blank is asked about instead of being saved as 0, and "Undo"
takes back the hand just entered. Scores are worked out from RULES.md (classic)."""

from __future__ import annotations

import re

import pytest

from tests.helpers import make_user
from tests.web.helpers import FORM_HAND as HAND
from tests.web.helpers import (
    create,
    csrf_token,
    form_key,
    hand_form,
    hands,
    logged_in,
    page,
    post_form,
    save,
    submit,
    totals,
    undo,
    undo_button,
)

# --- Single-use form ---------------------------------------------------------------------------


def test_each_rendering_of_the_form_has_a_new_key(user_client):
    match_id = create(user_client)
    first = form_key(user_client, f"/matches/{match_id}/hands/new")[1]
    second = form_key(user_client, f"/matches/{match_id}/hands/new")[1]
    assert len(first) >= 20 and first != second


def test_the_same_form_sent_twice_stores_one_hand(app, user_client):
    match_id = create(user_client)
    csrf, key = form_key(user_client, f"/matches/{match_id}/hands/new")
    first = submit(user_client, match_id, hand_form(1, 0, *HAND), csrf, key)
    assert first.status_code == 302 and first.location.endswith(f"/matches/{match_id}")
    assert "Hand 1 saved." in page(user_client.get(f"/matches/{match_id}"))
    # A double tap, a reload: the same form again.
    again = submit(user_client, match_id, hand_form(1, 0, *HAND), csrf, key)
    assert again.status_code == 302 and again.location.endswith(f"/matches/{match_id}")
    html = page(user_client.get(f"/matches/{match_id}"))
    assert "Hand 1 is already saved." in html and "Hand 1 saved." not in html
    assert hands(app) == 1
    assert totals(user_client, match_id) == ["900", "60"]


def test_the_same_form_sent_again_with_other_values_offers_them_as_a_correction(app, user_client):
    """Back, change a value, save: the form's key saved hand 1 already, so nothing is stored, and
    the page comes back with the new values as an edit of hand 1, to save as its correction."""
    match_id = create(user_client)
    csrf, key = form_key(user_client, f"/matches/{match_id}/hands/new")
    assert submit(user_client, match_id, hand_form(1, 0, *HAND), csrf, key).status_code == 302
    changed = hand_form(1, 0, {"melds": 200, "canastas-clean": 1}, HAND[1])
    offered = submit(user_client, match_id, changed, csrf, key)
    html = page(offered)
    assert offered.status_code == 409
    assert "This page saved hand 1 before, with other values." in html
    assert f'action="/matches/{match_id}/hands/1/edit"' in html and 'value="200"' in html
    assert hands(app) == 1 and totals(user_client, match_id) == ["900", "60"]
    form = {**changed, "csrf_token": csrf, "version": "1", "number": "1"}
    corrected = user_client.post(f"/matches/{match_id}/hands/1/edit", data=form)
    assert corrected.status_code == 302
    assert hands(app) == 1 and totals(user_client, match_id) == ["800", "60"]


def test_already_saved_is_said_in_the_players_language(app, password_hash):
    make_user(app, "ana", password_hash)
    client = logged_in(app, "ana", "es")
    match_id = create(client)
    csrf, key = form_key(client, f"/matches/{match_id}/hands/new")
    for _ in range(2):
        submit(client, match_id, hand_form(1, 0, *HAND), csrf, key)
    assert "La mano 1 ya está guardada." in page(client.get(f"/matches/{match_id}"))
    assert hands(app) == 1


def test_a_form_with_a_mistake_keeps_its_key_and_stores_the_corrected_hand(app, user_client):
    match_id = create(user_client)
    csrf, key = form_key(user_client, f"/matches/{match_id}/hands/new")
    no_canasta = ({"melds": 300}, {"melds": 100, "hand": 40})
    wrong = submit(user_client, match_id, hand_form(1, 0, *no_canasta), csrf, key)
    assert wrong.status_code == 422 and f'value="{key}"' in page(wrong)
    assert submit(user_client, match_id, hand_form(1, 0, *HAND), csrf, key).status_code == 302
    assert hands(app) == 1


def test_a_key_needs_the_csrf_token(app, user_client):
    match_id = create(user_client)
    csrf, key = form_key(user_client, f"/matches/{match_id}/hands/new")
    assert submit(user_client, match_id, hand_form(1, 0, *HAND), csrf, key).status_code == 302
    forged = user_client.post(f"/matches/{match_id}/hands/new", data={**hand_form(1, 0, *HAND), "key": key})
    assert forged.status_code == 400 and "already saved" not in page(forged)  # refused before anything


def test_keys_of_one_account_say_nothing_to_another(app, user_client, other_client):
    match_id = create(user_client)
    csrf, key = form_key(user_client, f"/matches/{match_id}/hands/new")
    assert submit(user_client, match_id, hand_form(1, 0, *HAND), csrf, key).status_code == 302
    eva_match = create(other_client)
    eva_csrf = csrf_token(other_client, f"/matches/{eva_match}/hands/new")
    assert submit(other_client, eva_match, hand_form(1, 0, *HAND), eva_csrf, key).status_code == 302
    assert hands(app) == 2


@pytest.mark.parametrize("path", ["hands/new", "hands/1/edit"])
def test_hand_pages_are_never_kept_by_the_browser(user_client, path):
    match_id = create(user_client)
    csrf, key = form_key(user_client, f"/matches/{match_id}/hands/new")
    submit(user_client, match_id, hand_form(1, 0, *HAND), csrf, key)
    response = user_client.get(f"/matches/{match_id}/{path}")
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"


def test_a_form_sent_back_with_mistakes_is_not_kept_either(user_client):
    match_id = create(user_client)
    response = post_form(user_client, f"/matches/{match_id}/hands/new", hand_form(1, 0, {"melds": "x"}, {}))
    assert response.status_code == 422 and response.headers["Cache-Control"] == "no-store"


# --- A side left blank -------------------------------------------------------------------------

QUESTION = "Ellos: nothing entered. Save with 0?"


def question_shown(html: str, side: int) -> bool:
    found = re.search(rf'<p class="[^"]*blank-question[^"]*" data-blank-question="{side}"[^>]*>', html)
    assert found, f"no question for side {side}"
    return " hidden" not in found.group(0)


def test_a_blank_side_is_asked_about_not_saved_as_zero(app, user_client):
    match_id = create(user_client)
    # Nobody went out; Nosotros melded 200 and kept 50 in hand; nothing entered for Ellos.
    response = post_form(
        user_client, f"/matches/{match_id}/hands/new", hand_form(1, None, {"melds": 200, "hand": 50}, {})
    )
    html = page(response)
    assert response.status_code == 422
    assert QUESTION in html and question_shown(html, 1) and not question_shown(html, 0)
    assert 'value="200"' in html  # what was typed stays
    assert hands(app) == 0
    # "Save with 0" (the button sends the side's confirmation): stored, Ellos 0.
    confirmed = hand_form(1, None, {"melds": 200, "hand": 50}, {"blank_ok": "y"})
    assert post_form(user_client, f"/matches/{match_id}/hands/new", confirmed).status_code == 302
    assert totals(user_client, match_id) == ["150", "0"]


def test_the_question_names_the_side_in_the_players_language(app, password_hash):
    make_user(app, "ana", password_hash)
    for language, question in (
        ("es", "Ellos: nada anotado. ¿Guardar con 0?"),
        ("fr", "Ellos : rien de saisi. Enregistrer avec 0 ?"),
    ):
        client = logged_in(app, "ana", language)
        match_id = create(client)
        response = post_form(client, f"/matches/{match_id}/hands/new", hand_form(1, None, {"melds": 200}, {}))
        assert response.status_code == 422 and question in page(response)


def test_a_typed_zero_or_a_box_is_something_entered(app, user_client):
    match_id = create(user_client)
    typed_zero = hand_form(1, None, {"melds": 200}, {"hand": "0"})
    assert post_form(user_client, f"/matches/{match_id}/hands/new", typed_zero).status_code == 302
    counted = hand_form(2, None, {"melds": 100}, {"hand_cards-ace": 1})  # the card counter: 20 in hand
    assert post_form(user_client, f"/matches/{match_id}/hands/new", counted).status_code == 302
    assert totals(user_client, match_id) == ["300", "-20"]


def test_two_blank_sides_are_both_asked_about(app, user_client):
    match_id = create(user_client)
    response = post_form(user_client, f"/matches/{match_id}/hands/new", hand_form(1, None, {}, {}))
    html = page(response)
    assert response.status_code == 422 and question_shown(html, 0) and question_shown(html, 1)
    one = hand_form(1, None, {"blank_ok": "y"}, {})
    assert question_shown(page(post_form(user_client, f"/matches/{match_id}/hands/new", one)), 1)
    assert hands(app) == 0


def test_the_api_keeps_its_defaults_for_a_missing_side_value(api):
    match = api.post(
        "/matches",
        {
            "ruleset": "classic",
            "sides": [{"name": "Nosotros", "players": ["Ana"]}, {"name": "Ellos", "players": ["Eva"]}],
        },
    ).get_json()
    body = {"number": 1, "went_out": None, "sides": [{"melds": 200, "hand": 50}, {}]}
    answer = api.post(f"/matches/{match['id']}/hands", body)
    assert answer.status_code == 201, answer.get_json()
    assert [s["total"] for s in answer.get_json()["match"]["sides"]] == [150, 0]


# --- Undo --------------------------------------------------------------------------------------


def test_undo_takes_back_the_hand_just_entered(app, user_client):
    match_id = create(user_client)
    assert undo_button(user_client, match_id) is None
    save(user_client, match_id, 1)
    url = undo_button(user_client, match_id)
    assert url == f"/matches/{match_id}/hands/1/undo"
    assert "Undo hand 1" in page(user_client.get(f"/matches/{match_id}"))
    response = undo(user_client, match_id, 1)
    assert response.status_code == 302
    html = page(user_client.get(f"/matches/{match_id}"))
    assert "Hand 1 undone; enter it again when ready." in html
    assert hands(app) == 0 and totals(user_client, match_id) == ["0", "0"]
    assert "Hand 1 undone" in page(user_client.get(f"/matches/{match_id}/log"))
    assert undo_button(user_client, match_id) is None
    # A second tap on Undo changes nothing.
    save(user_client, match_id, 1)
    save(user_client, match_id, 2)
    again = undo(user_client, match_id, 1)
    assert again.status_code == 302
    assert "Hand 1 can no longer be undone." in page(user_client.get(f"/matches/{match_id}"))
    assert hands(app) == 2


def test_undo_is_offered_until_anything_else_is_done(app, user_client):
    match_id = create(user_client)
    save(user_client, match_id, 1)
    save(user_client, match_id, 2)
    assert undo_button(user_client, match_id) == f"/matches/{match_id}/hands/2/undo"
    edit = hand_form(2, 0, {"melds": 400, "canastas-clean": 1}, {"melds": 100, "hand": 40})
    assert post_form(user_client, f"/matches/{match_id}/hands/2/edit", edit).status_code == 302
    assert undo_button(user_client, match_id) is None
    refused = undo(user_client, match_id, 2)
    assert refused.status_code == 302 and hands(app) == 2


def test_undoing_the_hand_that_finished_the_match_reopens_it(app, user_client):
    match_id = create(user_client, target="1000")
    save(user_client, match_id, 1)  # 900
    save(user_client, match_id, 2)  # 1800: Nosotros won
    html = page(user_client.get(f"/matches/{match_id}"))
    assert "Nosotros won the match" in html and "Enter hand 3" not in html
    undo(user_client, match_id, 2)
    html = page(user_client.get(f"/matches/{match_id}"))
    assert "won the match" not in html and "Enter hand 2" in html
    save(user_client, match_id, 2)  # entered again: the match can be played on
    assert hands(app) == 2


def test_undo_needs_the_csrf_token_and_the_owner(app, user_client, other_client):
    match_id = create(user_client)
    save(user_client, match_id, 1)
    assert user_client.post(f"/matches/{match_id}/hands/1/undo").status_code == 400
    assert hands(app) == 1
    other = post_form(other_client, f"/matches/{match_id}/hands/1/undo", {"confirm": "yes"}, page="/")
    assert other.status_code == 404 and hands(app) == 1
    assert other_client.get(f"/matches/{match_id}/hands/1/undo").status_code == 404


def test_undo_in_the_players_language(app, password_hash):
    make_user(app, "ana", password_hash)
    client = logged_in(app, "ana", "fr")
    match_id = create(client)
    save(client, match_id, 1)
    assert "Annuler la manche 1" in page(client.get(f"/matches/{match_id}"))
