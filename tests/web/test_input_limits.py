"""Input anyone can send to the pages that used to answer 500 (issue 13): a NUL in a name, a date
past what the databases hold, a token id past the column's integers, a thousand brackets in the hand
form's hidden field. Each comes back as a message at its field; nothing is stored. Run on both
databases (``--db postgresql``)."""

from __future__ import annotations

import json

import pytest

from tests.web.helpers import (
    HAND_1,
    create,
    enter,
    field_block,
    good_file,
    hand_form,
    hands,
    make_match,
    match_form,
    matches,
    page,
    player_id,
    post_form,
    preview,
    rejected,
)

UNSTORABLE = "Contains a character that cannot be stored; type the text again."
DEEP = "[" * 1000 + "]" * 1000
KEPT_LOST = "The penalties kept from before were lost; enter them again."


def test_a_nul_in_a_side_or_player_name_is_a_message_at_the_field(app, user_client):
    data = match_form(sides=(("Nos\x00otros", ("Ana", "Luis")), ("Ellos", ("Eva", "Ju\x00an"))))
    response = post_form(user_client, "/matches/new", data)
    assert response.status_code == 422
    html = page(response)
    assert UNSTORABLE in field_block(html, "sides-0-name")
    assert UNSTORABLE in field_block(html, "sides-1-players-1")
    assert matches(app) == 0


def test_a_nul_in_a_new_player_name_is_a_message_at_the_field(app, user_client):
    make_match(app, [("A", ["Ana"]), ("B", ["Eva"])])
    ana = player_id(app, "Ana")
    response = post_form(user_client, f"/players/{ana}/rename", {"name": "An\x00a"}, page=f"/players/{ana}")
    assert response.status_code == 422
    assert UNSTORABLE in field_block(page(response), "name")
    assert player_id(app, "Ana") == ana


def test_a_nul_in_a_custom_penalty_description_is_a_message_at_the_field(app, user_client):
    match_id = create(user_client)
    sides = (dict(HAND_1[0], custom_points=150, custom_description="me\x00sa"), HAND_1[1])
    response = post_form(user_client, f"/matches/{match_id}/hands/new", hand_form(1, 0, *sides))
    assert response.status_code == 422
    assert UNSTORABLE in field_block(page(response), "sides-0-custom_description")
    assert hands(app) == 0


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("date_to=9999-12-31", "date_to"),
        ("date_from=9999-12-31", "date_from"),
        ("date_from=0001-01-01", "date_from"),
    ],
)
def test_a_date_out_of_range_is_a_message_at_the_filter(user_client, query, field):
    create(user_client)
    response = user_client.get(f"/history?{query}")
    assert response.status_code == 200
    assert "Enter a date from 1900-01-01 to 2999-12-31." in field_block(page(response), field)
    assert "Nosotros" in page(response)  # the filter with a mistake is left out


def test_the_last_day_of_the_range_is_a_filter(user_client):
    create(user_client)
    html = page(user_client.get("/history?date_from=1900-01-01&date_to=2999-12-31"))
    assert "Nosotros" in html and "Enter a date" not in html


@pytest.mark.parametrize("token_id", ["2147483648", "99999999999999999999", "²", "9" * 5000])
def test_a_token_id_no_column_holds_is_not_found(user_client, token_id):
    response = post_form(user_client, "/account/tokens", {"token_id": token_id})
    assert response.status_code == 404


def test_a_thousand_brackets_in_the_kept_penalties_are_refused_by_the_form(app, user_client):
    match_id = create(user_client)
    sides = (dict(HAND_1[0], more_customs=DEEP), HAND_1[1])
    response = post_form(user_client, f"/matches/{match_id}/hands/new", hand_form(1, 0, *sides))
    assert response.status_code == 422
    assert KEPT_LOST in page(response)
    assert hands(app) == 0
    body = json.loads(preview(user_client, match_id, hand_form(1, 0, *sides)).get_data())
    assert body["errors"] == {"sides.0.more_customs": [KEPT_LOST]}


def test_a_thousand_brackets_on_the_edit_form_keep_the_stored_hand(app, user_client):
    match_id = create(user_client)
    enter(user_client, match_id, 1, HAND_1)
    sides = (dict(HAND_1[0], more_customs=DEEP), HAND_1[1])
    url = f"/matches/{match_id}/hands/1/edit"
    response = post_form(user_client, url, hand_form(1, 0, *sides))
    assert response.status_code == 422 and KEPT_LOST in page(response)
    assert 'data-total="0">1,590<' in page(user_client.get(f"/matches/{match_id}"))


def test_kept_penalties_as_the_edit_page_writes_them_still_count(user_client):
    match_id = create(user_client)
    kept = json.dumps([{"code": "custom", "count": 2, "points": 25, "description": "[mesa] {x}"}])
    enter(user_client, match_id, 1, (dict(HAND_1[0], more_customs=kept), HAND_1[1]))
    assert 'data-total="0">1,540<' in page(user_client.get(f"/matches/{match_id}"))  # 1590 − 2 × 25


def test_a_405_page_names_the_allowed_methods(user_client):
    for path in ("/history", "/matches/new", "/account/tokens"):
        response = user_client.delete(path)
        assert response.status_code == 405
        assert "GET" in {m.strip() for m in response.headers["Allow"].split(",")}



def test_a_nul_in_a_share_link_is_not_found(client):
    for path in ("/s/ab%00cd", "/s/ab%00cd/board"):
        assert client.get(path).status_code == 404


def test_a_nul_in_a_username_at_login_is_a_message_at_the_field(client):
    client.set_cookie("lang", "en")
    response = post_form(client, "/login", {"username": "an\x00a", "password": "whatever it is"})
    assert response.status_code == 200
    assert UNSTORABLE in field_block(page(response), "username")


@pytest.mark.usefixtures("three")
@pytest.mark.parametrize("moment", ["9999-12-31T23:00:00-05:00", "0001-01-01T00:00:00+01:00"])
def test_an_import_dated_past_what_a_date_holds_in_utc_is_refused(user_client, other_client, moment):
    doc = good_file(user_client)
    doc["matches"][0]["created_at"] = moment
    errors = rejected(other_client, json.dumps(doc).encode())
    assert "Must be a date and time (ISO 8601)." in errors and "Nothing was imported." in errors
