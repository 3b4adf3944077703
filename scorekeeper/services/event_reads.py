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
