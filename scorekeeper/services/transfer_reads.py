"""Reads of the transfer area: the account's matches for an export, and the fingerprints of those an
import could repeat (read inside the import's unit of work, :mod:`.transfer`)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from datetime import datetime
from functools import lru_cache
from typing import Any, Final

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..models import Hand, Match, Player, Seat, Side, as_utc
from ..rules import get_ruleset, load_hand
from .export_formats import ImportedMatch, entry_fingerprint


def owned_matches(club_id: int) -> list[Match]:
    """Every match of the account, oldest first (the order an export keeps and an import restores)."""
    return list(
        db.session.scalars(
            select(Match)
            .where(Match.club_id == club_id)
            .order_by(Match.created_at, Match.id)
            .options(selectinload(Match.sides), selectinload(Match.hands))
        )
    )


def _second(moment: datetime) -> datetime:
    return as_utc(moment).replace(microsecond=0)


def held_fingerprints(club_id: int, matches: Sequence[ImportedMatch]) -> set[str]:
    """The fingerprints of the account's matches that started in the same second as one of
    ``matches`` (only those can be the same match, so only those are read). Read with four
    statements, the hands loaded and written back as an export writes them, with no fold."""
    starts = {_second(data.created_at) for data in matches}
    if not starts:
        return set()
    found = db.session.execute(select(Match.id, Match.created_at).where(Match.club_id == club_id))
    candidates = [match_id for match_id, created_at in found if _second(created_at) in starts]
    if not candidates:
        return set()
    return set(_stored_fingerprints(candidates))


def _stored_fingerprints(match_ids: Sequence[int]) -> Iterator[str]:
    """:func:`.export_formats.match_fingerprint` of each of these stored matches, without folding them."""
    sides: dict[int, list[dict[str, Any]]] = {}
    by_id: dict[int, dict[str, Any]] = {}
    for chunk in _chunks(match_ids):
        for side_id, match_id, name in db.session.execute(
            select(Side.id, Side.match_id, Side.name).where(Side.match_id.in_(chunk)).order_by(Side.position)
        ):
            by_id[side_id] = {"name": name, "players": []}
            sides.setdefault(match_id, []).append(by_id[side_id])
        for side_id, player in db.session.execute(
            select(Seat.side_id, Player.name)
            .join(Player, Player.id == Seat.player_id)
            .join(Side, Side.id == Seat.side_id)
            .where(Side.match_id.in_(chunk))
            .order_by(Seat.position)
        ):
            by_id[side_id]["players"].append(player)
    hands: dict[int, list[dict[str, Any]]] = {}
    for chunk in _chunks(match_ids):
        for match_id, stored in db.session.execute(
            select(Hand.match_id, Hand.input).where(Hand.match_id.in_(chunk)).order_by(Hand.number)
        ):
            hands.setdefault(match_id, []).append(stored)
    for chunk in _chunks(match_ids):
        for match in db.session.execute(
            select(Match.id, Match.ruleset, Match.target, Match.house_rules, Match.created_at).where(
                Match.id.in_(chunk)
            )
        ):
            house_rules = dict(match.house_rules or {})
            codes = _flag_codes(match.ruleset, json.dumps(house_rules, sort_keys=True))
            yield entry_fingerprint(
                {
                    "ruleset": match.ruleset,
                    "target": match.target,
                    "house_rules": house_rules,
                    "sides": sides.get(match.id, []),
                    "created_at": as_utc(match.created_at),
                    "hands": [load_hand(stored).to_json(codes) for stored in hands.get(match.id, [])],
                }
            )


@lru_cache(maxsize=64)
def _flag_codes(ruleset: str, house_rules: str) -> Sequence[str]:
    """The flag codes of the effective rule set (``house_rules`` as sorted JSON text, to be hashable)."""
    return get_ruleset(ruleset, json.loads(house_rules)).flag_codes


#: Ids per ``IN (...)`` list: far below SQLite's and PostgreSQL's limits on parameters.
CHUNK: Final = 2000


def _chunks(ids: Sequence[int]) -> Iterator[Sequence[int]]:
    for start in range(0, len(ids), CHUNK):
        yield ids[start : start + CHUNK]
