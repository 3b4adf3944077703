"""The American Canasta hand page in a phone's Chromium (issue 22): choosing a special hand empties
and sets aside that side's melds, cards in hand, canastas and threes (its penalties stay), the bottom
bar gives the engine's scores as the player types, and the hand is saved without a "save with 0?"
question. Worked out by hand from RULES.md."""

from __future__ import annotations

from flask import Flask
from playwright.sync_api import Page, expect

from scorekeeper import services
from tests.browser.helpers import ana_id, register


def test_a_special_hand_empties_its_side_and_the_bar_agrees(page: Page, app: Flask, live_server: str):
    register(page)
    with app.app_context():
        body = {
            "ruleset": "american",
            "sides": [
                {"name": "North", "players": ["Ann", "Bob"]},
                {"name": "South", "players": ["Cy", "Di"]},
            ],
        }
        match_id = services.create_match(ana_id(), body).id
    page.goto(f"/matches/{match_id}/hands/new")
    bar = page.locator("[data-hand-bar]")
    # South had typed something before declaring the hand: it goes away with the special hand.
    page.locator("#sides-1-melds").fill("120")
    page.locator("#sides-1-black_threes").fill("2")
    # North: one canasta, 300 − 150 + 500, its two red threes count nothing = 650.
    page.locator("#sides-0-melds").fill("300")
    page.locator("#sides-0-hand").fill("150")
    page.locator("#sides-0-canastas-clean").fill("1")
    page.locator("#sides-0-red_threes").fill("2")
    page.locator("#went_out-2").check()  # South
    page.get_by_label("Special hand: straight").check()
    expect(page.locator("#sides-1-melds")).to_be_disabled()
    expect(page.locator("#sides-1-canastas")).to_be_hidden()
    expect(page.locator("#side-1 [data-special-note]")).to_be_visible()
    expect(page.locator("#sides-1-penalties")).to_be_visible()
    assert page.locator("#sides-1-melds").input_value() == ""
    # South: the straight alone, 3000.
    expect(bar.locator("[data-preview='0']")).to_have_text("+650")
    expect(bar.locator("[data-preview='1']")).to_have_text("+3,000")
    # Back to a normal going out: the fields come back, empty.
    page.get_by_label("Normal").check()
    expect(page.locator("#sides-1-melds")).to_be_enabled()
    page.get_by_label("Special hand: straight").check()
    page.get_by_role("button", name="Save hand 1").click()
    page.wait_for_url(f"**/matches/{match_id}")
    expect(page.locator("[data-total='0']")).to_have_text("650")
    expect(page.locator("[data-total='1']")).to_have_text("3,000")
