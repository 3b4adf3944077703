"""The write path's invariant, declared with the models (:mod:`scorekeeper.models`) and enforced on
every SQLAlchemy session, whatever imported it:

- a change to what the running totals count (a match's hands, sides, seats, canastas, result) is
  refused outside a unit of work (:data:`ACTIVE` in ``Session.info``, set by
  :func:`scorekeeper.services.unit_of_work.match_write`): at the flush, for ORM objects, and at
  ``Session.execute`` for bulk statements (:exc:`OutsideUnitOfWork`, naming the write);
- inside a unit of work, the matches so changed are noted (:data:`TOUCHED`), so that it can insist
  they were summarised;
- any change to what a page shows of a match bumps the match's ``revision`` once per transaction,
  and a change to a player's name the account's ``roster_revision``: the keys of the cached pages.

Statements run on a connection (``Connection.execute``), past the ORM session, are not seen here:
the running totals (scorekeeper.running_totals) write that way, inside a unit of work.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from sqlalchemy import Table, event, inspect
from sqlalchemy.orm import ORMExecuteState, Session, UOWTransaction
from sqlalchemy.orm.attributes import instance_state
from sqlalchemy.orm.session import SessionTransaction
from sqlalchemy.orm.util import identity_key

from .extensions import db

#: ``Session.info`` key of the unit of work under way (its :class:`MatchWrite`).
ACTIVE: Final = "scorekeeper.match_write"
#: ``Session.info`` key: the matches whose scored rows the unit of work under way has flushed.
TOUCHED: Final = "scorekeeper.touched"
#: ``Session.info`` key: the matches and accounts whose revision this transaction has bumped.
BUMPED: Final = "scorekeeper.bumped"

M = TypeVar("M", bound=type)
#: Finds the object a row belongs to (its match, a player's account) in a session, or ``None``.
Finder = Callable[[Session, Any], Any]


class OutsideUnitOfWork(RuntimeError):
    """A match's hands, sides, seats or result were written without a unit of work
    (:func:`scorekeeper.services.unit_of_work.match_write`)."""


@dataclass(frozen=True)
class Part:
    """How rows of one model belong to a match (see :func:`part_of_match`)."""

    what: str
    match: Finder
    #: Attributes the running totals depend on (``None``: all of them); inserting or deleting a
    #: row is a scored change unless this is empty.
    scored: frozenset[str] | None
    #: Attributes no page shows (the match's own version and time of change).
    unshown: frozenset[str]


@dataclass(frozen=True)
class Names:
    """Rows whose ``columns`` pages show under the owner's ``revision`` (see :func:`shows_names`)."""

    columns: frozenset[str]
    owner: Finder
    revision: str


_PARTS: dict[type, Part] = {}
_NAMES: dict[type, Names] = {}
_TABLES: dict[Table, Part] = {}


def part_of_match(
    what: str, match: Finder, scored: Iterable[str] | None = None, unshown: Iterable[str] = ()
) -> Callable[[M], M]:
    """Class decorator: rows of this model are part of the match ``match`` finds (``what`` names
    them in errors). ``scored``: the attributes the running totals depend on (``None``: all)."""

    def declare(model: M) -> M:
        part = Part(what, match, None if scored is None else frozenset(scored), frozenset(unshown))
        _PARTS[model] = part
        _TABLES[model.__table__] = part  # type: ignore[attr-defined]
        if part.scored is None or part.scored:
            _guard_flush(model, part)
        return model

    return declare


def shows_names(columns: Iterable[str], owner: Finder, revision: str) -> Callable[[M], M]:
    """Class decorator: a change to ``columns`` (or a deleted row) bumps ``revision`` of the
    object ``owner`` finds (an account's ``roster_revision``)."""

    def declare(model: M) -> M:
        _NAMES[model] = Names(frozenset(columns), owner, revision)
        return model

    return declare


def parent(session: Session, row: Any, relationship: str, model: type, key: str) -> Any:
    """``row``'s parent through ``relationship`` if loaded, else by its foreign key ``key`` (from the
    session's identity map when it holds it): no query for what the session already has."""
    loaded = instance_state(row).dict
    if loaded.get(relationship) is not None:
        return loaded[relationship]
    ident = loaded.get(key)
    if ident is None:
        return None
    held = session.identity_map.get(identity_key(model, ident))
    return held if held is not None else session.get(model, ident)


def bump_revision(session: Session, match: Any) -> None:
    """Bump ``match.revision`` unless this transaction did already: one step per unit of work, which
    devices compare to find a change made meanwhile (the UPDATE checks the revision it read)."""
    bumped: set[Any] = session.info.setdefault(BUMPED, set())
    if match in bumped:
        return
    bumped.add(match)
    if not inspect(match).attrs.revision.history.has_changes():
        match.revision = (match.revision or 0) + 1


def in_unit_of_work(session: Session) -> bool:
    return ACTIVE in session.info


@contextmanager
def committed() -> Iterator[Session]:
    """The app's session, its transaction committed when the block ends; on any error rolled back
    whole and the error raised. The one way a write outside a unit of work commits (login sessions,
    throttling, accounts: :func:`scorekeeper.services.unit_of_work.transaction`).

    :raise RuntimeError: inside a unit of work, which commits itself.
    """
    session = db.session()
    if in_unit_of_work(session):
        raise RuntimeError("a transaction inside a unit of work: the unit of work commits")
    try:
        yield session
        session.commit()
    except BaseException:
        session.rollback()
        raise


# --- The listeners -------------------------------------------------------------------------------------


def _changes(row: Any, whole: str | None) -> set[str]:
    """The attributes of ``row`` this flush writes (all of them for a row added or deleted). Only the
    attributes set since the last flush are compared (``committed_state``), not every attribute."""
    state = instance_state(row)
    if whole:
        return set(state.mapper.attrs.keys())
    return {key for key in state.committed_state if state.attrs[key].history.has_changes()}


def _describe(part: Part, row: Any, names: Iterable[str], whole: str | None) -> str:
    ident = inspect(row).identity
    label = f"{part.what} {ident[0] if ident and len(ident) == 1 else ident or '(new)'}"
    return f"{label} {whole}" if whole else f"{label}: {', '.join(sorted(names))} changed"


@dataclass
class _Seen:
    """What one flush found: refusals, matches whose pages change, owners whose roster changes."""

    writing: bool
    bumped: set[Any]
    refused: list[str] = field(default_factory=list)
    shown: list[Any] = field(default_factory=list)
    owners: list[tuple[Any, str]] = field(default_factory=list)


def _scored(part: Part, changes: set[str], whole: str | None) -> set[str]:
    """The changes of a row that the running totals depend on."""
    if part.scored is not None and not part.scored:
        return set()
    return changes if whole or part.scored is None else changes & part.scored


def _note_part(
    session: Session, row: Any, part: Part, changes: set[str], whole: str | None, seen: _Seen
) -> None:
    """Note a changed row of a match: refused outside a unit of work if scored, else its match."""
    match = part.match(session, row)
    scored = _scored(part, changes, whole)
    if scored and not seen.writing:
        seen.refused.append(_describe(part, row, scored, whole))
    elif scored and match is not None:
        session.info.setdefault(TOUCHED, set()).add(match)
    if match is row and "revision" in changes:
        seen.bumped.add(match)  # bumped by hand (MatchWrite.log)
    if match is not None and changes - part.unshown:
        seen.shown.append(match)


def _look_at(session: Session, row: Any, seen: _Seen) -> None:
    """Note what ``row``'s change means for the totals and for the pages that show it."""
    part, names = _PARTS.get(type(row)), _NAMES.get(type(row))
    if part is None and names is None:
        return
    whole = "added" if instance_state(row).pending else "deleted" if row in session.deleted else None
    changes = _changes(row, whole)
    if names is not None and (whole == "deleted" or changes & names.columns):
        owner = names.owner(session, row)
        if owner is not None:
            seen.owners.append((owner, names.revision))
    if part is not None and changes:
        _note_part(session, row, part, changes, whole, seen)


def _bump_shown(session: Session, seen: _Seen) -> None:
    """Bump the revision of each match, and the roster revision of each owner, whose pages change."""
    for match in seen.shown:
        if match not in session.new and match not in session.deleted:
            bump_revision(session, match)
    for owner, revision in seen.owners:
        if owner not in seen.bumped and owner not in session.deleted:
            seen.bumped.add(owner)
            setattr(owner, revision, getattr(type(owner), revision) + 1)


@event.listens_for(Session, "before_flush")
def _before_flush(session: Session, _context: UOWTransaction, _objects: Any) -> None:
    """Refuse scored changes outside a unit of work, note them inside one, and bump the revisions
    of what the changed rows are shown in."""
    seen = _Seen(in_unit_of_work(session), session.info.setdefault(BUMPED, set()))
    with session.no_autoflush:
        for row in [*session.new, *session.dirty, *session.deleted]:
            _look_at(session, row, seen)
        if seen.refused:
            raise OutsideUnitOfWork(
                f"{'; '.join(seen.refused)}: written outside a unit of work (services.unit_of_work."
                "match_write), so the running totals would no longer add up. Refused at the flush "
                "that would store it: a query's autoflush, if a query raised this, of a change made "
                "before it (roll the session back to drop it)."
            )
        _bump_shown(session, seen)


@event.listens_for(Session, "after_transaction_end")
def _transaction_ended(session: Session, transaction: SessionTransaction) -> None:
    if transaction.parent is None:
        session.info.pop(BUMPED, None)
        session.info.pop(TOUCHED, None)


@event.listens_for(Session, "do_orm_execute")
def _bulk_statement(state: ORMExecuteState) -> None:
    """Refuse a bulk INSERT, UPDATE or DELETE of a match's rows outside a unit of work, except an
    UPDATE of a match's unscored columns (its ``updated_at`` then moves, and the pages' keys)."""
    if not (state.is_insert or state.is_update or state.is_delete) or in_unit_of_work(state.session):
        return
    table = getattr(state.statement, "table", None)
    part = _TABLES.get(table) if isinstance(table, Table) else None
    if table is None or part is None:
        return
    unscored = part.scored is not None and not _set_names(state) & part.scored
    if state.is_update and part.match is itself and unscored:
        return
    verb = "INSERT" if state.is_insert else "UPDATE" if state.is_update else "DELETE"
    raise OutsideUnitOfWork(
        f"A bulk {verb} of {table.name} outside a unit of work (services.unit_of_work.match_write): "
        "the running totals and the pages kept of the matches would not follow it."
    )


def _set_names(state: ORMExecuteState) -> set[str]:
    """The column names an UPDATE sets, in its ``values()`` or its parameters."""
    names = {getattr(key, "key", key) for key in getattr(state.statement, "_values", None) or {}}
    params = state.parameters
    for row in params if isinstance(params, list) else [params] if params else []:
        names |= set(row)
    return {str(name) for name in names}


def itself(_session: Session, row: Any) -> Any:
    """The finder of the match a match belongs to (for :func:`part_of_match` on the match's model)."""
    return row


def _guard_flush(model: type, part: Part) -> None:
    """A second line behind :func:`_before_flush`: the rows' own INSERT, UPDATE and DELETE
    (changes the flush itself makes, such as a foreign key set from a relationship)."""

    def written(_mapper: Any, _connection: Any, row: Any) -> None:
        _require(row, part, None)

    def updated(_mapper: Any, _connection: Any, row: Any) -> None:
        state = inspect(row)
        names = [a.key for a in state.attrs if a.history.has_changes()]
        if part.scored is None or set(names) & part.scored:
            _require(row, part, names)

    event.listen(model, "before_insert", written)
    event.listen(model, "before_delete", written)
    event.listen(model, "before_update", updated)


def _require(row: Any, part: Part, names: list[str] | None) -> None:
    session = inspect(row).session
    if session is None or not in_unit_of_work(session):
        what = _describe(part, row, names or (), None if names is not None else "written")
        raise OutsideUnitOfWork(f"written outside a unit of work (services.unit_of_work.match_write): {what}")
