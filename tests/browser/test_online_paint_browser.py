"""A hand saved online, drawn in place as offline (issue 29, item 4): the scoreboard with the hand
appears before the server answers, the answer then confirms it (the server's scoreboard, nothing left
in the queue); a server that scores the hand differently is said in a note above the server's
figures; a double tap and Back store the hand once.

Scores (classic, RULES.md): HAND, Nosotros go out with melds 300 + a clean canasta 500 + going out
100 = 900, Ellos 100 − 40 = 60. Sent as melds 400 instead (the server's copy below), 1,000 and 60.
"""

from __future__ import annotations

import json

from flask import Flask
from playwright.sync_api import BrowserContext, Page, Route, expect

from tests.browser.helpers import screenshot, type_hand
from tests.browser.offline import HAND, SENT, queued, ready, server_totals, stored


def held_sends(phone: Page) -> list[Route]:
    """Every POST of a hand (``/hands.json``) held until the test lets it go."""
    held: list[Route] = []

    def hold(route: Route) -> None:
        if route.request.method == "POST":
            held.append(route)
        else:
            route.continue_()

    phone.route("**/hands.json", hold)
    return held


def test_a_hand_saved_online_is_drawn_at_once_then_confirmed_by_the_server(
    app: Flask, phone_pair: tuple[BrowserContext, Page]
) -> None:
    _context, phone = phone_pair
    scoreboard = ready(phone, "online-paint")
    held = held_sends(phone)
    phone.goto(f"{scoreboard}/hands/new")
    type_hand(phone, *HAND)
    expect(phone.locator('[data-preview="0"]')).to_have_text("+900")
    phone.get_by_role("button", name="Save hand 1").click()
    # Drawn in place while the server has not answered: the scoreboard's address, the hand listed.
    phone.wait_for_url(f"**{scoreboard}")
    expect(queued(phone)).to_have_count(1)
    expect(queued(phone).first).to_contain_text("Nosotros +900 · Ellos +60")
    expect(phone.locator("#queue")).not_to_contain_text("saved on this phone")
    expect(phone.locator("#queue")).not_to_contain_text("when there is signal")
    expect(phone.locator("html[data-offline-since]")).to_have_count(0)  # not marked as an offline copy
    expect(phone.get_by_text("The match has started")).to_be_hidden()  # the kept copy's old message
    screenshot(phone, "online-save-drawn")
    assert stored(app, scoreboard) == []
    assert len(held) == 1
    held[0].continue_()
    # The answer confirms it: the server's scoreboard, its totals those drawn.
    expect(phone.locator("#queue")).to_be_hidden(timeout=SENT)
    assert server_totals(phone) == [900, 60]
    expect(phone.locator("[data-corrected]")).to_have_count(0)
    assert stored(app, scoreboard) == [(1, 300, 0)]


def test_a_server_that_scores_differently_shows_its_figures_and_says_so(
    app: Flask, phone_pair: tuple[BrowserContext, Page]
) -> None:
    _context, phone = phone_pair
    scoreboard = ready(phone, "online-corrected")

    def other_hand(route: Route) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        body = json.loads(route.request.post_data or "{}")
        body["sides"][0]["melds"] = 400  # what the server stores and scores: 1,000 for Nosotros
        route.continue_(post_data=json.dumps(body))

    phone.route("**/hands.json", other_hand)
    phone.goto(f"{scoreboard}/hands/new")
    type_hand(phone, *HAND)
    phone.get_by_role("button", name="Save hand 1").click()
    note = phone.locator("[data-corrected]")
    expect(note).to_contain_text("The server scored hand 1 differently: 1,000 – 60", timeout=SENT)
    expect(phone.locator("[data-total='0']").first).to_have_text("1,000")
    screenshot(phone, "online-save-corrected")
    assert stored(app, scoreboard) == [(1, 400, 0)]


def test_a_double_tap_and_back_store_an_online_hand_once(
    app: Flask, phone_pair: tuple[BrowserContext, Page]
) -> None:
    _context, phone = phone_pair
    scoreboard = ready(phone, "online-once")
    phone.goto(f"{scoreboard}/hands/new")
    type_hand(phone, *HAND)
    phone.get_by_role("button", name="Save hand 1").dblclick()
    phone.wait_for_url(f"**{scoreboard}")
    expect(phone.locator("#queue")).to_be_hidden(timeout=SENT)
    assert server_totals(phone) == [900, 60]
    phone.go_back()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Enter hand 2")
    phone.go_forward()
    expect(phone.locator("[data-total='0']").first).to_have_text("900")
    assert stored(app, scoreboard) == [(1, 300, 0)]
