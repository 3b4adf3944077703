"""Reads of club nights (:mod:`.events` writes them): an account's events, one event with its
rounds, tables and standings, the proposal for its next round, the table behind a table token.

Everything here is derived from the stored rows and the events' matches; nothing is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from ..models import Entry, Event, EventRound, EventTable, Match, TableLink
from ..standings import Standing

if TYPE_CHECKING:  # h-seating's pure package (merged when it lands)
    from ..pairings import Seating  # type: ignore[import-not-found,unused-ignore]


@dataclass(frozen=True)
class TableView:
    """A table of a round as the console, the wall and the API show it."""

    table: EventTable
    match: Match
    #: The match's result columns (``match.finished``, ``match.totals``...) are its summary; ``hands``
    #: is ``match.hand_count``; ``last_activity`` the match's ``updated_at``.
    finished: bool
    hands: int
    totals: tuple[int, ...]
    last_activity: datetime


@dataclass(frozen=True)
class RoundView:
    round: EventRound
    tables: tuple[TableView, ...]


@dataclass(frozen=True)
class EventView:
    """An event with its entries (entry order), rounds (in order) and standings (best first)."""

    event: Event
    entries: tuple[Entry, ...]
    rounds: tuple[RoundView, ...]
    standings: tuple[Standing, ...]


@dataclass(frozen=True)
class TableAccess:
    """What a table token opens: its event and table number, and the table's game in the latest
    seated round (``round`` ``None`` before the first round; ``table``/``match`` ``None`` when the
    table has no game in it)."""

    event: Event
    link: TableLink
    number: int
    round: EventRound | None
    table: EventTable | None
    match: Match | None


def get_event(owner_id: int, event_id: int) -> Event:
    """:raise NotFound: no event ``event_id`` of ``owner_id`` (another account's is not found)."""
    raise NotImplementedError


def list_events(owner_id: int) -> list[Event]:
    """The account's events, newest first."""
    raise NotImplementedError


def event_view(event: Event) -> EventView:
    """The event with every round's tables (each match's summary, no hand folded) and its standings."""
    raise NotImplementedError


def event_standings(event: Event) -> list[Standing]:
    """The standings (API.md's order; :func:`scorekeeper.standings.standings`)."""
    raise NotImplementedError


def current_round(event: Event) -> EventRound | None:
    """The latest seated round, ``None`` before the first."""
    raise NotImplementedError


def next_round_proposal(event: Event) -> Seating:
    """The seating :func:`.events.seat_round` would make now without a body (to show before seating).

    :raise Conflict: the current round is open, or the event has had all its rounds or is finished.
    """
    raise NotImplementedError


def table_count(event: Event) -> int:
    """The most tables a round of this event can have (table links are 1 to this)."""
    raise NotImplementedError


def table_of_match(match_id: int) -> EventTable | None:
    """The event table whose game is this match (``None``: an ordinary match)."""
    raise NotImplementedError


def table_links(event: Event) -> dict[int, TableLink]:
    """Each table number's active link (not revoked), for the console."""
    raise NotImplementedError


def seated_names(event: Event, sides: Sequence[Sequence[int]]) -> list[list[str]]:
    """The players' names of each side of a table (entry ids → their players, in seat order)."""
    raise NotImplementedError


# --- Wall (h-tables): the wall's version, its event by id, standings with rounds hidden -----------


def wall_version(event_id: int) -> str:
    """The version of everything the wall shows, from one aggregate query: the count, revisions and
    last change of the event's matches (a saved or corrected hand moves them), its rounds (seated,
    closed), its entries (names, presence) and the event itself (finished). Each table writes only its
    own match: no row that every table writes. Unknown event: ``"0"``."""
    import hashlib

    from sqlalchemy import func, select

    from ..extensions import db

    matches = (
        select(
            func.count(Match.id),
            func.coalesce(func.sum(Match.revision), 0),
            func.max(Match.updated_at),
        )
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
        select(matches, rounds, entries, Event.finished_at, Event.name)
        .select_from(Event)
        .join(matches, db.true())
        .join(rounds, db.true())
        .join(entries, db.true())
        .where(Event.id == event_id)
    ).first()
    if row is None:
        return "0"
    raw = "|".join("" if v is None else str(v) for v in row)
    return hashlib.sha256(raw.encode()).hexdigest()[:20]


def wall_event(event_id: int) -> Event | None:
    """The event a signed read-only wall link names (any account's: the link is the permission)."""
    from ..extensions import db

    return db.session.get(Event, event_id)


def event_standings_through(event: Event, through: int) -> list[Standing]:
    """The standings counting only rounds ``1..through`` (the wall's "hide the last N rounds"):
    their finished games and the byes of those of them that are closed."""
    from ..standings import DEFAULT_POINTS, Game, standings

    games: list[Game] = []
    byes: dict[int, int] = {}
    for rnd in event.event_rounds:
        if rnd.number > through:
            continue
        for table in rnd.tables:
            match = table.match
            if match.finished:
                games.append(
                    Game(tuple(tuple(side) for side in table.sides), tuple(match.totals), match.winner)
                )
        if rnd.closed:
            for entry in rnd.byes:
                byes[entry] = byes.get(entry, 0) + 1
    return standings([e.id for e in event.entries], games, byes, event.points or DEFAULT_POINTS)
