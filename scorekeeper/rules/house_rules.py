"""House rules: a match's overrides of its rule set, validated and applied.

Keys are either a named option of the rule set (``aces_canastas``, ``melds_only_went_out``,
``going_out_min_canastas``...) or the points of one value, by section and code:
``canasta_kinds.CODE``, ``going_out_kinds.CODE``, ``penalties.CODE``, ``flags.CODE``,
``many_canastas.N`` (N canastas), ``opening_bands.I`` (the I-th band's minimum, from 0),
``red_threes.per_card`` and ``red_threes.full_set_value``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, Final

from .cards import POINT_STEP
from .errors import N_, ErrorCollector
from .model import GoingOutRequirement, OptionKind, RuleSet, frozen_map

#: Upper bound of any overridden points value, to catch a slipped finger.
MAX_POINTS: Final = 100_000


def is_whole_number(value: object) -> bool:
    """True for an ``int`` that is not a ``bool`` (JSON ``true`` must not pass for 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _with_switches(book: RuleSet, options: Mapping[str, bool | int]) -> RuleSet:
    """The rule set with the named options applied, and the items of options that are off removed."""

    def on(key: str | None) -> bool:
        return key is None or bool(options.get(key, False))

    requirement = book.going_out_requirement
    if "going_out_min_canastas" in options:
        requirement = GoingOutRequirement(
            int(options["going_out_min_canastas"]), requirement.kinds, requirement.source
        )
    return dataclasses.replace(
        book,
        canasta_kinds=tuple(k for k in book.canasta_kinds if on(k.house_option)),
        flags=tuple(f for f in book.flags if on(f.house_option)),
        going_out_requirement=requirement,
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
    with_all_on = _with_switches(rs, {o.key: True for o in rs.house_options})
    return [o.key for o in rs.house_options] + list(_points_setters(with_all_on))


def apply_house_rules(book: RuleSet, house_rules: Mapping[str, Any]) -> RuleSet:
    """The effective rule set for a match of ``book`` with ``house_rules``.

    :raise ValidationError: an unknown key or a bad value, at ``house_rules.KEY`` (``house_rules``
        itself when it is not an object).
    """
    errors = ErrorCollector()
    if not isinstance(house_rules, Mapping):
        errors.add("house_rules", N_("House rules must be an object of rule names and values."))
        errors.raise_if_any()

    options: dict[str, bool | int] = {}
    for key, value in house_rules.items():
        option = book.house_option(key) if isinstance(key, str) else None
        if option is None:
            continue
        path = f"house_rules.{key}"
        if option.kind is OptionKind.SWITCH:
            if not isinstance(value, bool):
                errors.add(path, N_("Must be true or false."))
                continue
        elif not is_whole_number(value) or not option.minimum <= value <= option.maximum:
            errors.add(
                path,
                N_("Must be a whole number from {minimum} to {maximum}."),
                minimum=option.minimum,
                maximum=option.maximum,
            )
            continue
        options[key] = value

    effective = _with_switches(book, options)
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
