"""Matches and hands: load from the database, call the rules, persist. Each write commits once,
or rolls back and changes nothing.

Errors: :class:`NotFound` (no such match for this account), :class:`Conflict` (the request clashes
with what is stored: a hand number taken, a finished match, not the last hand), and the rules'
:class:`ValidationError` (the input breaks a rule, with field paths).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Final

from flask_sqlalchemy.pagination import Pagination
from sqlalchemy import inspect, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import selectinload
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.exc import StaleDataError

from . import once as once_store
from . import totals
from .extensions import db
from .models import EditLog, Hand, Match, Player, Seat, ShareLink, Side, SideCanasta, User, utcnow
from .once import Once
from .rules import (
    N_,
    FieldError,
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
from .rules.house_rules import is_whole_number
from .rules.match_setup import MAX_NAME
from .stats import side_figures

MAX_ID: Final = 2**31 - 1
#: Pages of a list of matches: no account has more matches than ids, and the offset a page needs
#: stays far inside the databases' 64-bit integers.
MAX_PAGE: Final = MAX_ID
#: Two devices creating matches with the same new player race to add it; the loser tries again.
CREATE_ATTEMPTS: Final = 3
#: SQLSTATEs of losing a race for locks: deadlock, serialization failure, lock not available.
CONTENTION: Final = frozenset({"40P01", "40001", "55P03"})


class NotFound(LookupError):
    """No such match (or hand) for this account."""


class Conflict(RuntimeError):
    """The request clashes with the stored state; ``message`` is translatable with ``params``."""

    def __init__(self, message: str, **params: Any) -> None:
        self.message = message
        self.params = params
        super().__init__(message.format(**params))


@dataclass(frozen=True)
class MatchView:
    """A stored match with its effective rule set and everything derived from its hands."""

    match: Match
    ruleset: RuleSet
    state: MatchState

    @property
    def players(self) -> list[int]:
        return [len(side.seats) for side in self.match.sides]


def effective_ruleset(match: Match) -> RuleSet:
    return get_ruleset(match.ruleset, match.house_rules)


def view(match: Match, hands: Sequence[Hand] | None = None) -> MatchView:
    """Fold the stored hands (``hands`` if given, else the match's) through the rules.

    A request folds a match once: the writes below take the view a route already has (``current``)
    and score only the hands that change, never the whole match again.
    """
    rs = effective_ruleset(match)
    inputs = [load_hand(h.input) for h in (match.hands if hands is None else hands)]
    return MatchView(match, rs, fold_match(rs, match.target, len(match.sides), inputs))


def _given(match: Match, current: MatchView | None) -> MatchView | None:
    """``current``, the view of ``match`` the caller already folded in this request (or ``None``).

    :raise ValueError: it is the view of another match.
    """
    if current is not None and current.match is not match:
        raise ValueError("current is the view of another match")
    return current


def _current(match: Match, current: MatchView | None) -> MatchView:
    """``current`` (see :func:`_given`), or the match folded now."""
    return _given(match, current) or view(match)


def _committed(match: Match, rs: RuleSet, state: MatchState, inputs: list[dict[str, Any]]) -> MatchView:
    """The view of ``match`` after the commit, which expired it: ``state`` (folded before the commit
    from the stored ``inputs``) if the hands read again are still those, else folded again (another
    device changed the match in between). So the hands' rows and their results always agree."""
    if [hand.input for hand in match.hands] == inputs:
        return MatchView(match, rs, state)
    return view(match)


def get_match(owner_id: int, match_id: int) -> Match:
    """:raise NotFound: no match ``match_id`` belongs to ``owner_id``."""
    if not 1 <= match_id <= MAX_ID:  # a number the database's integers cannot hold is no match
        raise NotFound(match_id)
    match: Match | None = db.session.scalar(
        select(Match)
        .where(Match.id == match_id, Match.owner_id == owner_id)
        .options(selectinload(Match.sides), selectinload(Match.hands))
    )
    if match is None:
        raise NotFound(match_id)
    return match


def list_matches(owner_id: int, page: int, per_page: int) -> tuple[list[MatchView], Pagination]:
    """Page ``page`` (1 to :data:`MAX_PAGE`) of the account's matches, newest first, folded, and where
    it stands among all pages (``total``, ``pages``); past the last page, no match."""
    statement = (
        select(Match)
        .where(Match.owner_id == owner_id)
        .order_by(Match.created_at.desc(), Match.id.desc())
        .options(selectinload(Match.sides), selectinload(Match.hands))
    )
    result = db.paginate(statement, page=page, per_page=per_page, error_out=False)
    return [view(m) for m in result.items], result


def _player(owner_id: int, name: str) -> Player:
    player = db.session.scalar(select(Player).where(Player.owner_id == owner_id, Player.name == name))
    if player is None:
        player = Player(owner_id=owner_id, name=name)
        db.session.add(player)
        db.session.flush()
    return player


def create_match(owner_id: int, data: Any) -> Match:
    """Create and commit a match. :raise ValidationError: see :func:`~.rules.check_new_match`."""
    setup = check_new_match(data)
    for attempt in range(CREATE_ATTEMPTS):
        match = Match(
            owner_id=owner_id,
            ruleset=setup.ruleset.id,
            target=setup.target,
            house_rules=dict(setup.house_rules),
            first_dealer=setup.first_dealer,
        )
        try:
            # Players are found or added in name order: two devices adding the same new players
            # then wait for each other in one order (in seating order they could deadlock).
            players = {
                name: _player(owner_id, name) for name in sorted({n for s in setup.sides for n in s.players})
            }
            for position, side in enumerate(setup.sides):
                seats = [Seat(position=i, player=players[name]) for i, name in enumerate(side.players)]
                match.sides.append(Side(position=position, name=side.name, seats=seats))
            db.session.add(match)
            _summarise(match, fold_match(setup.ruleset, setup.target, len(setup.sides), []), setup.ruleset)
            record(match, "match_created")
            db.session.commit()
            return match
        except IntegrityError:
            # Another request added one of these players meanwhile: start again, finding it this time.
            db.session.rollback()
            if attempt == CREATE_ATTEMPTS - 1:
                raise
        except Exception:
            db.session.rollback()
            raise
    raise AssertionError("unreachable")


def _summarise(match: Match, state: MatchState, rs: RuleSet | None = None) -> None:
    """Rewrite the match's summary columns and its sides' figures from its folded ``state`` (in the
    caller's transaction). Every change to a match's hands calls it: the statistics read only these
    and the running totals (:mod:`scorekeeper.totals`), which follow at the next flush: none may
    come between what the totals note first and the end of the change. ``rs``: the match's
    effective rule set, if the caller has it."""
    _load_canastas(match.sides)
    with db.session.no_autoflush:
        totals.remember(match)
        match.finished = state.finished
        match.winner = state.winner
        match.hand_count = len(state.hands)
        match.totals = list(state.totals)
        figures_of = side_figures(rs or effective_ruleset(match), state)
        for side, figures in zip(match.sides, figures_of, strict=True):
            side.points = figures.points
            side.went_out = figures.went_out
            side.penalty_count = figures.penalty_count
            side.penalty_points = figures.penalty_points
            side.best_score = figures.best_score
            side.best_hand = figures.best_hand
            _store_canastas(side, figures.canastas)


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


def record(
    match: Match,
    action: str,
    actor_id: int | None = None,
    hand_number: int | None = None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> None:
    """Log ``action`` on ``match`` (by ``actor_id``, the owner by default) and bump its revision;
    the caller commits."""
    with db.session.no_autoflush:  # every change reaches the database at the guarded commit
        match.revision = (match.revision or 0) + 1
        match.log.append(
            EditLog(
                user_id=actor_id if actor_id is not None else match.owner_id,
                action=action,
                hand_number=hand_number,
                before=before,
                after=after,
            )
        )


def is_read_only(match: Match) -> bool:
    """A finished match is read-only until its owner chooses to continue editing it."""
    return match.finished and not match.unlocked


def _parse(mv: MatchView, data: Any, number: int) -> HandInput:
    return parse_hand(mv.ruleset, data, mv.players, expected_number=number)


def commit_or_conflict(number: int | None = None) -> None:
    """Commit; if another device changed the match meanwhile, roll back and raise :class:`Conflict`
    (for a new hand ``number``, say that this hand number was taken)."""
    try:
        with lock_race_is_conflict():
            db.session.commit()
    except (IntegrityError, StaleDataError):
        db.session.rollback()
        if number is not None:
            raise Conflict(
                N_("Hand {number} was already entered, perhaps from another device."), number=number
            ) from None
        raise Conflict(
            N_("The match was changed on another device meanwhile; check it and try again.")
        ) from None


@contextmanager
def lock_race_is_conflict() -> Iterator[None]:
    """Turn a write that lost a race for locks into a :class:`Conflict`, after rolling it back:
    PostgreSQL gave up on a deadlock, a serialization failure or a lock not available, or SQLite's
    database stayed locked past its busy timeout. Nothing was changed, and trying again can work."""
    try:
        yield
    except OperationalError as error:
        lost = getattr(error.orig, "sqlstate", None) in CONTENTION or "database is locked" in str(error.orig)
        if not lost:
            raise
        db.session.rollback()
        raise Conflict(
            N_("Another device was saving at the same moment; nothing was changed, try again.")
        ) from None


def add_hand(
    match: Match,
    data: Any,
    actor_id: int | None = None,
    once: Once | None = None,
    current: MatchView | None = None,
) -> tuple[HandResult, MatchView]:
    """Store the next hand of ``match``; with ``once``, at most once for its key (see
    :mod:`scorekeeper.once`: the key is stored in the same transaction as the hand). ``current``:
    the view of ``match`` the caller already has (else it is folded here); only the new hand is
    scored on top of it.

    :raise AlreadyDone: ``once``'s key was used already (nothing is stored); also when a request
        with the same key wins a race with this one.
    :raise Conflict: a hand with this number exists, or the match is finished.
    :raise ValidationError: the hand breaks a rule (nothing is stored).
    """
    if once is None:
        return _add_hand(_current(match, current), data, actor_id, None)
    once_store.check(once)
    try:
        added = _add_hand(_current(match, current), data, actor_id, once)
    except Conflict:
        once_store.check(once)  # lost a race to a request with the same key: that one's answer
        raise
    once_store.forget_old(once.user_id)
    return added


def _add_hand(
    current: MatchView, data: Any, actor_id: int | None, once: Once | None
) -> tuple[HandResult, MatchView]:
    match, rs = current.match, current.ruleset
    number: Any = data.get("number") if isinstance(data, Mapping) else None
    if is_whole_number(number) and 1 <= number <= len(match.hands):
        raise Conflict(N_("Hand {number} was already entered, perhaps from another device."), number=number)
    if current.state.finished:
        raise Conflict(N_("The match is over; no more hands can be entered."))
    hand = _parse(current, data, current.state.next_number)
    stored = Hand(number=hand.number, input=hand.to_json(rs.flag_codes), version=1)
    # The new hand as it will be read back (load_hand of what is stored), scored after the others.
    state = fold_match(rs, match.target, len(match.sides), [load_hand(stored.input)], start=current.state)
    with db.session.no_autoflush:  # one INSERT, at the commit that may find the number taken
        match.hands.append(stored)
        inputs = [h.input for h in match.hands]
        _summarise(match, state, rs)
        match.unlocked = False
        record(match, "hand_added", actor_id, hand.number, after=stored.input)
        if once is not None:
            before_commit = MatchView(match, rs, state)
            answer = once.answer(state.hands[-1], before_commit) if once.answer is not None else None
            once_store.remember(once, match.id, hand.number, answer)
    commit_or_conflict(hand.number)
    return state.hands[-1], _committed(match, rs, state, inputs)


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
) -> tuple[HandResult, MatchView]:
    """Replace hand ``number``; every later total and the result are recomputed.

    ``expected_version``, when given, is the hand's version the editor started from. ``current``:
    the view of ``match`` the caller already has; then only hand ``number`` and those after it are
    scored again (without it, every hand is scored once).

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
    current = _given(match, current)
    rs = current.ruleset if current is not None else effective_ruleset(match)
    hand = parse_hand(rs, data, [len(side.seats) for side in match.sides], expected_number=number)
    new_input = hand.to_json(rs.flag_codes)
    inputs = [new_input if h.number == number else h.input for h in match.hands]
    # Hands before ``number`` keep their results; it and those after it are scored (and the fold
    # raises if the change ends the match before hands that follow it).
    start = current.state.upto(number - 1) if current is not None else None
    again = [load_hand(i) for i in inputs[(number - 1 if current is not None else 0) :]]
    state = fold_match(rs, match.target, len(match.sides), again, start=start)
    before = stored.input
    stored.input = new_input
    stored.version += 1
    _summarise(match, state, rs)
    record(match, "hand_edited", actor_id, number, before=before, after=new_input)
    commit_or_conflict()
    return state.hands[number - 1], _committed(match, rs, state, inputs)


def delete_last_hand(
    match: Match, number: int, actor_id: int | None = None, current: MatchView | None = None
) -> MatchView:
    """Delete hand ``number``, which must be the last; a match it had finished is open again.
    ``current``: the view of ``match`` the caller already has (then nothing is scored again).

    :raise NotFound: no such hand. :raise Conflict: it is not the last hand.
    """
    stored = _hand(match, number)
    if number != len(match.hands):
        raise Conflict(N_("Only the last hand ({last}) can be deleted."), last=len(match.hands))
    return _remove_last(match, stored, "hand_deleted", actor_id, current)


def _remove_last(
    match: Match, stored: Hand, action: str, actor_id: int | None, current: MatchView | None = None
) -> MatchView:
    before = stored.input
    current = _given(match, current)
    # Without the last hand: the results of the others as they were, or the others folded once.
    after = (
        MatchView(match, current.ruleset, current.state.upto(len(match.hands) - 1))
        if current is not None
        else view(match, match.hands[:-1])
    )
    match.hands.remove(stored)
    db.session.delete(stored)
    inputs = [h.input for h in match.hands]
    _summarise(match, after.state, after.ruleset)
    record(match, action, actor_id, stored.number, before=before)
    commit_or_conflict()
    return _committed(match, after.ruleset, after.state, inputs)


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
    match.unlocked = False
    return _remove_last(match, _hand(match, number), "hand_undone", actor_id)


def reopen_match(match: Match, actor_id: int | None = None) -> None:
    """Let the owner edit a finished match again (closed by mistake); recorded in the edit log.

    :raise Conflict: the match is not finished, or already open for editing.
    """
    if not is_read_only(match):
        raise Conflict(N_("The match is already open for editing."))
    match.unlocked = True
    record(match, "match_reopened", actor_id)
    commit_or_conflict()


# --- Share links -------------------------------------------------------------------------------


def active_share_link(match: Match) -> ShareLink | None:
    return next((link for link in match.share_links if link.revoked_at is None), None)


def create_share_link(match: Match, actor_id: int | None = None) -> ShareLink:
    """The match's live read-only link, made now unless one is already active."""
    link = active_share_link(match)
    if link is None:
        link = ShareLink(token=secrets.token_urlsafe(24))
        match.share_links.append(link)
        record(match, "share_created", actor_id)
        commit_or_conflict()
    return link


def revoke_share_link(match: Match, actor_id: int | None = None) -> bool:
    """Revoke the active link (its URL then answers 404); False if there was none."""
    link = active_share_link(match)
    if link is None:
        return False
    link.revoked_at = utcnow()
    record(match, "share_revoked", actor_id)
    commit_or_conflict()
    return True


def shared_match(token: str) -> Match:
    """The match behind an active share token. :raise NotFound: unknown or revoked token."""
    link = db.session.scalar(
        select(ShareLink).where(ShareLink.token == token, ShareLink.revoked_at.is_(None))
    )
    if link is None:
        raise NotFound(token)
    return get_match(link.match.owner_id, link.match_id)


# --- Players -----------------------------------------------------------------------------------


def players_of(owner_id: int) -> list[Player]:
    return list(db.session.scalars(select(Player).where(Player.owner_id == owner_id).order_by(Player.name)))


def get_player(owner_id: int, player_id: int) -> Player:
    """:raise NotFound: no such player in this account."""
    player = db.session.get(Player, player_id) if 1 <= player_id <= MAX_ID else None
    if player is None or player.owner_id != owner_id:
        raise NotFound(player_id)
    return player


def rename_player(owner_id: int, player_id: int, name: Any) -> Player:
    """Give a player a new name.

    :raise NotFound: not this account's player. :raise ValidationError: at ``name`` (empty, too long,
        or another player's name: merge them instead).
    """
    player = get_player(owner_id, player_id)
    clean = name.strip() if isinstance(name, str) else ""
    if not clean or len(clean) > MAX_NAME:
        raise ValidationError(
            [
                FieldError(
                    "name", N_("Give the player a name of 1 to {maximum} characters."), {"maximum": MAX_NAME}
                )
            ]
        )
    other = db.session.scalar(select(Player).where(Player.owner_id == owner_id, Player.name == clean))
    if other is not None and other.id != player.id:
        raise ValidationError(
            [FieldError("name", N_("{name} already exists: merge the two players instead."), {"name": clean})]
        )
    player.name = clean
    _bump_roster(owner_id)
    db.session.commit()
    return player


def _bump_roster(owner_id: int) -> None:
    """Player names changed: pages cached by browsers (ETag) must be sent again."""
    db.session.execute(
        update(User).where(User.id == owner_id).values(roster_revision=User.roster_revision + 1)
    )


def merge_players(owner_id: int, keep_id: int, merge_id: int) -> Player:
    """Move every seat of player ``merge_id`` to ``keep_id`` and delete ``merge_id``.

    :raise NotFound: either is not this account's player. :raise ValidationError: at ``merge``
        when they are the same player, or both sat in one match (one person cannot play twice).
    :raise Conflict: another device was saving into those matches at the same moment (nothing
        changed).
    """
    keep, gone = get_player(owner_id, keep_id), get_player(owner_id, merge_id)
    if keep.id == gone.id:
        raise ValidationError([FieldError("merge", N_("Choose two different players."))])
    seats_gone = list(db.session.scalars(select(Seat).where(Seat.player_id == gone.id)))
    keep_matches = set(
        db.session.scalars(
            select(Side.match_id).join(Seat, Seat.side_id == Side.id).where(Seat.player_id == keep.id)
        )
    )
    gone_matches = {db.session.get(Side, seat.side_id).match_id for seat in seats_gone}  # type: ignore[union-attr]
    if keep_matches & gone_matches:
        raise ValidationError(
            [FieldError("merge", N_("Both played in the same match, so they are two people."))]
        )
    with lock_race_is_conflict():
        for seat in seats_gone:
            seat.player_id = keep.id
        # The matches whose seats move are changed: a device saving a hand into one of them now gets
        # a conflict instead of counting it for the player that is going away.
        db.session.execute(
            update(Match).where(Match.id.in_(gone_matches)).values(revision=Match.revision + 1)
        )
        db.session.flush()
        totals.rebuild(db.session.connection(), owner_id)  # the totals of both, and of their partners
        db.session.delete(gone)
        _bump_roster(owner_id)
        commit_or_conflict()
    return keep
