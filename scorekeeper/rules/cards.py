"""Card values and deck make-up.

The common table (Source: 004_c6a2eff7a226bedd.txt "ORDEN Y VALOR DE LAS CARTAS"; the same in 000, 001
and 002) is :data:`CARD_GROUPS`; each rule set carries its own copy (``RuleSet.card_groups``), where a
value may differ (Canastón's black three is worth nothing). The functions below take a rule set's
groups; without them they use the common table.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

CARD_VALUES_SOURCE: Final = "004_c6a2eff7a226bedd.txt, ORDEN Y VALOR DE LAS CARTAS"


@dataclass(frozen=True)
class CardGroup:
    """Cards that are counted together: ``per_deck`` of them in one 54-card deck, ``points`` each.

    ``bonus_only``: the cards are bonus cards with no card value at all (red threes), never counted
    with the melds or the cards left in hand.
    """

    code: str
    label: str
    points: int
    per_deck: int
    source: str = CARD_VALUES_SOURCE
    bonus_only: bool = False


#: In counter order: what the card counter asks for and what one deck holds.
CARD_GROUPS: Final[tuple[CardGroup, ...]] = (
    CardGroup("joker", "Joker", 50, 2),
    CardGroup("two", "2", 20, 4),
    CardGroup("ace", "A", 20, 4),
    CardGroup("high", "K Q J 10 9 8", 10, 24),
    CardGroup("low", "7 6 5 4", 5, 16),
    CardGroup("black_three", "3 ♠♣", 5, 2),
    CardGroup("red_three", "3 ♥♦", 0, 2, bonus_only=True),
)

CARD_GROUP_BY_CODE: Final = {group.code: group for group in CARD_GROUPS}

#: Every card value is a multiple of this, so every meld, hand and score is too.
POINT_STEP: Final = 5

#: A canasta is seven cards.
CANASTA_SIZE: Final = 7


def with_points(groups: Sequence[CardGroup], code: str, points: int, source: str) -> tuple[CardGroup, ...]:
    """``groups`` with the cards ``code`` worth ``points`` each, on the authority of ``source``."""
    return tuple(
        dataclasses.replace(g, points=points, source=source) if g.code == code else g for g in groups
    )


def counted_groups(groups: Sequence[CardGroup] = CARD_GROUPS) -> tuple[CardGroup, ...]:
    """The groups a card counter asks for: every card but the bonus-only ones (red threes)."""
    return tuple(g for g in groups if not g.bonus_only)


def deck_points(decks: int, groups: Sequence[CardGroup] = CARD_GROUPS) -> int:
    """Card points of ``decks`` full decks (590 a deck by the common table; 580 in Canastón)."""
    return decks * sum(group.points * group.per_deck for group in groups)


def deck_cards(decks: int) -> int:
    """Number of cards in ``decks`` decks of 54 (52 and two jokers)."""
    return decks * sum(group.per_deck for group in CARD_GROUPS)


def count_points(counts: Mapping[str, int], groups: Sequence[CardGroup] = CARD_GROUPS) -> int:
    """Card points of a pile given as ``{group code: number of cards}`` (the card counter)."""
    by_code = {group.code: group for group in groups}
    unknown = set(counts) - set(by_code)
    if unknown:
        raise KeyError(f"unknown card groups: {sorted(unknown)}")
    return sum(by_code[code].points * n for code, n in counts.items())


def min_canasta_points(
    groups: Sequence[CardGroup] = CARD_GROUPS, made_of: Mapping[str, int] | None = None
) -> int:
    """The fewest card points a canasta can hold.

    ``made_of`` names cards the canasta is made of (``{"black_three": 7}``), counted at their value;
    the rest of its seven cards are the cheapest that have a value. A canasta of seven Canastón black
    threes holds 0 points.
    """
    by_code = {group.code: group for group in groups}
    made_of = made_of or {}
    fixed = sum(by_code[code].points * n for code, n in made_of.items())
    rest = CANASTA_SIZE - sum(made_of.values())
    cheapest = min((g.points for g in groups if g.points and not g.bonus_only), default=0)
    return fixed + max(rest, 0) * cheapest
