"""Human labels for the game's codes (canasta kinds, going-out kinds, flags, card groups, score lines,
house rules), as the players say them. Unknown codes fall back to the rule set's own description."""

from __future__ import annotations

from typing import Any, Final

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ..rules.cards import CARD_GROUPS, CardGroup
from ..rules.model import CanastaKind, Flag, GoingOutKind, HouseOption, OptionKind, Penalty, RuleSet

CANASTA_LABELS: Final = {
    "clean": _l("Clean canasta (limpia)"),
    "dirty": _l("Dirty canasta (sucia)"),
    "samba": _l("Samba"),
    "concealed": _l("Concealed canasta (oculta)"),
    "wild_mixed": _l("Wild canasta, jokers and twos"),
    "wild_pure": _l("Wild canasta, all twos or all jokers"),
    "escala": _l("Escala"),
    "escala_real": _l("Escala real"),
    "black_threes": _l("Canasta of black threes (wins the match)"),
    "aces_clean": _l("Clean canasta of aces"),
    "aces_dirty": _l("Dirty canasta of aces"),
}

GOING_OUT_LABELS: Final = {
    "normal": _l("Normal"),
    "surprise": _l("Surprise (sortie surprise)"),
    "concealed_from_hand_alone": _l("Concealed from the hand, alone (abatiendo de mano)"),
    "concealed_from_hand_with_partner": _l("Concealed from the hand, with partner's cards"),
    "concealed_in_play_alone": _l("Concealed during play, alone"),
    "concealed_in_play_with_partner": _l("Concealed during play, with partner's cards"),
}

FLAG_LABELS: Final = {
    "black_threes_melded": _l("Melded the four black threes when going out"),
    "cut_exact": _l("Exact cut (corte justo)"),
    "same_back_colour": _l("Dealt eleven cards of the same back colour"),
}

CARD_LABELS: Final = {
    "joker": _l("Jokers"),
    "two": _l("Twos"),
    "ace": _l("Aces"),
    "high": _l("K to 8"),
    "low": _l("7 to 4"),
    "black_three": _l("Black threes"),
}

LINE_LABELS: Final = {
    "melds": _l("Melds"),
    "hand": _l("Cards in hand"),
    "canastas": _l("Canastas"),
    "red_threes": _l("Red threes"),
    "going_out": _l("Going out"),
    "specials": _l("Specials"),
    "penalties": _l("Penalties"),
    "total": _l("Total"),
}

SECTION_LABELS: Final = {
    "canasta_kinds": _l("Canasta"),
    "going_out_kinds": _l("Going out"),
    "penalties": _l("Penalty"),
    "flags": _l("Bonus"),
    "many_canastas": _l("Many canastas"),
    "opening_bands": _l("Opening minimum"),
    "red_threes": _l("Red threes"),
}

#: The card counter's groups: every card with a value (red threes are counted apart).
COUNTED_GROUPS: Final[tuple[CardGroup, ...]] = tuple(g for g in CARD_GROUPS if g.points)


# Rule-data descriptions are translated at run time: scripts/i18n.py puts them in the catalogs.


def canasta_label(kind: CanastaKind) -> str:
    return str(CANASTA_LABELS.get(kind.code) or _(kind.description))


def going_out_label(kind: GoingOutKind) -> str:
    return str(GOING_OUT_LABELS.get(kind.code) or _(kind.description))


def flag_label(flag: Flag) -> str:
    return str(FLAG_LABELS.get(flag.code) or _(flag.description))


def penalty_label(penalty: Penalty) -> str:
    return str(_(penalty.description))


def option_label(option: HouseOption) -> str:
    return str(_(option.description))


def card_label(group: CardGroup) -> str:
    return str(CARD_LABELS.get(group.code, group.label))


def _item_label(book: RuleSet, section: str, code: str) -> str:
    """The label of one overridable value, ``code`` within ``section`` (see ``house_rule_keys``)."""
    labels: dict[str, Any] = {
        "canasta_kinds": lambda: canasta_label(book.canasta_kind(code) or CanastaKind(code, 0, code, "")),
        "going_out_kinds": lambda: going_out_label(
            book.going_out_kind(code) or GoingOutKind(code, 0, code, "")
        ),
        "penalties": lambda: penalty_label(book.penalty(code) or Penalty(code, 0, code, "")),
        "flags": lambda: flag_label(book.flag(code) or Flag(code, 0, code, "")),
        "many_canastas": lambda: _("%(count)s or more canastas", count=code),
        "opening_bands": lambda: _band_label(book, code),
        "red_threes": lambda: _("each card") if code == "per_card" else _("the full set"),
    }
    return str(labels[section]()) if section in labels else code


def _band_label(book: RuleSet, index: str) -> str:
    bands = book.opening_bands
    start = bands[int(index)].start if index.isdigit() and int(index) < len(bands) else None
    if start is None:
        return _("below 0")
    return _("from %(points)s", points=start)


def override_label(book: RuleSet, key: str) -> str:
    """``Penalty: Drawing two cards instead of one`` for ``penalties.drew_two_cards``."""
    section, _dot, code = key.partition(".")
    return f"{SECTION_LABELS.get(section, section)}: {_item_label(book, section, code)}"


def house_rule_text(book: RuleSet, key: str, value: Any) -> str:
    """One chosen house rule as a line for the scoreboard."""
    option = book.house_option(key)
    if option is not None:
        if option.kind is OptionKind.SWITCH:
            answer = _("yes") if value else _("no")
            return f"{option_label(option)}: {answer}"
        return f"{option_label(option)}: {value}"
    return f"{override_label(book, key)} = {value}"
