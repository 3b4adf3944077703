"""A rule set as plain JSON data for the scorer that runs on the phone (static/scorer.js).

:func:`scoring_data` writes out exactly what :mod:`.scoring` and :mod:`.match` read, from an
effective rule set (house rules already applied), so the browser computes provisional scores with
the same numbers and no copy of them in JavaScript. ``FORMAT`` changes whenever the shape does;
the scorer refuses a format it does not know.
"""

from __future__ import annotations

from typing import Any, Final

from .model import RuleSet

#: 2: the hands limit and the opening minimums by hand (club house rules); 3: threes tables and
#: black threes, the sign table by canastas, special going-out kinds (American Canasta).
FORMAT: Final = 3


def scoring_data(rs: RuleSet) -> dict[str, Any]:
    """Everything needed to score hands of ``rs`` and fold them into a match, as JSON values."""
    red = rs.red_threes
    return {
        "format": FORMAT,
        "id": rs.id,
        "opening_bands": [{"from": b.start, "minimum": b.minimum} for b in rs.opening_bands],
        "opening_by_hand": list(rs.opening_by_hand),
        "hands_limit": rs.hands_limit,
        "canasta_kinds": [
            {"code": k.code, "points": k.points, "escala": k.escala, "wins_match": k.wins_match}
            for k in rs.canasta_kinds
        ],
        "going_out_kinds": [
            {"code": k.code, "points": k.points, "special": k.special, "wins_match": k.wins_match}
            for k in rs.going_out_kinds
        ],
        "red_threes": {
            "per_card": red.per_card,
            "full_set_size": red.full_set_size,
            "full_set_value": red.full_set_value,
            "condition": red.condition.value,
            "min_canastas": red.min_canastas,
            "table": list(red.table),
            "black_threes": red.black_threes,
        },
        "signs_by_canastas": [
            {"min_canastas": step.min_canastas, "melds": step.melds, "threes": step.threes}
            for step in rs.signs_by_canastas
        ],
        "flags": [
            {"code": f.code, "points": f.points, "negative_without_canasta": f.negative_without_canasta}
            for f in rs.flags
        ],
        "many_canastas": [{"min_canastas": t.min_canastas, "points": t.points} for t in rs.many_canastas],
        "penalties": [{"code": p.code, "points": p.points} for p in rs.penalties],
        "melds_negative_without_canasta": rs.melds_negative_without_canasta,
        "melds_only_went_out": rs.melds_only_went_out,
    }
