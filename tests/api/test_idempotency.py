"""``Idempotency-Key`` on ``POST /matches/ID/hands`` (API.md, "Additions"): the same key again, for
the same account, answers what the first request answered and stores nothing; the same key with a
different body is a 422 at ``Idempotency-Key``; keys belong to an account; only a stored hand keeps
its key, in the same transaction; two requests racing with one key store one hand and never answer
500. Run on SQLite and (``--db postgresql``) on PostgreSQL."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, select, update

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Hand, IdempotencyKey, Match, Player, utcnow
from scorekeeper.services import submission_keys
from tests.helpers import Api, counting, lose_lock_race

from .helpers import create_match, error_paths, hand_body, side, simple_hand, totals

KEY = "phone-7f3a9c-hand-1"


def post(api: Api, match_id: int, body: dict[str, Any], key: str | None = KEY) -> Any:
    headers = {} if key is None else {"Idempotency-Key": key}
    return api.client.post(
        f"/api/v1/matches/{match_id}/hands", json=body, headers={**api.headers, **headers}
    )


def stored_hands(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Hand)) or 0


def stored_keys(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(IdempotencyKey)) or 0


def test_the_same_key_twice_stores_one_hand_and_answers_the_same(app, api):
    match_id = create_match(api)["id"]
    first = post(api, match_id, simple_hand(1))
    again = post(api, match_id, simple_hand(1))
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    assert again.headers["Location"] == first.headers["Location"]
    assert again.headers["ETag"] == first.headers["ETag"]
    assert again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert stored_hands(app) == 1
    match = api.get(f"/matches/{match_id}").get_json()
    assert (len(match["hands"]), totals(match)) == (1, [900, 60])


def test_the_replay_is_the_first_answer_even_after_the_hand_changed(api):
    match_id = create_match(api)["id"]
    first = post(api, match_id, simple_hand(1)).get_json()
    edited = simple_hand(1)
    edited["sides"][1]["melds"] = 200
    assert api.put(f"/matches/{match_id}/hands/1", edited).status_code == 200
    assert post(api, match_id, simple_hand(1)).get_json() == first


def test_a_key_sent_again_after_its_hand_was_undone_stores_nothing(app, api):
    """A phone resending a hand whose answer it lost, after the table undid that hand elsewhere:
    the undo stands (the replay says so in ``Idempotent-Replayed``), nothing comes back."""
    match_id = create_match(api)["id"]
    first = post(api, match_id, simple_hand(1))
    assert api.delete(f"/matches/{match_id}/hands/1").status_code == 200
    again = post(api, match_id, simple_hand(1))
    assert (again.status_code, again.get_json()) == (201, first.get_json())
    assert again.headers["Idempotent-Replayed"] == "true"
    assert stored_hands(app) == 0
    assert api.get(f"/matches/{match_id}/hands/1").status_code == 404


def test_the_same_key_with_a_different_body_is_422_at_the_key(app, api):
    match_id = create_match(api)["id"]
    assert post(api, match_id, simple_hand(1)).status_code == 201
    assert error_paths(post(api, match_id, simple_hand(2)), 422) == {"Idempotency-Key"}
    other_match = create_match(api)["id"]
    assert error_paths(post(api, other_match, simple_hand(1)), 422) == {"Idempotency-Key"}
    assert stored_hands(app) == 1


def test_keys_belong_to_an_account(app, api, other_api):
    ana_match = create_match(api)["id"]
    eva_match = create_match(other_api)["id"]
    assert post(api, ana_match, simple_hand(1)).status_code == 201
    eva = post(other_api, eva_match, simple_hand(1))
    assert eva.status_code == 201 and "Idempotent-Replayed" not in eva.headers
    assert eva.get_json()["match"]["id"] == eva_match
    # Eva cannot read Ana's answer by sending Ana's key for Ana's match: that match is not hers.
    assert post(other_api, ana_match, simple_hand(1)).status_code == 404
    assert stored_hands(app) == 2


def test_without_the_header_nothing_changes(app, api):
    match_id = create_match(api)["id"]
    assert post(api, match_id, simple_hand(1), key=None).status_code == 201
    assert post(api, match_id, simple_hand(1), key=None).status_code == 409  # the number is taken
    assert stored_keys(app) == 0


@pytest.mark.parametrize("key", ["", "x" * 101, "clé", "tab\there"])
def test_a_key_that_is_not_1_to_100_printable_characters_is_refused(app, api, key):
    match_id = create_match(api)["id"]
    assert error_paths(post(api, match_id, simple_hand(1), key=key), 422) == {"Idempotency-Key"}
    assert stored_hands(app) == 0


def test_a_key_of_100_printable_characters_with_spaces_is_accepted(api):
    match_id = create_match(api)["id"]
    key = ("hand 1 of " + "~" * 100)[:100]
    assert post(api, match_id, simple_hand(1), key=key).status_code == 201
    assert post(api, match_id, simple_hand(1), key=key).headers["Idempotent-Replayed"] == "true"


def test_a_refused_hand_keeps_no_key_so_the_corrected_hand_can_use_it(app, api):
    match_id = create_match(api)["id"]
    wrong = hand_body(1, [side(300), side(100, 40)], went_out=0, going_out_kind="normal")  # no canasta
    assert post(api, match_id, wrong).status_code == 422
    assert stored_keys(app) == 0
    assert post(api, match_id, simple_hand(1)).status_code == 201
    assert stored_hands(app) == 1


def test_a_hand_and_its_key_are_stored_together_or_not_at_all(app, api, monkeypatch):
    match_id = create_match(api)["id"]
    lose_lock_race(monkeypatch, "commit")
    assert post(api, match_id, simple_hand(1)).status_code == 409
    monkeypatch.undo()
    assert (stored_hands(app), stored_keys(app)) == (0, 0)
    assert post(api, match_id, simple_hand(1)).status_code == 201  # the key was not used up
    assert (stored_hands(app), stored_keys(app)) == (1, 1)


def test_replaying_the_hand_that_finished_the_match_is_not_a_conflict(api):
    match_id = create_match(api, {**_pairs(), "target": 500})["id"]
    first = post(api, match_id, simple_hand(1))
    assert first.get_json()["match"]["finished"] is True
    again = post(api, match_id, simple_hand(1))
    assert (again.status_code, again.get_json()) == (201, first.get_json())


def _pairs() -> dict[str, Any]:
    return {
        "ruleset": "classic",
        "sides": [
            {"name": "Nosotros", "players": ["Ana", "Luis"]},
            {"name": "Ellos", "players": ["Eva", "Juan"]},
        ],
    }


def test_keys_are_kept_seven_days(app, api):
    match_id = create_match(api)["id"]
    assert post(api, match_id, simple_hand(1), key="six days").status_code == 201
    assert post(api, match_id, simple_hand(2), key="eight days").status_code == 201
    with app.app_context():
        for key, days in (("six days", 6), ("eight days", 8)):
            db.session.execute(
                update(IdempotencyKey)
                .where(IdempotencyKey.key == key)
                .values(created_at=utcnow() - timedelta(days=days))
            )
        db.session.commit()
    assert post(api, match_id, simple_hand(3), key="today").status_code == 201  # forgets the old ones
    with app.app_context():
        kept = set(db.session.scalars(select(IdempotencyKey.key)))
    assert kept == {"six days", "today"}
    assert post(api, match_id, simple_hand(1), key="six days").headers["Idempotent-Replayed"] == "true"


def test_old_keys_are_looked_for_with_the_key_and_forgotten_only_when_there_are_some(app, api):
    """The key's look-up also finds whether the account has keys past seven days: a hand sends the
    DELETE that forgets them only then (and a key past seven days is still its own request's)."""
    match_id = create_match(api)["id"]

    def key_statements(number: int, key: str) -> list[str]:
        with counting(app) as statements:
            assert post(api, match_id, simple_hand(number), key=key).status_code == 201
        return [s.split()[0] for s in statements if "idempotency_keys" in s]

    assert key_statements(1, "first") == ["SELECT", "INSERT"]
    with app.app_context():
        db.session.execute(update(IdempotencyKey).values(created_at=utcnow() - timedelta(days=8)))
        db.session.commit()
    assert post(api, match_id, simple_hand(1), key="first").headers["Idempotent-Replayed"] == "true"
    assert key_statements(2, "second") == ["SELECT", "DELETE", "INSERT"]
    assert key_statements(3, "third") == ["SELECT", "INSERT"]
    with app.app_context():
        assert set(db.session.scalars(select(IdempotencyKey.key))) == {"second", "third"}


def test_a_key_used_by_a_page_is_not_used_again_by_the_api(app, api):
    """One store for the pages and the API: a hand saved by the service for a page with a key made
    on the phone, then the same hand sent again through the API with that key, is not stored twice
    (a page keeps no JSON answer to replay, so the API says so with 409)."""
    match_id = create_match(api)["id"]
    with app.app_context():
        owner = db.session.scalar(select(Match.club_id).where(Match.id == match_id))
        assert owner is not None
        match = services.get_match(owner, match_id)
        digest = submission_keys.request_digest(match_id, simple_hand(1))
        once = submission_keys.SubmissionKey(owner, KEY, digest)
        services.add_hand(match, simple_hand(1), owner, once)
    answer = post(api, match_id, simple_hand(1))
    assert answer.status_code == 409 and "already saved" in answer.get_json()["errors"]["_"][0]
    assert stored_hands(app) == 1


def test_two_requests_racing_with_one_key_store_one_hand(app, api, monkeypatch):
    """Both requests look the key up before either stores it (a barrier holds them there), so the
    database's unique constraints decide: one stores the hand, the other replays its answer or
    answers 409; never a 500, never two hands."""
    match_id = create_match(api)["id"]
    barrier = threading.Barrier(2, timeout=20)
    looked_up = threading.local()
    real_look_up = submission_keys.look_up

    def look_up_then_wait(key: submission_keys.SubmissionKey, match_id: int) -> None:
        real_look_up(key, match_id)
        if not getattr(looked_up, "done", False):  # only the first look-up waits for the other
            looked_up.done = True
            barrier.wait()

    monkeypatch.setattr(submission_keys, "look_up", look_up_then_wait)
    answers: list[Any] = []

    def send() -> None:
        token = api.headers["Authorization"].removeprefix("Bearer ")
        answers.append(post(Api(app.test_client(), token), match_id, simple_hand(1)))

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    statuses = sorted(answer.status_code for answer in answers)
    assert statuses in ([201, 201], [201, 409]), [a.get_json() for a in answers]
    if statuses == [201, 201]:
        assert answers[0].get_json() == answers[1].get_json()
    assert (stored_hands(app), stored_keys(app)) == (1, 1)


def test_the_replay_is_the_first_answer_after_more_hands_and_a_rename(app, api):
    """What the key kept is the match as its hand left it: later hands and a renamed player are not
    in the replay, which is the first answer byte for byte."""
    match_id = create_match(api)["id"]
    first = post(api, match_id, simple_hand(1))
    assert post(api, match_id, simple_hand(2), key="another key").status_code == 201
    with app.app_context():
        owner = db.session.scalar(select(Match.club_id).where(Match.id == match_id))
        player = db.session.scalar(select(Player).where(Player.club_id == owner, Player.name == "Ana"))
        assert owner is not None and player is not None
        services.rename_player(owner, player.id, "Anabel")
    again = post(api, match_id, simple_hand(1))
    assert (again.status_code, again.data) == (201, first.data)
    assert again.headers["ETag"] == first.headers["ETag"]
    assert again.headers["Location"] == first.headers["Location"]
    assert len(api.get(f"/matches/{match_id}").get_json()["hands"]) == 2


def test_a_key_kept_with_its_answer_by_an_older_version_is_replayed(app, api):
    """Rows written before keys kept the service's data hold the API's answer itself: still replayed."""
    match_id = create_match(api)["id"]
    answer = post(api, match_id, simple_hand(1), key=None)
    with app.app_context():
        owner = db.session.scalar(select(Match.club_id).where(Match.id == match_id))
        assert owner is not None
        digest = submission_keys.request_digest(match_id, simple_hand(1))
        db.session.add(
            IdempotencyKey(user_id=owner, key=KEY, request_digest=digest, match_id=match_id, hand_number=1,
                           status=201, reply=answer.get_json(), created_at=utcnow())
        )
        db.session.commit()
    again = post(api, match_id, simple_hand(1))
    assert (again.status_code, again.get_json()) == (201, answer.get_json())
    assert again.headers["ETag"] == answer.headers["ETag"] and again.headers["Idempotent-Replayed"] == "true"
    assert again.headers["Location"] == answer.headers["Location"]
    assert stored_hands(app) == 1
