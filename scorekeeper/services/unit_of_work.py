"""The one way to change a match: :func:`match_write`, a unit of work that owns the transaction.

Inside it a service changes the match's rows, calls :meth:`MatchWrite.summarise` for every match
whose hands, sides, seats or result it changed, and :meth:`MatchWrite.log`; at the end the running
totals get the difference the change made and everything is committed in one transaction, or rolled
back and raised. A unit of work that changed a match without summarising it raises
:exc:`NotSummarised`. What is refused outside one is declared with the models
(:mod:`scorekeeper.invariant`); docs/architecture.md, "The write path and its invariant", tells why.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import Any, Final, TypeVar

from sqlalchemy import Connection, bindparam, delete, insert, inspect, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import make_transient_to_detached
from sqlalchemy.orm.attributes import flag_modified, set_committed_value
from sqlalchemy.orm.exc import StaleDataError

from .. import running_totals, single_use
from ..extensions import db
from ..invariant import ACTIVE as ACTIVE  # re-exported for the services
from ..invariant import BUMPED, TOUCHED, bump_revision, committed
from ..invariant import OutsideUnitOfWork as OutsideUnitOfWork
from ..models import EditLog, Hand, IdempotencyKey, Match, Membership, Side, SideCanasta, utcnow
from ..rules import N_, MatchState, RuleSet, get_ruleset
from ..stats import SIDE_COLUMNS, SideRecord, figures_after, side_figures
from . import hand_results, ratings
from .errors import Conflict

T = TypeVar("T")

#: Tries of a write that loses a race to add the same new row (see :func:`retried`).
ATTEMPTS: Final = 3
#: SQLSTATEs of losing a race for locks: deadlock, serialization failure, lock not available.
CONTENTION: Final = frozenset({"40P01", "40001", "55P03"})

CHANGED_MEANWHILE: Final = N_("The match was changed on another device meanwhile; check it and try again.")
BUSY: Final = N_("Another device was saving at the same moment; nothing was changed, try again.")


class NotSummarised(RuntimeError):
    """A unit of work changed a match's hands, sides, seats or result without
    :meth:`MatchWrite.summarise` for it: its result and the running totals would be stale."""


class MatchWrite:
    """A change to one or more matches under way (see the module's docstring)."""

    def __init__(self) -> None:
        #: Each side whose figures this change rewrites, with what it counted for before
        #: (``None``: a new side, which counted for nothing).
        self._before: dict[Side, SideRecord | None] = {}
        #: Sides inserted in bulk, past the ORM (an import): see :meth:`count_new_sides`.
        self._new_sides: list[SideRecord] = []
        #: Matches whose totals this change accounts for: summarised, removed, or whose owner's
        #: totals are added up again.
        self._summarised: set[Match] = set()
        self._removed: set[Match] = set()
        self._rebuilt: set[int] = set()
        #: Whether each summarised match was finished before the change (a rated match).
        self._was_finished: dict[Match, bool] = {}
        #: What the ratings must replay (:mod:`.ratings`), besides the summarised matches.
        self._ratings = ratings.Changes()
        #: Rows :meth:`append` inserted and put in the session as loaded: a rollback drops them
        #: (the session forgets only the rows it inserted itself).
        self._attached: list[Any] = []

    def roll_back(self) -> None:
        """Roll the session back, and forget the rows :meth:`append` put in it."""
        session = db.session()
        session.rollback()
        for row in self._attached:
            if row in session:
                session.expunge(row)

    def summarise(self, match: Match, state: MatchState, rs: RuleSet | None = None) -> None:
        """Rewrite the match's result, its hands' stored results (:mod:`.hand_results`) and its
        sides' figures from its hands folded into ``state`` (``rs``: the match's effective rule set,
        if the caller has it). Call it after the match's hands, sides and seats are as the change
        leaves them. (A hand added alone: :meth:`append`, which counts that hand only.)"""
        self._summarised.add(match)
        self._was_finished.setdefault(match, _committed_finished(match))
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
            for side, figures in zip(match.sides, side_figures(rs, state), strict=True):
                for name in SIDE_COLUMNS:
                    setattr(side, name, getattr(figures, name))
                    if side.id is not None:
                        # Every column written, changed or not: the sides' UPDATEs then have the
                        # same columns, and the ORM sends them as one statement.
                        flag_modified(side, name)
                _store_canastas(side, figures.canastas)
            _store_results(match, state, rs.flag_codes)

    def append(
        self,
        match: Match,
        state: MatchState,
        rs: RuleSet,
        new_input: dict[str, Any],
        actor_id: int | None,
        via_table: int | None = None,
    ) -> str | None:
        """Store the last hand of ``state`` (``new_input``, scored after the match's other hands) as
        a new hand of ``match``: what :meth:`summarise` and :meth:`log` of ``hand_added`` (by
        ``actor_id``, through the club-night table ``via_table``) would store, the sides' figures
        taking that hand alone, and the match closed for editing again (``unlocked`` off).

        Sent as one statement per table on the unit of work's connection, as the running totals
        are, not through the ORM's flush: adding a hand changes the same columns of the same rows
        every time, and the flush cost ten times the statements it sent. The match's and its sides'
        objects then hold what was stored, as if flushed; the revision check is the flush's own
        (``UPDATE ... WHERE revision``: :exc:`StaleDataError` if another device changed the match).
        The match and its sides must have no change pending in the session. Returns the hand's stored
        result (:func:`.hand_results.stored`).
        """
        session = db.session()
        if any(inspect(row).modified for row in (match, *match.sides)):
            raise RuntimeError("append: the match has changes pending; use summarise and log")
        added = state.hands[-1]
        self._summarised.add(match)
        self._was_finished.setdefault(match, bool(match.finished))
        _load_canastas(match.sides)
        before = [running_totals.record_of(match, side) for side in match.sides]
        for side, record in zip(match.sides, before, strict=True):
            self._before.setdefault(side, record)
        figures = figures_after(rs, [record.figures for record in before], added)
        connection = session.connection()
        bumped: set[Any] = session.info.setdefault(BUMPED, set())
        values: dict[str, Any] = {
            "finished": state.finished,
            "winner": state.winner,
            "hand_count": len(state.hands),
            "totals": list(state.totals),
            "unlocked": False,
            "revision": match.revision + (match not in bumped),  # once per transaction
            "updated_at": utcnow(),
        }
        checked = {"b_id": match.id, "b_revision": match.revision}
        stored = connection.execute(_match_update(), {**checked, **values})
        if stored.rowcount != 1:
            raise StaleDataError(f"match {match.id} was changed meanwhile (revision {match.revision})")
        bumped.add(match)
        connection.execute(
            _insert(EditLog),
            {
                "match_id": match.id,
                "user_id": actor_or_owner(actor_id, match.club_id),
                "action": "hand_added",
                "hand_number": added.number,
                "before": None,
                "after": new_input,
                "via_table": via_table,
            },
        )
        result = hand_results.stored(added, rs.flag_codes)
        connection.execute(
            _insert(Hand),
            {"match_id": match.id, "number": added.number, "input": new_input, "version": 1}
            | {"result": result},
        )
        sides = [{"b_id": side.id, **{name: getattr(f, name) for name in SIDE_COLUMNS}}
                 for side, f in zip(match.sides, figures, strict=True)]
        connection.execute(_side_update(), sides)
        for name, value in values.items():
            set_committed_value(match, name, value)
        for side, row in zip(match.sides, sides, strict=True):
            for name in SIDE_COLUMNS:
                set_committed_value(side, name, row[name])
        self._attached += _append_canastas(connection, match.sides, [f.canastas for f in figures])
        return result

    def log(
        self,
        match: Match,
        action: str,
        actor_id: int | None = None,
        hand_number: int | None = None,
        before: dict[str, Any] | None = None,
        after: dict[str, Any] | None = None,
        via_table: int | None = None,
    ) -> None:
        """Log ``action`` on ``match`` (by ``actor_id``, the owner by default; ``via_table``: sent by
        that club-night table's link) and bump its revision, so that a device that read the match
        before this change cannot overwrite it."""
        with db.session.no_autoflush:
            bump_revision(db.session(), match)
            # Added to the session, not appended to ``match.log``: that would load the whole log.
            db.session.add(
                EditLog(
                    match=match,
                    user_id=actor_or_owner(actor_id, match.club_id),
                    action=action,
                    hand_number=hand_number,
                    before=before,
                    after=after,
                    via_table=via_table,
                )
            )

    def remove(self, match: Match) -> None:
        """Delete ``match`` with everything of it (sides, hands, edit log, share links, the
        idempotency keys of its hands), taking from the running totals what its sides counted for
        (:func:`scorekeeper.running_totals.take_out`). The delete checks the match's revision: a
        device that changed it meanwhile makes this a conflict, and nothing is deleted."""
        self._removed.add(match)
        _load_canastas(match.sides)
        with db.session.no_autoflush:
            gone = [running_totals.record_of(match, side) for side in match.sides]
            if self._was_finished.get(match, match.finished):  # its players' ratings lose it
                start = ratings.Start(match.created_at, match.id)
                players = [p for record in gone for p in record.players]
                self._ratings.note(match.club_id, match.ruleset, start, players)
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
        finished = [r for r in records if r.finished]
        if finished:
            first = min(finished, key=lambda r: (r.created_at, r.match_id))
            owner = db.session.scalar(select(Match.club_id).where(Match.id == first.match_id))
            if owner is None:  # the caller inserted it in this transaction
                raise RuntimeError(f"no match {first.match_id} for the sides inserted in bulk")
            for record in finished:
                self._ratings.note(owner, record.ruleset, ratings.Start(record.created_at, record.match_id))

    def rebuild_totals(self, club_id: int) -> None:
        """Add the account's running totals up again from its sides (after seats moved from one
        player to another, which no side's figures show): every match of the account is accounted for."""
        self._rebuilt.add(club_id)
        self._ratings.whole.add(club_id)  # seats moved between players: their ratings are replayed
        db.session.flush()
        running_totals.rebuild(db.session.connection(), club_id)

    def finish(self) -> None:
        """Flush, check every changed match was summarised, add what the change made to the running
        totals, store the form's key, commit. :raise NotSummarised: (see the class)."""
        made = list(db.session.new)
        db.session.flush()
        self._check_summarised(db.session.info.get(TOUCHED, ()))
        single_use.record_pending(made)
        changes: list[tuple[SideRecord | None, SideRecord]] = [
            (old, running_totals.record_of(side.match, side)) for side, old in self._before.items()
        ]
        changes += [(None, record) for record in self._new_sides]
        if changes:
            running_totals.add_changes(db.session.connection(), changes)
        self._note_rated()
        if self._ratings:
            ratings.apply(db.session.connection(), self._ratings)
        _commit_keeping(self._written_rows())

    def _written_rows(self) -> list[Any]:
        """The rows of the matches this change summarised, as it stored them: each match, its
        sides with their canastas and seats, and the seats' players (all loaded by ``summarise``)."""
        rows: list[Any] = []
        for match in self._summarised - self._removed:
            rows.append(match)
            for side in match.sides:
                rows += [side, *side.canastas, *side.seats, *(seat.player for seat in side.seats)]
        return rows

    def _note_rated(self) -> None:
        """Note for the ratings each summarised match that is finished, or was before the change
        (one that was never finished is rated nowhere: adding a hand to it costs no rating work)."""
        for match in self._summarised - self._removed:
            if match.finished or self._was_finished.get(match, False):
                start = ratings.Start(match.created_at, match.id)
                self._ratings.note(match.club_id, match.ruleset, start)

    def _check_summarised(self, touched: Iterable[Match]) -> None:
        accounted = self._summarised | self._removed
        missing = [m for m in touched if m not in accounted and m.club_id not in self._rebuilt]
        if missing:
            names = ", ".join(f"match {m.id}" if m.id is not None else "a new match" for m in missing)
            raise NotSummarised(f"{names} changed without MatchWrite.summarise: nothing was stored")


def _committed_finished(match: Match) -> bool:
    """Whether ``match`` is finished in the database (before this change; a new match is not)."""
    if match.id is None:
        return False
    change: Any = inspect(match).attrs.finished.history
    return bool((list(change.deleted) or list(change.unchanged) or [False])[0])


#: The lists of a match that a write may change without appending to them (see :func:`_commit_keeping`).
_MATCH_LISTS: Final = ("hands", "log", "share_links")


def _commit_keeping(rows: Sequence[Any]) -> None:
    """Commit, and expire every object of the session but ``rows``, which stay as this transaction
    stored them: the answer to the write is made from them without loading them again. (A commit
    expires everything, so that a later read sees other transactions' changes; the rows this one
    wrote and committed hold what it committed, and the request ends with its answer.)"""
    session = db.session()
    kept = {id(row) for row in rows}
    expire_on_commit = session.expire_on_commit
    session.expire_on_commit = False
    try:
        db.session.commit()
    finally:
        session.expire_on_commit = expire_on_commit
    for row in list(session.identity_map.values()):
        if id(row) not in kept:
            session.expire(row)
        elif isinstance(row, Match):
            # Rows added by their match's id (a hand, a log entry) are not in its loaded lists.
            # (An empty list would expire the whole match.)
            lists = [name for name in _MATCH_LISTS if name in inspect(row).dict]
            if lists:
                session.expire(row, lists)


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
        write.roll_back()
        if conflict is None:
            raise
        raise conflict() from None
    except OperationalError as error:
        write.roll_back()
        if not lost_lock_race(error):
            raise
        raise Conflict(BUSY) from None
    except BaseException:
        write.roll_back()
        raise
    finally:
        session.info.pop(ACTIVE, None)


#: The account a request acts for (:mod:`scorekeeper.access` sets it at each request's start): the
#: edit log's author when a service is not told one.
ACTING: ContextVar[int | None] = ContextVar("scorekeeper_acting", default=None)


def actor_or_owner(actor_id: int | None, club_id: int) -> int | None:
    """Who a log entry names: ``actor_id``, else the account the request acts for, else (the
    command line, a test, a table link's hand) the club's longest-standing owner."""
    if actor_id is not None:
        return actor_id
    acting = ACTING.get()
    if acting is not None:
        return acting
    return db.session.scalar(
        select(Membership.user_id)
        .where(Membership.club_id == club_id, Membership.role == "owner")
        .order_by(Membership.joined_at, Membership.id)
        .limit(1)
    )


@contextmanager
def transaction() -> Iterator[None]:
    """A write that changes no match (an account, a token, a player's name): committed when the
    block ends, with the single-use key of the page form under way (:mod:`scorekeeper.single_use`);
    on any error rolled back whole and the error raised (:func:`scorekeeper.invariant.committed`)."""
    with committed() as session:
        yield
        made = list(session.new)
        session.flush()
        single_use.record_pending(made)


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


# --- The hands' results and the sides' canasta rows ---------------------------------------------------


def _store_results(match: Match, state: MatchState, flag_codes: Sequence[str]) -> None:
    """Write each hand's result as ``state`` has it, where it differs (an edit rewrites those from
    the edited hand on; the ORM sends nothing for a result that stays the same)."""
    if not state.hands and "hands" not in inspect(match).dict:
        return  # a new match, or one without hands: no row to load
    for row, result in zip(match.hands, state.hands, strict=True):
        value = hand_results.stored(result, flag_codes)
        if row.result != value:
            row.result = value


@cache
def _match_update() -> Any:
    """``UPDATE matches SET <the parameters' columns> WHERE id AND revision``, built once."""
    table = Match.__table__
    return update(table).where(table.c.id == bindparam("b_id"), table.c.revision == bindparam("b_revision"))


@cache
def _side_update() -> Any:
    table = Side.__table__
    return update(table).where(table.c.id == bindparam("b_id"))


@cache
def _canasta_update() -> Any:
    table = SideCanasta.__table__
    return (
        update(table)
        .where(table.c.side_id == bindparam("b_side_id"), table.c.kind == bindparam("b_kind"))
        .values(count=bindparam("b_count"))
    )


@cache
def _insert(model: type) -> Any:
    return insert(model.__table__)  # type: ignore[attr-defined]


def _append_canastas(
    connection: Connection, sides: Sequence[Side], counts: Sequence[Mapping[str, int]]
) -> list[SideCanasta]:
    """Make the sides' stored canasta rows ``counts`` after a hand added (which only adds canastas):
    one UPDATE of the kinds whose count grew, one INSERT of the new kinds; the sides' loaded rows
    take the counts stored, and the new rows join them as if loaded (returned)."""
    grown: list[tuple[SideCanasta, int]] = []
    new: list[SideCanasta] = []
    for side, kinds in zip(sides, counts, strict=True):
        rows = {row.kind: row for row in side.canastas}
        for kind, count in kinds.items():
            row = rows.get(kind)
            if row is None:
                new.append(SideCanasta(side_id=side.id, kind=kind, count=count))
            elif row.count != count:
                grown.append((row, count))
        if rows.keys() - kinds.keys():
            raise ValueError("a hand added took canastas away")
    if grown:
        connection.execute(
            _canasta_update(), [{"b_side_id": r.side_id, "b_kind": r.kind, "b_count": n} for r, n in grown]
        )
        for row, count in grown:
            set_committed_value(row, "count", count)
    if new:
        connection.execute(
            _insert(SideCanasta), [{"side_id": r.side_id, "kind": r.kind, "count": r.count} for r in new]
        )
        session = db.session()
        for side in sides:
            mine = [row for row in new if row.side_id == side.id]
            for row in mine:  # persistent, as loaded: the session sends nothing for them
                make_transient_to_detached(row)
                session.add(row)
            if mine:
                set_committed_value(side, "canastas", [*side.canastas, *mine])
    return new


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
