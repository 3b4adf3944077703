"""The form-to-hand contract, Python's side: scorekeeper/matches/hand_form.py gives each golden
file's hand from its fields, the fields back from the hand, and the card counter's points; the same
files hold static/form_to_hand.js to the same answers (tests/js/form_to_hand.test.mjs, run here by
test_node.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from werkzeug.datastructures import MultiDict

from scorekeeper.matches.forms import hand_form_class
from scorekeeper.matches.hand_form import form_to_hand, input_to_formdata
from scorekeeper.rules import get_ruleset
from scorekeeper.rules.cards import count_points, counted_groups

FILES = sorted((Path(__file__).resolve().parent / "form_to_hand").glob("*.json"))
CASES = [f for f in FILES if f.name != "counter.json"]


def load(path: Path) -> Any:
    return json.loads(path.read_text())


def test_there_are_cases_for_every_rule_set() -> None:
    assert {load(f)["ruleset"] for f in CASES} == {"classic", "samba", "canaston", "francaise", "american"}


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_the_form_gives_the_golden_hand(app: Flask, path: Path) -> None:
    case = load(path)
    rs = get_ruleset(case["ruleset"])
    # The shape the page gives the JavaScript copy is the rule set's own.
    assert case["shape"]["flags"] == [f.code for f in rs.flags]
    assert case["shape"]["card_points"] == {g.code: g.points for g in counted_groups(rs.card_groups)}
    sides = len(case["hand"]["sides"])
    with app.test_request_context():
        form = hand_form_class(rs, [f"Side {i}" for i in range(sides)])(
            formdata=MultiDict([tuple(pair) for pair in case["fields"]]), meta={"csrf": False}
        )
        assert form.validate(), form.errors
        assert form_to_hand(form, rs).data == case["hand"]
        again = sorted([k, v] for k, v in input_to_formdata(case["hand"], rs).items(multi=True))
    assert again == case["fields_again"]


def test_the_counter_counts_the_golden_points() -> None:
    for case in load(FILES[0].parent / "counter.json"):
        groups = counted_groups(get_ruleset(case["ruleset"]).card_groups)
        assert case["card_points"] == {g.code: g.points for g in groups}
        assert count_points(case["counts"], groups) == case["points"]
