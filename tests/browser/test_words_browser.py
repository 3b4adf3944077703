"""Issue 12 in a real Chromium at 360 x 740: a new match in a few taps (names from the players, a
mistake that keeps Advanced shut), Rematch, charts with titles, the share buttons and the live
view's "updated at" in the phone's own time."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from babel.numbers import format_decimal
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from scorekeeper import services
from tests.browser.helpers import ana_id, assert_fits_phone, new_match, phone_tab, register, screenshot

FINISHING = {
    "went_out": 1,
    "going_out_kind": "normal",
    "sides": [
        {"melds": 0, "hand": 60, "canastas": {}},
        {"melds": 400, "hand": 0, "canastas": {"clean": 1, "dirty": 1}, "red_threes": 1},
    ],
}


@pytest.fixture
def viewer(browser: Browser, live_server: str) -> Iterator[Page]:
    yield from phone_tab(browser, live_server)


def finished_match(app: Flask, hands: int = 6) -> int:
    """A classic match of ``hands`` hands to 5000, the last one finishing it."""
    with app.app_context():
        sides = [
            {"name": "Nosotros", "players": ["Ana", "Luis"]},
            {"name": "Ellos", "players": ["Eva", "Juan"]},
        ]
        match = services.create_match(ana_id(), {"ruleset": "classic", "target": 5000, "sides": sides})
        for number in range(1, hands + 1):
            if services.view(match).state.finished:
                break
            out = number % 2
            hand = {
                "number": number,
                "went_out": out,
                "going_out_kind": "normal",
                "sides": [
                    {
                        "melds": 600 if side == out else 300,
                        "hand": 0 if side == out else 40,
                        "canastas": {"clean": 1, "dirty": 1} if side == out else {"dirty": 1},
                    }
                    for side in range(2)
                ],
            }
            services.add_hand(match, hand)
        while not services.view(match).state.finished:
            services.add_hand(match, {"number": len(match.hands) + 1, **FINISHING})
        return match.id


def start_top(page: Page) -> float:
    """How far down the page (not the screen) the Start button is, once static/new_match.js has
    hidden the other rule sets' blocks (before it runs, on a slow machine, all of them show)."""
    page.wait_for_function("() => document.querySelector('[data-new-match] [data-ruleset][hidden]') !== null")
    top = page.evaluate(
        "() => { const b = document.querySelector('#new-match button[type=submit]');"
        " return b.getBoundingClientRect().top + window.scrollY; }"
    )
    return float(top)


def test_a_new_match_in_a_few_taps(page: Page) -> None:
    register(page)
    page.goto("/matches/new")
    for side, players in enumerate((("Ana", "Luis"), ("Eva", "Juan"))):
        for i, name in enumerate(players):
            page.locator(f"#sides-{side}-players-{i}").fill(name)
    expect(page.locator("#sides-0-name")).to_have_attribute("placeholder", "Ana and Luis")
    expect(page.locator("#sides-1-name")).to_have_attribute("placeholder", "Eva and Juan")
    before = start_top(page)
    page.get_by_label("Target score").fill("12")
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator("#target-errors")).to_be_visible()
    assert page.evaluate("[...document.querySelectorAll('details.advanced')].filter(d => d.open).length") == 0
    assert start_top(page) - before < 200, "the mistake pushed Start down"
    assert_fits_phone(page)
    screenshot(page, "new-match-mistake")
    page.get_by_label("Target score").fill("")
    page.get_by_role("button", name="Start the match").click()
    page.wait_for_url(re.compile(r"/matches/\d+$"))
    expect(page.get_by_role("heading", name="Ana and Luis")).to_be_visible()
    expect(page.get_by_role("heading", name="Eva and Juan")).to_be_visible()


def test_rematch_and_charts(app: Flask, page: Page) -> None:
    register(page)
    match_id = finished_match(app)
    page.goto(f"/matches/{match_id}")
    expect(page.get_by_role("button", name="Rematch")).to_be_visible()
    assert_fits_phone(page)
    screenshot(page, "scoreboard-rematch")
    page.goto(f"/matches/{match_id}/charts")
    titles = page.locator("svg text.chart-title")
    expect(titles).to_have_count(2)
    expect(titles.first).to_have_text("Running totals")
    assert_fits_phone(page)
    screenshot(page, "charts")
    page.goto(f"/matches/{match_id}")
    page.get_by_role("button", name="Rematch").click()
    page.wait_for_url(re.compile(r"/matches/\d+$"))
    assert not page.url.endswith(f"/matches/{match_id}")
    expect(page.get_by_text("The rematch has started")).to_be_visible()
    expect(page.get_by_text(re.compile(r"Hand 1: .* deals"))).to_be_visible()


def test_share_buttons_and_the_live_time(app: Flask, page: Page, viewer: Page) -> None:
    register(page)
    match_id = new_match(app)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(f"/matches/{match_id}")
    page.get_by_role("button", name="Share with the table").click()
    copy = page.get_by_role("button", name="Copy the link")
    expect(copy).to_be_visible()
    page.wait_for_load_state("load")  # the page has stopped moving under the thumb (scrolled to #share)
    copy.click()
    expect(page.locator("[data-share-status]")).to_have_text(re.compile("Link copied|Could not copy"))
    panel = page.locator("#share")
    panel.scroll_into_view_if_needed()
    assert_fits_phone(page)
    screenshot(page, "share-panel")
    url = page.locator("#share-url").input_value()
    viewer.goto(url)
    stamp = viewer.locator("time[data-updated]")
    expect(stamp).to_have_text(re.compile(r"^\d{1,2}:\d{2}( [AP]M)?$"))  # the phone's own time, no "UTC"
    expect(viewer.get_by_text(re.compile("Updated at"))).to_be_visible()
    assert_fits_phone(viewer)


def test_a_spanish_reader_sees_spanish_numbers_and_the_winner(app: Flask, page: Page) -> None:
    register(page)
    match_id = finished_match(app)
    page.context.add_cookies([{"name": "lang", "value": "es", "url": page.url}])
    page.goto(f"/matches/{match_id}")
    with app.app_context():
        mv = services.view(services.get_match(ana_id(), match_id))
        totals, winner = list(mv.state.totals), mv.match.sides[mv.state.winner].name
    # The winning side is a pair: the verb agrees with its two players.
    expect(page.get_by_role("heading", name=f"Ganaron {winner}")).to_be_visible()
    for side, total in enumerate(totals):
        # Babel's writing with CLDR's minimum grouping digits of Spanish: 6825, but 10.000.
        written = format_decimal(total, locale="es", group_separator=abs(total) >= 10_000)
        expect(page.locator(f"[data-total='{side}']")).to_have_text(written)
    assert_fits_phone(page)
    screenshot(page, "scoreboard-es")


def test_the_hand_preview_writes_numbers_the_readers_way(app: Flask, page: Page) -> None:
    register(page)
    match_id = new_match(app)
    page.context.add_cookies([{"name": "lang", "value": "fr", "url": page.url}])
    page.goto(f"/matches/{match_id}/hands/new")
    page.locator("#went_out-1").check()  # the first side went out
    page.locator("#sides-0-melds").fill("1000")
    page.locator("#sides-0-canastas-clean").fill("2")
    page.locator("#sides-1-melds").fill("100")
    page.locator("#sides-1-hand").fill("0")
    # 1000 + 2 × 500 + going out 100 = 2100, as the phone writes it in French (a narrow space).
    expected = page.evaluate("new Intl.NumberFormat('fr', {signDisplay: 'exceptZero'}).format(2100)")
    expect(page.locator("[data-preview='0']")).to_have_text(expected)
    assert expected.startswith("+2") and expected != "+2100"
