"""Club nights: events, their entries, rounds and tables, and the table links (API.md, "Club
nights"). Each table's game is an ordinary match of the organiser, created and changed through the
match services (:mod:`.matches`), so history, statistics, exports, the hand page, the offline queue
and the edit log work on it unchanged. The event is a layer above: it seats, settles and reads.

Each write is one unit of work (:func:`.unit_of_work.match_write` when matches change, else
:func:`.unit_of_work.transaction`), so a page form's single-use key (:mod:`scorekeeper.single_use`)
is recorded with it. Errors: :class:`.NotFound`, :class:`.Conflict`, the rules'
:class:`~scorekeeper.rules.ValidationError` (field paths as API.md names them), and
:class:`InvalidTableToken` (a table token that opens nothing: 401).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..models import Entry, Event, EventRound, EventTable, TableLink
from ..rules import HandResult
from .event_reads import TableAccess
from .matches import MatchView
from .submission_keys import SubmissionKey


class InvalidTableToken(LookupError):
    """No active link has this token: unknown, revoked, replaced, or its event finished."""


@dataclass(frozen=True)
class RequestKey:
    """An API client's ``Idempotency-Key`` for a create, with the SHA-256 of its request: the same
    key and request again answers what was created; the same key with another request is a 422 at
    ``Idempotency-Key``."""

    key: str
    digest: str


def create_event(owner_id: int, data: Any, key: RequestKey | None = None) -> Event:
    """Create an event from API.md's body (``name``, ``ruleset``, ``house_rules``, ``target``,
    ``format``, ``rounds``, ``game``, ``points``, ``entries``; also ``held_on``, ISO date).

    :raise ValidationError: at the field (``entries.N``, ``rounds``, ``game.hands``, ``house_rules``...).
    """
    raise NotImplementedError


def add_entry(event: Event, data: Any) -> Entry:
    """Add ``{"name"?, "players": [...]}``: swiss/individual at any time, others before round 1.

    :raise Conflict: a fixed format after its first round, or the event is finished.
    :raise ValidationError: at ``name``/``players`` (a taken name, a player already entered).
    """
    raise NotImplementedError


def set_present(event: Event, entry_id: int, present: bool) -> Entry:
    """Mark an entry absent (not seated in rounds seated from now on, no bye) or back.

    :raise NotFound: no such entry in this event.
    """
    raise NotImplementedError


def seat_round(event: Event, data: Any = None, key: RequestKey | None = None) -> EventRound:
    """Seat the next round: the proposal (:func:`.event_reads.next_round_proposal`) without ``data``,
    or ``{"tables": [{"sides": [[11], [12]]}, ...], "byes": [15]}``. Creates one match of the
    organiser per table (sides: the entries' players; ``individual``: two players a side).

    :raise Conflict: the current round is open, the event has had all its rounds, or is finished.
    :raise ValidationError: at ``tables`` (:func:`scorekeeper.pairings.check_manual`'s problems).
    """
    raise NotImplementedError


def close_round(event: Event, number: int) -> EventRound:
    """Close round ``number``: every game of it is settled as it stands (``matches.settled_at``), byes
    are credited. Closing a closed round again changes nothing.

    :raise NotFound: no such round.
    """
    raise NotImplementedError


def finish_event(event: Event) -> Event:
    """End the event (its table links stop working). Finishing it again changes nothing.

    :raise Conflict: a round is open.
    """
    raise NotImplementedError


def create_table_link(event: Event, number: int) -> tuple[TableLink, str]:
    """A new link for table ``number`` (revoking the table's previous one), and its token, which
    is not stored (only its SHA-256): show it once.

    :raise NotFound: ``number`` is not 1 to :func:`.event_reads.table_count`.
    :raise Conflict: the event is finished.
    """
    raise NotImplementedError


def revoke_table_link(event: Event, number: int) -> None:
    """Revoke table ``number``'s link (none: nothing to do). :raise NotFound: no such table number."""
    raise NotImplementedError


def table_for_token(token: str) -> TableAccess:
    """The table an active link opens, with its game in the latest seated round.

    :raise InvalidTableToken: unknown, revoked or replaced token, or the event is finished.
    """
    raise NotImplementedError


def add_table_hand(
    access: TableAccess, data: Any, match_id: int | None = None, key: SubmissionKey | None = None
) -> tuple[HandResult, MatchView]:
    """Store the next hand of the table's current game, as :func:`.matches.add_hand` does (same
    rules, answers and key handling). ``match_id``: the game the phone had when it queued the hand.

    :raise Conflict: no game at the table now, ``match_id`` names another game, or its round is closed.
    """
    raise NotImplementedError


def confirm_table(access: TableAccess, side: int) -> EventTable:
    """Record side ``side``'s agreement with the finished game's result.

    :raise Conflict: no game, or it is not finished. :raise ValidationError: at ``side``.
    """
    raise NotImplementedError
