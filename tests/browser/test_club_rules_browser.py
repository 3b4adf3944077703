"""A club game of one hand (house rules ``hands_limit`` 1 and ``opening_by_hand``, typed on the
new-match page) in Debian's Chromium: the scoreboard shows the first hand's minimum, and a hand
entered with no signal that leaves both sides level is previewed by the phone's queue as a draw, with
no further hand offered (static/queue/conflict_view.js, as the engine folds it).

Hand 1: Nosotros go out with melds 100 + a clean canasta 500 + going out 100 = 700; Ellos 750 - 50 = 700.
"""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.helpers import register, worker_ready
from tests.browser.offline import PASSWORD, enter, kept_for_hands, queued

LEVEL = (1, {"melds": "100", "canastas-clean": "1"}, {"melds": "750", "hand": "50"})


def test_a_level_last_hand_queued_offline_is_previewed_as_a_draw(
    phone_pair: tuple[BrowserContext, Page],
) -> None:
    context, phone = phone_pair
    register(phone, "club-draw", PASSWORD)
    worker_ready(phone)
    phone.goto("/matches/new")
    phone.locator("#sides-0-name").fill("Nosotros")
    phone.locator("#sides-0-players-0").fill("Ana")
    phone.locator("#sides-1-name").fill("Ellos")
    phone.locator("#sides-1-players-0").fill("Eva")
    phone.locator("#hr__classic__hands_limit").fill("1")
    phone.locator("#hr__classic__opening_by_hand").fill("125, 155")
    phone.get_by_role("button", name="Start the match").click()
    phone.wait_for_url("**/matches/*")
    scoreboard = phone.url.removeprefix(phone.url.split("/matches/")[0])
    expect(phone.locator('[data-opening="0"]')).to_have_text("125")
    kept_for_hands(phone, scoreboard)
    context.set_offline(True)
    enter(phone, scoreboard, 1, LEVEL, preview=["+700", "+700"])
    expect(queued(phone)).to_have_count(1)
    end = phone.locator("#queue .queue-end")
    expect(end).to_have_attribute("data-winner", "draw")
    expect(end).to_contain_text("A draw if this is accepted")
    expect(phone.get_by_role("link", name="Enter hand 2")).to_be_hidden()
