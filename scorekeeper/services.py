"""Matches and hands: load from the database, call the rules, persist. Each write commits once,
or rolls back and changes nothing.

Errors: :class:`NotFound` (no such match for this account), :class:`Conflict` (the request clashes
with what is stored: a hand number taken, a finished match, not the last hand), and the rules'
:class:`ValidationError` (the input breaks a rule, with field paths).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from .extensions import db
from .models import Hand, Match, Player, Seat, Side
from .rules import (
    N_,
    FieldError,
    HandInput,
    HandResult,
    MatchState,
    RuleSet,
    UnknownRuleSet,
    ValidationError,
    check_sides,
    fold_match,
    get_ruleset,
    load_hand,
    parse_hand,
)
from .rules.house_rules import is_whole_number

MATCH_KEYS: Final = frozenset({"ruleset", "target", "house_rules", "sides", "first_dealer"})
MAX_ID: Final = 2**31 - 1
MIN_TARGET: Final = 100
MAX_TARGET: Final = 1_000_000


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
    """Fold the stored hands (``hands`` if given, else the match's) through the rules."""
    rs = effective_ruleset(match)
    inputs = [load_hand(h.input) for h in (match.hands if hands is None else hands)]
    return MatchView(match, rs, fold_match(rs, match.target, len(match.sides), inputs))


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


def list_matches(owner_id: int, page: int, per_page: int) -> tuple[list[MatchView], int]:
    """One page of the account's matches, newest first, and how many there are in all."""
    total = db.session.scalar(select(func.count()).select_from(Match).where(Match.owner_id == owner_id))
    matches = db.session.scalars(
        select(Match)
        .where(Match.owner_id == owner_id)
        .order_by(Match.created_at.desc(), Match.id.desc())
        .limit(per_page)
        .offset((page - 1) * per_page)
        .options(selectinload(Match.sides), selectinload(Match.hands))
    ).all()
    return [view(m) for m in matches], total or 0


def _player(owner_id: int, name: str) -> Player:
    player = db.session.scalar(select(Player).where(Player.owner_id == owner_id, Player.name == name))
    if player is None:
        player = Player(owner_id=owner_id, name=name)
        db.session.add(player)
        db.session.flush()
    return player


def check_new_match(data: Any) -> tuple[RuleSet, int, dict[str, Any], list[dict[str, Any]], int]:
    """Validate a new match request (the API's shape).

    :raise ValidationError: every problem, at ``ruleset``, ``target``, ``house_rules.KEY``, ``sides...``.
    """
    if not isinstance(data, Mapping):
        raise ValidationError([FieldError("_", N_("A match must be a JSON object."))])
    errors: list[FieldError] = [
        FieldError(str(key), N_("Unknown field.")) for key in sorted(set(data) - MATCH_KEYS, key=str)
    ]
    rs: RuleSet | None = None
    try:
        house_rules = data.get("house_rules")
        rs = get_ruleset(str(data.get("ruleset")), {} if house_rules is None else house_rules)
    except UnknownRuleSet:
        errors.append(FieldError("ruleset", N_("Unknown rule set.")))
    except ValidationError as error:
        errors.extend(error.errors)
    target = data.get("target", rs.target if rs else MIN_TARGET)
    if not is_whole_number(target) or not MIN_TARGET <= target <= MAX_TARGET:
        errors.append(
            FieldError(
                "target",
                N_("Must be a whole number from {minimum} to {maximum}."),
                {"minimum": MIN_TARGET, "maximum": MAX_TARGET},
            )
        )
    players: list[int] = []
    try:
        players = check_sides(data.get("sides"))
    except ValidationError as error:
        errors.extend(error.errors)
    first_dealer = data.get("first_dealer", 0)
    if players and (not is_whole_number(first_dealer) or not 0 <= first_dealer < sum(players)):
        errors.append(
            FieldError(
                "first_dealer", N_("Must be a seat number from 0 to {last}."), {"last": sum(players) - 1}
            )
        )
    if errors or rs is None:
        raise ValidationError(errors)
    sides = [{"name": s["name"].strip(), "players": [p.strip() for p in s["players"]]} for s in data["sides"]]
    return rs, int(target), dict(data.get("house_rules") or {}), sides, int(first_dealer)


def create_match(owner_id: int, data: Any) -> Match:
    """Create and commit a match. :raise ValidationError: see :func:`check_new_match`."""
    rs, target, house_rules, sides, first_dealer = check_new_match(data)
    match = Match(
        owner_id=owner_id, ruleset=rs.id, target=target, house_rules=house_rules, first_dealer=first_dealer
    )
    try:
        for position, side in enumerate(sides):
            seats = [
                Seat(position=i, player=_player(owner_id, name)) for i, name in enumerate(side["players"])
            ]
            match.sides.append(Side(position=position, name=side["name"], seats=seats))
        db.session.add(match)
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
    return match


def _parse(mv: MatchView, data: Any, number: int) -> HandInput:
    return parse_hand(mv.ruleset, data, mv.players, expected_number=number)


def _commit_or_conflict(number: int) -> None:
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise Conflict(
            N_("Hand {number} was already entered, perhaps from another device."), number=number
        ) from None


def add_hand(match: Match, data: Any) -> tuple[HandResult, MatchView]:
    """Store the next hand of ``match``.

    :raise Conflict: a hand with this number exists, or the match is finished.
    :raise ValidationError: the hand breaks a rule (nothing is stored).
    """
    current = view(match)
    number: Any = data.get("number") if isinstance(data, Mapping) else None
    if is_whole_number(number) and 1 <= number <= len(match.hands):
        raise Conflict(N_("Hand {number} was already entered, perhaps from another device."), number=number)
    if current.state.finished:
        raise Conflict(N_("The match is over; no more hands can be entered."))
    hand = _parse(current, data, current.state.next_number)
    stored = Hand(number=hand.number, input=hand.to_json([f.code for f in current.ruleset.flags]))
    match.hands.append(stored)
    _commit_or_conflict(hand.number)
    after = view(match)
    return after.state.hands[-1], after


def _hand(match: Match, number: int) -> Hand:
    for hand in match.hands:
        if hand.number == number:
            return hand
    raise NotFound(number)


def replace_hand(match: Match, number: int, data: Any) -> tuple[HandResult, MatchView]:
    """Replace hand ``number``; every later total and the result are recomputed.

    :raise NotFound: no such hand. :raise ValidationError: the hand breaks a rule, or the change
        would end the match before hands that follow it.
    """
    stored = _hand(match, number)
    current = view(match)
    hand = _parse(current, data, number)
    new_input = hand.to_json([f.code for f in current.ruleset.flags])
    inputs = [hand if h.number == number else load_hand(h.input) for h in match.hands]
    fold_match(current.ruleset, match.target, len(match.sides), inputs)  # raises if it ends early
    stored.input = new_input
    stored.version += 1
    db.session.commit()
    after = view(match)
    return after.state.hands[number - 1], after


def delete_last_hand(match: Match, number: int) -> MatchView:
    """Delete hand ``number``, which must be the last; a match it had finished is open again.

    :raise NotFound: no such hand. :raise Conflict: it is not the last hand.
    """
    stored = _hand(match, number)
    if number != len(match.hands):
        raise Conflict(N_("Only the last hand ({last}) can be deleted."), last=len(match.hands))
    match.hands.remove(stored)
    db.session.delete(stored)
    db.session.commit()
    return view(match)
