"""Labels of the game's codes on the match pages (canasta kinds, going-out kinds, flags, card groups,
house rules). The names themselves live in :mod:`scorekeeper.vocabulary`; this module adapts them to
the rule-data objects the forms and the scoreboard hold."""

from __future__ import annotations

from typing import Any, Final

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from .. import vocabulary
from ..rules.cards import CARD_GROUPS, CardGroup
from ..rules.model import HouseOption, OptionKind, RuleSet
from ..vocabulary import LINE_NAMES as LINE_LABELS
from ..vocabulary import canasta_label, flag_label, going_out_label, penalty_label

__all__ = ["LINE_LABELS", "canasta_label", "flag_label", "going_out_label", "line_labels", "penalty_label"]


def line_labels(rs: RuleSet) -> dict[str, Any]:
    """The score lines' names for ``rs``: the ``red_threes`` line is "Threes" where black threes
    count too (American Canasta)."""
    if rs.red_threes.black_threes:
        return {**LINE_LABELS, "red_threes": _l("Threes")}
    return LINE_LABELS

#: The card counter's groups: every card with a value (red threes are counted apart).
COUNTED_GROUPS: Final[tuple[CardGroup, ...]] = tuple(g for g in CARD_GROUPS if g.points)


def option_label(option: HouseOption) -> str:
    return str(vocabulary.option_label(option))


def card_label(group: CardGroup) -> str:
    return vocabulary.card_name(group)


def override_label(book: RuleSet, key: str) -> str:
    """``Penalty: Drawing two cards instead of one`` for ``penalties.drew_two_cards``."""
    return vocabulary.house_rule_name(book, key)


def house_rule_text(book: RuleSet, key: str, value: Any) -> str:
    """One chosen house rule as a line for the scoreboard."""
    option = book.house_option(key)
    if option is not None:
        if option.kind is OptionKind.SWITCH:
            answer = _("yes") if value else _("no")
            return f"{option_label(option)}: {answer}"
        if option.kind is OptionKind.BANDS and isinstance(value, list):
            number = vocabulary.number
            bands = ", ".join(
                f"{_('below 0') if start is None else number(start)} → {number(minimum)}"
                for start, minimum in value
            )
            return f"{option_label(option)}: {bands}"
        if option.kind is OptionKind.MINIMUMS and isinstance(value, list):
            return f"{option_label(option)}: {', '.join(vocabulary.number(m) for m in value)}"
        return f"{option_label(option)}: {vocabulary.number(value)}"
    return f"{override_label(book, key)} = {vocabulary.number(value)}"
