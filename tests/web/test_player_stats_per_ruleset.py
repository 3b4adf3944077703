"""A player's statistics per rule set: points are never added across rule sets (the column of all
rule sets counts matches, wins and hands only), averages are written the reader's way (1,003.3 /
1003,3 / 1 003,3), and the results chart is one chart per rule set, its dates in the reader's short
format.

Ana's matches, her side always first:
  5 Jan 2025, classic to 1000, finished in one hand: 1000 (300 melds + 500 clean + 100 red three
              + 100 going out); the other side 230.
  6 Jan 2025, Canastón to 1000, finished in one hand: the same hand with a dirty canasta too, which
              Canastón scores 1400 against -270.
  7 Jan 2025, classic to 1000, finished in one hand: 1000 against 230.
  8 Jan 2025, classic to 5000, in progress: one hand of 1010 (310 melds).
Classic: 3 hands, 3010 points, an average of 1003.33; Canastón: 1 hand of 1400. A mixed average
would be 4410 / 4 = 1102.5.
"""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.services.player_reads import latest_results_by_ruleset
from tests.web.helpers import WIN, WIN_1010, WIN_CANASTON, club_id, logged_in, played, player_id


@pytest.fixture
def ana(app: Flask, user_client: FlaskClient) -> int:
    played(app, "classic", 5, WIN)
    played(app, "canaston", 6, WIN_CANASTON)
    played(app, "classic", 7, WIN)
    played(app, "classic", 8, WIN_1010, target=5000)
    return player_id(app, "Ana")


def stats_row(page: str, heading: str) -> list[str]:
    """The cells of the statistics row ``heading``, as the reader sees them (hidden words removed)."""
    found = re.search(rf'<th scope="row">{re.escape(heading)}</th>(.*?)</tr>', page, re.S)
    assert found, heading
    cells = re.findall(r'<td class="num">(.*?)</td>', found.group(1), re.S)
    return [re.sub(r"<span class=\"sr-only\">.*?</span>|<[^>]+>", "", cell).strip() for cell in cells]


def headings(page: str) -> list[str]:
    found = re.search(r"<thead><tr><td></td>(.*?)</tr></thead>", page, re.S)
    assert found
    return re.findall(r'<th scope="col" class="num">(.*?)</th>', found.group(1))


def test_averages_are_per_rule_set_and_never_mixed(app: Flask, user_client: FlaskClient, ana: int) -> None:
    page = user_client.get(f"/players/{ana}").get_data(as_text=True)
    assert headings(page) == ["All rule sets", "Canasta", "Canastón"]
    assert stats_row(page, "Matches played (finished)") == ["3", "2", "1"]
    assert stats_row(page, "Won") == ["3", "2", "1"]
    assert stats_row(page, "In progress") == ["1", "1", "0"]
    assert stats_row(page, "Hands") == ["4", "3", "1"]
    assert stats_row(page, "Average hand score") == ["·", "1,003.3", "1,400.0"]
    assert "1,102.5" not in page  # the average across rule sets
    assert stats_row(page, "Best hand")[0] == "·"
    assert stats_row(page, "Penalty points")[0] == "·"
    assert "not compared across rule sets" in page  # what the dot means, for screen readers
    assert "Points are compared within a rule set only" in page


def test_one_rule_set_is_one_column_named_by_it(app: Flask, user_client: FlaskClient) -> None:
    played(app, "classic", 5, WIN)
    page = user_client.get(f"/players/{player_id(app, 'Eva')}").get_data(as_text=True)
    assert headings(page) == ["Canasta"]
    assert stats_row(page, "Average hand score") == ["230.0"]


@pytest.mark.parametrize(
    ("language", "average", "first", "last"),
    [
        ("en", "1,003.3", "1/5/25", "1/7/25"),
        ("es", "1003,3", "5/1/25", "7/1/25"),
        ("fr", "1\u202f003,3", "05/01/2025", "07/01/2025"),
    ],
)
def test_numbers_and_chart_dates_the_readers_way(
    app: Flask, ana: int, language: str, average: str, first: str, last: str
) -> None:
    page = logged_in(app, "ana", language).get(f"/players/{ana}").get_data(as_text=True)
    assert re.search(rf'<td class="num">{re.escape(average)}</td>', page), average
    classic = re.search(r'<svg [^>]*aria-labelledby="results-classic-t.*?</svg>', page, re.S)
    assert classic, page
    dates = re.findall(r'<g fill="#4b5563"><text [^>]*>([^<]*)</text>(?:<text [^>]*>([^<]*)</text>)?</g>',
                       classic.group(0))  # fmt: skip
    assert dates == [(first, last)]
    assert "2025-01-05" not in page


def test_one_results_chart_per_rule_set(app: Flask, user_client: FlaskClient, ana: int) -> None:
    page = user_client.get(f"/players/{ana}").get_data(as_text=True)
    svgs = re.findall(r'<svg [^>]*aria-labelledby="(results-[a-z]+)-t.*?</svg>', page, re.S)
    assert svgs == ["results-classic", "results-canaston"]
    classic = re.search(r'<svg [^>]*aria-labelledby="results-classic-t.*?</svg>', page, re.S)
    canaston = re.search(r'<svg [^>]*aria-labelledby="results-canaston-t.*?</svg>', page, re.S)
    assert classic and canaston
    assert classic.group(0).count('class="won"') == 2  # the two finished classic matches
    assert canaston.group(0).count('class="won"') == 1
    assert "<polyline" in classic.group(0) and "<polyline" not in canaston.group(0)  # one point: no line
    assert "Results of Ana in Canasta" in classic.group(0)
    assert "Results of Ana in Canastón" in canaston.group(0)
    results = page.split('id="results-title"', 1)[1].split("</section>", 1)[0]
    assert results.count('<details class="pl-numbers">') == 2


def test_french_chart_title_needs_no_elision(app: Flask, ana: int) -> None:
    """French elides "de" before a vowel ("d'Ana", not "de Ana"): the title puts the name first."""
    page = logged_in(app, "ana", "fr").get(f"/players/{ana}").get_data(as_text=True)
    assert "Ana\u00a0: résultats en Canasta" in page or "Ana : résultats en Canasta" in page
    assert "de Ana" not in page


def test_a_canasta_kind_the_rule_set_lacks_reads_a_dash(
    app: Flask, user_client: FlaskClient, ana: int
) -> None:
    """Classic has no concealed canasta: its column says "–", not "0.00 a hand"; Canastón's counts."""
    played(app, "canaston", 9, {**WIN, "canastas": {"clean": 1, "dirty": 1, "concealed": 1}})
    page = user_client.get(f"/players/{ana}").get_data(as_text=True)
    row = re.search(r'<th scope="row">Concealed canasta per hand</th>(.*?)</tr>', page, re.S)
    assert row, page
    cells = re.findall(r'<td class="num">(.*?)</td>', row.group(1), re.S)
    assert [re.sub(r"<[^>]+>", "", c).strip() for c in cells][1:] == ["–", "0.50"]  # classic, Canastón


def test_latest_results_are_counted_within_each_rule_set(
    app: Flask, user_client: FlaskClient, ana: int
) -> None:
    with app.app_context():
        found = latest_results_by_ruleset(club_id(app), ana, 1)
    assert sorted(found) == ["canaston", "classic"]
    assert [r.created_at.day for r in found["classic"]] == [7]  # the latest classic one only
    assert [(r.total, r.best_other, r.won) for r in found["canaston"]] == [(1400, -270, True)]
    with app.app_context():
        found = latest_results_by_ruleset(club_id(app), ana, 50)
    assert [r.created_at.day for r in found["classic"]] == [5, 7]  # oldest first; in progress left out
