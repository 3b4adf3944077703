"""The ladder on a phone (360 px, axe), in Spanish: best first with the provisional mark and the
trend; then the new-match page shows each side's chance to win as the players are typed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from tests.browser.helpers import assert_accessible, assert_fits_phone, phone_tab, register
from tests.web.helpers import WIN, played


@pytest.fixture
def phone(browser: Browser, live_server: str) -> Iterator[Page]:
    yield from phone_tab(browser, live_server)


def test_the_ladder_on_a_phone_and_the_chances_of_a_new_match(phone: Page, app: Flask) -> None:
    page = phone
    register(page)
    for day in (5, 6):  # Ana and Luis beat Eva and Juan twice
        played(app, "classic", day, WIN)
    page.goto("/language/es?next=/players/ratings?min=3")
    rows = page.locator("table.pl-ladder tbody tr")
    expect(rows).to_have_count(4)
    expect(rows.nth(0).locator("th a")).to_have_text("Ana")
    expect(rows.nth(3).locator("th a")).to_have_text("Juan")
    expect(rows.nth(0).locator(".provisional")).to_have_text("provisional")  # 2 matches < 3
    expect(rows.nth(0).locator("td").nth(3)).to_contain_text("▲")
    expect(page.locator("h2", has_text="Parejas frente a lo previsto")).to_be_visible()
    assert_fits_phone(page)
    assert_accessible(page)

    page.goto("/matches/new")
    chances = page.locator("#chances")
    expect(chances).to_be_hidden()
    for field, name in (
        ("#sides-0-players-0", "Ana"),
        ("#sides-0-players-1", "Luis"),
        ("#sides-1-players-0", "Eva"),
        ("#sides-1-players-1", "Juan"),
    ):
        page.locator(field).fill(name)
    expect(chances).to_be_visible()
    expect(chances).to_contain_text("Probabilidad de ganar, según las puntuaciones: Equipo 1 ")
    expect(chances).to_contain_text("%")
    assert_accessible(page)
