"""Every number on the pages written the reader's way: a crawl of the main pages in Spanish, English
and French that fails on a number of four digits or more written plain where the app's formatter
(:func:`scorekeeper.vocabulary.number`, Babel and CLDR) groups it: ``5000`` in English or French,
``10000`` in Spanish (which writes 6825 but 10.000: CLDR's minimum grouping digits). And the named
places of issue 18: the rules page's totals and target, the rule-set cards of the new-match page."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Player
from scorekeeper.referee.books import RULE_BOOKS
from scorekeeper.rules.registry import BOOKS
from scorekeeper.vocabulary import number
from tests.helpers import Api, make_user
from tests.web.helpers import logged_in, match_pages
from tests.web.words import full_match, visible_text

LANGUAGES = ("es", "en", "fr")
#: Four digits or more, not the end of a grouped number (``10.000``, ``10 000``).
DIGITS = re.compile(r"(?<![\d.,\u202f\u00a0])\d{4,}(?!\d)")
#: A number input's placeholder (the rule book's value, grey in the empty input) is written as the
#: input takes it: plain, like the input's own value.
NUMBER_PLACEHOLDER = re.compile(r'\splaceholder="-?\d+"')


def years() -> set[int]:
    """Years a page may show as they are: the rule books' editions (``1951 code``) and today's
    dates (the history's, the devices')."""
    found = {int(y) for b in RULE_BOOKS.values() for y in re.findall(r"\b(?:19|20)\d\d\b", b.edition)}
    this_year = datetime.now(UTC).year
    return found | {this_year - 1, this_year, this_year + 1}


def plain_numbers(app: Flask, html: str, language: str) -> list[str]:
    """The numbers of ``html``'s visible text that ``language`` writes grouped, with their text."""
    found = []
    allowed = years()
    with app.test_request_context(headers={"Cookie": f"lang={language}"}):
        for _lang, text in visible_text(NUMBER_PLACEHOLDER.sub("", html), language):
            for digits in DIGITS.findall(text):
                if int(digits) not in allowed and number(int(digits)) != digits:
                    found.append(f"{digits} in {text.strip()!r}")
    return found


def test_the_check_follows_the_apps_formatter(app: Flask) -> None:
    assert plain_numbers(app, "<p>total 5000</p>", "en") == ["5000 in 'total 5000'"]
    assert plain_numbers(app, "<p>total 5000</p>", "fr")
    assert plain_numbers(app, "<p>total 5000</p>", "es") == []  # Spanish: 5000, but 10.000
    assert plain_numbers(app, "<p>meta 10000</p>", "es")
    assert plain_numbers(app, "<p>10.000 · 6825 · 2026 · -1.500</p>", "es") == []
    assert plain_numbers(app, "<p>5\u202f000 · 12\u202f500</p>", "fr") == []
    assert plain_numbers(app, '<input type="number" placeholder="2000">', "en") == []
    assert plain_numbers(app, '<input title="2000">', "en")
    assert plain_numbers(app, "<script>var t = 15000;</script>", "en") == []


@pytest.fixture
def ana(app: Flask, client: FlaskClient, password_hash: str) -> dict[str, int]:
    """``ana``'s matches, one of each rule set with large scores (tests/web/words.py)."""
    _user, token = make_user(app, "ana", password_hash)
    api = Api(client, token)
    return {ruleset_id: full_match(api, ruleset_id) for ruleset_id in BOOKS}


def main_pages(app: Flask, matches: dict[str, int]) -> list[str]:
    urls = ["/", "/matches/new", "/players", "/transfer", "/account/devices", "/account/tokens"]
    for match_id in matches.values():
        urls += match_pages(match_id)
        urls += [f"/matches/{match_id}/penalties", f"/matches/{match_id}/rules"]
    with app.app_context():
        urls += [f"/players/{player_id}" for player_id in db.session.scalars(select(Player.id))]
    return urls


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_plain_number_on_the_main_pages(app: Flask, ana: dict[str, int], language: str) -> None:
    client = logged_in(app, "ana", language)
    found = []
    seen = 0
    for url in main_pages(app, ana):
        response = client.get(url)
        if response.status_code == 404:
            continue  # a page this rule set does not have
        assert response.status_code == 200, url
        seen += 1
        found += [
            f"{url}: {problem}" for problem in plain_numbers(app, response.get_data(as_text=True), language)
        ]
    assert found == []
    assert seen >= 6 + 8 * len(ana)


@pytest.mark.parametrize(
    ("language", "target", "canaston", "total"),
    [
        ("es", "15.000 puntos (esta partida: 15.000)", "15.000", "5900"),
        ("en", "15,000 points (this match: 15,000)", "15,000", "5,900"),
        ("fr", "15\u202f000 points (cette partie\u00a0: 15\u202f000)", "15\u202f000", "5\u202f900"),
    ],
)
def test_the_rules_page_writes_its_numbers_the_readers_way(
    app: Flask, ana: dict[str, int], language: str, target: str, canaston: str, total: str
) -> None:
    client = logged_in(app, "ana", language)
    rules = client.get(f"/matches/{ana['canaston']}/rules").get_data(as_text=True)
    assert target in rules
    assert f"({canaston})" in rules  # the target in the sentence on ties
    assert f" {total}," in rules  # Nosotros: total 5,900, needs 150
    assert "15000" not in rules


@pytest.mark.parametrize(
    ("language", "samba", "plain"),
    [
        ("es", "10.000", "10000 puntos"),
        ("en", "10,000", "10000 points"),
        ("fr", "10\u202f000", "10000 points"),
    ],
)
def test_the_rule_set_cards_write_the_target_the_readers_way(
    app: Flask, ana: dict[str, int], language: str, samba: str, plain: str
) -> None:
    page = logged_in(app, "ana", language).get("/matches/new").get_data(as_text=True)
    card = page.split('data-ruleset-choice="samba"', 1)[1].split("</label>", 1)[0]
    assert samba in card
    assert plain not in page
