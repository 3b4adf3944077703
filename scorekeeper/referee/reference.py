"""A rule set put into words and table rows for the referee pages.

Everything here reads the effective rule set (house rules applied) and returns plain values in the
user's language; the templates only lay them out. Texts that come from the rule data (descriptions,
notes) are English msgids looked up at run time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import flask_babel

from ..rules.cards import CARD_GROUPS, POINT_STEP, CardGroup
from ..rules.model import Flag, Penalty, RedThreeCondition, RuleSet
from ..vocabulary import canasta_label as canasta_label
from ..vocabulary import (
    canasta_name_in_sentence,
    house_rule_item,
    house_rule_name,
    number,
    penalty_label,
)
from ..vocabulary import card_name as card_name
from ..vocabulary import going_out_label as going_out_label
from .search import haystack

#: Seed files written in French; every other seed is Spanish.
FRENCH_BOOKS: Final = ("002_",)


def gettext(message: str, **variables: object) -> str:
    """The message in the user's language (flask-babel's, typed)."""
    return str(flask_babel.gettext(message, **variables))


def ngettext(singular: str, plural: str, num: int, **variables: object) -> str:
    """The singular or plural message for ``num`` in the user's language (``%(num)d`` is ``num``)."""
    return str(flask_babel.ngettext(singular, plural, num, **variables))


def book_language(source: str) -> str:
    """The language (``es`` or ``fr``) of the rule book a ``source`` string names first."""
    return "fr" if source.startswith(FRENCH_BOOKS) else "es"


@dataclass(frozen=True)
class PenaltyRow:
    code: str
    points: int
    description: str
    quote: str
    quote_lang: str
    source: str
    search: str


def penalty_row(penalty: Penalty) -> PenaltyRow:
    description = penalty_label(penalty)
    parts = dict.fromkeys(
        (penalty.code, str(penalty.points), penalty.description, description, penalty.quote)
    )
    return PenaltyRow(
        code=penalty.code,
        points=penalty.points,
        description=description,
        quote=penalty.quote,
        quote_lang=book_language(penalty.source),
        source=penalty.source,
        search=haystack(parts),
    )


@dataclass(frozen=True)
class BandRow:
    scores: str
    minimum: int
    source: str
    start: int | None


def band_rows(rs: RuleSet) -> list[BandRow]:
    """The opening bands as "from … to …" rows; each band is closed below."""
    starts = sorted(b.start for b in rs.opening_bands if b.start is not None)
    rows = []
    for band in rs.opening_bands:
        if band.start is None:
            label = gettext("Below %(start)s", start=number(starts[0] if starts else 0))
        else:
            later = [s for s in starts if s > band.start]
            label = (
                gettext("%(start)s to %(end)s", start=number(band.start), end=number(later[0] - POINT_STEP))
                if later
                else gettext("%(start)s and above", start=number(band.start))
            )
        rows.append(BandRow(label, band.minimum, band.source, band.start))
    return rows


def sign_sentence(melds: int, threes: int) -> str:
    """How melded cards and threes count at one step of a sign table, in words."""
    counts = {1: gettext("count for the side"), 0: gettext("count nothing"), -1: gettext("count against it")}
    if melds == threes:
        return gettext("melded cards and threes %(how)s", how=counts[melds])
    return gettext("melded cards %(melds)s, threes %(threes)s", melds=counts[melds], threes=counts[threes])


def red_three_condition(rs: RuleSet) -> str:
    """When the red threes count for the side, in words."""
    rule = rs.red_threes
    if rs.signs_by_canastas:
        steps = sorted(rs.signs_by_canastas, key=lambda step: step.min_canastas)
        parts = []
        for index, step in enumerate(steps):
            last = index + 1 == len(steps)
            label = (
                gettext("%(low)s or more canastas", low=step.min_canastas)
                if last
                else ngettext("%(num)d canasta", "%(num)d canastas", step.min_canastas)
            )
            parts.append(f"{label}: {sign_sentence(step.melds, step.threes)}")
        return "; ".join(parts) + "."
    if rule.condition is RedThreeCondition.OPENED:
        return gettext("Positive if the side has opened (melded) during the hand, otherwise negative.")
    if rs.canasta_kind("samba") is not None:
        return ngettext(
            "Positive if the side has at least %(num)d canasta or samba, otherwise negative.",
            "Positive if the side has at least %(num)d canastas or sambas (any mix), otherwise negative.",
            rule.min_canastas,
        )
    return ngettext(
        "Positive if the side has at least %(num)d completed canasta, otherwise negative.",
        "Positive if the side has at least %(num)d completed canastas, otherwise negative.",
        rule.min_canastas,
    )


def red_three_values(rs: RuleSet) -> list[tuple[int, int]]:
    """``(number of red threes, value)`` from one to the full set."""
    rule = rs.red_threes
    return [(n, rule.value(n)) for n in range(1, (len(rule.table) or rule.full_set_size) + 1)]


def canasta_name(rs: RuleSet, code: str) -> str:
    """A canasta kind inside a sentence (``at least one dirty canasta``)."""
    return canasta_name_in_sentence(rs, code)


def going_out_requirement(rs: RuleSet) -> str:
    """What the side needs on the table to go out, in words."""
    requirement = rs.going_out_requirement
    needs = []
    if requirement.min_canastas:
        if rs.canasta_kind("samba") is not None:
            needs.append(
                ngettext(
                    "at least %(num)d canasta or samba",
                    "at least %(num)d canastas or sambas",
                    requirement.min_canastas,
                )
            )
        else:
            needs.append(
                ngettext(
                    "at least %(num)d completed canasta",
                    "at least %(num)d completed canastas",
                    requirement.min_canastas,
                )
            )
    for code, count in requirement.kinds.items():
        needs.append(
            ngettext(
                "at least one %(kind)s", "at least %(num)d × %(kind)s", count, kind=canasta_name(rs, code)
            )
        )
    if not needs:
        return gettext("Nothing: a side may go out at any time.")
    return gettext("To go out the side needs %(needs)s.", needs=gettext(", and ").join(needs))


def many_canastas_rows(rs: RuleSet) -> list[tuple[str, int, str]]:
    """``(how many canastas, bonus, source)``, lowest tier first."""
    tiers = sorted(rs.many_canastas, key=lambda t: t.min_canastas)
    rows = []
    for index, tier in enumerate(tiers):
        following = tiers[index + 1] if index + 1 < len(tiers) else None
        if following is None:
            label = gettext("%(low)s or more canastas", low=tier.min_canastas)
        elif following.min_canastas - 1 == tier.min_canastas:
            label = ngettext("%(num)d canasta", "%(num)d canastas", tier.min_canastas)
        elif following.min_canastas - 2 == tier.min_canastas:
            label = gettext("%(low)s or %(high)s canastas", low=tier.min_canastas, high=tier.min_canastas + 1)
        else:
            label = gettext(
                "%(low)s to %(high)s canastas", low=tier.min_canastas, high=following.min_canastas - 1
            )
        rows.append((label, tier.points, tier.source))
    return rows


def flag_terms(flag: Flag) -> list[str]:
    """The conditions attached to a special bonus, in words."""
    terms = []
    if flag.went_out_only:
        terms.append(gettext("only the side that went out"))
    if flag.one_side:
        terms.append(gettext("at most one side a hand"))
    if flag.negative_without_canasta:
        terms.append(gettext("counts against a side with no canasta"))
    return terms


def house_rule_label(rs: RuleSet, key: str) -> str:
    """What a house-rule key changes, in words (the key itself when it is not known)."""
    return house_rule_name(rs, key)


def house_rule_detail(rs: RuleSet, section: str, code: str) -> str:
    """The item of ``section`` that a house rule changes: its name, band or number."""
    return house_rule_item(rs, section, code)


def house_rule_value(value: object) -> str:
    if isinstance(value, bool):
        return gettext("on") if value else gettext("off")
    if isinstance(value, list) and all(isinstance(m, int) for m in value):  # minimums by hand
        return ", ".join(number(m) for m in value)
    if isinstance(value, list):  # a whole opening-band table: [[from, minimum], ...]
        return ", ".join(
            f"{'< 0' if start is None else number(start)}: {number(minimum)}" for start, minimum in value
        )
    return number(value) if isinstance(value, int) else str(value)


def house_rule_rows(rs: RuleSet) -> list[tuple[str, str, str]]:
    """``(key, what it changes, value)`` for each house rule of the match."""
    return [
        (key, house_rule_label(rs, key), house_rule_value(value)) for key, value in rs.house_rules.items()
    ]


def card_value_rows(groups: Sequence[CardGroup] = CARD_GROUPS) -> list[tuple[str, int | None]]:
    """``(card name, points)`` at the rule set's values; red threes have no card value (``None``)."""
    return [(card_name(g), None if g.bonus_only else g.points) for g in groups]
