"""tests/golden/scorer.json is what the engine answers today for every golden hand and match (the
node test holds static/scorer.js to it without a browser). After a deliberate change of the
golden tests, write it again: ``.venv/bin/python -m tests.golden.scorer``."""

from __future__ import annotations

import json

from scorekeeper.rules import RULESET_IDS
from tests.golden.scorer import FILE, golden_file


def test_the_scorer_golden_file_is_the_engines_answer() -> None:
    stored = json.loads(FILE.read_text())
    assert len(stored["hands"]) >= 60 and len(stored["matches"]) >= 20
    assert {rs["id"] for rs in stored["rulesets"].values()} == set(RULESET_IDS)
    assert json.loads(json.dumps(golden_file(), sort_keys=True)) == stored, (
        "the engine's answers changed: run .venv/bin/python -m tests.golden.scorer and review the diff"
    )
