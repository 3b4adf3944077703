"""The database side of export and import: an account's matches, and storing checked imports in one
transaction (all the file's matches, or none)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Final

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..models import Hand, Match, Player, Seat, Side
from ..services import _player, _summarise, record
from .formats import FORMAT, VERSION, ImportedMatch

ATTEMPTS: Final = 3


def owned_matches(owner_id: int) -> list[Match]:
    """Every match of the account, oldest first (the order an export keeps and an import restores)."""
    return list(
        db.session.scalars(
            select(Match)
            .where(Match.owner_id == owner_id)
            .order_by(Match.created_at, Match.id)
            .options(selectinload(Match.sides), selectinload(Match.hands))
        )
    )


def store_matches(
    owner_id: int, matches: Sequence[ImportedMatch], exported_at: datetime | None = None
) -> list[Match]:
    """Create ``matches`` (already checked by :func:`.formats.read_export`) in the account, with
    their dates, players found by name (created when new), summary and a ``match_imported`` log
    entry; one commit. On any error everything is rolled back and the error raised.

    Should another request add one of the new players meanwhile (the unique name clashes), the
    whole import is tried again, finding that player this time."""
    for attempt in range(ATTEMPTS):
        try:
            return _store(owner_id, matches, exported_at)
        except IntegrityError:
            if attempt == ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")


def _store(owner_id: int, matches: Sequence[ImportedMatch], exported_at: datetime | None) -> list[Match]:
    players: dict[str, Player] = {}

    def player(name: str) -> Player:
        if name not in players:
            players[name] = _player(owner_id, name)
        return players[name]

    stored: list[Match] = []
    try:
        for name in sorted({n for data in matches for side in data.sides for n in side["players"]}):
            player(name)  # in name order, as services.create_match does: no deadlock between two
        for data in matches:
            match = Match(
                owner_id=owner_id,
                ruleset=data.ruleset.id,
                target=data.target,
                house_rules=data.house_rules,
                first_dealer=data.first_dealer,
                created_at=data.created_at,
            )
            for position, side in enumerate(data.sides):
                seats = [Seat(position=i, player=player(name)) for i, name in enumerate(side["players"])]
                match.sides.append(Side(position=position, name=side["name"], seats=seats))
            for hand in data.stored_hands():
                match.hands.append(Hand(number=hand["number"], input=hand))
            db.session.add(match)
            _summarise(match, data.state)
            note: dict[str, Any] = {"format": FORMAT, "version": VERSION, "hands": len(data.hands)}
            if exported_at is not None:
                note["exported_at"] = exported_at.isoformat()
            record(match, "match_imported", owner_id, after=note)
            stored.append(match)
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
    return stored
