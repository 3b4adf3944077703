"""What a review of the phone's hand form found: the form must store exactly what was on the table."""

from __future__ import annotations

import html
import re

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import User
from tests.web.helpers import create, field_block, hand_form, hands, page, post_form, post_hand


def test_canastas_with_blank_melds_are_refused_not_scored_as_zero(app, user_client):
    match_id = create(user_client)
    response = post_hand(
        user_client, match_id, hand_form(1, 0, {"canastas-clean": 2, "red_threes": 1}, {"melds": 50})
    )
    assert response.status_code == 422
    assert "melded cards" in field_block(page(response), "sides-0-melds")
    assert hands(app) == 0


def test_a_negative_card_count_is_refused(app, user_client):
    match_id = create(user_client)
    response = post_hand(
        user_client,
        match_id,
        hand_form(1, 0, {"canastas-clean": 1, "melds_cards-joker": 8, "melds_cards-low": -4}, {"melds": 50}),
    )
    assert response.status_code == 422
    assert "Must not be negative." in field_block(page(response), "sides-0-melds_cards-low")
    assert hands(app) == 0


def stored_hand(app, match_id: int, number: int) -> dict:
    with app.app_context():
        owner = db.session.query(User).filter_by(username="ana").one()
        return services.get_match(owner.id, match_id).hands[number - 1].input


def test_editing_keeps_several_custom_penalties_as_they_were(app, user_client):
    match_id = create(user_client)
    body = {
        "number": 1,
        "went_out": 0,
        "going_out_kind": "normal",
        "sides": [
            {
                "melds": 400,
                "canastas": {"clean": 1},
                "penalties": [
                    {"code": "custom", "points": 50, "description": "talked"},
                    {"code": "custom", "points": 100, "description": "peeked", "count": 2},
                ],
            },
            {"melds": 100, "hand": 20},
        ],
    }
    with app.app_context():
        owner = db.session.query(User).filter_by(username="ana").one()
        services.add_hand(services.get_match(owner.id, match_id), body)
    before = stored_hand(app, match_id, 1)

    url = f"/matches/{match_id}/hands/1/edit"
    form = page(user_client.get(url))
    assert "peeked (−100 ×2)" in form
    # Save it with one change elsewhere: the other side's melds.
    data = hand_form(
        1,
        0,
        {"melds": 400, "canastas-clean": 1, "custom_points": 50, "custom_description": "talked"},
        {"melds": 150, "hand": 20},
    )
    tag = re.search(r'<input[^>]*name="sides-0-more_customs"[^>]*>', form).group(0)
    kept = html.unescape(re.search(r'value="([^"]*)"', tag).group(1))
    data["sides-0-more_customs"] = kept
    data["version"] = "1"
    assert post_form(user_client, url, data).status_code == 302

    after = stored_hand(app, match_id, 1)
    assert after["sides"][0]["penalties"] == before["sides"][0]["penalties"]
    assert after["sides"][1]["melds"] == 150


def test_editing_an_earlier_hand_shows_the_totals_it_was_played_from(app, user_client):
    match_id = create(user_client)
    # Hand 1: melds 700 + clean 500 + dirty 300 + going out 100 = 1600 for side 0.
    assert (
        post_hand(
            user_client,
            match_id,
            hand_form(1, 0, {"melds": 700, "canastas-clean": 1, "canastas-dirty": 1}, {"melds": 50}),
        ).status_code
        == 302
    )
    assert (
        post_hand(
            user_client, match_id, hand_form(2, 0, {"melds": 300, "canastas-clean": 1}, {"melds": 50})
        ).status_code
        == 302
    )
    form = page(user_client.get(f"/matches/{match_id}/hands/1/edit"))
    assert "Total 0 · opening minimum 50" in form
    form = page(user_client.get(f"/matches/{match_id}/hands/2/edit"))
    assert "Total 1,600 · opening minimum 90" in form
