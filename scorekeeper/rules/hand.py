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
from .errors import N_, ErrorCollector, N_plural
from .house_rules import is_whole_number
from .model import RuleSet
from .sets import ALL_FLAG_CODES
from .text import UNSTORABLE_MESSAGE, storable

CUSTOM: Final = "custom"
MAX_PENALTY_COUNT: Final = 99
MAX_CUSTOM_POINTS: Final = 10_000
MAX_DESCRIPTION: Final = 200
#: The most hands a match holds: far past any real match (a few dozen at most), and a bound on what
#: one match costs to fold, show and store. Every way in reads it: the API, the pages, the offline
#: sync, the import, the OpenAPI document.
MAX_HANDS: Final = 500
TOO_MANY_HANDS: Final = N_("A match holds at most {maximum} hands.")

HAND_KEYS: Final = frozenset({"number", "went_out", "going_out_kind", "sides"})
SIDE_KEYS: Final = frozenset({"melds", "hand", "red_threes", "black_threes", "canastas", "penalties"})


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
    #: Black threes laid out (American Canasta only; 0 in every other rule set).
    black_threes: int = 0

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
            if side.black_threes:  # written only where it counts, so other rule sets' hands keep their shape
                data["black_threes"] = side.black_threes
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
    """One penalty: a code of the rule set and a count, or a custom one with points and what for."""
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
    points = _custom_points(errors, data.get("points"), f"{path}.points")
    description = _custom_description(errors, data.get("description", ""), f"{path}.description")
    return PenaltyEntry(CUSTOM, count, points, description)


def _custom_points(errors: ErrorCollector, points: Any, path: str) -> int | None:
    """A custom penalty's points: a multiple of 5 up to :data:`MAX_CUSTOM_POINTS`."""
    if not is_whole_number(points) or not POINT_STEP <= points <= MAX_CUSTOM_POINTS:
        errors.add(
            path,
            N_("Must be a whole number of points from {minimum} to {maximum}."),
            minimum=POINT_STEP,
            maximum=MAX_CUSTOM_POINTS,
        )
        return None
    if points % POINT_STEP:
        errors.add(path, N_("Must be a multiple of {step}."), step=POINT_STEP)
        return None
    return int(points)


def _custom_description(errors: ErrorCollector, description: Any, path: str) -> str:
    """What a custom penalty is for: storable text, trimmed, cut at :data:`MAX_DESCRIPTION`."""
    if not isinstance(description, str) or not description.strip():
        errors.add(path, N_("Say what the custom penalty is for."))
        return ""
    if not storable(description):
        errors.add(path, UNSTORABLE_MESSAGE)
        return ""
    if len(description) > MAX_DESCRIPTION:
        errors.add(path, N_("At most {maximum} characters."), maximum=MAX_DESCRIPTION)
    return description.strip()[:MAX_DESCRIPTION]


def _side(errors: ErrorCollector, rs: RuleSet, data: Any, path: str, decks: int) -> SideHand:
    """What one side entered, each field checked against the rule set and the ``decks`` in play."""
    if not isinstance(data, Mapping):
        errors.add(path, N_("Each side must be an object."))
        return SideHand()
    _check_side_keys(errors, rs, data, path)
    melds, hand = _card_points(errors, data, path, deck_points(decks, rs.card_groups))
    most_red = decks * CARD_GROUP_BY_CODE["red_three"].per_deck
    return SideHand(
        melds=melds,
        hand=hand,
        red_threes=_count(errors, data.get("red_threes", 0), f"{path}.red_threes", most_red),
        canastas=_canastas(errors, rs, data.get("canastas", {}), f"{path}.canastas", decks),
        flags=_flags(errors, rs, data, path),
        penalties=_penalties(errors, rs, data.get("penalties", []), f"{path}.penalties"),
        black_threes=_black_threes(errors, rs, data.get("black_threes", 0), f"{path}.black_threes", decks),
    )


def _black_threes(errors: ErrorCollector, rs: RuleSet, value: Any, path: str, decks: int) -> int:
    """Black threes laid out: counted where the rule set scores them, else only 0 is accepted."""
    most = decks * CARD_GROUP_BY_CODE["black_three"].per_deck
    count = _count(errors, value, path, most)
    if count and not rs.red_threes.black_threes:
        errors.add(path, N_("Not part of a hand in {ruleset}."), ruleset=rs.name)
        return 0
    return count


def _check_side_keys(errors: ErrorCollector, rs: RuleSet, data: Mapping[str, Any], path: str) -> None:
    """Only the fields of a side and the rule set's flags (another rule set's flag, off, is harmless)."""
    flag_codes = {f.code for f in rs.flags}
    for key in sorted(set(data) - SIDE_KEYS - flag_codes, key=str):
        if data[key] is False and key in ALL_FLAG_CODES:
            continue
        errors.add(f"{path}.{key}", N_("Not part of a hand in {ruleset}."), ruleset=rs.name)


def _card_points(
    errors: ErrorCollector, data: Mapping[str, Any], path: str, most_points: int
) -> tuple[int, int]:
    """The side's melded points and points in hand (see :func:`_points`), each no more than the
    decks hold (beyond that, noted but kept)."""
    melds = _points(errors, data, "melds", f"{path}.melds")
    hand = _points(errors, data, "hand", f"{path}.hand")
    for key, value in (("melds", melds), ("hand", hand)):
        if value > most_points:
            errors.add(
                f"{path}.{key}", N_("More than the {maximum} points the decks hold."), maximum=most_points
            )
    return melds, hand


def _canastas(errors: ErrorCollector, rs: RuleSet, raw: Any, path: str, decks: int) -> dict[str, int]:
    """Canastas by kind of the rule set, each count no more than the decks can make (zeros dropped)."""
    if not isinstance(raw, Mapping):
        errors.add(path, N_("Must map canasta kinds to counts."))
        return {}
    most_canastas = deck_cards(decks) // CANASTA_SIZE
    canastas: dict[str, int] = {}
    for code, n in raw.items():
        kind_path = f"{path}.{code}"
        if not isinstance(code, str) or rs.canasta_kind(code) is None:
            errors.add(kind_path, N_("Unknown canasta kind for {ruleset}."), ruleset=rs.name)
            continue
        count = _count(errors, n, kind_path, most_canastas)
        if count:
            canastas[code] = count
    return canastas


def _flags(errors: ErrorCollector, rs: RuleSet, data: Mapping[str, Any], path: str) -> frozenset[str]:
    """The rule set's flags set to true (each must be true or false; missing is false)."""
    flags = set()
    for code in sorted(f.code for f in rs.flags):
        value = data.get(code, False)
        if not isinstance(value, bool):
            errors.add(f"{path}.{code}", N_("Must be true or false."))
        elif value:
            flags.add(code)
    return frozenset(flags)


def _penalties(errors: ErrorCollector, rs: RuleSet, raw: Any, path: str) -> tuple[PenaltyEntry, ...]:
    """A list of penalties (see :func:`_penalty`); the bad ones noted and left out."""
    if not isinstance(raw, list):
        errors.add(path, N_("Must be a list of penalties."))
        return ()
    entries = (_penalty(errors, rs, item, f"{path}.{i}") for i, item in enumerate(raw))
    return tuple(entry for entry in entries if entry is not None)


def _check_nobody_went_out(errors: ErrorCollector, hand: HandInput) -> None:
    """With nobody out there is no way of going out."""
    if hand.went_out is None and hand.going_out_kind is not None:
        errors.add("going_out_kind", N_("Nobody went out, so there is no going-out kind."))


def _check_going_out_canastas(errors: ErrorCollector, rs: RuleSet, side: SideHand, path: str) -> None:
    """The side that went out has the canastas the rule set requires: enough of any kind that counts
    (escalas aside), and the kinds it names, stand-ins filling in (Canastón's concealed canasta)."""
    requirement = rs.going_out_requirement
    plain = sum(n for code, n in side.canastas.items() if not getattr(rs.canasta_kind(code), "escala", False))
    if plain < requirement.min_canastas:
        errors.add_count(
            path,
            N_plural(
                "To go out in {ruleset} a side needs at least {count} canasta.",
                "To go out in {ruleset} a side needs at least {count} canastas.",
            ),
            requirement.min_canastas,
            ruleset=rs.name,
        )
    if not requirement.missing_kinds(side.canastas):
        return
    for code, needed in requirement.kinds.items():
        if side.canasta_count(code) < needed:
            errors.add_count(
                path,
                N_plural(
                    "To go out in {ruleset} a side needs at least one {kind}.",
                    "To go out in {ruleset} a side needs at least {count} canastas of this kind: {kind}.",
                ),
                needed,
                ruleset=rs.name,
                kind=code,
            )
    for code in requirement.stand_ins:
        errors.add(path, N_("A {kind} can stand in for any one of these."), kind=code)


def _check_special_hand(errors: ErrorCollector, side: SideHand, path: str) -> None:
    """A side that goes out with a special hand has melded nothing: no melds, no canastas, and its
    partner's cards are not counted (American Canasta)."""
    message = N_("A side that goes out with a special hand has melded nothing: leave this empty.")
    if side.melds:
        errors.add(f"{path}.melds", message)
    if side.hand:
        errors.add(f"{path}.hand", message)
    for code, n in sorted(side.canastas.items()):
        if n:
            errors.add(f"{path}.canastas.{code}", message)


def _check_per_player(errors: ErrorCollector, rs: RuleSet, hand: HandInput, players: Sequence[int]) -> None:
    """A penalty counted per player (three sevens kept in hand) no more often than the side has players."""
    for i, side in enumerate(hand.sides):
        for j, entry in enumerate(side.penalties):
            penalty = rs.penalty(entry.code)
            if penalty is not None and penalty.per_player and entry.count > players[i]:
                errors.add_count(
                    f"sides.{i}.penalties.{j}.count",
                    N_plural(
                        "At most once for each player: the side has {count} player.",
                        "At most once for each player: the side has {count} players.",
                    ),
                    players[i],
                )


def _check_going_out_player(
    errors: ErrorCollector, rs: RuleSet, hand: HandInput, players: Sequence[int]
) -> None:
    """A lone player who went out has no partner to rely on and no card left."""
    if hand.went_out is None or players[hand.went_out] != 1:
        return
    kind = rs.going_out_kind(hand.going_out_kind or "")
    if kind is not None and kind.needs_partner:
        errors.add("going_out_kind", N_("This way of going out needs a partner; the side has one player."))
    if hand.sides[hand.went_out].hand:
        errors.add(
            f"sides.{hand.went_out}.hand", N_("A player who went out alone has no cards left in hand.")
        )


def least_meld_points(rs: RuleSet, side: SideHand) -> int:
    """The fewest card points the side's canastas can hold (a Canastón canasta of black threes: 0)."""
    total = 0
    groups = {g.code for g in rs.card_groups}
    for code, n in side.canastas.items():
        kind = rs.canasta_kind(code)
        if kind is not None and kind.least_points is not None:
            total += n * kind.least_points
            continue
        made_of = {card: k for card, k in kind.consumes.items() if card in groups} if kind else None
        total += n * min_canasta_points(rs.card_groups, made_of)
    return total


def _check_meld_minimums(errors: ErrorCollector, rs: RuleSet, hand: HandInput) -> None:
    """Each side's melded points can hold its canastas."""
    for i, side in enumerate(hand.sides):
        least = least_meld_points(rs, side)
        if side.melds < least:
            errors.add_count(
                f"sides.{i}.melds",
                N_plural(
                    "{count} canasta holds at least {points} points of cards: "
                    "enter the points of the melded cards.",
                    "{count} canastas hold at least {points} points of cards: "
                    "enter the points of the melded cards.",
                ),
                sum(side.canastas.values()),
                points=least,
            )


def _check_flag_carriers(errors: ErrorCollector, rs: RuleSet, hand: HandInput) -> None:
    """Flags only on the side that went out, or on one side only, where the rule set says so."""
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
    """The sides together use no more threes, card points and canasta cards than the decks hold."""
    _check_threes(errors, _threes_used(rs, hand), decks)
    _check_card_points(errors, rs, hand, decks)
    _check_canasta_cards(errors, hand, decks)
    _check_card_limits(errors, rs, hand, decks)
    _check_canasta_limits(errors, rs, hand)


def _threes_used(rs: RuleSet, hand: HandInput) -> Counter[str]:
    """The threes (card group codes) the sides' entries take up: red threes laid down, and those
    inside canastas, flags and penalties (a canasta of black threes, a red three kept in hand)."""
    used: Counter[str] = Counter()
    for side in hand.sides:
        used["red_three"] += side.red_threes
        used["black_three"] += side.black_threes
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
    for limit in rs.card_limits:  # checked apart, at the fields that use them
        used.pop(limit.code, None)
    return +used


def _check_threes(errors: ErrorCollector, used: Counter[str], decks: int) -> None:
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


def _card_uses(rs: RuleSet, hand: HandInput, card: str) -> list[tuple[str, int]]:
    """The fields that use the scarce ``card`` (a code of ``rs.card_limits``), with how many each."""
    uses: list[tuple[str, int]] = []
    for i, side in enumerate(hand.sides):
        for code, n in side.canastas.items():
            kind = rs.canasta_kind(code)
            if kind is not None and kind.consumes.get(card):
                uses.append((f"sides.{i}.canastas.{code}", kind.consumes[card] * n))
        for j, entry in enumerate(side.penalties):
            penalty = rs.penalty(entry.code)
            if penalty is not None and penalty.consumes.get(card):
                uses.append((f"sides.{i}.penalties.{j}.count", penalty.consumes[card] * entry.count))
    return uses


def _check_card_limits(errors: ErrorCollector, rs: RuleSet, hand: HandInput, decks: int) -> None:
    """Canastas and penalties made of scarce cards (sevens, aces, wild cards) fit in the decks; the
    error stands at every field that uses them (a canasta of sevens leaves no room for another, nor
    for an unfinished meld of sevens)."""
    for limit in rs.card_limits:
        uses = _card_uses(rs, hand, limit.code)
        used = sum(n for _path, n in uses)
        available = decks * limit.per_deck
        if used > available:
            for path, _n in uses:
                errors.add(
                    path,
                    N_("The sides use {used} {cards}, but the decks hold {available}."),
                    used=used,
                    cards=limit.label,
                    available=available,
                )


def _check_canasta_limits(errors: ErrorCollector, rs: RuleSet, hand: HandInput) -> None:
    """No more canastas of some kinds over all sides than the rule set allows (9 clean or dirty)."""
    for limit in rs.canasta_limits:
        uses = [
            (f"sides.{i}.canastas.{code}", side.canasta_count(code))
            for i, side in enumerate(hand.sides)
            for code in limit.kinds
            if side.canasta_count(code)
        ]
        if sum(n for _path, n in uses) > limit.maximum:
            for path, _n in uses:
                errors.add(
                    path,
                    N_("At most {maximum} {cards} over all sides in a hand."),
                    maximum=limit.maximum,
                    cards=limit.label,
                )


def _check_card_points(errors: ErrorCollector, rs: RuleSet, hand: HandInput, decks: int) -> None:
    points = sum(side.melds + side.hand for side in hand.sides)
    most_points = deck_points(decks, rs.card_groups)
    if points > most_points:
        errors.add(
            "_",
            N_("Melds and cards in hand add up to {points}, more than the {maximum} points the decks hold."),
            points=points,
            maximum=most_points,
        )


def _check_canasta_cards(errors: ErrorCollector, hand: HandInput, decks: int) -> None:
    canasta_cards = CANASTA_SIZE * sum(sum(side.canastas.values()) for side in hand.sides)
    if canasta_cards > deck_cards(decks):
        errors.add("_", N_("More canastas than the decks can make."))


def parse_hand(
    rs: RuleSet, data: Any, players: Sequence[int], expected_number: int | None = None
) -> HandInput:
    """Read and check one hand for a match of ``rs`` whose sides have ``players[i]`` players.

    ``expected_number``, when given, is the number the hand must carry. Each field is read first;
    only a hand whose fields are all good is then checked as a whole (going out, melds, flags, decks).

    :raise ValidationError: with every problem found, each at its field path.
    """
    errors = ErrorCollector()
    if not isinstance(data, Mapping):
        errors.add("_", N_("A hand must be a JSON object."))
        errors.raise_if_any()
    for key in sorted(set(data) - HAND_KEYS, key=str):
        errors.add(str(key), N_("Unknown field."))
    number = _hand_number(errors, data.get("number"), expected_number)
    decks = rs.decks.for_players(sum(players))
    sides = _sides(errors, rs, data.get("sides"), len(players), decks)
    went_out = _went_out(errors, data.get("went_out"), len(players))
    kind = _going_out_kind(errors, rs, data.get("going_out_kind"), went_out)
    errors.raise_if_any()

    hand = HandInput(number, went_out, kind, sides)
    _check_nobody_went_out(errors, hand)
    special = rs.going_out_kind(kind or "")
    if special is not None and special.special and hand.went_out is not None:
        _check_special_hand(errors, hand.sides[hand.went_out], f"sides.{hand.went_out}")
    elif hand.went_out is not None:
        _check_going_out_canastas(errors, rs, hand.sides[hand.went_out], f"sides.{hand.went_out}.canastas")
    _check_going_out_player(errors, rs, hand, players)
    _check_per_player(errors, rs, hand, players)
    _check_meld_minimums(errors, rs, hand)
    _check_flag_carriers(errors, rs, hand)
    _check_decks(errors, rs, hand, decks)
    errors.raise_if_any()
    return hand


def _hand_number(errors: ErrorCollector, number: Any, expected: int | None) -> int:
    """A hand number, 1 to :data:`MAX_HANDS`, and ``expected`` if given (0 when it is no number at all)."""
    if not is_whole_number(number) or number < 1:
        errors.add("number", N_("Must be a hand number, 1 or more."))
        return 0
    if number > MAX_HANDS:
        errors.add("number", TOO_MANY_HANDS, maximum=MAX_HANDS)
    elif expected is not None and number != expected:
        errors.add("number", N_("This must be hand {expected}."), expected=expected)
    return int(number)


def _sides(errors: ErrorCollector, rs: RuleSet, raw: Any, count: int, decks: int) -> tuple[SideHand, ...]:
    """One entry for each of the ``count`` sides (see :func:`_side`)."""
    if not isinstance(raw, list) or len(raw) != count:
        errors.add("sides", N_("Give one entry for each of the {count} sides."), count=count)
        return ()
    return tuple(_side(errors, rs, item, f"sides.{i}", decks) for i, item in enumerate(raw))


def _went_out(errors: ErrorCollector, went_out: Any, sides: int) -> int | None:
    """The index of the side that went out, or ``None``: nobody did (or it was no side's index)."""
    if went_out is not None and (not is_whole_number(went_out) or not 0 <= went_out < sides):
        errors.add("went_out", N_("Must be the number of a side, from 0 to {last}, or null."), last=sides - 1)
        return None
    return None if went_out is None else int(went_out)


def _going_out_kind(errors: ErrorCollector, rs: RuleSet, kind: Any, went_out: int | None) -> str | None:
    """A way of going out of the rule set, required when a side went out."""
    if kind is not None and (not isinstance(kind, str) or rs.going_out_kind(kind) is None):
        errors.add("going_out_kind", N_("Not a way of going out in {ruleset}."), ruleset=rs.name)
        return None
    if went_out is not None and kind is None and not errors.has("going_out_kind"):
        errors.add("going_out_kind", N_("Say how the side went out."))
    return None if kind is None else str(kind)


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
                black_threes=side.get("black_threes", 0),
            )
        )
    return HandInput(data["number"], data.get("went_out"), data.get("going_out_kind"), tuple(sides))
