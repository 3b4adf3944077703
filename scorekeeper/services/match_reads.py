"""Reads of the matches area: the account's matches as a filtered, paginated history, and a match's edit log.

The routes of the matches pages and of the API call these; they hold no query of their own.

Reads only: the list uses each match's summary columns (``finished``, ``winner``, ``hand_count``,
``totals``) and never folds hands. A page costs a fixed number of statements whatever the number of
matches: the count, the page, then the sides and their seats with players (``selectinload``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from typing import Any, Final, Literal, TypeVar

from flask_sqlalchemy.pagination import Pagination
from sqlalchemy import ColumnElement, Row, Select, bindparam, func, select
from sqlalchemy.orm import joinedload, selectinload

from ..extensions import db
from ..models import Club, EditLog, LoginSession, Match, Membership, Seat, Side

Status = Literal["finished", "in_progress"]
S = TypeVar("S", bound=Select[Any])
STATUSES: Final[tuple[Status, ...]] = ("finished", "in_progress")


@dataclass(frozen=True)
class HistoryFilters:
    """What the list is narrowed to; ``None`` is "any". Dates are whole days (UTC), both included."""

    player_id: int | None = None
    ruleset: str | None = None
    status: Status | None = None
    date_from: date | None = None
    date_to: date | None = None


def _day_start(day: date) -> datetime:
    return datetime.combine(day, time.min, tzinfo=UTC)


def _filtered(statement: S, club_id: int, f: HistoryFilters) -> S:
    """``statement`` narrowed to the account's matches that pass ``f`` (every filter in SQL)."""
    statement = statement.where(Match.club_id == club_id)
    if f.player_id is not None:
        statement = statement.where(
            select(Seat.side_id)
            .join(Side, Side.id == Seat.side_id)
            .where(Side.match_id == Match.id, Seat.player_id == f.player_id)
            .exists()
        )
    if f.ruleset is not None:
        statement = statement.where(Match.ruleset == f.ruleset)
    if f.status is not None:
        statement = statement.where(Match.finished == (f.status == "finished"))
    if f.date_from is not None:
        statement = statement.where(Match.created_at >= _day_start(f.date_from))
    if f.date_to is not None:
        statement = statement.where(Match.created_at < _day_start(f.date_to + timedelta(days=1)))
    return statement


def count_matches(club_id: int, filters: HistoryFilters) -> int:
    statement = _filtered(select(func.count(Match.id)), club_id, filters)
    return int(db.session.scalar(statement) or 0)


def history_page(club_id: int, filters: HistoryFilters, page: int, per_page: int) -> Pagination:
    """Page ``page`` of the account's matches (from 1; past the end gives the last page), newest
    first, with their sides, seats and players loaded; ``pages`` is 0 when there is no match."""
    statement = (
        _filtered(select(Match), club_id, filters)
        .order_by(Match.created_at.desc(), Match.id.desc())
        .options(selectinload(Match.sides).selectinload(Side.seats).joinedload(Seat.player))
    )
    # Counted first, so that a page past the end becomes the last one in no more statements.
    total = count_matches(club_id, filters)
    last = max(1, math.ceil(total / per_page))
    result = db.paginate(statement, page=min(page, last), per_page=per_page, error_out=False, count=False)
    result.total = total
    return result


def latest_log(match_id: int, limit: int | None = None) -> list[EditLog]:
    """The match's edit log, newest first (the ``limit`` latest entries when given)."""
    statement = (
        select(EditLog)
        .where(EditLog.match_id == match_id)
        .order_by(EditLog.id.desc())
        .options(joinedload(EditLog.user))
    )
    if limit is not None:
        statement = statement.limit(limit)
    return list(db.session.scalars(statement))


def log_entry(match_id: int, entry_id: int) -> EditLog | None:
    """The match's log entry ``entry_id``; ``None`` if there is none or it is another match's."""
    entry = db.session.get(EditLog, entry_id)
    return entry if entry is not None and entry.match_id == match_id else None


def match_version(club_id: int, match_id: int) -> Row[int, datetime] | None:
    """``revision`` and ``updated_at`` of the account's match (what its cached answers are keyed by);
    ``None`` if it has no such match."""
    return db.session.execute(
        select(Match.revision, Match.updated_at).where(Match.id == match_id, Match.club_id == club_id)
    ).first()


@lru_cache(maxsize=4)
def _scoreboard_version(
    live_session: tuple[ColumnElement[bool], ...],
) -> Select[int, datetime, int, str, int]:
    return (
        select(Match.revision, Match.updated_at, Membership.user_id, Membership.role, Club.roster_revision)
        .join(Club, Club.id == Match.club_id)
        .join(Membership, Membership.club_id == Match.club_id)
        .join(LoginSession, LoginSession.user_id == Membership.user_id)
        .where(Match.id == bindparam("match_id"), *live_session)
    )


def scoreboard_version(
    match_id: int, live_session: Iterable[ColumnElement[bool]], params: Mapping[str, Any]
) -> Row[int, datetime, int, str, int] | None:
    """What the scoreboard's ETag needs (``revision``, ``updated_at``, the viewer's ``user_id`` and
    ``role``, the club's ``roster_revision``), for a match of a club of which the account of a login
    session that the ``live_session`` conditions accept with ``params``
    (:data:`scorekeeper.sessions.LIVE_SESSION`) is a member; ``None`` otherwise (the membership
    checked in the same statement). One statement on a connection of its own, without a
    transaction: no BEGIN and no
    ROLLBACK round trips to PostgreSQL, and the ORM session is never opened."""
    statement = _scoreboard_version(tuple(live_session))
    with db.engine.connect() as connection:
        return (
            connection.execution_options(isolation_level="AUTOCOMMIT")
            .execute(statement, {"match_id": match_id, **params})
            .first()
        )
