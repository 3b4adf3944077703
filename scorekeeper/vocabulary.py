"""Every name the players read for the game's codes (canasta kinds, ways of going out, bonuses,
penalties, card groups, score lines, house rules), in the user's language.

A code never reaches a player: one without a name here falls back to the rule data's description,
translated at run time. House-rule names come from the house-rule table.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from babel.lists import format_list
from babel.numbers import format_decimal
from flask_babel import get_locale, get_translations
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from .rules.cards import CardGroup
from .rules.house_rule_table import OPTIONS, SECTIONS
from .rules.model import CanastaKind, Flag, GoingOutKind, HouseOption, Penalty, RuleSet

CANASTA_NAMES: Final[dict[str, Any]] = {
    "clean": _l("Clean canasta"),
    "dirty": _l("Dirty canasta"),
    "samba": _l("Samba"),
    "concealed": _l("Concealed canasta"),
    "wild_mixed": _l("Wild canasta, jokers and twos"),
    "wild_pure": _l("Wild canasta, all twos or all jokers"),
    "escala": _l("Escala"),
    "escala_real": _l("Escala real"),
    "black_threes": _l("Canasta of black threes (wins the match)"),
    "aces_clean": _l("Clean canasta of aces"),
    "aces_dirty": _l("Dirty canasta of aces"),
    "sevens": _l("Canasta of sevens"),
    "aces": _l("Canasta of aces"),
    "wild_twos": _l("Wild canasta of seven twos"),
    "wild_jokers": _l("Wild canasta with the four jokers"),
}

GOING_OUT_NAMES: Final[dict[str, Any]] = {
    "normal": _l("Normal"),
    "surprise": _l("Surprise going out"),
    "concealed_from_hand_alone": _l("Concealed from the hand, alone"),
    "concealed_from_hand_with_partner": _l("Concealed from the hand, with partner's cards"),
    "concealed_in_play_alone": _l("Concealed during play, alone"),
    "concealed_in_play_with_partner": _l("Concealed during play, with partner's cards"),
    "special_straight": _l("Special hand: straight"),
    "special_pairs": _l("Special hand: seven pairs"),
    "special_wild_pairs": _l("Special hand: pairs with a wild pair"),
    "special_garbage": _l("Special hand: garbage"),
    "special_zip_code": _l("Special hand: zip code"),
    "special_blast_off": _l("Special hand: blast off"),
    "special_triples": _l("Special hand: triples"),
    "special_quads": _l("Special hand: quads"),
    "special_miami_pairs": _l("Special hand: Miami pairs"),
    "special_dream_4": _l("Special hand: Dream Hand plus 4"),
    "special_dream_5": _l("Special hand: Dream Hand plus 5"),
}

FLAG_NAMES: Final[dict[str, Any]] = {
    "black_threes_melded": _l("Melded the four black threes when going out"),
    "cut_exact": _l("Exact cut"),
    "same_back_colour": _l("Dealt eleven cards of the same back colour"),
}

#: Penalties whose rule-data description carries notes for the maintainers (which book says what).
PENALTY_NAMES: Final[dict[str, Any]] = {
    "drew_two_cards": _l("Drawing two cards instead of one"),
}

CARD_NAMES: Final[dict[str, Any]] = {
    "joker": _l("Jokers"),
    "two": _l("Twos"),
    "ace": _l("Aces"),
    "high": _l("K to 8"),
    "low": _l("7 to 4"),
    "black_three": _l("Black threes"),
    "red_three": _l("Red threes"),
}

#: The lines of a hand's score, as the scoreboard's breakdown shows them.
LINE_NAMES: Final[dict[str, Any]] = {
    "melds": _l("Melds"),
    "hand": _l("Cards in hand"),
    "canastas": _l("Canastas"),
    "red_threes": _l("Red threes"),
    "going_out": _l("Going out"),
    "specials": _l("Specials"),
    "penalties": _l("Penalties"),
    "total": _l("Total"),
}

#: The sections of a house-rule key (``penalties.drew_two_cards``), as the house-rule table names them.
SECTION_NAMES: Final[dict[str, Any]] = {row.key: _l(row.label) for row in SECTIONS.values()}

#: Codes of a section that are no item of the rule data (``red_threes.per_card``).
ITEM_NAMES: Final[dict[str, dict[str, Any]]] = {
    row.key: {code: _l(label) for code, label in row.item_labels.items()} for row in SECTIONS.values()
}


def _named(names: dict[str, Any], code: str, description: str | None) -> str:
    if code in names:
        return str(names[code])
    return str(_(description)) if description else code


def canasta_label(kind: CanastaKind) -> str:
    return _named(CANASTA_NAMES, kind.code, kind.description)


def going_out_label(kind: GoingOutKind) -> str:
    return _named(GOING_OUT_NAMES, kind.code, kind.description)


def flag_label(flag: Flag) -> str:
    return _named(FLAG_NAMES, flag.code, flag.description)


def penalty_label(penalty: Penalty) -> str:
    return _named(PENALTY_NAMES, penalty.code, penalty.description)


def option_label(option: HouseOption) -> Any:
    """A house option's name, lazily translated (the new-match form's fields are built once): the
    table's label, else the rule set's description of it."""
    row = OPTIONS.get(option.key)
    return _l(row.label if row is not None and row.label else option.description)


def canasta_name(rs: RuleSet | None, code: str) -> str:
    """A canasta kind, as a label (``Dirty canasta``)."""
    kind = rs.canasta_kind(code) if rs is not None else None
    return _named(CANASTA_NAMES, code, kind.description if kind else None)


def canasta_name_in_sentence(rs: RuleSet | None, code: str) -> str:
    """A canasta kind inside a sentence (``dirty canasta``): the label, its first letter lowered."""
    name = canasta_name(rs, code)
    return name[:1].lower() + name[1:]


def going_out_name(rs: RuleSet | None, code: str) -> str:
    kind = rs.going_out_kind(code) if rs is not None else None
    return _named(GOING_OUT_NAMES, code, kind.description if kind else None)


def flag_name(rs: RuleSet | None, code: str) -> str:
    flag = rs.flag(code) if rs is not None else None
    return _named(FLAG_NAMES, code, flag.description if flag else None)


def penalty_name(rs: RuleSet | None, code: str) -> str:
    penalty = rs.penalty(code) if rs is not None else None
    return _named(PENALTY_NAMES, code, penalty.description if penalty else None)


def card_name(group: CardGroup) -> str:
    return _named(CARD_NAMES, group.code, group.label)


def line_name(code: str) -> str:
    return _named(LINE_NAMES, code, None)


def section_name(section: str) -> str:
    return _named(SECTION_NAMES, section, None)


def _band_name(rs: RuleSet, index: str) -> str:
    bands = rs.opening_bands
    start = bands[int(index)].start if index.isdigit() and int(index) < len(bands) else None
    if start is None:
        return str(_("below 0"))
    return str(_("from %(points)s", points=number(start)))


def house_rule_item(rs: RuleSet, section: str, code: str) -> str:
    """The item of ``section`` that a house-rule key changes: a canasta kind, a way of going out, a
    penalty or bonus by its name, an opening band by its first score, a count of canastas."""
    names = {
        "canasta_kinds": canasta_name,
        "going_out_kinds": going_out_name,
        "penalties": penalty_name,
        "flags": flag_name,
        "opening_bands": _band_name,
    }
    if section in names:
        return names[section](rs, code)
    if section == "many_canastas":
        return str(_("%(low)s or more canastas", low=code))
    return _named(ITEM_NAMES.get(section, {}), code, None)


def house_rule_name(rs: RuleSet, key: str) -> str:
    """What a house-rule key changes, in words: a house option's name, or ``Penalty: Drawing two
    cards instead of one`` for ``penalties.drew_two_cards`` (the key itself when it is not known)."""
    option = rs.house_option(key)
    if option is not None:
        return str(option_label(option))
    section, _dot, code = key.partition(".")
    if section not in SECTION_NAMES:
        return key
    return f"{section_name(section)}: {house_rule_item(rs, section, code)}"


def ruleset_name(rs: RuleSet) -> str:
    return str(_(rs.name))


def ruleset_names(rulesets: Iterable[RuleSet]) -> str:
    """Rule sets named in a list the reader's way (``Canasta y Canastón``, ``Canasta et Canastón``)."""
    return str(format_list([ruleset_name(rs) for rs in rulesets], locale=get_locale()))


#: A signed whole number (``+1,250``, ``-300``, ``0``), grouped as the locale groups.
SIGNED: Final = "+#,##0;-#,##0"


#: CLDR's ``minimumGroupingDigits`` where it is not 1, which Babel does not apply: Spanish writes 6825
#: but 10.000, as the phones' ``Intl.NumberFormat`` does.
MIN_GROUPING_DIGITS: Final = {"es": 2}


def number(value: int | float | str, signed: bool = False) -> str:
    """``value`` written the reader's way (``10.000`` and ``6825`` in Spanish, ``10,000`` in English);
    ``signed`` puts ``+`` before a positive number. Text is returned as it is (the offline page's
    ``{total}`` placeholders, which the phone fills in). The pages' Jinja filter ``number``."""
    if isinstance(value, str):
        return value
    locale = get_locale()
    grouped = abs(value) >= 10 ** (2 + MIN_GROUPING_DIGITS.get(locale.language if locale else "", 1))
    pattern = SIGNED if signed and value else None
    return str(format_decimal(value, format=pattern, locale=locale, group_separator=grouped))


def plural(singular: str, plural_form: str, count: int) -> str:
    """The form of a message for ``count`` in the user's language, its ``{placeholders}`` left as
    they are (flask-babel's ``ngettext`` would fill ``%`` ones)."""
    return str(get_translations().ngettext(singular, plural_form, count))


#: Parameters of the rules' messages that hold a msgid of their own.
TRANSLATED_PARAMS: Final = frozenset({"ruleset", "cards"})


def message_words(name: str, value: Any) -> Any:
    """What the player reads in place of a rules message's parameter ``name``: a rule set's name or
    a card group translated, a canasta kind's code named, a number written the locale's way."""
    if name in TRANSLATED_PARAMS and isinstance(value, str):
        return _(value)
    if name == "kind" and isinstance(value, str):
        return canasta_name_in_sentence(None, value)
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    return value
