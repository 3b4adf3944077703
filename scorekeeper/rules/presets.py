"""Presets: house rules that tables elsewhere play, each with its public source, filled in one tap.

A match stores the plain house rules a preset gave (they stay editable); :func:`preset_of` names the
preset back when a match's house rules are exactly its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

from .house_rule_table import BANDS_KEY, SPECIAL_HANDS_FIRST_FOUR, book_value
from .house_rules import house_rule_keys
from .model import RuleSet
from .registry import BOOKS


@dataclass(frozen=True)
class Preset:
    """The house rules ``house_rules`` of rule set ``ruleset``, as ``source`` plays them."""

    id: str
    ruleset: str
    name: str
    source: str
    url: str
    house_rules: Mapping[str, Any]
    note: str = ""


PAGAT_CANASTA: Final = "https://www.pagat.com/rummy/canasta.html"
PAGAT_SAMBA: Final = "https://www.pagat.com/rummy/samba.html"
PAGAT_AMERICAN: Final = "https://www.pagat.com/rummy/american-canasta.html"
CLA: Final = "https://www.canastaleague.org/"
NVSO: Final = "https://nvso.us/events/canasta/"

PRESETS: Final[tuple[Preset, ...]] = (
    Preset(
        id="classic_international",
        ruleset="classic",
        name="International rules",
        source='Hoyle; Pagat "Canasta"',
        url=PAGAT_CANASTA,
        house_rules=MappingProxyType(
            {
                "going_out_kinds.concealed_from_hand_alone": 200,
                "going_out_kinds.concealed_from_hand_with_partner": 200,
                "going_out_kinds.concealed_in_play_alone": 200,
                "going_out_kinds.concealed_in_play_with_partner": 200,
                "red_threes_when_opened": True,
                "flags.black_threes_melded": 0,
                "many_canastas.5": 0,
                "many_canastas.7": 0,
            }
        ),
    ),
    Preset(
        id="classic_two_players",
        ruleset="classic",
        name="Two players",
        source='Pagat "Canasta", two-player game',
        url=f"{PAGAT_CANASTA}#two",
        house_rules=MappingProxyType({"going_out_min_canastas": 2}),
        note="15 cards each, draw 2 (the app does not count cards dealt).",
    ),
    Preset(
        id="samba_international",
        ruleset="samba",
        name="International rules",
        source='Pagat "Samba"',
        url=PAGAT_SAMBA,
        house_rules=MappingProxyType(
            {
                "going_out_min_canastas": 2,
                BANDS_KEY: ((None, 15), (0, 50), (1500, 90), (3000, 120), (7000, 150)),
            }
        ),
    ),
    Preset(
        id="american_cla",
        ruleset="american",
        name="Canasta League of America",
        source="Canasta League of America, Rules",
        url=CLA,
        house_rules=MappingProxyType({}),
        note="The rule set's own values.",
    ),
    Preset(
        id="american_pagat",
        ruleset="american",
        name="Pagat",
        source='Pagat "American Canasta", Special hands; Penalties',
        url=PAGAT_AMERICAN,
        house_rules=MappingProxyType(
            {
                "going_out_kinds.special_garbage": 2000,
                "penalties.unfinished_wild_jokers": 2500,
                SPECIAL_HANDS_FIRST_FOUR: True,
            }
        ),
    ),
    Preset(
        id="american_tournament",
        ruleset="american",
        name="Tournament game of three hands",
        source='NVSO "Canasta" event rules, B) Game Rules',
        url=NVSO,
        house_rules=MappingProxyType({"hands_limit": 3, "opening_by_hand": (125, 155, 180)}),
        note="Three hands opened at 125, 155 and 180 whatever the score; the higher total wins.",
    ),
)


def presets_for(ruleset_id: str) -> list[Preset]:
    """The presets of one rule set, in the order above."""
    return [p for p in PRESETS if p.ruleset == ruleset_id]


def _as_json(value: Any) -> Any:
    """Tuples as lists, so a table compares equal however it was written."""
    if isinstance(value, list | tuple):
        return [_as_json(v) for v in value]
    return value


def changes(book: RuleSet, house_rules: Mapping[str, Any]) -> dict[str, Any]:
    """The house rules that change something: those equal to the book's value left out."""
    keys = set(house_rule_keys(book))
    return {
        key: _as_json(value)
        for key, value in house_rules.items()
        if key not in keys or _as_json(value) != book_value(book, key)
    }


def preset_of(ruleset_id: str, house_rules: Mapping[str, Any]) -> Preset | None:
    """The preset whose house rules are exactly ``house_rules`` (values equal to the book's aside)."""
    book = BOOKS.get(ruleset_id)
    if book is None or not house_rules:
        return None
    chosen = changes(book, house_rules)
    return next((p for p in presets_for(ruleset_id) if changes(book, p.house_rules) == chosen), None)
