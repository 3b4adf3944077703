"""Card values and deck make-up, common to every rule set.

Source: 004_c6a2eff7a226bedd.txt "ORDEN Y VALOR DE LAS CARTAS" (the same table in 000, 001 and 002).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

CARD_VALUES_SOURCE: Final = "004_c6a2eff7a226bedd.txt, ORDEN Y VALOR DE LAS CARTAS"


@dataclass(frozen=True)
class CardGroup:
    """Cards that are counted together: ``per_deck`` of them in one 54-card deck, ``points`` each."""

    code: str
    label: str
    points: int
    per_deck: int


#: In counter order: what the card counter asks for and what one deck holds.
CARD_GROUPS: Final[tuple[CardGroup, ...]] = (
    CardGroup("joker", "Joker", 50, 2),
    CardGroup("two", "2", 20, 4),
    CardGroup("ace", "A", 20, 4),
    CardGroup("high", "K Q J 10 9 8", 10, 24),
    CardGroup("low", "7 6 5 4", 5, 16),
    CardGroup("black_three", "3 ♠♣", 5, 2),
    CardGroup("red_three", "3 ♥♦", 0, 2),
)

CARD_GROUP_BY_CODE: Final = {group.code: group for group in CARD_GROUPS}

#: Every card value is a multiple of this, so every meld, hand and score is too.
POINT_STEP: Final = 5

#: A canasta is seven cards.
CANASTA_SIZE: Final = 7


def deck_points(decks: int) -> int:
    """Card points of ``decks`` full decks (red threes count nothing): 590 a deck."""
    return decks * sum(group.points * group.per_deck for group in CARD_GROUPS)


def deck_cards(decks: int) -> int:
    """Number of cards in ``decks`` decks of 54 (52 and two jokers)."""
    return decks * sum(group.per_deck for group in CARD_GROUPS)


def count_points(counts: dict[str, int]) -> int:
    """Card points of a pile given as ``{group code: number of cards}`` (the card counter)."""
    unknown = set(counts) - set(CARD_GROUP_BY_CODE)
    if unknown:
        raise KeyError(f"unknown card groups: {sorted(unknown)}")
    return sum(CARD_GROUP_BY_CODE[code].points * n for code, n in counts.items())


def min_canasta_points() -> int:
    """The fewest card points a canasta can hold: seven cards of the cheapest kind that has a value."""
    return CANASTA_SIZE * min(group.points for group in CARD_GROUPS if group.points)
