"""House rules: a match's overrides of its rule set, validated and applied.

Keys are either a named option of the rule set (``aces_canastas``, ``melds_only_went_out``,
``going_out_min_canastas``...) or the points of one value, by section and code:
``canasta_kinds.CODE``, ``going_out_kinds.CODE``, ``penalties.CODE``, ``flags.CODE``,
``many_canastas.N`` (N canastas), ``opening_bands.I`` (the I-th band's minimum, from 0),
``red_threes.per_card`` and ``red_threes.full_set_value``.

Every rule set also accepts ``going_out_min_canastas`` (1 to 4), ``red_threes_when_opened`` and
``opening_bands`` (the whole table, ``[[null, 15], [0, 50], [1500, 90], ...]``; a match may not give
it together with single ``opening_bands.I`` keys). See RULES.md, "House rules every rule set accepts".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, Final

from .cards import POINT_STEP
from .errors import N_, ErrorCollector
from .model import HouseOption, OpeningBand, OptionKind, RedThreeCondition, RuleSet, frozen_map

#: Upper bound of any overridden points value, to catch a slipped finger.
MAX_POINTS: Final = 100_000


def is_whole_number(value: object) -> bool:
    """True for an ``int`` that is not a ``bool`` (JSON ``true`` must not pass for 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


#: Where a house rule's opening-band table comes from, on the rules page.
HOUSE_BANDS_SOURCE: Final = "House rule of this match"

#: At most this many bands in a house rule's opening-band table.
MAX_BANDS: Final = 12

BANDS_KEY: Final = "opening_bands"


def _with_switches(book: RuleSet, options: Mapping[str, Any]) -> RuleSet:
    """The rule set with the named options applied, and the items of options that are off removed."""

    def on(key: str | None) -> bool:
        return key is None or bool(options.get(key, False))

    requirement = book.going_out_requirement
    if "going_out_min_canastas" in options:
        requirement = dataclasses.replace(requirement, min_canastas=int(options["going_out_min_canastas"]))
    red_threes = book.red_threes
    if options.get("red_threes_when_opened"):
        red_threes = dataclasses.replace(red_threes, condition=RedThreeCondition.OPENED)
    bands = options.get(BANDS_KEY)
    return dataclasses.replace(
        book,
        canasta_kinds=tuple(k for k in book.canasta_kinds if on(k.house_option)),
        flags=tuple(f for f in book.flags if on(f.house_option)),
        going_out_requirement=requirement,
        red_threes=red_threes,
        opening_bands=bands if bands is not None else book.opening_bands,
        melds_only_went_out=bool(options.get("melds_only_went_out", False)),
    )


def _points_setters(rs: RuleSet) -> dict[str, Callable[[RuleSet, int], RuleSet]]:
    """Every points value of ``rs`` that a house rule may change, by key, with how to change it."""
    setters: dict[str, Callable[[RuleSet, int], RuleSet]] = {}

    def item_setter(section: str, code: str) -> Callable[[RuleSet, int], RuleSet]:
        def set_points(current: RuleSet, points: int) -> RuleSet:
            items = tuple(
                dataclasses.replace(item, points=points) if item.code == code else item
                for item in getattr(current, section)
            )
            changes: dict[str, Any] = {section: items}
            return dataclasses.replace(current, **changes)

        return set_points

    for section in ("canasta_kinds", "going_out_kinds", "penalties", "flags"):
        for item in getattr(rs, section):
            setters[f"{section}.{item.code}"] = item_setter(section, item.code)

    def tier_setter(minimum: int) -> Callable[[RuleSet, int], RuleSet]:
        def set_points(current: RuleSet, points: int) -> RuleSet:
            tiers = tuple(
                dataclasses.replace(t, points=points) if t.min_canastas == minimum else t
                for t in current.many_canastas
            )
            return dataclasses.replace(current, many_canastas=tiers)

        return set_points

    for tier in rs.many_canastas:
        setters[f"many_canastas.{tier.min_canastas}"] = tier_setter(tier.min_canastas)

    def band_setter(index: int) -> Callable[[RuleSet, int], RuleSet]:
        def set_minimum(current: RuleSet, minimum: int) -> RuleSet:
            bands = tuple(
                dataclasses.replace(b, minimum=minimum) if i == index else b
                for i, b in enumerate(current.opening_bands)
            )
            return dataclasses.replace(current, opening_bands=bands)

        return set_minimum

    for index in range(len(rs.opening_bands)):
        setters[f"opening_bands.{index}"] = band_setter(index)

    for attribute in ("per_card", "full_set_value"):

        def set_red(current: RuleSet, points: int, attribute: str = attribute) -> RuleSet:
            changes: dict[str, Any] = {attribute: points}
            red = dataclasses.replace(current.red_threes, **changes)
            return dataclasses.replace(current, red_threes=red)

        setters[f"red_threes.{attribute}"] = set_red
    return setters


def house_rule_keys(rs: RuleSet) -> list[str]:
    """Every key a match of this rule set may set (named options first, then points values)."""
    with_all_on = _with_switches(rs, {o.key: True for o in rs.house_options if o.kind is OptionKind.SWITCH})
    return [o.key for o in rs.house_options] + list(_points_setters(with_all_on))


def _band_problem(index: int, item: Any) -> tuple[str, dict[str, Any]] | None:
    """What is wrong with the ``index``-th ``[from, minimum]`` pair alone (its order is checked apart)."""
    if not isinstance(item, list | tuple) or len(item) != 2:
        return N_("Band {band}: give a pair [from, minimum]."), {}
    start, minimum = item
    if index == 0 and start is not None:
        return N_("Band {band}: the first band is for scores below 0, so its start must be null."), {}
    if index == 1 and start != 0:
        return N_("Band {band}: the second band must start at 0."), {}
    if index > 1 and (not is_whole_number(start) or not 0 < start <= MAX_POINTS or start % POINT_STEP):
        return (
            N_("Band {band}: the start must be a multiple of {step} from {step} to {maximum}."),
            {"step": POINT_STEP, "maximum": MAX_POINTS},
        )
    if not is_whole_number(minimum) or not 0 <= minimum <= MAX_POINTS or minimum % POINT_STEP:
        return (
            N_("Band {band}: the minimum must be a multiple of {step} from 0 to {maximum}."),
            {"step": POINT_STEP, "maximum": MAX_POINTS},
        )
    return None


def read_bands(errors: ErrorCollector, value: Any, path: str) -> tuple[OpeningBand, ...] | None:
    """A whole opening-band table from ``[[null, m], [0, m], [from, m], ...]``; ``None`` and errors at
    ``path`` when it is not one (starts ascending, every number a multiple of 5)."""
    if not isinstance(value, list | tuple) or not 2 <= len(value) <= MAX_BANDS:
        errors.add(
            path,
            N_("Give from 2 to {maximum} bands, each a pair [from, minimum]: [[null, 15], [0, 50], ...]."),
            maximum=MAX_BANDS,
        )
        return None
    before = len(errors.errors)
    for index, item in enumerate(value):
        problem = _band_problem(index, item)
        if problem is not None:
            message, params = problem
            errors.add(path, message, band=index + 1, **params)
    if len(errors.errors) > before:
        return None
    for index in range(2, len(value)):
        if value[index][0] <= value[index - 1][0]:
            errors.add(path, N_("Band {band}: each band must start above the one before."), band=index + 1)
            return None
    return tuple(OpeningBand(start, minimum, HOUSE_BANDS_SOURCE) for start, minimum in value)


def _read_option(errors: ErrorCollector, option: HouseOption, value: Any, path: str) -> Any:
    """The value of a named option, or ``None`` with an error at ``path``."""
    if option.kind is OptionKind.BANDS:
        return read_bands(errors, value, path)
    if option.kind is OptionKind.SWITCH:
        if isinstance(value, bool):
            return value
        errors.add(path, N_("Must be true or false."))
        return None
    if is_whole_number(value) and option.minimum <= value <= option.maximum:
        return value
    errors.add(
        path,
        N_("Must be a whole number from {minimum} to {maximum}."),
        minimum=option.minimum,
        maximum=option.maximum,
    )
    return None


def _read_options(errors: ErrorCollector, book: RuleSet, house_rules: Mapping[str, Any]) -> dict[str, Any]:
    """The named options among ``house_rules``, checked."""
    options: dict[str, Any] = {}
    for key, value in house_rules.items():
        option = book.house_option(key) if isinstance(key, str) else None
        if option is not None:
            chosen = _read_option(errors, option, value, f"house_rules.{key}")
            if chosen is not None:
                options[key] = chosen
    return options


def _check_one_band_form(errors: ErrorCollector, house_rules: Mapping[str, Any]) -> None:
    """A match gives either the whole table or single bands' minimums, not both."""
    singles = [k for k in house_rules if isinstance(k, str) and k.startswith(f"{BANDS_KEY}.")]
    if BANDS_KEY in house_rules and singles:
        errors.add(
            "house_rules",
            N_("Give either the whole opening-band table or single bands' minimums ({keys}), not both."),
            keys=", ".join(sorted(singles)),
        )


def apply_house_rules(book: RuleSet, house_rules: Mapping[str, Any]) -> RuleSet:
    """The effective rule set for a match of ``book`` with ``house_rules``.

    :raise ValidationError: an unknown key or a bad value, at ``house_rules.KEY`` (``house_rules``
        itself when it is not an object, or when it mixes both forms of the opening bands).
    """
    errors = ErrorCollector()
    if not isinstance(house_rules, Mapping):
        errors.add("house_rules", N_("House rules must be an object of rule names and values."))
        errors.raise_if_any()
    _check_one_band_form(errors, house_rules)
    effective = _with_switches(book, _read_options(errors, book, house_rules))
    setters = _points_setters(effective)
    for key, value in house_rules.items():
        if isinstance(key, str) and book.house_option(key) is not None:
            continue
        path = f"house_rules.{key}"
        setter = setters.get(key) if isinstance(key, str) else None
        if setter is None:
            errors.add(path, N_("Unknown house rule for this rule set."))
        elif not is_whole_number(value) or not 0 <= value <= MAX_POINTS:
            errors.add(path, N_("Must be a whole number of points from 0 to {maximum}."), maximum=MAX_POINTS)
        elif value % POINT_STEP:
            errors.add(path, N_("Must be a multiple of {step}."), step=POINT_STEP)
        else:
            effective = setter(effective, value)
    errors.raise_if_any()
    return dataclasses.replace(effective, house_rules=frozen_map(dict(house_rules)))
