"""``GET /api/v1/matches/ID`` from the process's store of answers (keyed by the match's revision):
the same body as folding and serialising it anew, and after every kind of change the new answer,
never the one kept for the version before. Also: a request scores each hand at most once."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Match, Player
from tests.helpers import clear_page_cache, counting, scored_hands

from .helpers import create_match, hand_body, post_hand, side, simple_hand


def cold(api: Any, match_id: int) -> bytes:
    """The answer folded and serialised anew (the store emptied first)."""
    with api.client.application.app_context():
        clear_page_cache(api.client.application)
    response = api.get(f"/matches/{match_id}")
    assert response.status_code == 200
    return bytes(response.data)


def warm(api: Any, match_id: int) -> bytes:
    """The answer as a repeated read gets it (it was read once just before)."""
    api.get(f"/matches/{match_id}")
    response = api.get(f"/matches/{match_id}")
    assert response.status_code == 200
    return bytes(response.data)


def check_fresh(api: Any, match_id: int) -> dict[str, Any]:
    """Read the match from the store after a change, then anew: the same body; returns it."""
    after_change = api.get(f"/matches/{match_id}")
    assert after_change.status_code == 200
    assert bytes(after_change.data) == cold(api, match_id) == warm(api, match_id)
    return after_change.get_json()  # type: ignore[no-any-return]


@pytest.fixture
def played(api: Any) -> int:
    """A classic match with three hands, read once (so its answer is in the store)."""
    match_id = create_match(api)["id"]
    for number in (1, 2, 3):
        post_hand(api, match_id, simple_hand(number))
    assert api.get(f"/matches/{match_id}").status_code == 200
    return int(match_id)


def owner_and_match(app: Flask, match_id: int) -> tuple[int, Match]:
    match = db.session.get(Match, match_id)
    assert match is not None
    return match.club_id, services.get_match(match.club_id, match_id)


def test_the_stored_answer_is_the_answer_folded_anew(app, api, played):
    first = cold(api, played)
    with app.app_context():
        clear_page_cache(app)
    folded = api.get(f"/matches/{played}")
    stored = api.get(f"/matches/{played}")
    assert stored.data == folded.data == first
    assert stored.content_type == folded.content_type == "application/json"
    assert [h["number"] for h in api.get(f"/matches/{played}").get_json()["hands"]] == [1, 2, 3]


def test_a_repeated_read_sends_one_statement_after_the_token_and_scores_nothing(app, api, played):
    """Past the token, one statement for the club's membership (scorekeeper.access) and one for
    the match's version; no hand is scored."""
    bare = api.get("/rulesets/classic")  # a route of the account alone: the token check
    assert bare.status_code == 200
    with counting(app) as token_only:
        api.get("/rulesets/classic")
    with counting(app) as statements, scored_hands() as scored:
        response = api.get(f"/matches/{played}")
    assert response.status_code == 200
    assert len(statements) == len(token_only) + 2, statements
    assert "memberships" in statements[len(token_only)]
    assert scored == [0]


def test_a_hand_added_is_served(api, played):
    post_hand(api, played, simple_hand(4))
    assert [h["number"] for h in check_fresh(api, played)["hands"]] == [1, 2, 3, 4]


def test_a_hand_edited_is_served(api, played):
    before = api.get(f"/matches/{played}").get_json()
    edited = hand_body(
        2, [side(100, 40), side(300, 0, canastas={"clean": 1})], went_out=1, going_out_kind="normal"
    )
    assert api.put(f"/matches/{played}/hands/2", edited).status_code == 200
    match = check_fresh(api, played)
    assert match["hands"][1]["version"] == 2
    assert match["sides"][0]["total"] != before["sides"][0]["total"]


def test_a_hand_deleted_is_served(api, played):
    assert api.delete(f"/matches/{played}/hands/3").status_code == 200
    assert [h["number"] for h in check_fresh(api, played)["hands"]] == [1, 2]


def test_a_hand_undone_is_served(app, api, played):
    with app.app_context():
        owner, match = owner_and_match(app, played)
        services.undo_hand(match, 3, owner)
    assert [h["number"] for h in check_fresh(api, played)["hands"]] == [1, 2]


def test_a_renamed_player_is_served(app, api, played):
    with app.app_context():
        owner, _match = owner_and_match(app, played)
        ana = db.session.scalar(select(Player).where(Player.club_id == owner, Player.name == "Ana"))
        services.rename_player(owner, ana.id, "Ana María")
    assert check_fresh(api, played)["sides"][0]["players"] == ["Ana María", "Luis"]


def test_another_account_gets_404_not_the_stored_answer(api, other_api, played):
    assert other_api.get(f"/matches/{played}").status_code == 404
    assert other_api.get("/matches/2147483648").status_code == 404


# --- One fold per request ---------------------------------------------------------------------------


def test_adding_a_hand_through_the_api_scores_each_hand_once(api, played):
    with scored_hands() as scored:
        answer = post_hand(api, played, simple_hand(4))
    assert scored == [1]  # hand 4 alone: the match as stored is kept folded (it was 3 + 4, then 4)
    assert answer["match"] == api.get(f"/matches/{played}").get_json()


def test_editing_a_hand_through_the_api_scores_each_hand_once(api, played):
    with scored_hands() as scored:
        assert api.put(f"/matches/{played}/hands/2", simple_hand(2)).status_code == 200
    assert scored == [2]  # hands 2 and 3, after the edited one (it was 3 + 3 + 3, then 3)


def test_deleting_a_hand_through_the_api_scores_the_rest_once(api, played):
    with scored_hands() as scored:
        answer = api.delete(f"/matches/{played}/hands/3").get_json()
    assert scored == [0]  # hands 1 and 2 keep their results
    assert answer["match"] == api.get(f"/matches/{played}").get_json()


def test_writes_given_the_view_score_only_what_changes(app, api, played):
    """A page that has folded the match passes its view on: the write scores only the new or edited
    hand and those after it, and its result is what folding the stored match gives."""
    with app.app_context():
        owner, match = owner_and_match(app, played)
        with scored_hands() as scored:
            _result, after = services.add_hand(match, simple_hand(4), owner, current=services.view(match))
        assert scored == [1]  # the view was kept folded: only the new hand
        assert after.state == services.view(services.get_match(owner, played)).state
        db.session.remove()
        owner, match = owner_and_match(app, played)
        current = services.view(match)
        with scored_hands() as scored:
            _result, after = services.replace_hand(match, 3, simple_hand(3), owner, current=current)
        assert scored == [2]  # hands 3 and 4
        assert after.state == services.view(services.get_match(owner, played)).state
        db.session.remove()
        owner, match = owner_and_match(app, played)
        current = services.view(match)
        with scored_hands() as scored:
            after = services.delete_last_hand(match, 4, owner, current=current)
        assert scored == [0]
        assert after.state == services.view(services.get_match(owner, played)).state
        db.session.remove()


def test_a_view_of_another_match_is_refused(app, api, played):
    other = create_match(api)["id"]
    with app.app_context():
        owner, match = owner_and_match(app, played)
        wrong = services.view(services.get_match(owner, other))
        with pytest.raises(ValueError):
            services.add_hand(match, simple_hand(4), owner, current=wrong)
        db.session.rollback()
    assert len(api.get(f"/matches/{played}").get_json()["hands"]) == 3
