"""Write the golden files of the form-to-hand contract (tests/golden/form_to_hand/*.json) from the
cases below, with the answers of scorekeeper/matches/hand_form.py; review the diff before
committing it: from then on the files hold both copies of the mapping, Python's and
static/form_to_hand.js, to those answers (tests/golden/test_golden_files.py, tests/js).

    .venv/bin/python -m tests.golden.build
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from werkzeug.datastructures import MultiDict

from scorekeeper import create_app
from scorekeeper.matches.forms import hand_form_class
from scorekeeper.matches.hand_form import form_to_hand, input_to_formdata
from scorekeeper.rules import get_ruleset
from scorekeeper.rules.cards import count_points, counted_groups

HERE = Path(__file__).resolve().parent

#: name: (rule set, sides, who went out ("none" or an index), going-out kind, number, {field: value}).
CASES: dict[str, tuple[str, int, str, str | None, str, dict[str, str]]] = {
    "classic_typed": ("classic", 2, "0", "normal", "1", {
        "sides-0-melds": "300", "sides-0-canastas-clean": "1", "sides-0-red_threes": "1",
        "sides-0-black_threes_melded": "y", "sides-1-melds": "100", "sides-1-hand": "40",
        "sides-1-penalties-red_three_in_hand": "2", "sides-1-custom_points": "150",
        "sides-1-custom_description": "  house rule ",
    }),
    "classic_counted": ("classic", 2, "none", None, "7", {
        "sides-0-melds_cards-joker": "1", "sides-0-melds_cards-high": "3", "sides-0-hand_cards-low": "2",
        "sides-1-melds": "0", "sides-1-hand": "", "sides-1-hand_cards-ace": "2",
        "sides-1-canastas-dirty": "2",
    }),
    "classic_typed_beats_counter": ("classic", 2, "1", "concealed_in_play_alone", "3", {
        "sides-0-melds": "90", "sides-0-melds_cards-joker": "2", "sides-1-melds": "−0",
        "sides-1-canastas-clean": "+1", "sides-1-custom_description": "only words",
    }),
    "samba_three_sides": ("samba", 3, "2", "normal", "12", {
        "sides-0-melds": "200", "sides-0-canastas-samba": "1", "sides-1-hand": "35",
        "sides-1-penalties-three_wilds_in_canasta": "1", "sides-1-penalties-took_pile_out_of_turn": "3",
        "sides-2-melds": "640", "sides-2-canastas-clean": "2", "sides-2-canastas-dirty": "1",
    }),
    "canaston_flags_and_more_customs": ("canaston", 2, "0", "normal", "2", {
        "sides-0-melds": "1200", "sides-0-canastas-escala": "1", "sides-0-canastas-clean": "2",
        "sides-0-cut_exact": "y", "sides-0-custom_points": "50", "sides-0-custom_description": "late",
        "sides-0-more_customs": json.dumps([
            {"code": "custom", "count": 2, "points": 100, "description": "twice"},
            {"code": "drew_two", "count": 1}, "not an object",
        ]),
        "sides-1-melds_cards-two": "4", "sides-1-hand_cards-black_three": "3",
    }),
    "francaise_nobody": ("francaise", 2, "none", None, "4", {
        "sides-0-melds": "55", "sides-0-hand": "10", "sides-1-blank_ok": "y",
    }),
    "american_threes_and_penalties": ("american", 2, "0", "normal", "2", {
        "sides-0-melds": "800", "sides-0-canastas-clean": "1", "sides-0-canastas-sevens": "1",
        "sides-0-red_threes": "2", "sides-0-black_threes": "1", "sides-1-melds_cards-ace": "3",
        "sides-1-melds_cards-high": "4", "sides-1-hand": "85", "sides-1-red_threes": "1",
        "sides-1-penalties-unfinished_aces": "1", "sides-1-penalties-sevens_in_hand": "2",
    }),
    "american_special_hand": ("american", 2, "1", "special_garbage", "5", {
        "sides-0-melds": "420", "sides-0-hand_cards-joker": "1", "sides-0-canastas-wild_mixed": "1",
        "sides-0-black_threes": "4", "sides-1-red_threes": "1", "sides-1-custom_points": "50",
        "sides-1-custom_description": "table talk",
    }),
}

#: Card counts a counter may be given, and what it counts (points per rule set's counted cards).
COUNTER_CASES: list[dict[str, Any]] = [
    {"ruleset": "classic", "counts": {"joker": 2, "two": 1, "ace": 0, "high": 4, "low": 3, "black_three": 1}},
    {"ruleset": "canaston", "counts": {"black_three": 4, "low": 1}},
    {"ruleset": "samba", "counts": {}},
    {"ruleset": "american", "counts": {"joker": 1, "two": 2, "low": 3}},
]


def form_fields(rs_id: str, sides: int, went_out: str, kind: str | None, number: str,
                values: dict[str, str]) -> list[list[str]]:
    """The [name, value] pairs the page's FormData gives: every input in page order, a checkbox only
    when checked, the going-out kind only while someone went out (its inputs are disabled else)."""
    rs = get_ruleset(rs_id)
    form = hand_form_class(rs, [f"Side {i}" for i in range(sides)])(meta={"csrf": False})
    pairs: list[list[str]] = [["number", number], ["key", "k-" + rs_id], ["went_out", went_out]]
    if kind is not None:
        pairs.append(["going_out_kind", kind])
    for entry in form.sides:
        for field in entry.form:
            subfields = list(field.form) if hasattr(field, "form") else [field]
            for sub in subfields:
                name = sub.name
                if sub.type == "BooleanField":
                    if name in values:
                        pairs.append([name, values[name]])
                else:
                    pairs.append([name, values.get(name, "")])
    unknown = set(values) - {name for name, _v in pairs}
    assert not unknown, unknown
    return pairs


def shape(rs_id: str) -> dict[str, Any]:
    rs = get_ruleset(rs_id)
    return {
        "flags": [f.code for f in rs.flags],
        "card_points": {g.code: g.points for g in counted_groups(rs.card_groups)},
    }


def build() -> None:
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    with app.test_request_context():
        for name, (rs_id, sides, went_out, kind, number, values) in CASES.items():
            rs = get_ruleset(rs_id)
            fields = form_fields(rs_id, sides, went_out, kind, number, values)
            form = hand_form_class(rs, [f"Side {i}" for i in range(sides)])(
                formdata=MultiDict([tuple(p) for p in fields]), meta={"csrf": False}
            )
            assert form.validate(), form.errors
            hand = form_to_hand(form, rs).data
            again = sorted([k, v] for k, v in input_to_formdata(hand, rs).items(multi=True))
            case = {"ruleset": rs_id, "shape": shape(rs_id), "fields": fields, "hand": hand,
                    "fields_again": again}
            text = json.dumps(case, indent=1, ensure_ascii=False) + "\n"
            (HERE / "form_to_hand" / f"{name}.json").write_text(text)
    counters = []
    for case in COUNTER_CASES:
        groups = counted_groups(get_ruleset(case["ruleset"]).card_groups)
        counters.append({**case, "card_points": shape(case["ruleset"])["card_points"],
                         "points": count_points(case["counts"], groups)})
    (HERE / "form_to_hand" / "counter.json").write_text(json.dumps(counters, indent=1) + "\n")


if __name__ == "__main__":
    build()
