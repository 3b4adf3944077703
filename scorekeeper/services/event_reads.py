"""Reads of club nights (:mod:`.events` writes them): an account's events, one event with its
rounds, tables and standings, the proposal for its next round, the table behind a table token.

Everything here is derived from the stored rows and the summaries of the events' matches (no hand
is folded); nothing is written.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from sqlalchemy import func, select
from sqlalchemy.orm import selectinload

from .. import pairings
from ..extensions import db
from ..models import Entry, Event, EventRound, EventTable, Hand, Match, TableLink
from ..rules import N_
from ..standings import DEFAULT_POINTS, Game, Standing, standings
from .errors import MAX_ID, Conflict, NotFound


@dataclass(frozen=True)
class TableView:
    """A table of a round as the console, the wall and the API show it, from its match's summary."""

    table: EventTable
    match: Match
    finished: bool
    #: Hands entered so far.
    hands: int
    totals: tuple[int, ...]
    #: The match's last change.
    last_activity: datetime


@dataclass(frozen=True)
class RoundView:
    round: EventRound
    tables: tuple[TableView, ...]


@dataclass(frozen=True)
class EventView:
    """An event with its entries (by id), rounds (in order) and standings (best first)."""

    event: Event
    entries: tuple[Entry, ...]
    rounds: tuple[RoundView, ...]
    standings: tuple[Standing, ...]


@dataclass(frozen=True)
class TableAccess:
    """What a table token opens: its event and table ``number``, and the table's game in the latest
    seated round (``round`` ``None`` before the first round; ``table``/``match`` ``None`` when the
    table has no game in it)."""

    event: Event
    link: TableLink
    number: int
    round: EventRound | None
    table: EventTable | None
    match: Match | None


#: An event with everything :func:`event_view` reads, loaded in one query per table.
_WHOLE: Final = (
    selectinload(Event.entries),
    selectinload(Event.event_rounds).selectinload(EventRound.tables).selectinload(EventTable.match),
)


def get_event(club_id: int, event_id: int) -> Event:
    """:raise NotFound: no event ``event_id`` of ``club_id`` (another account's is not found)."""
    if not 1 <= event_id <= MAX_ID:
        raise NotFound(event_id)
    event: Event | None = db.session.scalar(
        select(Event).where(Event.id == event_id, Event.club_id == club_id).options(*_WHOLE)
    )
    if event is None:
        raise NotFound(event_id)
    return event


def list_events(club_id: int, whole: bool = False) -> list[Event]:
    """The account's events, newest first; ``whole``: with their entries, rounds, tables and games
    loaded (a few queries in all, not some per event)."""
    statement = (
        select(Event).where(Event.club_id == club_id).order_by(Event.created_at.desc(), Event.id.desc())
    )
    return list(db.session.scalars(statement.options(*_WHOLE) if whole else statement))


def _table_view(table: EventTable) -> TableView:
    match = table.match
    return TableView(
        table=table,
        match=match,
        finished=match.finished,
        hands=match.hand_count,
        totals=tuple(match.totals or (0,) * len(table.sides)),
        last_activity=match.updated_at,
    )


def event_view(event: Event) -> EventView:
    """The event with every round's tables (each match's summary, no hand folded) and its standings."""
    rounds = tuple(RoundView(r, tuple(_table_view(t) for t in r.tables)) for r in event.event_rounds)
    return EventView(event, tuple(event.entries), rounds, tuple(event_standings(event)))


def _counted(event: Event, through: int | None) -> list[EventRound]:
    return [r for r in event.event_rounds if through is None or r.number <= through]


def finished_games(event: Event, through: int | None = None) -> list[Game]:
    """The event's finished games (settled ones included), in round and table order; ``through``:
    of rounds 1 to that number only."""
    return [
        Game(tuple(tuple(side) for side in t.sides), tuple(t.match.totals), t.match.winner)
        for r in _counted(event, through)
        for t in r.tables
        if t.match.finished
    ]


def credited_byes(event: Event, through: int | None = None) -> Counter[int]:
    """Byes credited so far: those of the closed rounds (``through``: numbered up to it)."""
    return Counter(entry for r in _counted(event, through) if r.closed for entry in r.byes)


def match_points_of(event: Event) -> dict[str, float]:
    return {**DEFAULT_POINTS, **(event.points or {})}


def event_standings(event: Event, through: int | None = None) -> list[Standing]:
    """The standings in API.md's order (:func:`scorekeeper.standings.standings`); ``through``: as
    they were with the games and byes of rounds 1 to that number only (the wall hiding the last
    rounds), ``None`` for all."""
    return standings(
        [e.id for e in event.entries],
        finished_games(event, through),
        credited_byes(event, through),
        match_points_of(event),
    )


def current_round(event: Event) -> EventRound | None:
    """The latest seated round, ``None`` before the first."""
    return event.event_rounds[-1] if event.event_rounds else None


def past_rounds(event: Event) -> list[pairings.PastRound]:
    return [
        pairings.PastRound(
            tables=[(tuple(t.sides[0]), tuple(t.sides[1])) for t in r.tables], byes=list(r.byes)
        )
        for r in event.event_rounds
    ]


def check_can_seat(event: Event) -> None:
    """:raise Conflict: the event is finished, its current round is open, or it had all its rounds."""
    if event.finished:
        raise Conflict(N_("The event is over."))
    latest = current_round(event)
    if latest is not None and not latest.closed:
        raise Conflict(N_("Round {number} is still open; close it first."), number=latest.number)
    if len(event.event_rounds) >= event.rounds:
        raise Conflict(N_("The event has had all its rounds ({rounds})."), rounds=event.rounds)


def next_round_proposal(event: Event) -> pairings.Seating:
    """The seating :func:`.events.seat_round` makes now without a body (to show before seating).

    :raise Conflict: see :func:`check_can_seat`.
    """
    check_can_seat(event)
    ranked = event_standings(event)
    entries = [e.id for e in event.entries]
    return pairings.propose(
        event.format,
        entries,
        {e.id for e in event.entries if e.present},
        past_rounds(event),
        len(event.event_rounds) + 1,
        rounds=event.rounds,
        match_points={s.entry: s.match_points for s in ranked},
        standing=[s.entry for s in ranked],
        byes={e: sum(1 for r in event.event_rounds for b in r.byes if b == e) for e in entries},
    )


def table_count(event: Event) -> int:
    """The most tables a round of this event can have (table links are 1 to this)."""
    return pairings.max_tables(event.format, len(event.entries))


def table_of_match(match_id: int) -> EventTable | None:
    """The event table whose game is this match (``None``: an ordinary match)."""
    found: EventTable | None = db.session.scalar(select(EventTable).where(EventTable.match_id == match_id))
    return found


def last_hand_times(match_ids: Sequence[int]) -> dict[int, datetime]:
    """When each game's hands last changed (a hand saved or corrected), by match id, in one query: a
    table's "last activity" on the console. Not the match's ``updated_at``, which closing the round,
    a confirmation or a settlement also move; a game with no hand yet is absent."""
    if not match_ids:
        return {}
    rows = db.session.execute(
        select(Hand.match_id, func.max(Hand.updated_at))
        .where(Hand.match_id.in_(list(match_ids)))
        .group_by(Hand.match_id)
    )
    return {match_id: at for match_id, at in rows if at is not None}


def table_links(event: Event) -> dict[int, TableLink]:
    """Each table number's active link (not revoked), for the console."""
    links = db.session.scalars(
        select(TableLink).where(TableLink.event_id == event.id, TableLink.revoked_at.is_(None))
    )
    return {link.table: link for link in links}


def seated_names(event: Event, sides: Sequence[Sequence[int]]) -> list[list[str]]:
    """The players' names of each side of a table (entry ids → their players, in seat order)."""
    by_id = {e.id: e for e in event.entries}
    return [[name for entry in side for name in by_id[entry].players] for side in sides]


def side_name(event: Event, side: Sequence[int]) -> str:
    """A side's name in its match: the entry's name, or the two players' joined with " & "."""
    by_id = {e.id: e for e in event.entries}
    return " & ".join(by_id[entry].name for entry in side)


def game_of(table: EventTable | None) -> Any:
    return None if table is None else table.match


# --- Wall (h-tables): the wall's version, its event by id, standings with rounds hidden -----------


def wall_version(event_id: int, club_id: int | None = None) -> str:
    """The version of everything the wall shows, from one aggregate query: the count, revisions and
    last change of the event's matches (a saved or corrected hand moves them), its rounds (seated,
    closed), its entries (names, presence) and the event itself (name, finished, series). Each table writes
    only its own match: no row that every table writes. Unknown event (or not ``club_id``'s, when
    given): ``"0"``."""
    from sqlalchemy import func, true

    if not 1 <= event_id <= MAX_ID:  # (PostgreSQL refuses a larger number than its column holds)
        return "0"
    matches = (
        select(func.count(Match.id), func.coalesce(func.sum(Match.revision), 0), func.max(Match.updated_at))
        .join(EventTable, EventTable.match_id == Match.id)
        .join(EventRound, EventRound.id == EventTable.round_id)
        .where(EventRound.event_id == event_id)
        .subquery()
    )
    rounds = (
        select(func.count(EventRound.id), func.count(EventRound.closed_at), func.max(EventRound.seated_at))
        .where(EventRound.event_id == event_id)
        .subquery()
    )
    entries = (
        select(
            func.count(Entry.id),
            func.coalesce(func.sum(func.length(Entry.name)), 0),
            func.count(Entry.id).filter(Entry.present.is_(False)),
            func.max(Entry.id),
        )
        .where(Entry.event_id == event_id)
        .subquery()
    )
    row = db.session.execute(
        select(matches, rounds, entries, Event.finished_at, Event.name, Event.series_id)
        .select_from(Event)
        .join(matches, true())
        .join(rounds, true())
        .join(entries, true())
        .where(Event.id == event_id, *([Event.club_id == club_id] if club_id is not None else []))
    ).first()
    if row is None:
        return "0"
    raw = "|".join("" if v is None else str(v) for v in row)
    return hashlib.sha256(raw.encode()).hexdigest()[:20]


def wall_event(event_id: int) -> Event | None:
    """The event a signed read-only wall link names (any account's: the signed link is the permission)."""
    if not 1 <= event_id <= MAX_ID:
        return None
    found: Event | None = db.session.scalar(
        select(Event)
        .where(Event.id == event_id)
        .options(
            selectinload(Event.entries),
            selectinload(Event.event_rounds).selectinload(EventRound.tables).selectinload(EventTable.match),
        )
    )
    return found


def event_standings_through(event: Event, through: int) -> list[Standing]:
    """The standings counting only rounds ``1..through`` (the wall's "hide the last N rounds"):
    their finished games and the byes of those of them that are closed."""
    games = [
        Game(tuple(tuple(side) for side in t.sides), tuple(t.match.totals), t.match.winner)
        for r in event.event_rounds
        if r.number <= through
        for t in r.tables
        if t.match.finished
    ]
    byes = Counter(e for r in event.event_rounds if r.closed and r.number <= through for e in r.byes)
    return standings([e.id for e in event.entries], games, byes, match_points_of(event))


def table_link_gone_reason(token: str) -> str:
    """Why a table token opens nothing, for the page that says so: ``"revoked"``, ``"replaced"``,
    ``"finished"`` (its event ended) or ``"unknown"`` (no link ever had it)."""
    link = db.session.scalar(
        select(TableLink).where(TableLink.token_hash == hashlib.sha256(token.encode()).hexdigest())
    )
    if link is None:
        return "unknown"
    if link.revoked_at is not None:
        return "replaced" if link.revoked_reason == "replaced" else "revoked"
    return "finished" if link.event.finished else "unknown"
