"""Each hand's result stored beside its input (``hands.result``): a cache derived from the inputs,
so that a process that has not folded a match (a second worker, a restart) reads the match's state
instead of scoring every hand again before it adds one.

The input stays the source of truth. A result is written by the unit of work that writes the hand
(:meth:`.unit_of_work.MatchWrite.summarise`), recomputed by ``flask data rescore`` and by the upgrade
that adds the column (:mod:`.schema`), and marked with :data:`RULES` (a digest of the rules'
code and data): a result made by other rules, or missing, is not read, and the match is folded from
its inputs as before. ``tests/test_hand_results.py`` compares the stored results with a fresh fold.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any, Final

from ..rules import Breakdown, HandResult, MatchState, RuleSet, load_hand, opening_minimum

RULES_PACKAGE: Final = Path(__file__).resolve().parent.parent / "rules"


@cache
def rules_digest() -> str:
    """A digest of every file of the rules package (its code and rule-set data): results stored by
    other rules than this process's are not read (a release that corrects a rule)."""
    digest = hashlib.sha256()
    for path in sorted(RULES_PACKAGE.rglob("*")):
        if path.is_file() and path.suffix not in (".pyc",) and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(RULES_PACKAGE)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def stored(result: HandResult) -> dict[str, Any]:
    """What ``hands.result`` holds for ``result``: each side's lines, the totals before and after the
    hand, the opening minimums before it, and the rules that scored it."""
    return {
        "rules": rules_digest(),
        "lines": [[b.melds, b.hand, b.canastas, b.red_threes, b.going_out, b.specials, b.penalties]
                  for b in result.breakdown],
        "before": list(result.totals_before),
        "after": list(result.totals_after),
        "minimums": list(result.opening_minimums_before),
    }


def readable(result: Any) -> bool:
    """Whether a stored result was made by this process's rules."""
    return isinstance(result, dict) and result.get("rules") == rules_digest()


def state_of(
    rs: RuleSet, rows: Sequence[tuple[dict[str, Any], dict[str, Any]]], finished: bool, winner: int | None,
    sides: int,
) -> MatchState:
    """The match's state from its hands' ``(input, stored result)`` in hand order, every result
    :func:`readable`, and the match's stored ``finished`` and ``winner``: what folding the inputs
    gives, without scoring them."""
    hands = tuple(_result(load_hand(data), result) for data, result in rows)
    totals = hands[-1].totals_after if hands else (0,) * sides
    return MatchState(
        hands=hands,
        totals=totals,
        opening_minimums=tuple(opening_minimum(rs, t, len(hands) + 1) for t in totals),
        finished=finished,
        winner=winner,
    )


def _result(hand: Any, result: dict[str, Any]) -> HandResult:
    return HandResult(
        number=hand.number,
        input=hand,
        breakdown=tuple(Breakdown(*lines) for lines in result["lines"]),
        totals_before=tuple(result["before"]),
        totals_after=tuple(result["after"]),
        opening_minimums_before=tuple(result["minimums"]),
    )


def all_readable(results: Iterable[Any]) -> bool:
    return all(readable(result) for result in results)
