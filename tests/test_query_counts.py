"""The number of SQL statements a page sends does not grow with the data behind it: the scoreboard
with hands, the history with matches, a player's statistics with matches; nor do the statements of
adding a hand (which updates its players' running totals). Counted with a
``before_cursor_execute`` listener; a count, never a timing (bench/ measures the times)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Player, User
from tests.helpers import Api, clear_page_cache, counting, make_user, scored_hands
from tests.web.helpers import logged_in

WIN = {"melds": 300, "red_threes": 1, "canastas": {"clean": 1}}
LOSE = {"melds": 250, "hand": 20, "penalties": [{"code": "drew_two_cards"}]}


def statements_of(app: Flask, client: FlaskClient, url: str) -> list[str]:
    """The statements of a second request to ``url`` (the first warms the process up)."""
    assert client.get(url).status_code == 200
    with counting(app) as statements:
        assert client.get(url).status_code == 200
    return statements


@pytest.fixture
def ana(app: Flask, password_hash: str) -> FlaskClient:
    make_user(app, "ana", password_hash)
    return logged_in(app, "ana")


def add_matches(app: Flask, count: int, hands: int, first: int = 0) -> list[int]:
    """``count`` classic matches of ``hands`` hands; Ana plays in all of them with a new partner each."""
    ids = []
    with app.app_context():
        owner = db.session.scalar(select(User.id).where(User.username == "ana"))
        for i in range(first, first + count):
            match = services.create_match(
                owner,
                {
                    "ruleset": "classic",
                    "target": 1_000_000,
                    "sides": [
                        {"name": "Nosotros", "players": ["Ana", f"P{i}"]},
                        {"name": "Ellos", "players": ["Eva", f"Q{i}"]},
                    ],
                },
            )
            for number in range(1, hands + 1):
                services.add_hand(
                    match,
                    {
                        "number": number,
                        "went_out": number % 2,
                        "going_out_kind": "normal",
                        "sides": [WIN, LOSE] if number % 2 == 0 else [LOSE, WIN],
                    },
                )
            ids.append(match.id)
    return ids


def test_scoreboard_statements_do_not_grow_with_hands(app: Flask, ana: FlaskClient) -> None:
    few, many = add_matches(app, 1, 10)[0], add_matches(app, 1, 100, first=1)[0]
    assert len(statements_of(app, ana, f"/matches/{few}")) == len(statements_of(app, ana, f"/matches/{many}"))


def test_history_statements_do_not_grow_with_matches(app: Flask, ana: FlaskClient) -> None:
    add_matches(app, 10, 1)
    few = statements_of(app, ana, "/history")
    add_matches(app, 190, 1, first=10)
    assert len(statements_of(app, ana, "/history")) == len(few)


def test_player_statistics_statements_do_not_grow_with_matches(app: Flask, ana: FlaskClient) -> None:
    add_matches(app, 5, 3)
    with app.app_context():
        player = db.session.scalar(select(Player.id).where(Player.name == "Ana"))
    few = statements_of(app, ana, f"/players/{player}")
    add_matches(app, 45, 3, first=5)
    many = statements_of(app, ana, f"/players/{player}")
    assert len(many) == len(few), many
    # The figures are stored with the sides: no hand is read, whatever this process saw before.
    assert not [s for s in many if "FROM hands" in s], many


def hand_statements(app: Flask, first: int) -> list[str]:
    """The statements of adding hand 3 to a new match of Ana's (its players' totals included)."""
    (match_id,) = add_matches(app, 1, 2, first=first)
    with app.app_context():
        owner = db.session.scalar(select(User.id).where(User.username == "ana"))
        match = services.get_match(owner, match_id)
        with counting(app) as statements:
            services.add_hand(
                match, {"number": 3, "went_out": 0, "going_out_kind": "normal", "sides": [WIN, LOSE]}
            )
    return statements


def test_adding_a_hand_sends_as_many_statements_however_long_the_history(
    app: Flask, ana: FlaskClient
) -> None:
    add_matches(app, 2, 2)
    few = hand_statements(app, 2)
    add_matches(app, 40, 2, first=3)
    many = hand_statements(app, 43)
    assert len(many) == len(few), many
    assert [s for s in many if "player_totals" in s], many  # Ana's totals took the hand


def api_match(api: Api, hands: int) -> int:
    """A classic match of Ana's with ``hands`` hands, entered through the API."""
    match_id = int(
        api.post(
            "/matches",
            {
                "ruleset": "classic",
                "target": 1_000_000,
                "sides": [
                    {"name": "Nosotros", "players": ["Ana", "Luis"]},
                    {"name": "Ellos", "players": ["Eva", "Juan"]},
                ],
            },
        ).get_json()["id"]
    )
    for number in range(1, hands + 1):
        assert api.post(f"/matches/{match_id}/hands", api_hand(number)).status_code == 201
    return match_id


def api_hand(number: int) -> dict[str, Any]:
    sides = [WIN, LOSE] if number % 2 == 0 else [LOSE, WIN]
    return {"number": number, "went_out": number % 2, "going_out_kind": "normal", "sides": sides}


def submission(
    app: Flask, api: Api, match_id: int, number: int, key: str | None = None
) -> tuple[list[str], int]:
    """The statements and the hands scored of submitting hand ``number`` through the API."""
    headers = {"Idempotency-Key": key} if key else {}
    with counting(app) as statements, scored_hands() as scored:
        answer = api.client.post(
            f"/api/v1/matches/{match_id}/hands", json=api_hand(number), headers={**api.headers, **headers}
        )
    assert answer.status_code == 201, answer.get_json()
    assert len(answer.get_json()["match"]["hands"]) == number  # the answer keeps API.md's shape
    return statements, scored[0]


@pytest.mark.parametrize("key", [None, "phone-key"])
def test_a_hand_submission_costs_the_same_at_5_and_at_60_hands(app: Flask, api: Api, key: str | None) -> None:
    """The next hand of a match through the API: as many statements at 5 hands as at 60, and only the
    new hand scored (the match is kept folded by the write before, and the sides' figures take the
    new hand alone), with an ``Idempotency-Key`` (looked up once, stored with the hand) or without."""
    short, long = api_match(api, 5), api_match(api, 60)
    few, scored_few = submission(app, api, short, 6, key and f"{key}-short")
    many, scored_many = submission(app, api, long, 61, key and f"{key}-long")
    assert len(many) == len(few), many
    assert scored_few == scored_many == 1
    assert not [s for s in many if "FROM hands" in s or "FROM edit_log" in s], many
    # The look-up (which also finds whether old keys are there to forget: none here) and the store.
    assert sum("idempotency_keys" in s for s in many) == (2 if key else 0), many
    # A process that has not folded the match (another worker, a restart) reads the hands' stored
    # results (one statement more) and still scores only the new hand.
    clear_page_cache(app)
    cold_few, cold_scored_few = submission(app, api, short, 7, key and f"{key}-short-7")
    clear_page_cache(app)
    cold_many, cold_scored_many = submission(app, api, long, 62, key and f"{key}-long-62")
    assert len(cold_many) == len(cold_few) == len(many) + 1, cold_many
    assert cold_scored_few == cold_scored_many == 1
    assert sum("FROM hands" in s for s in cold_many) == 1, cold_many


def test_an_edit_scores_the_edited_hand_and_those_after_it(app: Flask, api: Api) -> None:
    match_id = api_match(api, 10)
    with scored_hands() as scored:
        assert api.put(f"/matches/{match_id}/hands/8", api_hand(8)).status_code == 200
    assert scored == [3]
