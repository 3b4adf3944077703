"""Ids that leave the server are never given twice, on SQLite (AUTOINCREMENT, migration
0015_autoincrement_ids) as on PostgreSQL (sequences): a player merged away, an account's API token
deleted with it; the next one gets a new id, so a stale page, bookmark or form naming the old id
(``/players/ID``, the merge page's ``other``, the tokens page's ``token_id``) can only be refused.
Matches and accounts: tests/api/test_match_delete.py, tests/web/test_account_delete.py."""

from __future__ import annotations

from flask import Flask
from sqlalchemy import func, select

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import ApiToken, Player, User
from scorekeeper.services.account_deletion import delete_account
from scorekeeper.services.accounts import create_token
from tests.helpers import make_user


def match(first: str, second: str) -> dict[str, object]:
    """A classic match of two players."""
    return {
        "ruleset": "classic",
        "sides": [{"name": "A", "players": [first]}, {"name": "B", "players": [second]}],
    }


def newest(model: type[ApiToken] | type[Player]) -> int:
    return int(db.session.scalar(select(func.max(model.id))) or 0)


def test_a_player_merged_away_leaves_its_id_unused(app: Flask, password_hash: str) -> None:
    owner = make_user(app, "ana", password_hash)[0]
    with app.app_context():
        services.create_match(owner, match("Ana", "Eva"))
        services.create_match(owner, match("Zoe", "Eva"))
        gone = newest(Player)  # Zoe, who never played with Ana: she can be merged into her
        kept = db.session.scalar(select(Player.id).where(Player.name == "Ana"))
        assert kept is not None and gone != kept
        services.merge_players(owner, kept, gone)
        assert db.session.get(Player, gone) is None
        services.create_match(owner, match("Ana", "Noa"))
        assert newest(Player) > gone
        assert db.session.scalar(select(Player.name).where(Player.id == newest(Player))) == "Noa"


def test_a_token_deleted_with_its_account_leaves_its_id_unused(app: Flask, password_hash: str) -> None:
    make_user(app, "ana", password_hash)
    eva = make_user(app, "eva", password_hash)[0]
    with app.app_context():
        gone = newest(ApiToken)  # eva's
        delete_account(eva)
        assert db.session.get(ApiToken, gone) is None
        ana = db.session.scalar(select(User).where(User.username == "ana"))
        assert ana is not None
        create_token(ana)
        assert newest(ApiToken) > gone
