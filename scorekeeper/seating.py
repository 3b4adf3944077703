"""Who sits where, who deals and who starts: derived from the sides' players and the hand number.

Players sit alternating between sides (A1, B1, A2, B2 for two pairs; A1, B1, C1 for three players).
The deal passes to the next seat every hand, and the player after the dealer starts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class SeatRef:
    side: int
    name: str


def table_order(sides: Sequence[Sequence[str]]) -> list[SeatRef]:
    """Every player in seating order, taking one player from each side in turn."""
    order: list[SeatRef] = []
    for round_ in range(max((len(players) for players in sides), default=0)):
        for side, players in enumerate(sides):
            if round_ < len(players):
                order.append(SeatRef(side, players[round_]))
    return order


def dealer_and_starter(
    sides: Sequence[Sequence[str]], first_dealer: int, hand_number: int
) -> tuple[SeatRef, SeatRef]:
    """The dealer of hand ``hand_number`` (1 for the first) and the player who starts it."""
    order = table_order(sides)
    dealer = (first_dealer + hand_number - 1) % len(order)
    return order[dealer], order[(dealer + 1) % len(order)]
