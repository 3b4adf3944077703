"""Helpers for the tests of what players read: a match of each rule set with hands that use every
canasta kind, every penalty, a custom penalty, the flags and a going out; and the visible text of a
page, element by element with its language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

from scorekeeper.rules.registry import BOOKS, get_ruleset
from tests.helpers import Api

#: Attributes a player reads or hears (a screen reader speaks these).
VISIBLE_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
#: Elements whose text nobody reads.
HIDDEN_ELEMENTS = {"script", "style", "template"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Text(HTMLParser):
    def __init__(self, language: str) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str, bool]] = [("", language, False)]
        self.chunks: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        _parent, language, hidden = self.stack[-1]
        language = values.get("lang") or language
        hidden = hidden or tag in HIDDEN_ELEMENTS
        if not hidden:
            for name in VISIBLE_ATTRIBUTES:
                if values.get(name):
                    self.chunks.append((language, str(values[name])))
        if tag not in VOID:
            self.stack.append((tag, language, hidden))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data: str) -> None:
        _tag, language, hidden = self.stack[-1]
        if not hidden and data.strip():
            self.chunks.append((language, data))


def visible_text(html: str, language: str) -> list[tuple[str, str]]:
    """``(language, text)`` of each piece of text a player reads on the page (an element's ``lang``
    marks a quotation in another language)."""
    parser = _Text(language)
    parser.feed(html)
    return parser.chunks


def codes() -> set[str]:
    """Every code of the rule data: canasta kinds, ways of going out, penalties, flags, house options."""
    found: set[str] = set()
    for ruleset_id in BOOKS:
        for rs in (BOOKS[ruleset_id], get_ruleset(ruleset_id, {})):
            for group in (rs.canasta_kinds, rs.going_out_kinds, rs.penalties, rs.flags):
                found.update(item.code for item in group)
            found.update(option.key for option in rs.house_options)
    return found


#: A rule book's file name (``004_c6a2eff7a226bedd.txt``) or its number alone (``004 says``), not
#: the end of a grouped number (``5.000``, ``10 000``).
SEED = re.compile(r"\b\d{3}_[0-9a-f]{16}(?:\.txt)?\b|(?<!\d[.,\u202f\u00a0])\b00\d\b")


def seed_names() -> set[str]:
    """The rule books' file names, as the rule data cites them."""
    found: set[str] = set()
    for rs in BOOKS.values():
        for value in _strings(rs):
            found.update(m.group(0) for m in SEED.finditer(value) if "_" in m.group(0))
    return found


def _strings(value: Any, depth: int = 0) -> Iterator[str]:
    if depth > 6:
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item, depth + 1)
    elif isinstance(value, list | tuple | frozenset | set):
        for item in value:
            yield from _strings(item, depth + 1)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            yield from _strings(getattr(value, name), depth + 1)


SIDES = [{"name": "Nosotros", "players": ["Ana", "Luis"]}, {"name": "Ellos", "players": ["Eva", "Juan"]}]


def full_match(api: Api, ruleset_id: str) -> int:
    """A match of ``ruleset_id`` whose first hand uses every canasta kind and every penalty (split
    between the sides), a custom penalty and a large score; its second hand has a going out with
    the last way of going out, every flag and red threes."""
    rs = get_ruleset(ruleset_id, {})
    match_id = int(api.post("/matches", {"ruleset": ruleset_id, "sides": SIDES}).json["id"])
    kinds = [k.code for k in rs.canasta_kinds if not k.wins_match]
    half = len(kinds) // 2 + 1
    penalties = [{"code": p.code} for p in rs.penalties]
    first = {
        "number": 1,
        "went_out": None,
        "sides": [
            {"melds": 300, "hand": 0, "canastas": dict.fromkeys(kinds[:half], 1), "penalties": penalties[:3]},
            {
                "melds": 200,
                "hand": 50,
                "canastas": dict.fromkeys(kinds[half:], 1),
                "penalties": [*penalties[3:], {"code": "custom", "description": "Mesa", "points": 100}],
            },
        ],
    }
    response = api.post(f"/matches/{match_id}/hands", first)
    number = 2
    if response.status_code == 422 and rs.card_limits:  # American Canasta: not every kind in one hand
        number = one_kind_a_hand(api, match_id, kinds, penalties)
    else:
        assert response.status_code == 201, response.json
    flags = dict.fromkeys((f.code for f in rs.flags if f.code != "black_threes_melded"), True)
    second = {
        "number": number,
        "went_out": 0,
        "going_out_kind": rs.going_out_kinds[-1].code,
        "sides": [
            {"melds": 600, "hand": 0, "red_threes": 2, "canastas": {"clean": 1, "dirty": 1}, **flags},
            {"melds": 300, "hand": 90, "canastas": {}},
        ],
    }
    response = api.post(f"/matches/{match_id}/hands", second)
    if response.status_code != 201:  # the flags or the way of going out need more: a plain going out
        second["going_out_kind"] = rs.going_out_kinds[0].code
        for key in flags:
            second["sides"][0].pop(key)  # type: ignore[index]
        response = api.post(f"/matches/{match_id}/hands", second)
    assert response.status_code == 201, response.json
    return match_id


def one_kind_a_hand(api: Api, match_id: int, kinds: list[str], penalties: list[dict[str, Any]]) -> int:
    """Hand 1 of a rule set whose decks hold one canasta of a scarce kind at a time (American
    Canasta): as many kinds as the decks allow, one wild canasta, and a penalty that fits beside them
    (the hand page and the rules pages name every kind and penalty anyway); the next hand's number."""
    del kinds, penalties  # the codes are American Canasta's own here
    body = {
        "number": 1,
        "went_out": None,
        "sides": [
            {
                "melds": 300,
                "hand": 0,
                "canastas": {"clean": 1, "sevens": 1, "wild_twos": 1},
                "penalties": [{"code": "unfinished_wild"}],
            },
            {
                "melds": 200,
                "hand": 50,
                "black_threes": 1,
                "canastas": {"aces": 1, "dirty": 1},
                "penalties": [{"code": "custom", "description": "Mesa", "points": 100}],
            },
        ],
    }
    response = api.post(f"/matches/{match_id}/hands", body)
    assert response.status_code == 201, response.json
    return 2
