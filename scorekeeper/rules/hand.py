"""A hand as the players entered it, read from plain data and checked against a rule set.

:func:`parse_hand` is the one way in: it accepts the API's JSON shape (also what the forms build),
returns a normalised :class:`HandInput`, or raises :class:`ValidationError` listing every problem
with its field path. Nothing here scores; see :mod:`.scoring`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from .cards import CANASTA_SIZE, CARD_GROUP_BY_CODE, POINT_STEP, deck_cards, deck_points, min_canasta_points
from .errors import N_, ErrorCollector
from .house_rules import is_whole_number
from .model import RuleSet
from .sets import ALL_FLAG_CODES

CUSTOM: Final = "custom"
MAX_PENALTY_COUNT: Final = 99
MAX_CUSTOM_POINTS: Final = 10_000
MAX_DESCRIPTION: Final = 200
MIN_SIDES: Final = 2
MAX_SIDES: Final = 3
MAX_PLAYERS_PER_SIDE: Final = 3
MAX_NAME: Final = 60

HAND_KEYS: Final = frozenset({"number", "went_out", "going_out_kind", "sides"})
SIDE_KEYS: Final = frozenset({"melds", "hand", "red_threes", "canastas", "penalties"})


@dataclass(frozen=True)
class PenaltyEntry:
    """``count`` times the rule set's penalty ``code``, or a ``custom`` one of ``points``."""

    code: str
    count: int = 1
    points: int | None = None
    description: str = ""

    def to_json(self) -> dict[str, Any]:
        if self.code == CUSTOM:
            return {
                "code": CUSTOM,
                "count": self.count,
                "points": self.points,
                "description": self.description,
            }
        return {"code": self.code, "count": self.count}


@dataclass(frozen=True)
class SideHand:
    """What one side entered: card points, red threes, canastas by kind, flags and penalties."""

    melds: int = 0
    hand: int = 0
    red_threes: int = 0
    canastas: Mapping[str, int] = field(default_factory=dict)
    flags: frozenset[str] = frozenset()
    penalties: tuple[PenaltyEntry, ...] = ()

    def canasta_count(self, code: str) -> int:
        return self.canastas.get(code, 0)


@dataclass(frozen=True)
class HandInput:
    """One hand of a match; ``went_out`` is a side index or ``None`` (nobody went out)."""

    number: int
    went_out: int | None
    going_out_kind: str | None
    sides: tuple[SideHand, ...]

    def to_json(self, flag_codes: Sequence[str] = ()) -> dict[str, Any]:
        """The normalised input, in the API's shape; every flag of ``flag_codes`` is written out."""
        sides = []
        for side in self.sides:
            data: dict[str, Any] = {
                "melds": side.melds,
                "hand": side.hand,
                "red_threes": side.red_threes,
                "canastas": {code: n for code, n in side.canastas.items() if n},
            }
            for code in sorted(set(flag_codes) | side.flags):
                data[code] = code in side.flags
            data["penalties"] = [p.to_json() for p in side.penalties]
            sides.append(data)
        return {
            "number": self.number,
            "went_out": self.went_out,
            "going_out_kind": self.going_out_kind,
            "sides": sides,
        }


def _points(errors: ErrorCollector, data: Mapping[str, Any], key: str, path: str) -> int:
    """A non-negative multiple of 5 at ``data[key]`` (0 when missing)."""
    value = data.get(key, 0)
    if not is_whole_number(value):
        errors.add(path, N_("Must be a whole number of points."))
        return 0
    if value < 0:
        errors.add(path, N_("Must not be negative."))
        return 0
    if value % POINT_STEP:
        errors.add(path, N_("Must be a multiple of {step}."), step=POINT_STEP)
        return 0
    return int(value)


def _count(errors: ErrorCollector, value: Any, path: str, maximum: int, minimum: int = 0) -> int:
    if not is_whole_number(value):
        errors.add(path, N_("Must be a whole number."))
        return 0
    if not minimum <= value <= maximum:
        errors.add(path, N_("Must be from {minimum} to {maximum}."), minimum=minimum, maximum=maximum)
        return 0
    return int(value)


def _penalty(errors: ErrorCollector, rs: RuleSet, data: Any, path: str) -> PenaltyEntry | None:
    if not isinstance(data, Mapping):
        errors.add(path, N_("Each penalty must be an object with a code."))
        return None
    code: Any = data.get("code")
    known = code == CUSTOM or (isinstance(code, str) and rs.penalty(code) is not None)
    if not known:
        errors.add(f"{path}.code", N_("Unknown penalty for {ruleset}."), ruleset=rs.name)
        return None
    allowed = {"code", "count"} | ({"points", "description"} if code == CUSTOM else set())
    for key in sorted(set(data) - allowed, key=str):
        errors.add(f"{path}.{key}", N_("Unknown field."))
    count = _count(errors, data.get("count", 1), f"{path}.count", MAX_PENALTY_COUNT, minimum=1)
    if code != CUSTOM:
        return PenaltyEntry(code, count)
    points: Any = data.get("points")
    if not is_whole_number(points) or not POINT_STEP <= points <= MAX_CUSTOM_POINTS:
        errors.add(
            f"{path}.points",
            N_("Must be a whole number of points from {minimum} to {maximum}."),
            minimum=POINT_STEP,
            maximum=MAX_CUSTOM_POINTS,
        )
        points = None
    elif points % POINT_STEP:
        errors.add(f"{path}.points", N_("Must be a multiple of {step}."), step=POINT_STEP)
        points = None
    description = data.get("description", "")
    if not isinstance(description, str) or not description.strip():
        errors.add(f"{path}.description", N_("Say what the custom penalty is for."))
        description = ""
    elif len(description) > MAX_DESCRIPTION:
        errors.add(f"{path}.description", N_("At most {maximum} characters."), maximum=MAX_DESCRIPTION)
    return PenaltyEntry(CUSTOM, count, points, description.strip()[:MAX_DESCRIPTION])


def _side(errors: ErrorCollector, rs: RuleSet, data: Any, path: str, decks: int) -> SideHand:
    if not isinstance(data, Mapping):
        errors.add(path, N_("Each side must be an object."))
        return SideHand()
    flag_codes = {f.code for f in rs.flags}
    for key in sorted(set(data) - SIDE_KEYS - flag_codes, key=str):
        if data[key] is False and key in ALL_FLAG_CODES:
            continue  # a flag of another rule set, left off: harmless
        errors.add(f"{path}.{key}", N_("Not part of a hand in {ruleset}."), ruleset=rs.name)

    most_points = deck_points(decks)
    melds = _points(errors, data, "melds", f"{path}.melds")
    hand = _points(errors, data, "hand", f"{path}.hand")
    for key, value in (("melds", melds), ("hand", hand)):
        if value > most_points:
            errors.add(
                f"{path}.{key}", N_("More than the {maximum} points the decks hold."), maximum=most_points
            )

    most_red = decks * CARD_GROUP_BY_CODE["red_three"].per_deck
    red_threes = _count(errors, data.get("red_threes", 0), f"{path}.red_threes", most_red)

    canastas: dict[str, int] = {}
    raw = data.get("canastas", {})
    if not isinstance(raw, Mapping):
        errors.add(f"{path}.canastas", N_("Must map canasta kinds to counts."))
        raw = {}
    most_canastas = deck_cards(decks) // CANASTA_SIZE
    for code, n in raw.items():
        kind_path = f"{path}.canastas.{code}"
        if not isinstance(code, str) or rs.canasta_kind(code) is None:
            errors.add(kind_path, N_("Unknown canasta kind for {ruleset}."), ruleset=rs.name)
            continue
        count = _count(errors, n, kind_path, most_canastas)
        if count:
            canastas[code] = count

    flags = set()
    for code in sorted(flag_codes):
        value = data.get(code, False)
        if not isinstance(value, bool):
            errors.add(f"{path}.{code}", N_("Must be true or false."))
        elif value:
            flags.add(code)

    raw_penalties = data.get("penalties", [])
    penalties: list[PenaltyEntry] = []
    if not isinstance(raw_penalties, list):
        errors.add(f"{path}.penalties", N_("Must be a list of penalties."))
    else:
        for i, item in enumerate(raw_penalties):
            entry = _penalty(errors, rs, item, f"{path}.penalties.{i}")
            if entry is not None:
                penalties.append(entry)
    return SideHand(melds, hand, red_threes, canastas, frozenset(flags), tuple(penalties))


def _check_going_out(errors: ErrorCollector, rs: RuleSet, hand: HandInput, players: Sequence[int]) -> None:
    """The side that went out had what the rule set requires; flags sit only where they may."""
    if hand.went_out is None:
        if hand.going_out_kind is not None:
            errors.add("going_out_kind", N_("Nobody went out, so there is no going-out kind."))
    else:
        side = hand.sides[hand.went_out]
        path = f"sides.{hand.went_out}.canastas"
        requirement = rs.going_out_requirement
        plain = sum(
            n for code, n in side.canastas.items() if not getattr(rs.canasta_kind(code), "escala", False)
        )
        if plain < requirement.min_canastas:
            errors.add(
                path,
                N_("To go out in {ruleset} a side needs at least {count} canasta(s)."),
                ruleset=rs.name,
                count=requirement.min_canastas,
            )
        for code, needed in requirement.kinds.items():
            if side.canasta_count(code) < needed:
                errors.add(
                    path,
                    N_("To go out in {ruleset} a side needs at least {count} canasta(s) of kind {kind}."),
                    ruleset=rs.name,
                    count=needed,
                    kind=code,
                )
        kind = rs.going_out_kind(hand.going_out_kind or "")
        if kind is not None and kind.needs_partner and players[hand.went_out] == 1:
            errors.add(
                "going_out_kind", N_("This way of going out needs a partner; the side has one player.")
            )
        if players[hand.went_out] == 1 and side.hand:
            errors.add(
                f"sides.{hand.went_out}.hand", N_("A player who went out alone has no cards left in hand.")
            )
    least = min_canasta_points()
    for i, side in enumerate(hand.sides):
        canastas = sum(side.canastas.values())
        if side.melds < least * canastas:
            errors.add(
                f"sides.{i}.melds",
                N_(
                    "{count} canasta(s) hold at least {points} points of cards: "
                    "enter the points of the melded cards."
                ),
                count=canastas,
                points=least * canastas,
            )
    for flag in rs.flags:
        carriers = [i for i, side in enumerate(hand.sides) if flag.code in side.flags]
        if flag.went_out_only:
            for i in carriers:
                if i != hand.went_out:
                    errors.add(f"sides.{i}.{flag.code}", N_("Only the side that went out can have this."))
        if flag.one_side and len(carriers) > 1:
            for i in carriers[1:]:
                errors.add(f"sides.{i}.{flag.code}", N_("Only one side can have this in a hand."))


def _check_decks(errors: ErrorCollector, rs: RuleSet, hand: HandInput, decks: int) -> None:
    """The sides together use no more cards than the decks hold."""
    used: Counter[str] = Counter()
    for side in hand.sides:
        used["red_three"] += side.red_threes
        for code, n in side.canastas.items():
            kind = rs.canasta_kind(code)
            for card, k in kind.consumes.items() if kind else ():
                used[card] += k * n
        for flag in rs.flags:
            if flag.code in side.flags:
                used.update(flag.consumes)
        for entry in side.penalties:
            penalty = rs.penalty(entry.code)
            for card, k in penalty.consumes.items() if penalty else ():
                used[card] += k * entry.count
    for card, n in sorted(used.items()):
        available = decks * CARD_GROUP_BY_CODE[card].per_deck
        if n > available:
            label = N_("red threes") if card == "red_three" else N_("black threes")
            errors.add(
                "_",
                N_("The sides use {used} {cards}, but the decks hold {available}."),
                used=n,
                cards=label,
                available=available,
            )
    points = sum(side.melds + side.hand for side in hand.sides)
    if points > deck_points(decks):
        errors.add(
            "_",
            N_("Melds and cards in hand add up to {points}, more than the {maximum} points the decks hold."),
            points=points,
            maximum=deck_points(decks),
        )
    canasta_cards = CANASTA_SIZE * sum(sum(side.canastas.values()) for side in hand.sides)
    if canasta_cards > deck_cards(decks):
        errors.add("_", N_("More canastas than the decks can make."))


def parse_hand(
    rs: RuleSet, data: Any, players: Sequence[int], expected_number: int | None = None
) -> HandInput:
    """Read and check one hand for a match of ``rs`` whose sides have ``players[i]`` players.

    ``expected_number``, when given, is the number the hand must carry.

    :raise ValidationError: with every problem found, each at its field path.
    """
    errors = ErrorCollector()
    if not isinstance(data, Mapping):
        errors.add("_", N_("A hand must be a JSON object."))
        errors.raise_if_any()
    for key in sorted(set(data) - HAND_KEYS, key=str):
        errors.add(str(key), N_("Unknown field."))

    number = data.get("number")
    if not is_whole_number(number) or number < 1:
        errors.add("number", N_("Must be a hand number, 1 or more."))
        number = 0
    elif expected_number is not None and number != expected_number:
        errors.add("number", N_("This must be hand {expected}."), expected=expected_number)

    decks = rs.decks.for_players(sum(players))
    raw_sides = data.get("sides")
    sides: list[SideHand] = []
    if not isinstance(raw_sides, list) or len(raw_sides) != len(players):
        errors.add("sides", N_("Give one entry for each of the {count} sides."), count=len(players))
    else:
        sides = [_side(errors, rs, item, f"sides.{i}", decks) for i, item in enumerate(raw_sides)]

    went_out = data.get("went_out")
    kind = data.get("going_out_kind")
    if went_out is not None and (not is_whole_number(went_out) or not 0 <= went_out < len(players)):
        errors.add(
            "went_out", N_("Must be the number of a side, from 0 to {last}, or null."), last=len(players) - 1
        )
        went_out = None
    if kind is not None and (not isinstance(kind, str) or rs.going_out_kind(kind) is None):
        errors.add("going_out_kind", N_("Not a way of going out in {ruleset}."), ruleset=rs.name)
        kind = None
    elif went_out is not None and kind is None and not errors.has("going_out_kind"):
        errors.add("going_out_kind", N_("Say how the side went out."))

    if errors.errors:
        errors.raise_if_any()
    hand = HandInput(int(number), went_out, kind, tuple(sides))
    _check_going_out(errors, rs, hand, players)
    _check_decks(errors, rs, hand, decks)
    errors.raise_if_any()
    return hand


def check_sides(sides: Any) -> list[int]:
    """Players per side for a new match: 2 or 3 sides of 1 to 3 named players.

    :raise ValidationError: at ``sides``, ``sides.I.name`` or ``sides.I.players``.
    """
    errors = ErrorCollector()
    if not isinstance(sides, list) or not MIN_SIDES <= len(sides) <= MAX_SIDES:
        errors.add("sides", N_("A match has 2 or 3 sides."))
        errors.raise_if_any()
    counts = []
    for i, side in enumerate(sides):
        path = f"sides.{i}"
        if not isinstance(side, Mapping):
            errors.add(path, N_("Each side must be an object with a name and players."))
            continue
        for key in sorted(set(side) - {"name", "players"}, key=str):
            errors.add(f"{path}.{key}", N_("Unknown field."))
        name = side.get("name")
        if not isinstance(name, str) or not name.strip():
            errors.add(f"{path}.name", N_("Give the side a name."))
        elif len(name.strip()) > MAX_NAME:
            errors.add(f"{path}.name", N_("At most {maximum} characters."), maximum=MAX_NAME)
        players = side.get("players")
        if not isinstance(players, list) or not 1 <= len(players) <= MAX_PLAYERS_PER_SIDE:
            errors.add(f"{path}.players", N_("A side has 1 to 3 players."))
            continue
        for j, player in enumerate(players):
            if not isinstance(player, str) or not player.strip():
                errors.add(f"{path}.players.{j}", N_("Give the player a name."))
            elif len(player.strip()) > MAX_NAME:
                errors.add(f"{path}.players.{j}", N_("At most {maximum} characters."), maximum=MAX_NAME)
        counts.append(len(players))
    listed = [side.get("players") for side in sides if isinstance(side, Mapping)]
    everyone = [
        p.strip().casefold()
        for players in listed
        if isinstance(players, list)
        for p in players
        if isinstance(p, str)
    ]
    if len(set(everyone)) != len(everyone) and not errors.errors:
        errors.add("sides", N_("A player can play for only one side."))
    errors.raise_if_any()
    return counts


def load_hand(data: Mapping[str, Any]) -> HandInput:
    """Rebuild a stored hand (the normalised JSON of :meth:`HandInput.to_json`) without checking it.

    Stored hands were checked when they were entered; re-checking them on every read would make an
    old match unreadable if a later version of the app became stricter.
    """
    sides = []
    for side in data["sides"]:
        flags = frozenset(key for key, value in side.items() if key not in SIDE_KEYS and value is True)
        penalties = tuple(
            PenaltyEntry(p["code"], p.get("count", 1), p.get("points"), p.get("description", ""))
            for p in side.get("penalties", [])
        )
        sides.append(
            SideHand(
                melds=side.get("melds", 0),
                hand=side.get("hand", 0),
                red_threes=side.get("red_threes", 0),
                canastas=dict(side.get("canastas", {})),
                flags=flags,
                penalties=penalties,
            )
        )
    return HandInput(data["number"], data.get("went_out"), data.get("going_out_kind"), tuple(sides))
