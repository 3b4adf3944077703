"""Export formats and the reading of an export, without a database: matches are built as unsaved
models and folded by the rules, as the pages do. Expected numbers are worked out by hand."""

from __future__ import annotations

import copy
import csv
import io
import json
from datetime import UTC, datetime
from typing import Any

import openpyxl
import pytest

from scorekeeper.models import Hand, Match, Player, Seat, Side
from scorekeeper.rules import get_ruleset, parse_hand
from scorekeeper.services import MatchView, view
from scorekeeper.services.export_formats import (
    CSV_HEADER,
    FORMAT,
    MAX_BYTES,
    MAX_MATCHES,
    ImportRejected,
    export_csv,
    export_json,
    export_xlsx,
    read_export,
    render_problems,
    safe_cell,
)

CREATED = datetime(2024, 5, 1, 18, 30, 15, 123456, tzinfo=UTC)

# Hand 1 of the API's example (classic). Nosotros went out (normal): melds 640 + hand 0 + canastas
# 500 clean + 300 dirty + 1 red three 100 + going out 100 + specials 0 − drew_two_cards 50 = 1590.
# Ellos: melds 210 − hand 85 = 125.
HAND_1 = {
    "number": 1,
    "went_out": 0,
    "going_out_kind": "normal",
    "sides": [
        {
            "melds": 640,
            "hand": 0,
            "red_threes": 1,
            "canastas": {"clean": 1, "dirty": 1},
            "penalties": [{"code": "drew_two_cards"}],
        },
        {"melds": 210, "hand": 85},
    ],
}
# Hand 2: nobody went out; Nosotros melds 100 − hand 40 = 60 (1650); Ellos melds 0 − hand 120 = −120 (5).
HAND_2 = {
    "number": 2,
    "went_out": None,
    "sides": [{"melds": 100, "hand": 40}, {"melds": 0, "hand": 120}],
}


def build(
    ruleset: str,
    sides: list[tuple[str, list[str]]],
    hands: list[dict[str, Any]],
    match_id: int = 7,
    target: int | None = None,
) -> MatchView:
    """An unsaved match with these sides and hands, folded."""
    rs = get_ruleset(ruleset, {})
    match = Match(
        id=match_id,
        club_id=1,
        ruleset=ruleset,
        target=target or rs.target,
        house_rules={},
        first_dealer=0,
        created_at=CREATED,
    )
    for position, (name, players) in enumerate(sides):
        seats = [Seat(position=i, player=Player(name=p)) for i, p in enumerate(players)]
        match.sides.append(Side(position=position, name=name, seats=seats))
    counts = [len(p) for _n, p in sides]
    for data in hands:
        hand = parse_hand(rs, data, counts)
        match.hands.append(Hand(number=hand.number, input=hand.to_json(rs.flag_codes)))
    return view(match)


def classic(**kwargs: Any) -> MatchView:
    sides = kwargs.pop("sides", [("Nosotros", ["Ana", "Luis"]), ("Ellos", ["Eva", "Juan"])])
    return build("classic", sides, [HAND_1, HAND_2], **kwargs)


def rows(data: bytes) -> list[list[str]]:
    assert data.startswith(b"\xef\xbb\xbf")  # UTF-8 byte-order mark
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))


def problems(raw: bytes) -> list[str]:
    with pytest.raises(ImportRejected) as caught:
        read_export(raw)
    return render_problems(caught.value.problems)


def document(*views: MatchView) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(export_json(views, CREATED))
    return result


def encode(doc: Any) -> bytes:
    return json.dumps(doc).encode()


# --- CSV ---------------------------------------------------------------------------------------


def test_csv_has_a_row_per_hand_and_side_with_the_breakdown() -> None:
    table = rows(export_csv([classic()]))
    assert table[0] == [
        "Match", "Date (UTC)", "UTC offset", "Rule set", "Target", "Hand", "Side", "Side name", "Players",
        "Went out", "Going-out kind", "Melds", "Cards in hand", "Canastas", "Red threes", "Going out",
        "Specials", "Penalties", "Hand total", "Running total", "Result",
    ]  # fmt: skip
    assert len(table) == 1 + 2 * 2
    date = "2024-05-01 18:30:15"
    assert table[1] == [
        "7", date, "UTC+00:00", "Canasta", "5000", "1", "1", "Nosotros", "Ana, Luis", "yes",
        "Going out (irse)", "640", "0", "800", "100", "100", "0", "-50", "1590", "1590", "",
    ]  # fmt: skip
    assert table[2] == [
        "7", date, "UTC+00:00", "Canasta", "5000", "1", "2", "Ellos", "Eva, Juan", "no", "",
        "210", "-85", "0", "0", "0", "0", "0", "125", "125", "",
    ]  # fmt: skip
    assert table[3][5:18] == [
        "2", "1", "Nosotros", "Ana, Luis", "no", "", "100", "-40", "0", "0", "0", "0", "0",
    ]  # fmt: skip
    assert table[3][18:] == ["60", "1650", ""]  # in play: no result
    assert table[4][18:] == ["-120", "5", ""]
    for row in table[1:]:  # the seven lines add up to the hand total
        assert sum(int(x) for x in row[11:18]) == int(row[18])


def test_csv_names_round_trip_and_formulas_are_defused() -> None:
    odd = 'Los "de, siempre"\nnorte'
    mv = classic(sides=[(odd, ["=cmd|' /C calc'!A0", "Luis, hijo"]), ("+Ellos", ["@Eva", "-Juan"])])
    table = rows(export_csv([mv]))
    assert table[1][7] == odd
    assert table[1][8] == "'=cmd|' /C calc'!A0, Luis, hijo"
    assert table[2][7] == "'+Ellos"
    assert table[2][8] == "'@Eva, -Juan"
    assert table[2][18] == "125"  # numbers stay numbers; a negative line keeps its sign
    assert table[2][12] == "-85"
    assert [safe_cell(s) for s in ("=1", "+1", "-1", "@a", "\tx", "ok", "")] == [
        "'=1", "'+1", "'-1", "'@a", "'\tx", "ok", "",
    ]  # fmt: skip


# American Canasta's golden hand (RULES.md): Nosotros lays out 2 red threes and 1 black three, one
# line of 300 + 100 = 400 (tests/api/test_american.py); Ellos 1 red three and no canasta: −100.
AMERICAN_HAND = {
    "number": 1,
    "went_out": 0,
    "going_out_kind": "normal",
    "sides": [
        {"melds": 800, "hand": 0, "red_threes": 2, "black_threes": 1, "canastas": {"clean": 1, "sevens": 1}},
        {"melds": 250, "hand": 85, "red_threes": 1, "penalties": [{"code": "unfinished_aces"}]},
    ],
}


def threes_column(table: list[list[str]]) -> list[str]:
    column = CSV_HEADER.index("Red threes")
    return [row[column] for row in table]


def test_the_threes_column_says_threes_where_black_threes_count_on_it() -> None:
    american = build("american", [("Nosotros", ["Ana", "Luis"]), ("Ellos", ["Eva", "Juan"])], [AMERICAN_HAND])
    assert threes_column(rows(export_csv([american]))) == ["Threes", "400", "-100"]
    # Translated, and in a file of several rule sets (the line holds both colours for some rows).
    words = {"Threes": "Treses", "Red threes": "Treses rojos"}
    mixed = rows(export_csv([classic(), american], translate=lambda s: words.get(s, s)))
    assert threes_column(mixed)[0] == "Treses"
    # Where no rule set counts black threes, the column keeps its name.
    classic_only = rows(export_csv([classic()], translate=lambda s: words.get(s, s)))
    assert threes_column(classic_only)[0] == "Treses rojos"
    workbook = openpyxl.load_workbook(io.BytesIO(export_xlsx([american])))
    assert [cell.value for cell in workbook.active[1]][CSV_HEADER.index("Red threes")] == "Threes"


def test_csv_header_is_translated() -> None:
    table = rows(export_csv([classic()], translate=lambda s: s.upper()))
    assert table[0][0] == "MATCH" and table[1][9] == "YES" and table[2][9] == "NO"


# --- JSON: export and read back ----------------------------------------------------------------


def test_json_export_holds_everything_and_reads_back() -> None:
    mv = classic()
    doc = document(mv)
    assert doc["format"] == FORMAT and doc["version"] == 1
    assert doc["exported_at"] == "2024-05-01T18:30:15.123456+00:00"
    (match,) = doc["matches"]
    assert match["sides"] == [
        {"name": "Nosotros", "players": ["Ana", "Luis"]},
        {"name": "Ellos", "players": ["Eva", "Juan"]},
    ]
    assert match["totals"] == [1650, 5]
    assert match["created_at"] == "2024-05-01T18:30:15.123456+00:00"
    assert match["hands"][0]["sides"][0]["penalties"] == [{"code": "drew_two_cards", "count": 1}]
    assert match["hands"][0]["sides"][0]["black_threes_melded"] is False  # normalised: flags written out

    imported = read_export(export_json([mv], CREATED).encode())
    assert imported.exported_at == CREATED
    (back,) = imported.matches
    assert back.ruleset.id == "classic" and back.target == 5000 and back.first_dealer == 0
    assert back.created_at == CREATED
    assert back.sides == match["sides"]
    assert back.stored_hands() == match["hands"]
    assert back.state.totals == (1650, 5) and not back.state.finished


def test_several_rule_sets_read_back() -> None:
    samba = build(
        "samba",
        [("A", ["Ana", "Luis"]), ("B", ["Eva", "Juan"])],
        [
            {
                "number": 1,
                "went_out": 1,
                "going_out_kind": "normal",
                "sides": [
                    {"melds": 150, "hand": 30, "red_threes": 1},
                    {"melds": 400, "canastas": {"samba": 1, "clean": 1}},
                ],
            }
        ],
        match_id=8,
    )
    canaston = build(
        "canaston",
        [("Uno", ["Ana"]), ("Dos", ["Eva"]), ("Tres", ["Leo"])],
        [
            {
                "number": 1,
                "went_out": 2,
                "going_out_kind": "normal",
                "sides": [
                    {"melds": 150, "hand": 30},
                    {"melds": 0, "hand": 120},
                    {"melds": 500, "red_threes": 2, "canastas": {"clean": 1, "dirty": 1, "escala": 1}},
                ],
            }
        ],
        match_id=9,
    )
    imported = read_export(export_json([classic(), samba, canaston], CREATED).encode())
    assert [m.ruleset.id for m in imported.matches] == ["classic", "samba", "canaston"]
    assert [m.state.totals for m in imported.matches] == [
        (1650, 5),
        samba.state.totals,
        canaston.state.totals,
    ]
    assert len(imported.matches[2].sides) == 3


def test_a_finished_match_reads_back_finished() -> None:
    mv = build("classic", [("A", ["Ana"]), ("B", ["Eva"])], [one_player_hand()], target=1000)
    assert mv.state.finished
    (back,) = read_export(export_json([mv], CREATED).encode()).matches
    assert back.state.finished and back.state.winner == 0


def one_player_hand() -> dict[str, Any]:
    hand = copy.deepcopy(HAND_1)
    hand["sides"][0]["hand"] = 0
    return hand


# --- Rejections --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"", "The file is empty."),
        (b"\xff\xfe{}", "The file is not UTF-8 text"),
        (b"{not json", "The file is not valid JSON (line 1, column 2)."),
        (b'{"a": NaN}', "The file is not valid JSON."),
        (b"[" * 100_000 + b"]" * 100_000, "The file is not valid JSON"),
        (b"[]", "This is not a Scorekeeper export"),
        (b'{"format": "other", "version": 1, "matches": []}', "This is not a Scorekeeper export"),
        (b'{"format": "scorekeeper-export", "version": 2, "matches": []}', "Export version 2 cannot be read"),
        (b'{"format": "scorekeeper-export", "version": true, "matches": []}', "Export version true"),
        (b'{"format": "scorekeeper-export", "version": 1}', "matches: Must be a list of matches."),
        (b'{"format": "scorekeeper-export", "version": 1, "matches": []}', "The file holds no match."),
        (b'{"format": "scorekeeper-export", "version": 1, "matches": [1]}', "Match 1: Each match must be"),
    ],
)
def test_malformed_files_are_rejected_with_a_message(raw: bytes, message: str) -> None:
    assert any(message in line for line in problems(raw)), problems(raw)


def test_too_large_and_too_many() -> None:
    assert problems(b" " * (MAX_BYTES + 1)) == ["The file is larger than 5 MB."]
    doc = {"format": FORMAT, "version": 1, "matches": [{}] * (MAX_MATCHES + 1)}
    assert problems(encode(doc)) == [
        f"At most {MAX_MATCHES} matches can be imported at once; this file holds {MAX_MATCHES + 1}."
    ]


def test_missing_and_unknown_keys_are_named() -> None:
    doc = document(classic())
    del doc["matches"][0]["totals"]
    doc["matches"][0]["extra"] = 1
    doc["surprise"] = True
    assert problems(encode(doc)) == [
        "surprise: Unknown field.",
        "Match 1: totals: This field is missing.",
        "Match 1: extra: Unknown field.",
    ]


def test_a_bad_hand_is_named_by_match_and_hand() -> None:
    doc = document(classic(), classic(match_id=8))
    doc["matches"][1]["hands"][1]["sides"][1]["melds"] = 7
    doc["matches"][1]["hands"][0]["sides"][0]["hand"] = -5
    assert problems(encode(doc)) == [
        "Match 2, hand 1: sides.0.hand: Must not be negative.",
        "Match 2, hand 2: sides.1.melds: Must be a multiple of 5.",
    ]


def test_match_checks_come_from_the_core() -> None:
    doc = document(classic())
    doc["matches"][0]["ruleset"] = "poker"
    doc["matches"][0]["sides"][1]["players"] = ["Ana"]
    lines = problems(encode(doc))
    assert "Match 1: ruleset: Unknown rule set." in lines
    doc = document(classic())
    doc["matches"][0]["created_at"] = "yesterday"
    assert problems(encode(doc)) == ["Match 1: created_at: Must be a date and time (ISO 8601)."]


def test_hands_out_of_order_or_after_the_end() -> None:
    doc = document(classic())
    doc["matches"][0]["hands"].reverse()
    assert "Match 1, hand 1: number: This must be hand 1." in problems(encode(doc))
    finished = build("classic", [("A", ["Ana"]), ("B", ["Eva"])], [one_player_hand()], target=1000)
    doc = document(finished)
    extra = copy.deepcopy(HAND_2)
    doc["matches"][0]["hands"].append(extra)
    doc["matches"][0]["totals"] = [1650, 5]
    assert problems(encode(doc)) == ["Match 1: The match ended with hand 1; no hand can follow it."]


def test_tampered_totals_are_rejected() -> None:
    doc = document(classic())
    doc["matches"][0]["totals"] = [1650, 500]
    assert problems(encode(doc)) == [
        "Match 1: totals: The totals in the file (1650, 500) differ from those its hands add up to "
        "(1650, 5): the file was changed or is damaged."
    ]
    doc["matches"][0]["totals"] = [1650]
    assert problems(encode(doc)) == ["Match 1: totals: Must list one whole-number total per side."]
    # A changed hand with the totals left as they were is caught the same way.
    doc = document(classic())
    doc["matches"][0]["hands"][1]["sides"][0]["melds"] = 1000
    assert "Match 1: totals: The totals in the file (1650, 5)" in problems(encode(doc))[0]


def test_problems_are_capped() -> None:
    doc = document(*[classic(match_id=i) for i in range(60)])
    for match in doc["matches"]:
        match["target"] = 1
    with pytest.raises(ImportRejected) as caught:
        read_export(encode(doc))
    assert caught.value.truncated and len(caught.value.problems) == 30


# American Canasta: side 0 falls to −5630, then a Dream Hand plus 4 (8500) wins the match at once,
# behind at 2870 against 3530 (tests/rules/test_golden_american.py).
AMERICAN_1 = {
    "number": 1,
    "went_out": None,
    "sides": [
        {
            "melds": 260,
            "hand": 70,
            "red_threes": 2,
            "penalties": [{"code": "unfinished_sevens"}, {"code": "unfinished_aces"}],
        },
        {"melds": 500, "hand": 40, "red_threes": 1, "canastas": {"clean": 2}},
    ],
}
DREAM_2 = {
    "number": 2,
    "went_out": 0,
    "going_out_kind": "special_dream_4",
    "sides": [
        {"melds": 0, "hand": 0, "red_threes": 1},
        {"melds": 700, "hand": 30, "red_threes": 2, "canastas": {"clean": 2}},
    ],
}


def test_a_match_won_by_a_dream_hand_exports_and_reads_back_won() -> None:
    mv = build("american", [("N", ["Ana", "Luis"]), ("S", ["Eva", "Juan"])], [AMERICAN_1, DREAM_2])
    assert mv.state.totals == (2870, 3530) and mv.state.finished and mv.state.winner == 0
    (back,) = read_export(export_json([mv], CREATED).encode()).matches
    assert back.state.finished and back.state.winner == 0 and back.state.totals == (2870, 3530)
    table = rows(export_csv([mv]))
    assert any("special_dream_4" in cell or "Dream Hand plus 4" in cell for row in table for cell in row)
