"""Pieces shared by several rule sets: the usual opening bands and house options."""

from __future__ import annotations

from ..model import HouseOption, OpeningBand, OptionKind


def usual_opening_bands(source: str, below_zero: int = 15) -> tuple[OpeningBand, ...]:
    """Below 0 → ``below_zero``; 0 → 50; 1500 → 90; 3000 → 120 (000/001/002/004)."""
    return (
        OpeningBand(None, below_zero, source),
        OpeningBand(0, 50, source),
        OpeningBand(1500, 90, source),
        OpeningBand(3000, 120, source),
    )


MELDS_ONLY_WENT_OUT = HouseOption(
    key="melds_only_went_out",
    kind=OptionKind.SWITCH,
    default=False,
    description=(
        'Only the side that went out scores its melded cards ("las cartas expuestas por la pareja ganadora")'
    ),
    source="000/001/004, TANTEO DEL JUEGO; RULES.md Discrepancies",
)
