"""A player's statistics per rule set on a phone, in Spanish: a column per rule set and one of all
rule sets that shows no points, one results chart per rule set with Spanish dates, averages written
the Spanish way; the page fits 360 px and passes axe. Then the phone's time zone reaches the CSV
export: static/offline.js sets the cookie, and the export writes São Paulo time with its offset.

Ana's side goes out in every hand (see tests/web/test_player_stats_per_ruleset.py for the sums):
two finished classic matches of 1000, one of Canastón of 1400, a classic one in progress of 1010.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from tests.browser.helpers import assert_accessible, assert_fits_phone, phone_tab, register
from tests.web.helpers import WIN, WIN_1010, WIN_CANASTON, played, player_id

ZONE = "America/Sao_Paulo"  # no summer time since 2019: UTC-3 all year


@pytest.fixture
def phone(browser: Browser, live_server: str) -> Iterator[Page]:
    """A phone in São Paulo (its clock's time zone); no JavaScript error may happen on it."""
    yield from phone_tab(browser, live_server, timezone_id=ZONE)


def test_statistics_per_rule_set_and_the_export_in_the_phones_time(phone: Page, app: Flask) -> None:
    page = phone
    register(page)
    played(app, "classic", 5, WIN)
    played(app, "canaston", 6, WIN_CANASTON)
    played(app, "classic", 7, WIN)
    match_id = played(app, "classic", 8, WIN_1010, target=5000)
    page.goto(f"/language/es?next=/players/{player_id(app, 'Ana')}")
    expect(page.locator("html")).to_have_attribute("lang", "es")

    stats = page.locator("table.pl-stats")
    expect(stats.locator("thead th")).to_have_text(["Todas las variantes", "Canasta", "Canastón"])
    heading = page.get_by_role("rowheader", name="Promedio de puntos por mano", exact=True)
    average = stats.locator("tr", has=heading)
    expect(average.locator("td")).to_have_text(["·no se compara entre variantes", "1003,3", "1400,0"])
    expect(page.get_by_text("Los puntos solo se comparan dentro de una misma variante")).to_be_visible()

    charts = page.locator("section[aria-labelledby=results-title] figure.pl-chart svg")
    expect(charts).to_have_count(2)
    expect(charts.nth(0).locator("title")).to_have_text("Resultados de Ana en Canasta")
    expect(charts.nth(1).locator("title")).to_have_text("Resultados de Ana en Canastón")
    expect(charts.nth(0).locator("text", has_text="5/1/25")).to_have_count(1)  # 5 January 2025
    expect(charts.nth(0).locator("text", has_text="7/1/25")).to_have_count(1)
    assert_fits_phone(page)
    for summary in page.locator("details.pl-numbers > summary").all():
        summary.click()
    assert_accessible(page)
    page.screenshot(path="/tmp/exports-player-stats-es.png", full_page=True)

    # The scoreboard loads the time-zone script; the export then writes the phone's local time.
    page.goto(f"/matches/{match_id}")
    page.wait_for_function("document.cookie.indexOf('tz=') >= 0")
    zone = next(c["value"] for c in page.context.cookies() if c["name"] == "tz")
    assert zone == ZONE
    export = page.request.get(f"/matches/{match_id}/export.csv")
    rows = list(csv.reader(io.StringIO(export.text().lstrip("\ufeff")), delimiter=";"))
    assert rows[0][1] == f"Fecha ({ZONE})"
    assert rows[1][1:3] == ["2025-01-08 17:00:00", "UTC-03:00"]  # 20:00 UTC
