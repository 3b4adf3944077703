"""The scorer's golden cases (static/scorer.js against the Python engine): every hand and match the
golden tests of tests/rules/ score, recorded with the engine's answers. tests/golden/scorer.json
holds them for the node test (tests/js/scorer.test.mjs, no browser needed); test_scorer_golden.py
checks that file is what the engine answers today, and the browser test (tests/browser/test_scorer.py)
runs the same cases in Chromium.

    .venv/bin/python -m tests.golden.scorer    # writes tests/golden/scorer.json again
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rules import RULESET_IDS, get_ruleset, parse_hand
from scorekeeper.rules.hand import HandInput
from scorekeeper.rules.model import RuleSet
from scorekeeper.rules.publish import scoring_data

FILE = Path(__file__).resolve().parent / "scorer.json"


#: Golden tests of tests/rules/ besides each rule set's own: the club house rules and settled matches.
MORE_MODULES = ("club_rules",)


def golden_cases() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Every hand and match the golden tests of tests/rules/ score, recorded by running those tests
    with their ``score`` and ``fold_match`` wrapped: (hands, matches), each with the engine's answer."""
    hands: list[dict[str, Any]] = []
    matches: list[dict[str, Any]] = []
    for ruleset_id in (*RULESET_IDS, *MORE_MODULES):
        module = importlib.import_module(f"tests.rules.test_golden_{ruleset_id}")
        score, fold = getattr(module, "score", None), module.fold_match

        def scoring(  # the builder's signature, and the loop's values bound
            data: Any,
            players: Any = (2, 2),
            house_rules: Any = None,
            _id: str = ruleset_id,
            score: Any = score,
        ) -> Any:
            answer = score(data, players, house_rules)  # raises for a refused hand: nothing recorded
            rs = get_ruleset(_id, house_rules)
            hand = parse_hand(rs, data, players=list(players)).to_json(rs.flag_codes)
            hands.append({"rs": scoring_data(rs), "hand": hand, "expected": answer})
            return answer

        def folding(
            rs: RuleSet,
            target: int,
            sides: int,
            hands: list[HandInput],
            start: Any = None,
            *,
            settled: bool = False,
            fold: Any = fold,
        ) -> Any:
            state = fold(rs, target, sides, hands, start, settled=settled)
            every = [r.input for r in start.hands] + list(hands) if start is not None else hands
            matches.append(match_case(rs, target, sides, every, state, settled))
            return state

        with pytest.MonkeyPatch.context() as patch:
            if score is not None:
                patch.setattr(module, "score", scoring)
            patch.setattr(module, "fold_match", folding)
            for name, test in list(vars(module).items()):
                if name.startswith("test_") and callable(test):
                    for arguments in parametrized(test):
                        test(**arguments)
    return hands, matches


def parametrized(test: Any) -> Iterator[dict[str, Any]]:
    """The keyword arguments of each case of a test function (one set if it is not parametrized)."""
    cases: list[dict[str, Any]] = [{}]
    for mark in getattr(test, "pytestmark", []):
        if mark.name != "parametrize":
            continue
        names = mark.args[0].split(",") if isinstance(mark.args[0], str) else mark.args[0]
        names = [n.strip() for n in names]
        rows = [v.values if hasattr(v, "marks") else v for v in mark.args[1]]  # pytest.param(...) or a value
        rows = [row if len(names) > 1 else (row,) for row in rows]
        cases = [{**case, **dict(zip(names, row, strict=True))} for case in cases for row in rows]
    yield from cases


def match_case(
    rs: RuleSet, target: int, sides: int, hands: list[HandInput], state: Any, settled: bool = False
) -> dict[str, Any]:
    flags = list(rs.flag_codes)
    return {
        "rs": scoring_data(rs),
        "target": target,
        "sides": sides,
        "settled": settled,
        "hands": [h.to_json(flags) for h in hands],
        "expected": {
            "hands": [
                {
                    "number": r.number,
                    "breakdown": [b.to_json() for b in r.breakdown],
                    "totals_after": list(r.totals_after),
                    "opening_minimums_before": list(r.opening_minimums_before),
                }
                for r in state.hands
            ],
            "totals": list(state.totals),
            "opening_minimums": list(state.opening_minimums),
            "finished": state.finished,
            "winner": state.winner,
            "settled": state.settled,
        },
    }





def golden_file() -> dict[str, Any]:
    """The cases as stored: each rule set's data once (by a key), hands and matches naming it."""
    hands, matches = golden_cases()
    rulesets: dict[str, Any] = {}

    def key(rs: dict[str, Any]) -> str:
        text = json.dumps(rs, sort_keys=True)
        for name, known in rulesets.items():
            if json.dumps(known, sort_keys=True) == text:
                return name
        name = f"{rs['id']}-{len(rulesets)}"
        rulesets[name] = rs
        return name

    return {
        "rulesets": rulesets,
        "hands": [{**c, "rs": key(c["rs"])} for c in hands],
        "matches": [{**m, "rs": key(m["rs"])} for m in matches],
    }


def write() -> None:
    FILE.write_text(json.dumps(golden_file(), separators=(",", ":"), sort_keys=True) + "\n")


if __name__ == "__main__":
    write()
