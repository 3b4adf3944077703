"""Hand pages: entering, mistakes, conflicts, editing, deleting, a finished match, the live preview
and the card counter. Expected scores are worked out by hand from RULES.md (classic rule set)."""

from __future__ import annotations

import json

from scorekeeper.rules import CARD_GROUPS
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
    post_hand,
    preview,
)


def test_enter_a_hand_and_see_the_totals(app, user_client):
    match_id = create(user_client)
    form_page = page(user_client.get(f"/matches/{match_id}/hands/new"))
    assert 'name="number" type="hidden" value="1"' in form_page
    assert "Ana deals, Eva starts." in form_page
    enter(user_client, match_id, 1, HAND_1)
    html = page(user_client.get(f"/matches/{match_id}"))
    assert "Hand 1 saved." in html
    assert 'data-total="0">1,590<' in html and 'data-total="1">125<' in html
    assert 'data-needs="0">3,410<' in html  # 5000 − 1590
    # Opening minimums for hand 2: 1590 is in the 1500 band → 90; 125 → 50.
    assert 'data-opening="0">90<' in html and 'data-opening="1">50<' in html
    assert "Hand 2: Eva deals, Luis starts." in html
    assert "Enter hand 2" in html
    # The breakdown, line by line, in a <details>.
    details = html[html.index('id="hand-1"') : html.index("</details>", html.index('id="hand-1"'))]
    for label, value in (
        ("Canastas", "800"),
        ("Red threes", "100"),
        ("Going out", "100"),
        ("Penalties", "-50"),
    ):
        assert label in details and f">{value}<" in details
    assert "+1,590" in details and "+125" in details
    assert f"/matches/{match_id}/hands/1/edit" in details
    assert hands(app) == 1


def test_three_sides_one_player_each(user_client):
    match_id = create(
        user_client, "classic", sides=(("Ana", ("Ana",)), ("Eva", ("Eva",)), ("Leo", ("Leo",)))
    )
    # Ana went out: melds 400 + clean 500 + going out 100 = 1000; Eva 50 − 30 = 20;
    # Leo opened nothing: melds 0 − hand 75 = −75.
    sides = ({"melds": 400, "canastas-clean": 1}, {"melds": 50, "hand": 30}, {"hand": 75})
    response = post_hand(user_client, match_id, hand_form(1, 0, *sides))
    assert response.status_code == 302, page(response)
    html = page(user_client.get(f"/matches/{match_id}"))
    assert 'data-total="0">1,000<' in html and 'data-total="1">20<' in html and 'data-total="2">-75<' in html
    # Classic: below 0 the minimum is 15 (RULES.md).
    assert 'data-opening="2">15<' in html


def test_card_counter_fills_blank_points_and_carries_card_points(user_client):
    match_id = create(user_client)
    html = page(user_client.get(f"/matches/{match_id}/hands/new"))
    for group in CARD_GROUPS:
        if group.points:
            block = field_block(html, f"sides-0-melds_cards-{group.code}")
            assert f'data-points="{group.points}"' in block
    assert "red_three" not in html.split("melds_cards", 1)[1].split("</details>", 1)[0]
    assert 'data-counter="sides-0-melds"' in html and "hand.js" in html
    # Melds from the counter: 2 jokers 100 + 3 aces 60 + 7 of K–8 70 + 2 of 7–4 10 = 240.
    # Hand from the counter: one 2 (20) and one black three (5) = 25. Nobody went out: 240 − 25 = 215.
    side = {
        "melds_cards-joker": 2,
        "melds_cards-ace": 3,
        "melds_cards-high": 7,
        "melds_cards-low": 2,
        "hand_cards-two": 1,
        "hand_cards-black_three": 1,
    }
    # Nothing entered for Ellos, confirmed as 0 ("Save with 0").
    response = post_hand(user_client, match_id, hand_form(1, None, side, {"blank_ok": "y"}))
    assert response.status_code == 302, page(response)
    assert 'data-total="0">215<' in page(user_client.get(f"/matches/{match_id}"))


def test_mistakes_come_back_next_to_their_fields(app, user_client):
    match_id = create(user_client)
    sides = ({"melds": 12, "red_threes": 9, "canastas-clean": 1}, {"melds": 210, "hand": 85})
    response = post_hand(user_client, match_id, hand_form(1, 0, *sides))
    html = page(response)
    assert response.status_code == 422
    assert "Please correct the marked fields." in html
    assert "Must be a multiple of 5." in field_block(html, "sides-0-melds")
    assert 'value="12"' in field_block(html, "sides-0-melds")
    assert "Must be from 0 to 4." in field_block(html, "sides-0-red_threes")
    assert 'value="85"' in html  # the other values are kept
    assert hands(app) == 0


def test_going_out_without_a_canasta_is_shown_at_the_canastas(app, user_client):
    match_id = create(user_client)
    response = post_hand(user_client, match_id, hand_form(1, 1, *HAND_1))
    html = page(response)
    assert response.status_code == 422
    canastas = html[
        html.index('id="sides-1-canastas"') : html.index("</fieldset>", html.index('id="sides-1-canastas"'))
    ]
    assert "needs at least 1 canasta." in canastas
    assert hands(app) == 0


def test_custom_penalty_needs_a_description(app, user_client):
    match_id = create(user_client)
    sides = (dict(HAND_1[0], custom_points=150), HAND_1[1])
    response = post_hand(user_client, match_id, hand_form(1, 0, *sides))
    assert response.status_code == 422
    html = page(response)
    assert "Say what the custom penalty is for." in field_block(html, "sides-0-custom_description")
    assert '<details class="penalties" id="sides-0-penalties" open>' in html
    assert hands(app) == 0


def test_custom_penalty_is_taken_off(user_client):
    match_id = create(user_client)
    sides = (dict(HAND_1[0], custom_points=150, custom_description="mesa"), HAND_1[1])
    enter(user_client, match_id, 1, sides)
    assert 'data-total="0">1,440<' in page(user_client.get(f"/matches/{match_id}"))  # 1590 − 150


def test_not_a_number_is_a_message_not_an_error_page(app, user_client):
    match_id = create(user_client)
    sides = (dict(HAND_1[0], melds="6four0"), dict(HAND_1[1], **{"penalties-drew_two_cards": "1.5"}))
    response = post_hand(user_client, match_id, hand_form(1, 0, *sides))
    html = page(response)
    assert response.status_code == 422
    assert "Enter a whole number" in field_block(html, "sides-0-melds")
    assert 'value="6four0"' in html
    assert hands(app) == 0


def test_saying_who_went_out_is_required(app, user_client):
    match_id = create(user_client)
    data = hand_form(1, 0, *HAND_1)
    del data["went_out"]
    response = post_hand(user_client, match_id, data)
    assert response.status_code == 422
    assert "Say who went out, or nobody." in page(response)
    assert hands(app) == 0


def test_the_same_hand_twice_is_stored_once(app, user_client):
    match_id = create(user_client)
    data = hand_form(1, 0, *HAND_1)
    url = f"/matches/{match_id}/hands/new"
    token = csrf_token(user_client, url)
    first = user_client.post(url, data={**data, "csrf_token": token})
    second = user_client.post(url, data={**data, "csrf_token": token})  # the second phone
    assert first.status_code == 302
    html = page(second)
    assert second.status_code == 409
    assert "Hand 1 was already entered, perhaps from another device." in html
    assert f'href="/matches/{match_id}"' in html and 'value="640"' in html
    assert hands(app) == 1


def test_edit_prefills_and_recomputes_later_totals(user_client):
    match_id = create(user_client)
    enter(user_client, match_id, 1, HAND_1)
    enter(user_client, match_id, 2, HAND_2)
    url = f"/matches/{match_id}/hands/1/edit"
    html = page(user_client.get(url))
    assert 'value="640"' in field_block(html, "sides-0-melds")
    assert 'value="1"' in field_block(html, "sides-0-penalties-drew_two_cards")
    assert 'checked id="went_out-1"' in html  # value "0": Nosotros
    # Ellos now kept 185 in hand: 210 − 185 = 25 in hand 1, and 25 + 80 = 105 after hand 2.
    data = hand_form(1, 0, HAND_1[0], dict(HAND_1[1], hand=185))
    response = post_form(user_client, url, data)
    assert response.status_code == 302, page(response)
    html = page(user_client.get(f"/matches/{match_id}"))
    assert 'data-total="1">105<' in html and 'data-total="0">2,490<' in html


def test_edit_with_mistakes_keeps_the_stored_hand(user_client):
    match_id = create(user_client)
    enter(user_client, match_id, 1, HAND_1)
    response = post_form(
        user_client, f"/matches/{match_id}/hands/1/edit", hand_form(1, 0, HAND_1[0], {"melds": 7})
    )
    assert response.status_code == 422
    assert "Must be a multiple of 5." in field_block(page(response), "sides-1-melds")
    assert 'data-total="1">125<' in page(user_client.get(f"/matches/{match_id}"))


def test_delete_the_last_hand_after_confirming(app, user_client):
    match_id = create(user_client)
    enter(user_client, match_id, 1, HAND_1)
    enter(user_client, match_id, 2, HAND_2)
    refused = user_client.get(f"/matches/{match_id}/hands/1/delete")
    assert refused.status_code == 302
    assert "Only the last hand (2) can be deleted." in page(user_client.get(refused.location))
    url = f"/matches/{match_id}/hands/2/delete"
    confirm = page(user_client.get(url))
    assert "Delete hand 2?" in confirm and "+900" in confirm
    assert user_client.post(url).status_code == 400  # no CSRF token
    assert hands(app) == 2
    response = post_form(user_client, url, {})
    assert response.status_code == 302
    html = page(user_client.get(f"/matches/{match_id}"))
    assert "Hand 2 deleted." in html and 'data-total="0">1,590<' in html
    assert hands(app) == 1
    assert user_client.get(f"/matches/{match_id}/hands/2/delete").status_code == 404


def test_finished_match_shows_the_winner_and_refuses_hands(app, user_client):
    match_id = create(user_client, target="2000")
    enter(user_client, match_id, 1, HAND_1)
    new_hand_page = f"/matches/{match_id}/hands/new"
    token = csrf_token(user_client, new_hand_page)  # a phone that loaded the page before the end
    enter(user_client, match_id, 2, HAND_2)  # 2490 ≥ 2000: Nosotros win
    html = page(user_client.get(f"/matches/{match_id}"))
    assert "Nosotros won the match" in html and "Nosotros 2,490" in html and "Ellos 205" in html
    assert "Enter hand" not in html and new_hand_page not in html
    response = user_client.get(new_hand_page)
    assert response.status_code == 302 and response.location.endswith(f"/matches/{match_id}")
    assert "no more hands can be entered" in page(user_client.get(response.location))
    late = user_client.post(new_hand_page, data={**hand_form(3, 0, *HAND_2), "csrf_token": token})
    assert late.status_code == 409 and "The match is over" in page(late)
    assert hands(app) == 2
    assert "Finished: Nosotros won" in page(user_client.get("/"))
    # A finished match is locked until "Continue editing"; then deleting the last hand reopens it.
    post_form(user_client, f"/matches/{match_id}/reopen", {}, page=f"/matches/{match_id}")
    post_form(user_client, f"/matches/{match_id}/hands/2/delete", {})
    assert "Enter hand 2" in page(user_client.get(f"/matches/{match_id}"))


def test_preview_scores_without_storing(app, user_client):
    match_id = create(user_client)
    response = preview(user_client, match_id, hand_form(1, 0, *HAND_1))
    assert response.status_code == 200
    body = json.loads(response.get_data())
    assert body["scores"] == [1590, 125]
    assert body["breakdown"][0] == {
        "melds": 640,
        "hand": 0,
        "canastas": 800,
        "red_threes": 100,
        "going_out": 100,
        "specials": 0,
        "penalties": -50,
        "total": 1590,
    }
    assert hands(app) == 0


def test_preview_reports_errors(user_client):
    match_id = create(user_client)
    body = json.loads(preview(user_client, match_id, hand_form(1, 1, *HAND_1)).get_data())
    assert "sides.1.canastas" in body["errors"]
    body = json.loads(preview(user_client, match_id, hand_form(1, 0, {"melds": "x"}, {})).get_data())
    assert body["errors"]["sides.0.melds"] == ["Enter a whole number, with digits only."]
    # Nobody chosen yet as going out: one whole message (it was once split into letters).
    data = hand_form(1, None, {"melds": 480}, {})
    del data["went_out"]
    body = json.loads(preview(user_client, match_id, data).get_data())
    assert body["errors"]["went_out"] == ["Say who went out, or nobody."]
    assert preview(user_client, match_id, hand_form(1, 0, *HAND_1), with_token=False).status_code == 400


def test_hand_forms_need_the_csrf_token(app, user_client):
    match_id = create(user_client)
    assert (
        user_client.post(f"/matches/{match_id}/hands/new", data=hand_form(1, 0, *HAND_1)).status_code == 400
    )
    enter(user_client, match_id, 1, HAND_1)
    edit = user_client.post(f"/matches/{match_id}/hands/1/edit", data=hand_form(1, 0, *HAND_2))
    assert edit.status_code == 400
    assert hands(app) == 1


def test_rule_set_specific_inputs(user_client):
    canaston = page(user_client.get(f"/matches/{create(user_client, 'canaston')}/hands/new"))
    assert 'name="sides-0-cut_exact"' in canaston and "Escala real" in canaston
    assert 'name="going_out_kind"' in canaston and "concealed_from_hand_alone" not in canaston
    samba = page(user_client.get(f"/matches/{create(user_client, 'samba')}/hands/new"))
    assert 'name="sides-1-canastas-samba"' in samba and "black_threes_melded" not in samba
