"""The organiser's pages in a real Chromium: a director sets up a club night on a phone (360 x 740,
English) and seats its first round; the printables (Spanish) print to PDF with their text; a
correction with its reason (French). axe runs on each new page; screenshots go to docs/screenshots/."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from flask import Flask
from playwright.sync_api import Page, expect

from scorekeeper import services
from scorekeeper.i18n import COOKIE
from scorekeeper.services import event_reads
from scorekeeper.services import events as event_services
from tests.browser.helpers import (
    SCREENSHOTS,
    ana_id,
    assert_accessible,
    assert_fits_phone,
    new_match,
    register,
    screenshot,
    words,
)

PAIRS = "Ana & Luis\nEva & Juan\nMarta & Pablo\nLucía & Jorge\nInés & Raúl\n"


def club_night(app: Flask, **extra: object) -> int:
    """Ana's Mitchell of five pairs (one bye a round) with its first round seated."""
    with app.app_context():
        entries = [{"players": line.split(" & ")} for line in PAIRS.strip().splitlines()]
        data = {"name": "Martes del club", "ruleset": "classic", "format": "mitchell", "game": {"hands": 2}}
        event = event_services.create_event(ana_id(), {**data, "entries": entries, **extra})
        event_services.seat_round(event)
        return event.id


def test_a_director_sets_up_a_club_night_on_a_phone(page: Page, app: Flask) -> None:
    register(page)
    new_match(app)  # Ana, Luis, Eva and Juan are the account's players
    page.get_by_role("link", name="Events").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Events")
    assert_accessible(page)
    page.get_by_role("link", name="New event").click()
    page.get_by_label("Event name").fill("Martes del club")
    page.get_by_label("Round robin", exact=True).check()
    page.get_by_label("Hands per game").fill("2")
    # Entries typed, and one pair picked from the account's players (those of an earlier match).
    page.get_by_label("Entries, one per line").fill("Ana & Luis\nMarta & Pablo\n")
    page.get_by_label("Add one of your players").select_option("Eva")
    page.get_by_role("button", name="Add", exact=True).click()
    page.get_by_label("Add one of your players").select_option("Juan")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.get_by_label("Entries, one per line")).to_have_value(
        "Ana & Luis\nMarta & Pablo\nEva & Juan\n"
    )
    assert_fits_phone(page)
    assert_accessible(page)
    screenshot(page, "event-new")
    page.get_by_role("button", name="Create the event").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Martes del club")
    expect(page.get_by_role("heading", name="No round seated yet")).to_be_visible()

    page.get_by_role("link", name="Seat round 1").click()
    expect(page.get_by_text("No repeats")).to_be_visible()
    assert_fits_phone(page)
    assert_accessible(page)
    screenshot(page, "event-round-proposal")
    # A seating by hand that breaks a rule: refused with the values kept and the problem at its list,
    # and nothing of the proposal's (its repeats) shown for it.
    first = page.get_by_label("Table 1, side 1").input_value()
    page.get_by_label("Table 1, side 2").select_option(first)
    page.get_by_role("button", name="Seat round 1").click()
    twice = page.get_by_label("Table 1, side 2")
    expect(twice).to_have_value(first)
    expect(twice).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#t0-s1-0-errors")).to_contain_text("is seated twice")
    expect(page.get_by_text("No repeats")).to_have_count(0)
    assert_fits_phone(page)
    assert_accessible(page)
    page.get_by_role("link", name="Start again from the proposal").click()
    expect(page.get_by_text("No repeats")).to_be_visible()
    page.get_by_role("button", name="Seat round 1").click()
    expect(page.get_by_role("heading", name="Round 1 of 3")).to_be_visible()
    expect(page.locator(".console-tables > li")).to_have_count(1)  # three pairs: one table, one bye
    expect(page.get_by_text("Bye:")).to_be_visible()
    assert_fits_phone(page)
    assert_accessible(page)
    screenshot(page, "event-console-phone")
    # Back to the proposal: the round is seated already, the console says so.
    page.go_back()
    expect(page.get_by_role("heading", name="Round 1 of 3")).to_be_visible()
    expect(page.locator(".flash-error:not(.unreachable-warning)")).to_contain_text("Round 1 is still open")


def test_the_printables_print_to_pdf(page: Page, app: Flask, live_server: str, tmp_path: Path) -> None:
    register(page)
    page.context.add_cookies([{"name": COOKIE, "value": "es", "url": live_server}])
    event_id = club_night(app)
    page.set_viewport_size({"width": 1280, "height": 800})  # the director's laptop
    page.goto(f"/events/{event_id}")
    assert_accessible(page)
    screenshot(page, "event-console-laptop")
    # Table cards: every table's link made, with its QR code, then printed.
    page.get_by_role(
        "button", name=words(app, "es", "Make links for every table and print the cards")
    ).click()
    with app.app_context():
        tables = event_reads.table_count(event_reads.get_event(ana_id(), event_id))
    expect(page.locator(".card-qr svg")).to_have_count(tables)
    assert_accessible(page)
    urls = [u for u in page.locator(".card-url a").all_inner_texts()]
    assert all(re.fullmatch(re.escape(live_server) + r"/t/[A-Za-z0-9_-]{43}", u) for u in urls), urls
    printables = (
        ("cards", None),
        ("seating", f"/events/{event_id}/print/seating"),
        ("sheets", f"/events/{event_id}/print/sheets"),
        ("standings", f"/events/{event_id}/print/standings"),
    )
    for name, path in printables:
        if path:
            page.goto(path)
            assert_accessible(page)
        page.emulate_media(media="print")
        expect(page.locator(".no-print").first).to_be_hidden()
        expect(page.locator("header.top")).to_be_hidden()
        breaks = page.evaluate(
            "[...document.querySelectorAll('.print-page')].map(e => getComputedStyle(e).breakAfter)"
        )
        assert breaks and all(b == "page" for b in breaks[:-1])
        pdf = tmp_path / f"{name}.pdf"
        page.pdf(path=str(pdf), format="A4")
        assert pdf.read_bytes().startswith(b"%PDF")
        text = pdf_text(pdf)
        if text is not None:
            if name == "cards":
                for number in range(1, tables + 1):
                    assert words(app, "es", "Table %(number)s", number=number) in text
                assert text.count("/t/") == tables and "Martes del club" in text
            elif name == "seating":
                assert words(app, "es", "Round %(number)s: seating", number=1) in text
                assert "Ana & Luis" in text and "Inés & Raúl" in text
            elif name == "standings":
                assert words(app, "es", "Standings after %(num)s rounds", num=0) in text
                assert "Ana & Luis" in text and "Inés & Raúl" in text
            else:
                assert words(app, "es", "Table %(number)s: score sheet", number=2) in text
                assert text.count("\f") >= 2  # a sheet per table, each on its own page
        page.emulate_media(media="screen")
    screenshot(page, "event-seating-print")


def pdf_text(pdf: Path) -> str | None:
    """The PDF's text by poppler's pdftotext, when the machine has it (else ``None``: the print
    layout was checked above)."""
    tool = shutil.which("pdftotext")
    if tool is None:
        return None
    return subprocess.run([tool, "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


def test_a_correction_keeps_its_reason(page: Page, app: Flask, live_server: str) -> None:
    register(page)
    page.context.add_cookies([{"name": COOKIE, "value": "fr", "url": live_server}])
    event_id = club_night(app)
    with app.app_context():
        event = event_reads.get_event(ana_id(), event_id)
        match = event.event_rounds[0].tables[0].match
        hand = {
            "went_out": 0,
            "going_out_kind": "normal",
            "sides": [{"melds": 300, "canastas": {"clean": 1}}, {"melds": 100, "hand": 40}],
        }
        services.add_hand(match, {**hand, "number": 1}, ana_id())
        event_services.close_round(event, 1)
        match_id = match.id
    page.goto(f"/events/{event_id}/games/{match_id}")
    assert_accessible(page)
    page.get_by_role("link", name=words(app, "fr", "Correct hand %(number)s", number=1)).click()
    page.locator("#sides-1-melds").fill("150")
    page.get_by_role("button", name=words(app, "fr", "Save changes")).click()
    reason = page.get_by_label(words(app, "fr", "Reason for the correction"))
    expect(reason).to_have_attribute("aria-invalid", "true")  # required: the page asks again
    reason.fill("Feuille de la table 1 relue")
    assert_fits_phone(page)
    page.get_by_role("button", name=words(app, "fr", "Save changes")).click()
    page.goto(f"/events/{event_id}/games/{match_id}")
    expect(page.locator(".log-reason")).to_contain_text("Feuille de la table 1 relue")
    screenshot(page, "event-correction-log")


def test_the_wall_is_one_tap_from_the_console(page: Page, app: Flask, live_server: str) -> None:
    """Issue 32, item 1: the console offers the wall for the big screen, its phones' link with a QR
    code and a line on a TV or projector, in each language, on a phone that fits and passes axe."""
    register(page)
    event_id = club_night(app)
    for language in ("en", "es", "fr"):
        page.context.add_cookies([{"name": COOKIE, "value": language, "url": live_server}])
        page.goto(f"/events/{event_id}")
        wall = page.locator("#wall")
        opener = wall.get_by_role("link", name=words(app, language, "Open the wall"))
        expect(opener).to_have_attribute("href", f"/events/{event_id}/wall")
        qr = words(app, language, "QR code to follow the standings on a phone")
        expect(wall.get_by_role("img", name=qr)).to_be_visible()
        assert_fits_phone(page)
        assert_accessible(page)
        wall.scroll_into_view_if_needed()
        wall.screenshot(path=str(SCREENSHOTS / f"console-wall-{language}.png"))
    with page.expect_popup() as popup:
        page.locator("#wall").get_by_role("link", name=words(app, "fr", "Open the wall")).click()
    expect(popup.value.get_by_role("heading", level=1)).to_have_text("Martes del club")


LONG_PAIRS = (
    "Carmen & Jorge\nMaría Fernanda & Juan Sebastián\nMarta & Pablo\nLucía & Jorge Luis\n"
    "Inés & Raúl\nGuadalupe Etcheverry & Bartolomé Inchausti Urrutia\n"
)


def test_the_walls_last_word_at_1280_and_360(page: Page, app: Flask, live_server: str) -> None:
    """Issue 32, item 4, in Chromium: a finished event's wall says so (winner, day), its differences
    are signed, and no name is broken in the middle, on a 1280 x 720 screen and on a 360 px phone."""
    register(page)
    with app.app_context():
        entries = [{"players": line.split(" & ")} for line in LONG_PAIRS.strip().splitlines()]
        data = {"name": "Martes del club", "ruleset": "classic", "format": "mitchell", "game": {"hands": 1}}
        event = event_services.create_event(ana_id(), {**data, "entries": entries})
        event_services.seat_round(event)
        hand = {
            "number": 1,
            "went_out": 0,
            "going_out_kind": "normal",
            "sides": [{"melds": 300, "canastas": {"clean": 1}}, {"melds": 100, "hand": 40}],
        }
        for table in event.event_rounds[0].tables:
            services.add_hand(table.match, hand, ana_id())
        event_services.close_round(event, 1)
        event_services.finish_event(event)
        event_id = event.id
    for width, height in ((1280, 720), (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"/events/{event_id}/wall")
        expect(page.get_by_role("heading", name="Final standings")).to_be_visible()
        expect(page.locator(".wall-final")).to_contain_text("The event is over")
        expect(page.locator(".wall-final")).to_contain_text("Winner")
        assert page.locator(".standings td", has_text=re.compile("^\u2212840$")).count() >= 1
        assert page.locator(".standings td", has_text=re.compile(r"^\+840$")).count() >= 1
        # Every name on one line: a wrapped one would be at least two lines tall.
        broken = page.evaluate(
            """() => [...document.querySelectorAll('.wall-name')].filter(e => e.offsetParent !== null)
                .filter(e => e.getBoundingClientRect().height
                             > 1.6 * parseFloat(getComputedStyle(e).lineHeight || '20'))
                .map(e => e.textContent)"""
        )
        assert not broken, broken
        cut = page.evaluate(
            "() => [...document.querySelectorAll('.wall-name')].filter(e => e.scrollWidth > e.clientWidth)"
            ".map(e => e.title)"
        )
        assert all(cut), cut  # a shortened name keeps its full form in its title
        screenshot(page, f"wall-final-{width}", full_page=width == 360)
        wide = page.evaluate(
            "() => [...document.querySelectorAll('body *')]"
            f".filter(e => e.getBoundingClientRect().right > {width})"
            ".map(e => e.tagName + '.' + e.className).slice(0, 8)"
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= width, wide
        assert_accessible(page)
