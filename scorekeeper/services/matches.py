"""Matches and hands: load them, fold their hands through the rules, and change them, each change
one unit of work (:func:`.unit_of_work.match_write`): committed whole, or rolled back and raised.

Errors: :class:`.NotFound` (no such match for this account), :class:`.Conflict` (the request
clashes with what is stored: a hand number taken, a finished match, not the last hand), and the
rules' :class:`~scorekeeper.rules.ValidationError` (the input breaks a rule, with field paths).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from typing import Any, Final

from flask import has_app_context
from flask_sqlalchemy.pagination import Pagination
from sqlalchemy import Select, bindparam, inspect, select
from sqlalchemy.orm import joinedload, selectinload

from ..extensions import db
from ..models import EditLog, Hand, Match, Player, Seat, Side, utcnow
from ..rules import (
    N_,
    HandInput,
    HandResult,
    MatchState,
    RuleSet,
    ValidationError,
    check_new_match,
    fold_match,
    get_ruleset,
    load_hand,
    parse_hand,
)
from ..rules.house_rules import is_whole_number
from ..rules.match_setup import MatchSetup
from . import hand_results, match_states, submission_keys
from .club_log import log
from .errors import MAX_ID, Conflict, NotFound
from .match_fold import fold_stored, is_settled
from .match_states import Folded
from .players import find_or_add_players
from .submission_keys import Snapshot, SubmissionKey
from .unit_of_work import ACTIVE, actor_or_owner, match_write, retried


@dataclass(frozen=True)
class MatchView:
    """A stored match with its effective rule set and everything derived from its hands."""

    match: Match
    ruleset: RuleSet
    state: MatchState
    #: Each hand's stored version, in hand order (``None``: read from the match's hands).
    versions: tuple[int, ...] | None = None
    #: Each hand's memo (:data:`.match_states.Memo`), when the view is kept per revision.
    memos: tuple[match_states.Memo, ...] | None = None

    @property
    def seat_counts(self) -> list[int]:
        """How many players each side seats, in side order."""
        return [len(side.seats) for side in self.match.sides]

    def hand_versions(self) -> tuple[int, ...]:
        """Each hand's stored version (what ``If-Match`` names), in hand order."""
        if self.versions is not None:
            return self.versions
        return tuple(hand.version for hand in self.match.hands)

    def hand_version(self, number: int) -> int:
        return self.hand_versions()[number - 1]


def effective_ruleset(match: Match) -> RuleSet:
    return get_ruleset(match.ruleset, match.house_rules)


def view(match: Match, hands: Sequence[Hand] | None = None) -> MatchView:
    """The match with its hands folded through the rules (``hands`` if given, else the match's).

    The match's own hands are folded once per revision and process: the state is kept
    (:mod:`.match_states`), and the writes below start from it, scoring only the hands that change.
    """
    rs = effective_ruleset(match)
    if hands is not None:
        inputs = [load_hand(h.input) for h in hands]
        return MatchView(match, rs, fold_stored(match, rs, inputs))
    key = _state_key(match)
    folded = match_states.fetch(key)
    if folded is None:
        folded = _folded(match, rs, key is not None)
        match_states.keep(key, folded)
    return MatchView(match, rs, folded.state, folded.versions, folded.memos)


def _folded(match: Match, rs: RuleSet, as_stored: bool) -> Folded:
    """The match's state from its hands' stored results when they are all readable
    (:mod:`.hand_results`; one statement, no hand scored, and each hand's memo holding its stored
    JSON), else folded from their inputs. Only from the match ``as_stored`` (not being changed by a
    unit of work) and whose hands are not loaded."""
    if as_stored and "hands" not in inspect(match).dict:
        connection = db.session.connection()
        rows = connection.execute(_hands_statement(), {"match_id": match.id}).all()
        versions = tuple(row.version for row in rows)
        # (a settled match folds from its inputs: whether it ended by itself is not stored)
        if not is_settled(match) and all(hand_results.readable(row.result) for row in rows):
            pairs = [(row.number, row.result) for row in rows]
            state = hand_results.state_of(rs, pairs, match.finished, match.winner, len(match.sides))
            memos = tuple({hand_results.SERVED_MEMO: hand_results.text_of(hand)} for hand in state.hands)
            return Folded(state, versions, memos)
        # (versions and inputs read again together: one statement's hands, whatever was committed
        # since the first)
        rows = connection.execute(_inputs_statement(), {"match_id": match.id}).all()
        state = fold_stored(match, rs, [load_hand(row.input) for row in rows])
        return Folded(state, tuple(row.version for row in rows), match_states.fresh_memos(len(rows)))
    stored = match.hands
    state = fold_stored(match, rs, [load_hand(h.input) for h in stored])
    return Folded(state, tuple(h.version for h in stored), match_states.fresh_memos(len(stored)))


@cache
def _hands_statement() -> Select[int, Any, Any]:
    """Each hand's number, version and stored result (its JSON, not decoded), in hand order (built
    once per process)."""
    return (
        select(Hand.number, Hand.version, Hand.result)
        .where(Hand.match_id == bindparam("match_id"))
        .order_by(Hand.number)
    )


@cache
def _inputs_statement() -> Select[int, Any]:
    """Each hand's version and input, in hand order: for a match whose stored results cannot be read."""
    return (
        select(Hand.version, Hand.input).where(Hand.match_id == bindparam("match_id")).order_by(Hand.number)
    )


def _state_key(match: Match) -> match_states.Key | None:
    """Where the state of ``match`` as stored is kept; ``None`` for a match not stored (no app, or
    no id), or while a unit of work may be changing it (its hands are no revision's yet)."""
    if not has_app_context() or match.id is None or ACTIVE in db.session.info:
        return None
    return (match.id, match.created_at, match.revision)


def _given(match: Match, current: MatchView | None) -> MatchView | None:
    """``current``, the view of ``match`` the caller already folded in this request (or ``None``).

    :raise ValueError: it is the view of another match.
    """
    if current is not None and current.match is not match:
        raise ValueError("current is the view of another match")
    return current


def _current(match: Match, current: MatchView | None) -> MatchView:
    """``current`` (see :func:`_given`), or the match's view now (kept, or folded once)."""
    return _given(match, current) or view(match)


def _written(key: match_states.Key, mv: MatchView) -> MatchView:
    """``mv``, the match as a write just committed it under revision ``key``, kept for the next
    request. The commit checked the revision the write started from (``UPDATE ... WHERE revision``),
    so no other device's change slipped in between: ``mv`` is the match as stored."""
    memos = mv.memos if mv.memos is not None else match_states.fresh_memos(len(mv.state.hands))
    match_states.keep(key, Folded(mv.state, mv.hand_versions(), memos))
    return mv


def _memos(current: MatchView, keep: int, count: int) -> tuple[match_states.Memo, ...] | None:
    """The memos of a write's view: those of ``current``'s first ``keep`` hands (unchanged by the
    write), fresh ones for the rest of its ``count`` hands."""
    if current.memos is None:
        return None
    return current.memos[:keep] + match_states.fresh_memos(count - keep)


def get_match(club_id: int, match_id: int) -> Match:
    """:raise NotFound: no match ``match_id`` belongs to ``club_id``. Its hands are loaded when
    first read (:func:`view` seldom needs them: the folded match is kept per revision)."""
    if not 1 <= match_id <= MAX_ID:  # a number the database's integers cannot hold is no match
        raise NotFound(match_id)
    match: Match | None = (
        db.session.execute(_match_statement(), {"match_id": match_id, "club_id": club_id})
        .unique()
        .scalar_one_or_none()
    )
    if match is None:
        raise NotFound(match_id)
    return match


@cache
def _match_statement() -> Select[Match]:
    """One statement: the match, its sides, their seats and players, and the sides' canasta counts
    (which a write rewrites) joined: a few dozen rows at most. Built once per process (building its
    loader options cost more than running it)."""
    sides = joinedload(Match.sides)
    return (
        select(Match)
        .where(Match.id == bindparam("match_id"), Match.club_id == bindparam("club_id"))
        .options(sides.joinedload(Side.seats), sides.joinedload(Side.canastas))
    )


def list_matches(club_id: int, page: int, per_page: int) -> tuple[list[MatchView], Pagination]:
    """Page ``page`` (1 to :data:`MAX_PAGE`) of the account's matches, newest first, folded, and where
    it stands among all pages (``total``, ``pages``); past the last page, no match."""
    statement = (
        select(Match)
        .where(Match.club_id == club_id)
        .order_by(Match.created_at.desc(), Match.id.desc())
        .options(selectinload(Match.sides), selectinload(Match.hands))
    )
    result = db.paginate(statement, page=page, per_page=per_page, error_out=False)
    return [view(m) for m in result.items], result


def create_match(club_id: int, data: Any) -> Match:
    """Create and commit a match. :raise ValidationError: see :func:`~.rules.check_new_match`."""
    setup = check_new_match(data)
    # Two devices creating matches with the same new player race to add it; the loser tries again.
    return retried(lambda: _create(club_id, setup))


def _create(club_id: int, setup: MatchSetup) -> Match:
    with match_write(conflict=None) as write:
        match = seated_match(
            club_id,
            setup.ruleset.id,
            setup.target,
            dict(setup.house_rules),
            setup.first_dealer,
            [(side.name, side.players) for side in setup.sides],
            find_or_add_players(club_id, [name for side in setup.sides for name in side.players]),
        )
        write.summarise(match, fold_match(setup.ruleset, setup.target, len(setup.sides), []), setup.ruleset)
        write.log(match, "match_created")
    return match


#: A new match identical to one the account started this recently and has not played yet is taken
#: for the same match typed again (Back, then the form filled in again): see :func:`unplayed_twin`.
TWIN_WINDOW: Final = timedelta(minutes=30)


def unplayed_twin(club_id: int, data: Any, now: datetime | None = None) -> Match | None:
    """The account's match that ``data`` would make again (same rule set, target, house rules,
    first dealer, side names and players in seat order), started within :data:`TWIN_WINDOW` of
    ``now`` and still without a hand; ``None`` if there is none (or ``data`` is no valid match)."""
    try:
        setup = check_new_match(data)
    except ValidationError:
        return None
    since = (now or utcnow()) - TWIN_WINDOW
    recent = db.session.scalars(
        select(Match)
        .where(Match.club_id == club_id, Match.hand_count == 0, Match.created_at >= since)
        .order_by(Match.id.desc())
        .options(selectinload(Match.sides))
    )
    wanted = (
        setup.ruleset.id,
        setup.target,
        dict(setup.house_rules),
        setup.first_dealer,
        [(side.name, [name.casefold() for name in side.players]) for side in setup.sides],
    )
    for match in recent:
        sides = [(side.name, [name.casefold() for name in side.player_names]) for side in match.sides]
        if (match.ruleset, match.target, match.house_rules, match.first_dealer, sides) == wanted:
            return match
    return None


def seated_match(
    club_id: int,
    ruleset_id: str,
    target: int,
    house_rules: dict[str, Any],
    first_dealer: int,
    sides: Sequence[tuple[str, Sequence[str]]],
    players: Mapping[str, Player],
    created_at: datetime | None = None,
) -> Match:
    """A new match of the account, added to the session, with ``sides`` (name, players' names in
    seating order) seated, from ``players`` (:func:`.players.find_or_add_players`). Inside a unit of
    work only."""
    match = Match(
        club_id=club_id,
        ruleset=ruleset_id,
        target=target,
        house_rules=house_rules,
        first_dealer=first_dealer,
    )
    if created_at is not None:  # an imported match keeps its date; else the column's default
        match.created_at = created_at
    for position, (name, names) in enumerate(sides):
        seats = [Seat(position=i, player=players[player]) for i, player in enumerate(names)]
        match.sides.append(Side(position=position, name=name, seats=seats))
    db.session.add(match)
    return match


def is_read_only(match: Match) -> bool:
    """A finished match is read-only until its owner chooses to continue editing it."""
    return match.finished and not match.unlocked


def _parse(mv: MatchView, data: Any, number: int) -> HandInput:
    return parse_hand(mv.ruleset, data, mv.seat_counts, expected_number=number)


def add_hand(
    match: Match,
    data: Any,
    actor_id: int | None = None,
    key: SubmissionKey | None = None,
    current: MatchView | None = None,
    via_table: int | None = None,
) -> tuple[HandResult, MatchView]:
    """Store the next hand of ``match``; with ``key``, at most once for it (see
    :mod:`.submission_keys`: looked up once, and stored in the transaction of the hand). ``current``:
    the view of ``match`` the caller already has (else the kept or folded one); only the new hand is
    scored on top of it, and the sides' figures take only that hand. ``via_table``: the club-night
    table whose link sent the hand (the edit log names it).

    :raise AlreadyDone: this request used ``key`` already (nothing is stored); also when a request
        with the same key wins a race with this one.
    :raise KeyReused: ``key`` was used for another match or another hand (a 422 at its field).
    :raise Conflict: a hand with this number exists, or the match is finished.
    :raise ValidationError: the hand breaks a rule (nothing is stored).
    """
    if key is None:
        return _add_hand(_current(match, current), data, actor_id, None, via_table)
    match_id = match.id  # (read before the write: after its rollback the match may be gone)
    forget = submission_keys.look_up(key, match_id)
    try:
        return _add_hand(_current(match, current), data, actor_id, key, via_table, forget)
    except Conflict:
        submission_keys.look_up(key, match_id)  # lost a race to a request with the same key
        raise


def _add_hand(
    current: MatchView,
    data: Any,
    actor_id: int | None,
    key: SubmissionKey | None,
    via_table: int | None,
    forget: bool = False,
) -> tuple[HandResult, MatchView]:
    match, rs = current.match, current.ruleset
    if match.settled_at is not None:  # wherever the hand comes from: the API, a page, a phone, a table
        raise Conflict(ROUND_CLOSED)
    number: Any = data.get("number") if isinstance(data, Mapping) else None
    if is_whole_number(number) and 1 <= number <= len(current.state.hands):
        raise _taken(number)
    if current.state.finished:
        raise Conflict(N_("The match is over; no more hands can be entered."))
    hand = _parse(current, data, current.state.next_number)
    new_input = hand.to_json(rs.flag_codes)
    # The new hand as it will be read back (load_hand of what is stored), scored after the others.
    state = fold_stored(match, rs, [load_hand(new_input)], start=current.state)
    versions = (*current.hand_versions(), 1)
    with match_write(lambda: _taken(hand.number)) as write, db.session.no_autoflush:
        # The hand's row, its log entry, the match's and its sides' figures: a statement each (the
        # hand's INSERT may find the number taken); the match's list of hands is not loaded for it.
        result = write.append(match, state, rs, new_input, actor_id, via_table)
        if key is not None:
            snapshot = _snapshot(match, rs, state, versions) if key.replayable else None
            submission_keys.remember(key, match.id, hand.number, snapshot, forget)
        written = (match.id, match.created_at, match.revision)
    memos = _memos(current, len(current.state.hands), len(state.hands))
    if memos is not None and result is not None:  # the new hand's JSON, as stored
        memos[-1][hand_results.SERVED_MEMO] = hand_results.text_of_stored(result)
    return state.hands[-1], _written(written, MatchView(match, rs, state, versions, memos))


def _snapshot(match: Match, rs: RuleSet, state: MatchState, versions: tuple[int, ...]) -> Snapshot:
    """What the answer to this write is made of, for a repeat of it (see :mod:`.submission_keys`)."""
    return Snapshot(
        revision=match.revision,
        hands=tuple((h.input.to_json(rs.flag_codes), v) for h, v in zip(state.hands, versions, strict=True)),
        players=tuple(tuple(side.player_names) for side in match.sides),
    )


def answered_view(club_id: int, match_id: int, snapshot: Snapshot) -> MatchView:
    """The match as the write that kept ``snapshot`` left it (later changes left out), to answer a
    repeat of that write with its first answer (see :mod:`.submission_keys`).

    :raise NotFound: the match is gone.
    """
    match = get_match(club_id, match_id)
    rs = effective_ruleset(match)
    copy, state, versions = submission_keys.snapshot_view(match, rs, snapshot)
    return MatchView(copy, rs, state, versions)


def _taken(number: int) -> Conflict:
    return Conflict(N_("Hand {number} was already entered, perhaps from another device."), number=number)


def _hand(match: Match, number: int) -> Hand:
    for hand in match.hands:
        if hand.number == number:
            return hand
    raise NotFound(number)


def replace_hand(
    match: Match,
    number: int,
    data: Any,
    actor_id: int | None = None,
    expected_version: int | None = None,
    current: MatchView | None = None,
    reason: str | None = None,
) -> tuple[HandResult, MatchView]:
    """Replace hand ``number``; every later total and the result are recomputed: hand ``number`` and
    those after it are scored again, the others keep their results (from ``current``, the view of
    ``match`` the caller already has, else the kept or folded one).

    ``expected_version``, when given, is the hand's version the editor started from. ``reason``: why
    (a club night's director correcting a game), kept in the edit log entry's ``after["reason"]``.

    :raise NotFound: no such hand. :raise Conflict: the hand was changed since ``expected_version``.
    :raise ValidationError: the hand breaks a rule, or the change would end the match before hands
        that follow it.
    """
    stored = _hand(match, number)
    if expected_version is not None and expected_version != stored.version:
        raise Conflict(
            N_("Hand {number} was changed on another device meanwhile; check it and edit again."),
            number=number,
        )
    current = _current(match, current)
    rs = current.ruleset
    hand = parse_hand(rs, data, current.seat_counts, expected_number=number)
    new_input = hand.to_json(rs.flag_codes)
    # Hands before ``number`` keep their results; it and those after it are scored (and the fold
    # raises if the change ends the match before hands that follow it).
    again = [load_hand(new_input)] + [h.input for h in current.state.hands[number:]]
    state = fold_stored(match, rs, again, start=current.state.upto(number - 1))
    versions = tuple(v + (n == number) for n, v in enumerate(current.hand_versions(), start=1))
    before = stored.input
    with match_write() as write:
        stored.input = new_input
        stored.version += 1
        _hands_changed(match)
        write.summarise(match, state, rs)
        logged = new_input if reason is None else {**new_input, "reason": reason}
        write.log(match, "hand_edited", actor_id, number, before=before, after=logged)
        written = (match.id, match.created_at, match.revision)
    memos = _memos(current, number - 1, len(state.hands))
    return state.hands[number - 1], _written(written, MatchView(match, rs, state, versions, memos))


def delete_last_hand(
    match: Match, number: int, actor_id: int | None = None, current: MatchView | None = None
) -> MatchView:
    """Delete hand ``number``, which must be the last; a match it had finished is open again.
    ``current``: the view of ``match`` the caller already has (nothing is scored again).

    :raise NotFound: no such hand. :raise Conflict: it is not the last hand.
    """
    stored = _hand(match, number)
    if number != len(match.hands):
        raise Conflict(N_("Only the last hand ({last}) can be deleted."), last=len(match.hands))
    return _remove_last(match, stored, "hand_deleted", actor_id, current)


def _remove_last(
    match: Match,
    stored: Hand,
    action: str,
    actor_id: int | None,
    current: MatchView | None = None,
    unlocked: bool | None = None,
) -> MatchView:
    """Remove the last hand (``unlocked``: and set whether the finished match is open for editing)."""
    before = stored.input
    current = _current(match, current)
    # Without the last hand: the results of the others as they were.
    count = len(current.state.hands) - 1
    # (a settled match stays settled: it ends as it stands without that hand)
    fewer = fold_stored(match, current.ruleset, [], start=current.state.upto(count))
    after = MatchView(
        match, current.ruleset, fewer, current.hand_versions()[:count], _memos(current, count, count)
    )
    with match_write() as write:
        if unlocked is not None:
            match.unlocked = unlocked
        match.hands.remove(stored)
        db.session.delete(stored)
        _hands_changed(match)
        write.summarise(match, after.state, after.ruleset)
        write.log(match, action, actor_id, stored.number, before=before)
        written = (match.id, match.created_at, match.revision)
    return _written(written, after)


def undoable_hand(match: Match) -> int | None:
    """The hand that "Undo" takes back: the last one, while adding it is the last thing done to
    the match (so until the next hand is entered, or anything else is changed)."""
    latest = db.session.scalar(
        select(EditLog).where(EditLog.match_id == match.id).order_by(EditLog.id.desc()).limit(1)
    )
    return undoable_after(latest, len(match.hands))


def undoable_after(latest: EditLog | None, hand_count: int) -> int | None:
    """:func:`undoable_hand` from the match's newest log entry and its number of hands."""
    if latest is None or latest.action != "hand_added" or latest.hand_number != hand_count:
        return None
    return latest.hand_number


def undo_hand(match: Match, number: int, actor_id: int | None = None) -> MatchView:
    """Take back hand ``number`` just added (recorded as ``hand_undone``, with the hand); undoing the
    hand that finished the match opens it again, even if it was locked as finished.

    :raise Conflict: ``number`` is not :func:`undoable_hand` (already undone, or something was done
        to the match since).
    """
    if number != undoable_hand(match):
        raise Conflict(N_("Hand {number} can no longer be undone."), number=number)
    return _remove_last(match, _hand(match, number), "hand_undone", actor_id, unlocked=False)


def reopen_match(match: Match, actor_id: int | None = None) -> None:
    """Let the owner edit a finished match again (closed by mistake); recorded in the edit log.

    :raise Conflict: the match is not finished, or already open for editing.
    """
    if not is_read_only(match):
        raise Conflict(N_("The match is already open for editing."))
    with match_write() as write:
        match.unlocked = True
        write.log(match, "match_reopened", actor_id)


#: Told of every correction of a match's stored hands (a hand replaced, deleted or undone), inside
#: its unit of work: a club night's table must confirm its result again (:mod:`.events` adds it).
HAND_CHANGE_HOOKS: list[Callable[[Match], None]] = []

#: Why a settled match (its club-night round closed) takes no new hand.
ROUND_CLOSED: Final = N_(
    "The round of this game is closed; no more hands can be entered. The organiser can still correct hands."
)


def _hands_changed(match: Match) -> None:
    for hook in HAND_CHANGE_HOOKS:
        hook(match)


def settle_match(match: Match, at: datetime) -> MatchView:
    """``match`` settled at ``at`` (its club-night round closed): finished as it stands if it had not
    ended by itself, and closed to new hands. Inside a unit of work only; the caller summarises it
    with the returned view."""
    current = view(match)
    match.settled_at = at
    state = fold_stored(match, current.ruleset, [], start=current.state)
    return MatchView(match, current.ruleset, state, current.hand_versions())


#: Checks a match must pass before it may be deleted, each raising :class:`Conflict` (409 in the
#: API, a message on the pages) for a match that must stay. The hook for club-night events: a match
#: of an event is corrected, never deleted, so the events module will add its check here.
DELETE_CHECKS: list[Callable[[Match], None]] = []


def check_deletable(match: Match) -> None:
    """:raise Conflict: a check of :data:`DELETE_CHECKS` keeps ``match``."""
    for check in DELETE_CHECKS:
        check(match)


def delete_match(match: Match) -> None:
    """Delete ``match`` and everything of it: its hands, edit log, share links and idempotency keys
    go, and the players' running totals lose what it counted for; nothing else changes.

    :raise Conflict: the match must stay (:func:`check_deletable`), or another device changed it
        meanwhile (nothing is deleted). The club's log says who deleted which match.
    """
    check_deletable(match)
    sides = " – ".join(side.name for side in match.sides)
    with match_write() as write:
        write.remove(match)
        # The club's log keeps what was deleted, by whom and when (the match's own log goes with it).
        log(match.club_id, actor_or_owner(None, match.club_id), "match_deleted", f"{match.id}", sides)
