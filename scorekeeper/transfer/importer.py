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
from ..models import Hand, Match, Player, Seat, Side, as_utc
from ..services import _player, _summarise, record, view
from .formats import FORMAT, VERSION, ImportedMatch, match_fingerprint

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


def _second(moment: datetime) -> datetime:
    return as_utc(moment).replace(microsecond=0)


def held_fingerprints(owner_id: int, matches: Sequence[ImportedMatch]) -> set[str]:
    """The fingerprints of the account's matches that started in the same second as one of
    ``matches`` (only those can be the same match, so only those are loaded and folded)."""
    starts = {_second(data.created_at) for data in matches}
    if not starts:
        return set()
    found = db.session.execute(select(Match.id, Match.created_at).where(Match.owner_id == owner_id))
    candidates = [match_id for match_id, created_at in found if _second(created_at) in starts]
    if not candidates:
        return set()
    held = db.session.scalars(
        select(Match)
        .where(Match.id.in_(candidates))
        .options(selectinload(Match.sides), selectinload(Match.hands))
    )
    return {match_fingerprint(view(match)) for match in held}


def store_matches(
    owner_id: int, matches: Sequence[ImportedMatch], exported_at: datetime | None = None
) -> list[Match]:
    """Create ``matches`` (already checked by :func:`.formats.read_export`) in the account, with
    their dates, players found by name (created when new), summary and a ``match_imported`` log
    entry; one commit. On any error everything is rolled back and the error raised. A match the
    account already holds (the same :func:`.formats.fingerprint`), or one the file repeats, is
    skipped: the stored matches are returned, so the caller can say how many were skipped.

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
        seen = held_fingerprints(owner_id, matches)
        fresh = []
        for data in matches:
            if data.fingerprint not in seen:
                seen.add(data.fingerprint)
                fresh.append(data)
        for name in sorted({n for data in fresh for side in data.sides for n in side["players"]}):
            player(name)  # in name order, as services.create_match does: no deadlock between two
        for data in fresh:
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
