"""Builders of match and hand bodies for the API tests, and a few checks they share.

The bodies have the shapes of /work/shared/API.md. ``side(...)`` leaves out what the contract lets a
client leave out, so the tests also cover the defaults.
"""

from __future__ import annotations

import copy
from typing import Any

#: The seven lines of a side's hand score, in the order of RULES.md.
LINES = ("melds", "hand", "canastas", "red_threes", "going_out", "specials", "penalties")


def match_body(ruleset: str = "classic", sides: list[dict[str, Any]] | None = None, **extra: Any) -> dict:
    """A new match: two pairs unless ``sides`` says otherwise; ``extra`` adds ``target``..."""
    if sides is None:
        sides = [
            {"name": "Nosotros", "players": ["Ana", "Luis"]},
            {"name": "Ellos", "players": ["Eva", "Juan"]},
        ]
    return {"ruleset": ruleset, "sides": copy.deepcopy(sides), **extra}


def side(
    melds: int = 0,
    hand: int = 0,
    red_threes: int | None = None,
    canastas: dict[str, int] | None = None,
    penalties: list[dict[str, Any]] | None = None,
    **flags: Any,
) -> dict[str, Any]:
    """One side of a hand; ``red_threes``, ``canastas`` and ``penalties`` are left out when not given."""
    body: dict[str, Any] = {"melds": melds, "hand": hand}
    if red_threes is not None:
        body["red_threes"] = red_threes
    if canastas is not None:
        body["canastas"] = canastas
    if penalties is not None:
        body["penalties"] = penalties
    body.update(flags)
    return body


def hand_body(
    number: int, sides: list[dict[str, Any]], went_out: int | None = None, going_out_kind: str | None = None
) -> dict[str, Any]:
    body: dict[str, Any] = {"number": number, "went_out": went_out, "sides": copy.deepcopy(sides)}
    if going_out_kind is not None:
        body["going_out_kind"] = going_out_kind
    return body


def penalty(code: str, count: int | None = None) -> dict[str, Any]:
    return {"code": code} if count is None else {"code": code, "count": count}


def custom(points: int, description: str = "house rule") -> dict[str, Any]:
    return {"code": "custom", "points": points, "description": description}


def simple_hand(number: int) -> dict[str, Any]:
    """A valid classic hand for two sides that ends no match: side 0 goes out with one clean canasta.

    Side 0: 300 melds + 500 canasta + 100 going out = 900. Side 1: 100 melds - 40 in hand = 60.
    """
    return hand_body(
        number,
        [side(300, 0, canastas={"clean": 1}), side(100, 40)],
        went_out=0,
        going_out_kind="normal",
    )


def create_match(api: Any, body: dict[str, Any] | None = None) -> dict[str, Any]:
    """Create a match (a classic one for two pairs by default) and return its JSON."""
    response = api.post("/matches", match_body() if body is None else body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def post_hand(api: Any, match_id: int, body: dict[str, Any]) -> dict[str, Any]:
    """Post a hand that must be accepted; return the ``{"hand": ..., "match": ...}`` answer."""
    response = api.post(f"/matches/{match_id}/hands", body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def get_match(api: Any, match_id: int) -> dict[str, Any]:
    response = api.get(f"/matches/{match_id}")
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def match_count(api: Any) -> int:
    """How many matches the account has, as ``GET /matches`` reports it."""
    response = api.get("/matches")
    assert response.status_code == 200
    return int(response.headers["X-Total-Count"])


def error_paths(response: Any, status: int) -> set[str]:
    """The field paths of an error answer, after checking its status and ``{"errors": ...}`` shape."""
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert isinstance(body, dict) and isinstance(body.get("errors"), dict), body
    for path, messages in body["errors"].items():
        assert isinstance(messages, list) and messages, path
        assert all(isinstance(m, str) and m for m in messages), path
    return set(body["errors"])


def totals(match: dict[str, Any]) -> list[int]:
    return [s["total"] for s in match["sides"]]


def minimums(match: dict[str, Any]) -> list[int]:
    return [s["opening_minimum"] for s in match["sides"]]
