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

#: Where the house rules every rule set accepts are described (RULES.md, the project's rule tables).
EVERY_RULESET = "RULES.md, House rules every rule set accepts"


def every_ruleset_options(
    going_out_min_canastas: int = 1,
    going_out_description: str = "Canastas needed to go out (at least)",
    going_out_source: str = EVERY_RULESET,
) -> tuple[HouseOption, ...]:
    """The house rules every rule set accepts.

    ``going_out_min_canastas`` is the count that changes nothing for this rule set (Canastón's clean and
    dirty canastas already make two).
    """
    return (
        HouseOption(
            key="going_out_min_canastas",
            kind=OptionKind.NUMBER,
            default=going_out_min_canastas,
            description=going_out_description,
            source=going_out_source,
            minimum=1,
            maximum=4,
        ),
        HouseOption(
            key="red_threes_when_opened",
            kind=OptionKind.SWITCH,
            default=False,
            description="Red threes count positive once the side has melded (international rules)",
            source=EVERY_RULESET,
        ),
        HouseOption(
            key="opening_bands",
            kind=OptionKind.BANDS,
            default=None,
            description="Opening minimums: the whole table",
            source=EVERY_RULESET,
        ),
    )
