"""The one way to change a match: :func:`match_write`, a unit of work that owns the transaction.

Inside it a service changes the match's rows (hands, sides, seats), then calls
:meth:`MatchWrite.summarise` with the match folded again, and :meth:`MatchWrite.log` with what was
done. At the end the unit of work, in this order and in one transaction:

1. flushes the change;
2. reads what each side counts for in the statistics now
   (:func:`scorekeeper.running_totals.record_of`) and adds to the players' running totals the
   difference from what it counted for before the change (noted by ``summarise`` before it rewrote
   the side's figures): :func:`scorekeeper.running_totals.add_changes`;
3. stores the single-use key of the page form under way, if any (:mod:`scorekeeper.single_use`:
   a create and its key are committed together);
4. commits; or, on any error, rolls everything back and raises.

A match deleted whole (:meth:`MatchWrite.remove`) takes what its sides counted for out of the totals
before its rows go, in the same transaction.

Nothing listens to the session: the running totals are applied here, explicitly, and a write made
any other way cannot reach the database. Flushing a hand, a side, a seat, a side's canastas or a
match's result outside a unit of work raises :class:`OutsideUnitOfWork` (a guard on those mapped
classes), so a new write path that forgets the totals fails at once instead of corrupting the
statistics quietly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, Final, TypeVar

from sqlalchemy import delete, event, inspect, select
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session, object_session
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.exc import StaleDataError

from .. import running_totals, single_use
from ..extensions import db
from ..models import EditLog, Hand, IdempotencyKey, Match, Seat, Side, SideCanasta
from ..rules import N_, HandResult, MatchState, RuleSet, get_ruleset
from ..stats import SIDE_COLUMNS, SideRecord, figures_after, side_figures
from .errors import Conflict

T = TypeVar("T")

#: ``Session.info`` key of the unit of work under way.
ACTIVE: Final = "scorekeeper.match_write"
#: Tries of a write that loses a race to add the same new row (see :func:`retried`).
ATTEMPTS: Final = 3
#: SQLSTATEs of losing a race for locks: deadlock, serialization failure, lock not available.
CONTENTION: Final = frozenset({"40P01", "40001", "55P03"})
#: The columns of a match that the statistics count (its result), rewritten by ``summarise``.
MATCH_RESULT: Final = ("finished", "winner", "hand_count", "totals")

CHANGED_MEANWHILE: Final = N_("The match was changed on another device meanwhile; check it and try again.")
BUSY: Final = N_("Another device was saving at the same moment; nothing was changed, try again.")


class OutsideUnitOfWork(RuntimeError):
    """A match's hands, sides, seats or result were written without :func:`match_write`."""


class MatchWrite:
    """A change to one or more matches under way (see the module's docstring)."""

    def __init__(self) -> None:
        #: Each side whose figures this change rewrites, with what it counted for before
        #: (``None``: a new side, which counted for nothing).
        self._before: dict[Side, SideRecord | None] = {}
        #: Sides inserted in bulk, past the ORM (an import): see :meth:`count_new_sides`.
        self._new_sides: list[SideRecord] = []

    def summarise(
        self, match: Match, state: MatchState, rs: RuleSet | None = None, added: HandResult | None = None
    ) -> None:
        """Rewrite the match's result and its sides' figures from its hands folded into ``state``
        (``rs``: the match's effective rule set, if the caller has it). Call it after the match's
        hands, sides and seats are as the change leaves them. ``added``: the change only added this
        hand, the last of ``state``, so the sides' stored figures take that hand alone."""
        _load_canastas(match.sides)
        with db.session.no_autoflush:  # what the sides count for before, read from the session
            for side in match.sides:
                if side not in self._before:
                    known = side.id is not None
                    self._before[side] = running_totals.record_of(match, side) if known else None
            match.finished = state.finished
            match.winner = state.winner
            match.hand_count = len(state.hands)
            match.totals = list(state.totals)
            rs = rs or get_ruleset(match.ruleset, match.house_rules)
            before = [self._before[side] for side in match.sides]
            if added is not None and all(record is not None for record in before):
                figures_now = figures_after(rs, [r.figures for r in before if r is not None], added)
            else:
                figures_now = side_figures(rs, state)
            for side, figures in zip(match.sides, figures_now, strict=True):
                for name in SIDE_COLUMNS:
                    setattr(side, name, getattr(figures, name))
                _store_canastas(side, figures.canastas)

    def log(
        self,
        match: Match,
        action: str,
        actor_id: int | None = None,
        hand_number: int | None = None,
        before: dict[str, Any] | None = None,
        after: dict[str, Any] | None = None,
    ) -> None:
        """Log ``action`` on ``match`` (by ``actor_id``, the owner by default) and bump its revision,
        so that a device that read the match before this change cannot overwrite it."""
        with db.session.no_autoflush:
            match.revision = (match.revision or 0) + 1
            # Added to the session, not appended to ``match.log``: that would load the whole log.
            db.session.add(
                EditLog(
                    match=match,
                    user_id=actor_id if actor_id is not None else match.owner_id,
                    action=action,
                    hand_number=hand_number,
                    before=before,
                    after=after,
                )
            )

    def remove(self, match: Match) -> None:
        """Delete ``match`` with everything of it (sides, hands, edit log, share links, the
        idempotency keys of its hands), taking from the running totals what its sides counted for
        (:func:`scorekeeper.running_totals.take_out`). The delete checks the match's revision: a
        device that changed it meanwhile makes this a conflict, and nothing is deleted."""
        _load_canastas(match.sides)
        with db.session.no_autoflush:
            gone = [running_totals.record_of(match, side) for side in match.sides]
        db.session.flush()
        connection = db.session.connection()
        running_totals.take_out(connection, match.id, gone)
        connection.execute(delete(IdempotencyKey).where(IdempotencyKey.match_id == match.id))
        db.session.delete(match)

    def count_new_sides(self, records: Sequence[SideRecord]) -> None:
        """Count in the running totals, at the end, new sides that the caller inserted in bulk (not
        as mapped objects, so ``summarise`` never saw them): ``records`` say what each counts for,
        as :func:`scorekeeper.running_totals.record_of` would read it once stored."""
        self._new_sides.extend(records)

    def rebuild_totals(self, owner_id: int) -> None:
        """Add the account's running totals up again from its sides (after seats moved from one
        player to another, which no side's figures show)."""
        db.session.flush()
        running_totals.rebuild(db.session.connection(), owner_id)

    def finish(self) -> None:
        """Flush, add what the change made to the running totals, store the form's key, commit."""
        made = list(db.session.new)
        db.session.flush()
        single_use.record_pending(made)
        changes: list[tuple[SideRecord | None, SideRecord]] = [
            (old, running_totals.record_of(side.match, side)) for side, old in self._before.items()
        ]
        changes += [(None, record) for record in self._new_sides]
        if changes:
            running_totals.add_changes(db.session.connection(), changes)
        db.session.commit()


def changed_meanwhile() -> Conflict:
    return Conflict(CHANGED_MEANWHILE)


@contextmanager
def match_write(conflict: Callable[[], Conflict] | None = changed_meanwhile) -> Iterator[MatchWrite]:
    """A unit of work on matches, committed when the block ends; on any error rolled back whole
    and the error raised, the session left clean for the caller.

    :raise Conflict: ``conflict()`` when the commit clashes with another device's change (a unique
        key taken, the match's revision moved on); :data:`BUSY` when the database gave up waiting
        for locks. With ``conflict=None`` the clash is raised as it is (see :func:`retried`).
    """
    session = db.session()
    if ACTIVE in session.info:
        raise RuntimeError("a match write is already under way in this session")
    write = MatchWrite()
    session.info[ACTIVE] = write
    try:
        yield write
        write.finish()
    except (IntegrityError, StaleDataError):
        session.rollback()
        if conflict is None:
            raise
        raise conflict() from None
    except OperationalError as error:
        session.rollback()
        if not lost_lock_race(error):
            raise
        raise Conflict(BUSY) from None
    except BaseException:
        session.rollback()
        raise
    finally:
        session.info.pop(ACTIVE, None)


@contextmanager
def transaction() -> Iterator[None]:
    """A write that changes no match (an account, a token, a player's name): committed when the
    block ends, with the single-use key of the page form under way (:mod:`scorekeeper.single_use`);
    on any error rolled back whole and the error raised."""
    session = db.session()
    try:
        yield
        made = list(session.new)
        session.flush()
        single_use.record_pending(made)
        session.commit()
    except BaseException:
        session.rollback()
        raise


def lost_lock_race(error: OperationalError) -> bool:
    """PostgreSQL gave up on a deadlock, a serialization failure or a lock not available, or
    SQLite's database stayed locked past its busy timeout: nothing was changed, and trying again
    can work."""
    return getattr(error.orig, "sqlstate", None) in CONTENTION or "database is locked" in str(error.orig)


def retried(write: Callable[[], T], attempts: int = ATTEMPTS) -> T:
    """``write()``, tried again (``attempts`` tries in all) when it loses a race to add the same new
    row, such as two devices adding the same new player: the next try finds the row. Each try must
    be a whole unit of work (:func:`match_write` with ``conflict=None``), rolled back on failure.

    :raise IntegrityError: the last try failed too.
    """
    for attempt in range(1, attempts + 1):
        try:
            return write()
        except IntegrityError:
            if attempt == attempts:
                raise
    raise AssertionError("unreachable")


# --- The sides' canasta rows -------------------------------------------------------------------------


def _load_canastas(sides: Sequence[Side]) -> None:
    """Load the stored canasta rows of ``sides`` in one statement, not one per side (new sides
    have none to load)."""
    unloaded = [side for side in sides if side.id is not None and "canastas" not in inspect(side).dict]
    if not unloaded:
        return
    with db.session.no_autoflush:  # loading the rows must not send the caller's changes early
        rows = db.session.scalars(
            select(SideCanasta).where(SideCanasta.side_id.in_([side.id for side in unloaded]))
        ).all()
    for side in unloaded:
        set_committed_value(side, "canastas", [row for row in rows if row.side_id == side.id])


def _store_canastas(side: Side, canastas: Mapping[str, int]) -> None:
    """Make the side's canasta rows (loaded by :func:`_load_canastas`) ``canastas``, touching only
    the kinds whose count changed."""
    rows = {row.kind: row for row in side.canastas}
    for kind, count in canastas.items():
        row = rows.pop(kind, None)
        if row is None:
            side.canastas.append(SideCanasta(kind=kind, count=count))
        elif row.count != count:
            row.count = count
    for gone in rows.values():
        side.canastas.remove(gone)


# --- The guard -----------------------------------------------------------------------------------------


def _changed(target: Any, names: Sequence[str]) -> bool:
    state = inspect(target)
    return any(state.attrs[name].history.has_changes() for name in names)


def _require_unit_of_work(target: Any, what: str) -> None:
    session: Session | None = object_session(target)
    if session is None or ACTIVE not in session.info:
        raise OutsideUnitOfWork(
            f"{what} written outside services.unit_of_work.match_write: the running totals would "
            "no longer add up to the sides' figures"
        )


def _guard(model: type, what: str, columns: Sequence[str] | None = None) -> None:
    """Refuse to flush ``model`` rows (inserted, deleted, or with any of ``columns`` changed; every
    column if ``None``) outside a unit of work."""

    def written(_mapper: Any, _connection: Any, target: Any) -> None:
        _require_unit_of_work(target, what)

    def updated(_mapper: Any, _connection: Any, target: Any) -> None:
        if columns is None or _changed(target, columns):
            _require_unit_of_work(target, what)

    event.listen(model, "before_insert", written)
    event.listen(model, "before_delete", written)
    event.listen(model, "before_update", updated)


_guard(Hand, "A hand")
_guard(Side, "A side", ("match_id", "position", *SIDE_COLUMNS))
_guard(SideCanasta, "A side's canastas")
_guard(Seat, "A seat", ("side_id", "player_id", "position"))
_guard(Match, "A match's result", MATCH_RESULT)
