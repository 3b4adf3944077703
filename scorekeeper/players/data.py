"""Load an account's matches for the statistics: a fixed number of statements, whatever the number of
matches (the matches, their sides with seats and players, and the hands of the matches not yet
folded by this process), then fold each through the rules.

Folding is the costly part (a player with 1,000 matches has some 8,000 hands), so each process keeps
the folded hands of a match, keyed by the match's id, ``revision`` and ``updated_at``: every change to
a match's hands bumps its revision (see :func:`scorekeeper.services.record`), so a stale entry is
never used, and processes need not agree on anything. Names and seats are read afresh every time
(renaming or merging players changes no revision).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any, Final

from sqlalchemy import Select, select

from ..extensions import db
from ..models import Hand, Match, Player, Seat, Side, as_utc
from ..rules import RuleSet, fold_match, get_ruleset, load_hand
from ..stats import MatchRecord, SideRecord, match_record

#: Folded matches kept per process (a match of 8 hands takes about 5 KB: 100 MB at most).
CACHE_SIZE: Final = 20_000
#: Past this many matches to fold, their hands are read with the matches' own filter, not by ids.
MAX_IDS: Final = 500

CacheKey = tuple[int, int, datetime]
_cache: OrderedDict[CacheKey, MatchRecord] = OrderedDict()
_lock = threading.Lock()


def _cached(key: CacheKey) -> MatchRecord | None:
    with _lock:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
        return found


def _remember(key: CacheKey, folded: MatchRecord) -> None:
    with _lock:
        _cache[key] = folded
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def clear_cache() -> None:
    with _lock:
        _cache.clear()


def _match_ids(owner_id: int, player_id: int | None) -> Select[Any]:
    query = select(Match.id).where(Match.owner_id == owner_id)
    if player_id is not None:
        query = query.where(
            Match.id.in_(
                select(Side.match_id).join(Seat, Seat.side_id == Side.id).where(Seat.player_id == player_id)
            )
        )
    return query


def load_records(owner_id: int, player_id: int | None = None) -> list[MatchRecord]:
    """The account's matches, oldest first, folded; only those ``player_id`` sat in when given."""
    ids = _match_ids(owner_id, player_id)
    matches = db.session.execute(
        select(
            Match.id, Match.revision, Match.updated_at, Match.created_at, Match.ruleset, Match.house_rules,
            Match.target,
        )
        .where(Match.id.in_(ids))
        .order_by(Match.created_at, Match.id)
    ).all()
    sides: dict[int, list[SideRecord]] = {}
    for match_id, side_name, seats in _sides(ids):
        sides.setdefault(match_id, []).append(
            SideRecord(
                name=side_name,
                player_ids=tuple(pid for pid, _name in seats),
                player_names=tuple(name for _pid, name in seats),
            )
        )
    keys = {m.id: (m.id, m.revision, m.updated_at) for m in matches}
    folded = {m.id: _cached(keys[m.id]) for m in matches}
    missing = [m for m in matches if folded[m.id] is None]
    if missing:
        hands = _hands(ids if len(missing) > MAX_IDS else [m.id for m in missing])
        rulesets: dict[tuple[str, str], RuleSet] = {}
        for m in missing:
            key = (m.ruleset, json.dumps(m.house_rules or {}, sort_keys=True))
            if key not in rulesets:
                rulesets[key] = get_ruleset(m.ruleset, m.house_rules)
            state = fold_match(rulesets[key], m.target, len(sides.get(m.id, ())), hands.get(m.id, []))
            fresh = match_record(m.id, m.ruleset, as_utc(m.created_at), (), state)
            _remember(keys[m.id], fresh)
            folded[m.id] = fresh
    return [
        replace(record, created_at=as_utc(m.created_at), sides=tuple(sides.get(m.id, ())))
        for m in matches
        if (record := folded[m.id]) is not None
    ]


def _sides(ids: Select[Any]) -> list[tuple[int, str, list[tuple[int, str]]]]:
    """Every side of the matches ``ids``, in order, with its seated players (id, name) in order."""
    rows = db.session.execute(
        select(Side.match_id, Side.id, Side.name, Seat.player_id, Player.name)
        .outerjoin(Seat, Seat.side_id == Side.id)
        .outerjoin(Player, Player.id == Seat.player_id)
        .where(Side.match_id.in_(ids))
        .order_by(Side.match_id, Side.position, Seat.position)
    ).all()
    found: list[tuple[int, str, list[tuple[int, str]]]] = []
    last_side = None
    for match_id, side_id, side_name, pid, player_name in rows:
        if side_id != last_side:
            found.append((match_id, side_name, []))
            last_side = side_id
        if pid is not None:
            found[-1][2].append((pid, player_name))
    return found


def _hands(matches: Select[Any] | Sequence[int]) -> Mapping[int, list[Any]]:
    """The stored hands of ``matches`` (a query of match ids, or the ids), by match, in order."""
    rows = db.session.execute(
        select(Hand.match_id, Hand.input)
        .where(Hand.match_id.in_(matches))
        .order_by(Hand.match_id, Hand.number)
    )
    hands: dict[int, list[Any]] = {}
    for match_id, data in rows:
        hands.setdefault(match_id, []).append(load_hand(data))
    return hands
