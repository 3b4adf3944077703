"""Builders for golden-hand tests: hands in the API's shape and expected breakdown rows."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules import ValidationError, get_ruleset, parse_hand, score_hand


def side(
    melds: int = 0,
    hand: int = 0,
    red_threes: int = 0,
    canastas: dict[str, int] | None = None,
    penalties: list[dict[str, Any]] | None = None,
    **flags: bool,
) -> dict[str, Any]:
    return {
        "melds": melds,
        "hand": hand,
        "red_threes": red_threes,
        "canastas": dict(canastas or {}),
        "penalties": list(penalties or []),
        **flags,
    }


def pen(code: str, count: int = 1) -> dict[str, Any]:
    return {"code": code, "count": count}


def custom(points: int, description: str = "house rule", count: int = 1) -> dict[str, Any]:
    return {"code": "custom", "count": count, "points": points, "description": description}


def hand_data(*sides: dict[str, Any], went_out: int | None = None, kind: str | None = None, number: int = 1):
    return {"number": number, "went_out": went_out, "going_out_kind": kind, "sides": list(sides)}


def row(melds, hand, canastas, red_threes, going_out, specials, penalties, *, total):
    return {
        "melds": melds,
        "hand": hand,
        "canastas": canastas,
        "red_threes": red_threes,
        "going_out": going_out,
        "specials": specials,
        "penalties": penalties,
        "total": total,
    }


def scorer(ruleset_id: str):
    """``score(data, players, house_rules)``: each side's breakdown as JSON, for ``ruleset_id``."""

    def score(data, players=(2, 2), house_rules=None):
        rs = get_ruleset(ruleset_id, house_rules)
        return [b.to_json() for b in score_hand(rs, parse_hand(rs, data, players=list(players)))]

    return score


def refused_paths(ruleset_id: str, data, players=(2, 2), house_rules=None) -> set[str]:
    """The field paths of the errors ``parse_hand`` finds in ``data`` (empty when it is accepted)."""
    rs = get_ruleset(ruleset_id, house_rules)
    try:
        parse_hand(rs, data, players=list(players))
    except ValidationError as error:
        return {e.path for e in error.errors}
    return set()
