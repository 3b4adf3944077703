"""Pieces shared by several rule sets: the usual opening bands and house options."""

from __future__ import annotations

from ..house_rule_table import EVERY_RULESET, HOUSE_RULE_TABLE, house_option
from ..model import HouseOption, OpeningBand


def usual_opening_bands(source: str, below_zero: int = 15) -> tuple[OpeningBand, ...]:
    """Below 0 → ``below_zero``; 0 → 50; 1500 → 90; 3000 → 120 (000/001/002/004)."""
    return (
        OpeningBand(None, below_zero, source),
        OpeningBand(0, 50, source),
        OpeningBand(1500, 90, source),
        OpeningBand(3000, 120, source),
    )


MELDS_ONLY_WENT_OUT = house_option(
    "melds_only_went_out", "000/001/004, TANTEO DEL JUEGO; RULES.md Discrepancies"
)


def every_ruleset_options(
    going_out_min_canastas: int = 1, going_out_description: str = "", going_out_source: str = EVERY_RULESET
) -> tuple[HouseOption, ...]:
    """The house rules every rule set accepts; ``going_out_min_canastas`` is this rule set's count that
    changes nothing (Canastón's clean and dirty canastas already make two)."""
    own = {"going_out_min_canastas": (going_out_source, going_out_min_canastas, going_out_description)}
    return tuple(
        house_option(row.key, *own.get(row.key, ())) for row in HOUSE_RULE_TABLE if row.every_ruleset
    )
