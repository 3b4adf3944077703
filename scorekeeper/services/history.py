"""An account's history of matches as a whole: read for an export, and an import stored in one unit of
work (all the file's matches, or none). The file formats are :mod:`scorekeeper.transfer.formats`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..models import Hand, Match, as_utc
from ..transfer.formats import FORMAT, VERSION, ImportedMatch, match_fingerprint
from .matches import seated_match, view
from .players import find_or_add_players
from .unit_of_work import match_write, retried


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
    their dates, players found by name (added when new), their figures and a ``match_imported``
    log entry; one unit of work: on any error nothing is stored and the error is raised. A match
    the account already holds (the same :func:`.formats.match_fingerprint`), or one the file
    repeats, is skipped: the stored matches are returned, so the caller can say how many were.

    Should another request add one of the new players meanwhile (the unique name clashes), the
    whole import is tried again, finding that player this time."""
    return retried(lambda: _store(owner_id, matches, exported_at))


def _store(owner_id: int, matches: Sequence[ImportedMatch], exported_at: datetime | None) -> list[Match]:
    stored: list[Match] = []
    with match_write(conflict=None) as write:
        seen = held_fingerprints(owner_id, matches)
        fresh = []
        for data in matches:
            if data.fingerprint not in seen:
                seen.add(data.fingerprint)
                fresh.append(data)
        # Every new player first, in name order (see find_or_add_players): no deadlock between two.
        names = [name for data in fresh for side in data.sides for name in side["players"]]
        players = find_or_add_players(owner_id, names)
        for data in fresh:
            match = seated_match(
                owner_id,
                data.ruleset.id,
                data.target,
                data.house_rules,
                data.first_dealer,
                [(side["name"], side["players"]) for side in data.sides],
                players,
                created_at=data.created_at,
            )
            for hand in data.stored_hands():
                match.hands.append(Hand(number=hand["number"], input=hand))
            write.summarise(match, data.state, data.ruleset)
            note: dict[str, Any] = {"format": FORMAT, "version": VERSION, "hands": len(data.hands)}
            if exported_at is not None:
                note["exported_at"] = exported_at.isoformat()
            write.log(match, "match_imported", owner_id, after=note)
            stored.append(match)
    return stored
