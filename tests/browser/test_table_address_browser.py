"""Issue 32, item 2 in a real Chromium (360 x 740): served at 127.0.0.1, the console and the table
cards warn that the phones cannot open the links, and say how to fix it, in es, en and fr."""

from __future__ import annotations

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from scorekeeper.i18n import COOKIE
from tests.browser.helpers import assert_accessible, assert_fits_phone, register, screenshot, words
from tests.browser.test_events_browser import club_night


@pytest.mark.parametrize("language", ["es", "en", "fr"])
def test_on_loopback_the_console_and_the_cards_warn(
    page: Page, app: Flask, live_server: str, language: str
) -> None:
    register(page)
    page.context.add_cookies([{"name": COOKIE, "value": language, "url": live_server}])
    event_id = club_night(app)
    page.goto(f"/events/{event_id}")
    warning = page.get_by_role("alert").filter(
        has_text=words(app, language, "The phones at the tables cannot open these links.")
    )
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("./scripts/serve --lan")
    assert_fits_phone(page)
    assert_accessible(page)
    screenshot(page, f"event-console-unreachable-{language}", full_page=False)
    page.get_by_role(
        "button", name=words(app, language, "Make links for every table and print the cards")
    ).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(words(app, language, "Table cards"))
    expect(warning).to_be_visible()
    assert_accessible(page)
    screenshot(page, f"event-cards-unreachable-{language}", full_page=False)
