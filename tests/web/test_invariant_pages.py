"""Pages kept rendered (scorekeeper.page_cache) follow every change to what they show, however it
is made: a side renamed or a player renamed straight on the models, outside the services, shows at
once on the owner's scoreboard, the shared board and the API's match (scorekeeper.invariant). And
login sessions commit through the one transaction helper: ending the others is all or nothing."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper import services, sessions
from scorekeeper.extensions import db
from scorekeeper.models import LoginSession, Match, Player, User
from scorekeeper.services.accounts import create_token
from tests.web.helpers import logged_in, post_form

SIDES = [{"name": "Norte", "players": ["Ana", "Luis"]}, {"name": "Sur", "players": ["Eva", "Juan"]}]
HAND = {
    "number": 1,
    "went_out": 0,
    "going_out_kind": "normal",
    "sides": [{"melds": 300, "canastas": {"clean": 1}}, {"melds": 100, "hand": 40}],
}


def shared_match(app: Flask) -> tuple[int, str]:
    """A match of ``ana`` with a hand and a share link: its id and the link's board path."""
    with app.app_context():
        owner = db.session.scalar(select(User.id).where(User.username == "ana"))
        assert owner is not None
        match = services.create_match(owner, {"ruleset": "classic", "sides": SIDES})
        services.add_hand(match, HAND)
        link = services.create_share_link(services.get_match(owner, match.id))
        return match.id, f"/s/{link.token}/board"


def rename_side(app: Flask, match_id: int, name: str) -> None:
    """The naive way: the model's attribute, and a commit."""
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        match.sides[1].name = name
        db.session.commit()


def rename_player(app: Flask, old: str, new: str) -> None:
    with app.app_context():
        player = db.session.scalar(select(Player).where(Player.name == old))
        assert player is not None
        player.name = new
        db.session.commit()


def pages(user_client: FlaskClient, client: FlaskClient, match_id: int, board: str) -> list[str]:
    """The owner's scoreboard and the table's shared board, as their phones read them."""
    return [
        user_client.get(f"/matches/{match_id}").get_data(as_text=True),
        client.get(board).get_data(as_text=True),
    ]


def test_a_side_renamed_on_the_models_shows_at_once(
    app: Flask, user_client: FlaskClient, client: FlaskClient
) -> None:
    match_id, board = shared_match(app)
    assert all("Sur" in page for page in pages(user_client, client, match_id, board))  # now kept
    rename_side(app, match_id, "Poniente")
    assert all("Poniente" in page for page in pages(user_client, client, match_id, board))


def test_a_player_renamed_on_the_models_shows_at_once(
    app: Flask, user_client: FlaskClient, client: FlaskClient
) -> None:
    match_id, board = shared_match(app)
    assert all("Juan" in page for page in pages(user_client, client, match_id, board))
    rename_player(app, "Juan", "Juanjo")
    assert all("Juanjo" in page for page in pages(user_client, client, match_id, board))


def test_the_api_s_kept_match_follows_a_side_renamed_on_the_models(
    app: Flask, user_client: FlaskClient, client: FlaskClient
) -> None:
    match_id, _ = shared_match(app)
    with app.app_context():
        owner = db.session.scalar(select(User).where(User.username == "ana"))
        assert owner is not None
        headers = {"Authorization": f"Bearer {create_token(owner)}"}
    url = f"/api/v1/matches/{match_id}"
    assert [side["name"] for side in client.get(url, headers=headers).get_json()["sides"]] == ["Norte", "Sur"]
    rename_side(app, match_id, "Poniente")
    assert [side["name"] for side in client.get(url, headers=headers).get_json()["sides"]] == [
        "Norte",
        "Poniente",
    ]


def test_logging_out_the_other_devices_is_one_transaction(
    app: Flask, user_client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failure while this browser moves to its new session ends nothing: the other phone stays
    logged in, and so does this browser (it used to commit the ends first, then fail)."""
    other_phone = logged_in(app, "ana")

    def broken(*_args: object) -> None:
        raise RuntimeError("database gone")

    monkeypatch.setattr(sessions, "_start", broken)
    with pytest.raises(RuntimeError, match="database gone"):
        post_form(user_client, "/account/devices", {}, page="/account/devices")
    monkeypatch.undo()
    assert user_client.get("/").status_code == 200
    assert other_phone.get("/").status_code == 200
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(LoginSession)) == 2
