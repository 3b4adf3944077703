"""The shared scoreboard in a real Chromium: another phone (its own browser context, no account) opens the
link from the owner's QR panel and sees each new hand within seconds without reloading, survives a
dropped connection, pauses while hidden, and says so when the link is revoked."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from scorekeeper import services
from tests.browser.helpers import ana_id, assert_fits_phone, new_match, phone_tab, register
from tests.web.helpers import SHARE_HAND as HAND


@pytest.fixture
def fast_polls(app: Flask) -> Iterator[None]:
    """Poll every second instead of every four, for the length of one test."""
    before = app.config.get("SHARE_POLL_SECONDS")
    app.config["SHARE_POLL_SECONDS"] = 1
    yield
    if before is None:
        app.config.pop("SHARE_POLL_SECONDS", None)
    else:
        app.config["SHARE_POLL_SECONDS"] = before


@pytest.fixture
def viewer(browser: Browser, live_server: str) -> Iterator[Page]:
    """A second phone at the table: a browser context of its own, never logged in. Its pages count
    their polls of the board as they make them (:func:`polls`), and its clock can be moved on
    (``viewer.clock.run_for``) to see that no poll is made, without waiting that long."""
    for tab in phone_tab(browser, live_server):
        tab.add_init_script(COUNT_POLLS)
        tab.clock.install()
        yield tab


#: Counts the page's polls of the shared board (``window.polls``) and those still waiting for their
#: answer (``window.pollsOpen``).
COUNT_POLLS = """(() => {
    window.polls = 0; window.pollsOpen = 0;
    const fetch = window.fetch;
    window.fetch = (...args) => {
        if (!String(args[0]).includes('/board')) { return fetch(...args); }
        window.polls += 1; window.pollsOpen += 1;
        return fetch(...args).finally(() => { window.pollsOpen -= 1; });
    };
})()"""


def polls(viewer: Page) -> int:
    """How many polls of the board the page has made so far."""
    return int(viewer.evaluate("window.polls"))


def add_hand(app: Flask, match_id: int) -> None:
    with app.app_context():
        match = services.get_match(ana_id(), match_id)
        services.add_hand(match, {"number": len(match.hands) + 1, **HAND})


def totals(page: Page) -> list[str]:
    return [t.strip() for t in page.locator("[data-total]").all_inner_texts()]


def test_the_shared_scoreboard_follows_the_match_live(
    app: Flask, page: Page, viewer: Page, fast_polls: None
) -> None:
    register(page)
    match_id = new_match(app)
    page.goto(f"/matches/{match_id}")
    page.get_by_role("button", name="Share with the table").click()
    link = page.get_by_role("textbox", name="Link for the table")
    expect(link).to_have_attribute("readonly", "")
    url = link.input_value()
    assert "/s/" in url
    page.get_by_text("Show the QR code", exact=True).click()
    expect(page.get_by_role("img", name="QR code to open the live scoreboard")).to_be_visible()
    assert_fits_phone(page)

    # Another phone opens the link: the scoreboard, nothing to edit, no account.
    viewer.goto(url)
    assert totals(viewer) == ["0", "0"]
    expect(viewer.get_by_role("link", name="Enter hand 1")).to_have_count(0)
    assert_fits_phone(viewer)
    viewer.evaluate("document.body.setAttribute('data-marker', 'no reload'); window.stillHere = true")

    # A hand is entered at the table: the viewer sees it without reloading.
    add_hand(app, match_id)
    expect(viewer.locator("[data-total='0']")).to_have_text("1,500", timeout=10_000)
    expect(viewer.locator("[data-total='1']")).to_have_text("85")
    expect(viewer.locator("#share-hand-1")).to_be_attached()
    assert viewer.evaluate("window.stillHere === true")
    expect(viewer.locator("body")).to_have_attribute("data-marker", "no reload")

    # The connection drops: the page says so, keeps trying, and catches up when it comes back.
    status = viewer.get_by_role("status").filter(has_text="Offline")
    viewer.context.set_offline(True)
    expect(status).to_be_visible(timeout=10_000)
    add_hand(app, match_id)
    failed = polls(viewer)
    viewer.wait_for_function("n => window.polls >= n + 2", arg=failed)  # a few failed polls
    viewer.context.set_offline(False)
    expect(viewer.locator("[data-total='0']")).to_have_text("3,000", timeout=15_000)
    expect(status).to_have_count(0)
    assert viewer.evaluate("window.stillHere === true")

    # The owner revokes the link: the viewer is told and stops polling; the last board stays.
    page.goto(f"/matches/{match_id}")
    page.get_by_role("button", name="Revoke the link").click()
    expect(page.get_by_role("button", name="Share with the table")).to_be_visible()
    expect(viewer.get_by_text("This link was revoked")).to_be_visible(timeout=10_000)
    expect(viewer.locator("[data-total='0']")).to_have_text("3,000")
    made = polls(viewer)
    viewer.clock.run_for(30_000)  # longer than the longest delay between polls
    assert polls(viewer) == made, "still polling a revoked link"


def test_polling_pauses_while_the_tab_is_hidden(
    app: Flask, page: Page, viewer: Page, live_server: str, fast_polls: None
) -> None:
    register(page)
    match_id = new_match(app)
    with app.app_context():
        token = services.create_share_link(services.get_match(ana_id(), match_id)).token
    viewer.goto(f"/s/{token}")
    viewer.wait_for_function("() => window.polls > 0")  # polls while visible

    hide = """hidden => {
        Object.defineProperty(document, 'hidden', {value: hidden, configurable: true});
        const state = hidden ? 'hidden' : 'visible';
        Object.defineProperty(document, 'visibilityState', {value: state, configurable: true});
        document.dispatchEvent(new Event('visibilitychange'));
    }"""
    viewer.evaluate(hide, True)
    viewer.wait_for_function("() => window.pollsOpen === 0")  # a poll under way has its answer
    made = polls(viewer)
    add_hand(app, match_id)
    viewer.clock.run_for(30_000)
    assert polls(viewer) == made, "polled while hidden"
    assert totals(viewer) == ["0", "0"]

    viewer.evaluate(hide, False)  # shown again: poll at once
    expect(viewer.locator("[data-total='0']")).to_have_text("1,500", timeout=900)
