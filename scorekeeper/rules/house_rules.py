"""House rules: a match's overrides of its rule set, validated and applied.

A key is a named option of the rule set or ``section.CODE``, the points of one value; both kinds are
rows of :data:`~.house_rule_table.HOUSE_RULE_TABLE` (docs/rules.md, "House rules every rule set accepts").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Final

from .cards import POINT_STEP
from .errors import N_, ErrorCollector
from .house_rule_table import (
    BANDS_KEY,
    BY_HAND_KEY,
    MAX_MINIMUMS,
    MAX_POINTS,
    OPTIONS,
    SECTIONS,
    points_key,
)
from .model import HouseOption, OpeningBand, OptionKind, RuleSet, frozen_map

__all__ = [
    "BANDS_KEY",
    "BY_HAND_KEY",
    "MAX_BANDS",
    "MAX_POINTS",
    "apply_house_rules",
    "house_rule_keys",
    "is_whole_number",
    "read_bands",
    "read_minimums",
]


def is_whole_number(value: object) -> bool:
    """True for an ``int`` that is not a ``bool`` (JSON ``true`` must not pass for 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


#: Where a house rule's opening-band table comes from, on the rules page.
HOUSE_BANDS_SOURCE: Final = "House rule of this match"

#: At most this many bands in a house rule's opening-band table.
MAX_BANDS: Final = 12


def _with_switches(book: RuleSet, options: Mapping[str, Any]) -> RuleSet:
    """The rule set with the named options applied, and the items of options that are off removed."""

    def on(key: str | None) -> bool:
        return key is None or bool(options.get(key, False))

    effective = dataclasses.replace(
        book,
        canasta_kinds=tuple(k for k in book.canasta_kinds if on(k.house_option)),
        flags=tuple(f for f in book.flags if on(f.house_option)),
    )
    for key, value in options.items():
        apply = OPTIONS[key].apply
        if apply is not None:
            effective = apply(effective, value)
    return effective


def house_rule_keys(rs: RuleSet) -> list[str]:
    """Every key a match of this rule set may set (named options first, then points values)."""
    with_all_on = _with_switches(rs, {o.key: True for o in rs.house_options if o.kind is OptionKind.SWITCH})
    points = [f"{row.key}.{code}" for row in SECTIONS.values() for code in row.codes(with_all_on)]
    # ... and the items a switch takes away (American Canasta's CLA-only special hands), in book order.
    book = [f"{row.key}.{code}" for row in SECTIONS.values() for code in row.codes(rs)]
    points += [key for key in book if key not in points]
    return [o.key for o in rs.house_options] + points


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


def read_minimums(errors: ErrorCollector, value: Any, path: str) -> tuple[int, ...] | None:
    """Opening minimums by hand number from ``[125, 155, 180]``; ``None`` and an error at ``path``
    when it is not a list of 1 to 10 multiples of 5 from 0 to the points bound."""
    if (
        isinstance(value, list | tuple)
        and 1 <= len(value) <= MAX_MINIMUMS
        and all(is_whole_number(m) and 0 <= m <= MAX_POINTS and not m % POINT_STEP for m in value)
    ):
        return tuple(value)
    errors.add(
        path,
        N_("Give from 1 to {count} minimums, one a hand, each a multiple of {step} from 0 to {maximum}."),
        count=MAX_MINIMUMS,
        step=POINT_STEP,
        maximum=MAX_POINTS,
    )
    return None


def _read_option(errors: ErrorCollector, option: HouseOption, value: Any, path: str) -> Any:
    """The value of a named option, or ``None`` with an error at ``path``."""
    if option.kind is OptionKind.BANDS:
        return read_bands(errors, value, path)
    if option.kind is OptionKind.MINIMUMS:
        return read_minimums(errors, value, path)
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


def _check_one_opening_rule(errors: ErrorCollector, house_rules: Mapping[str, Any]) -> None:
    """Minimums by hand replace the bands: a match gives one or the other."""
    bands = [k for k in house_rules if isinstance(k, str) and k.partition(".")[0] == BANDS_KEY]
    if BY_HAND_KEY in house_rules and bands:
        errors.add(
            "house_rules",
            N_("Give either opening minimums by hand ({by_hand}) or opening bands ({keys}), not both."),
            by_hand=BY_HAND_KEY,
            keys=", ".join(sorted(bands)),
        )


def apply_house_rules(book: RuleSet, house_rules: Mapping[str, Any]) -> RuleSet:
    """The effective rule set for a match of ``book`` with ``house_rules``.

    :raise ValidationError: an unknown key or a bad value, at ``house_rules.KEY`` (``house_rules``
        itself when it is not an object, when it mixes both forms of the opening bands, or gives
        opening minimums by hand with bands).
    """
    errors = ErrorCollector()
    if not isinstance(house_rules, Mapping):
        errors.add("house_rules", N_("House rules must be an object of rule names and values."))
        errors.raise_if_any()
    _check_one_band_form(errors, house_rules)
    _check_one_opening_rule(errors, house_rules)
    effective = _with_switches(book, _read_options(errors, book, house_rules))
    for key, value in house_rules.items():
        if isinstance(key, str) and book.house_option(key) is not None:
            continue
        path = f"house_rules.{key}"
        found = points_key(effective, key)
        if found is None:
            errors.add(path, N_("Unknown house rule for this rule set."))
            continue
        row, code = found
        if not is_whole_number(value) or not row.minimum <= value <= row.maximum:
            errors.add(path, N_("Must be a whole number of points from 0 to {maximum}."), maximum=row.maximum)
        elif value % row.step:
            errors.add(path, N_("Must be a multiple of {step}."), step=row.step)
        else:
            effective = row.put(effective, code, value)
    errors.raise_if_any()
    return dataclasses.replace(effective, house_rules=frozen_map(dict(house_rules)))
