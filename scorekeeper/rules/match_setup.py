"""A new match as the players asked for it, read from plain data and checked.

:func:`check_new_match` is the one way in (the API's JSON shape, also what the new-match form and an
import build): it returns a :class:`MatchSetup`, or raises :class:`ValidationError` listing every
problem with its field path.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from .errors import N_, ErrorCollector, UnknownRuleSet, ValidationError
from .house_rules import is_whole_number
from .model import RuleSet
from .registry import get_ruleset
from .text import UNSTORABLE_MESSAGE, storable

MIN_SIDES: Final = 2
MAX_SIDES: Final = 3
MAX_PLAYERS_PER_SIDE: Final = 3
MAX_NAME: Final = 60
MIN_TARGET: Final = 100
MAX_TARGET: Final = 1_000_000

MATCH_KEYS: Final = frozenset({"ruleset", "target", "house_rules", "sides", "first_dealer"})
SIDE_KEYS: Final = frozenset({"name", "players"})


@dataclass(frozen=True)
class SideSetup:
    """A side's name and its players' names, in seating order, trimmed."""

    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class MatchSetup:
    """A checked new match: its effective rule set, the ``house_rules`` that made it, and seats."""

    ruleset: RuleSet
    target: int
    house_rules: Mapping[str, Any]
    sides: tuple[SideSetup, ...]
    first_dealer: int

    @property
    def seat_counts(self) -> list[int]:
        """How many players each side has."""
        return [len(side.players) for side in self.sides]


def check_new_match(data: Any, *, sides_of_ruleset: bool = True) -> MatchSetup:
    """Read and check a new match. ``sides_of_ruleset``: refuse more sides than the rule set is
    played by (:attr:`RuleSet.max_sides`; an import of matches already played passes ``False``).

    :raise ValidationError: every problem, at ``ruleset``, ``target``, ``house_rules.KEY``,
        ``first_dealer``, ``sides...`` or ``_``.
    """
    errors = ErrorCollector()
    if not isinstance(data, Mapping):
        errors.add("_", N_("A match must be a JSON object."))
        errors.raise_if_any()
    for key in sorted(set(data) - MATCH_KEYS, key=str):
        errors.add(str(key), N_("Unknown field."))
    rs = _ruleset(errors, data.get("ruleset"), data.get("house_rules"))
    target = _target(errors, data.get("target", rs.target if rs else MIN_TARGET))
    players: list[int] = []
    try:
        players = check_sides(data.get("sides"))
    except ValidationError as error:
        errors.errors.extend(error.errors)
    if rs is not None and sides_of_ruleset and len(players) > rs.max_sides:
        errors.add("sides", N_("{ruleset} is played by {count} sides."), ruleset=rs.name, count=rs.max_sides)
    first_dealer = data.get("first_dealer", 0)
    if players:
        _check_first_dealer(errors, first_dealer, sum(players))
    if errors.errors or rs is None:
        raise ValidationError(errors.errors)
    sides = tuple(
        SideSetup(side["name"].strip(), tuple(p.strip() for p in side["players"])) for side in data["sides"]
    )
    return MatchSetup(rs, target, dict(data.get("house_rules") or {}), sides, int(first_dealer))


def _ruleset(errors: ErrorCollector, ruleset_id: Any, house_rules: Any) -> RuleSet | None:
    """The rule set ``ruleset_id`` with ``house_rules`` applied, or ``None`` with the errors noted."""
    try:
        return get_ruleset(str(ruleset_id), {} if house_rules is None else house_rules)
    except UnknownRuleSet:
        errors.add("ruleset", N_("Unknown rule set."))
    except ValidationError as error:
        errors.errors.extend(error.errors)
    return None


def _target(errors: ErrorCollector, target: Any) -> int:
    if not is_whole_number(target) or not MIN_TARGET <= target <= MAX_TARGET:
        errors.add(
            "target",
            N_("Must be a whole number from {minimum} to {maximum}."),
            minimum=MIN_TARGET,
            maximum=MAX_TARGET,
        )
        return 0
    return int(target)


def _check_first_dealer(errors: ErrorCollector, first_dealer: Any, seats: int) -> None:
    if not is_whole_number(first_dealer) or not 0 <= first_dealer < seats:
        errors.add("first_dealer", N_("Must be a seat number from 0 to {last}."), last=seats - 1)


def check_sides(sides: Any) -> list[int]:
    """Players per side for a new match: 2 or 3 sides of 1 to 3 named players, each player on one
    side only.

    :raise ValidationError: at ``sides``, ``sides.I``, ``sides.I.name`` or ``sides.I.players...``.
    """
    errors = ErrorCollector()
    if not isinstance(sides, list) or not MIN_SIDES <= len(sides) <= MAX_SIDES:
        errors.add("sides", N_("A match has 2 or 3 sides."))
        errors.raise_if_any()
    counts = [_check_side(errors, side, f"sides.{i}") for i, side in enumerate(sides)]
    if not errors.errors:
        _check_one_side_each(errors, sides)
    errors.raise_if_any()
    return [count for count in counts if count is not None]


def _check_side(errors: ErrorCollector, side: Any, path: str) -> int | None:
    """How many players the side has, or ``None`` if it has no list of 1 to 3 players."""
    if not isinstance(side, Mapping):
        errors.add(path, N_("Each side must be an object with a name and players."))
        return None
    for key in sorted(set(side) - SIDE_KEYS, key=str):
        errors.add(f"{path}.{key}", N_("Unknown field."))
    _check_name(errors, side.get("name"), f"{path}.name", N_("Give the side a name."))
    players = side.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= MAX_PLAYERS_PER_SIDE:
        errors.add(f"{path}.players", N_("A side has 1 to 3 players."))
        return None
    for j, player in enumerate(players):
        _check_name(errors, player, f"{path}.players.{j}", N_("Give the player a name."))
    return len(players)


def _check_name(errors: ErrorCollector, name: Any, path: str, missing: str) -> None:
    """A side's or a player's name: some text, storable, at most :data:`MAX_NAME` once trimmed."""
    if not isinstance(name, str) or not name.strip():
        errors.add(path, missing)
    elif not storable(name):
        errors.add(path, UNSTORABLE_MESSAGE)
    elif len(name.strip()) > MAX_NAME:
        errors.add(path, N_("At most {maximum} characters."), maximum=MAX_NAME)


def _check_one_side_each(errors: ErrorCollector, sides: Sequence[Mapping[str, Any]]) -> None:
    """No player sits at two seats (names compared trimmed, ignoring case)."""
    everyone = [player.strip().casefold() for side in sides for player in side["players"]]
    if len(set(everyone)) != len(everyone):
        errors.add("sides", N_("A player can play for only one side."))
