"""A hand saved once and whole, in a real phone-sized Chromium, in Spanish, English and French: Back
after saving never shows the old values again, a double tap on Save stores one hand (with and
without the page's script), Enter in a field does not submit, a side left blank is asked about, and
"Undo" takes back the hand just entered.

Scores (classic, RULES.md): Nosotros go out with melds 300 + a clean canasta 500 + going out 100 =
900; Ellos melded 100 with 40 left in hand = 60.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import (
    assert_fits_phone,
    fill_hand,
    save_button,
    side_totals,
    start,
    words,
)

LANGUAGES = ("es", "en", "fr")


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def hand_posts(page: Page) -> list[str]:
    """Every form submission of a new hand the page sends from now on (the preview is not one)."""
    sent: list[str] = []
    page.on(
        "request",
        lambda r: sent.append(r.url) if r.method == "POST" and r.url.endswith("/hands/new") else None,
    )
    return sent


def test_back_after_saving_shows_a_fresh_form_not_the_old_values(page: Page, app, live_server, language):
    scoreboard = start(page, app, live_server, language)
    page.goto(f"{scoreboard}/hands/new")
    fill_hand(page)
    save_button(page, app, language, 1).click()
    page.wait_for_url(f"**{scoreboard}")
    assert side_totals(page) == ["900", "60"]

    page.go_back()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        words(app, language, "Enter hand %(number)s", number=2)
    )
    for field in ("#sides-0-melds", "#sides-0-canastas-clean", "#sides-1-melds", "#sides-1-hand"):
        expect(page.locator(field)).to_have_value("")
    # Saving it as it is stores nothing: both sides are blank, and the page asks first.
    sent = hand_posts(page)
    save_button(page, app, language, 2).click()
    expect(page.locator("[data-blank-question='0']")).to_be_visible()
    assert sent == []
    page.goto(scoreboard)
    assert side_totals(page) == ["900", "60"]
    expect(
        page.get_by_role("link", name=words(app, language, "Enter hand %(number)s", number=2))
    ).to_be_visible()


def test_a_double_tap_on_save_stores_one_hand(page: Page, app, live_server, language):
    scoreboard = start(page, app, live_server, language)
    page.goto(f"{scoreboard}/hands/new")
    fill_hand(page)
    save_button(page, app, language, 1).dblclick()
    page.wait_for_url(f"**{scoreboard}")
    assert side_totals(page) == ["900", "60"]
    expect(
        page.get_by_role("link", name=words(app, language, "Enter hand %(number)s", number=2))
    ).to_be_visible()


def test_a_double_tap_without_the_script_stores_one_hand(page_without_script: Page, app, live_server):
    """The server alone keeps the form single-use: both taps may reach it."""
    page = page_without_script
    scoreboard = start(page, app, live_server, "en")
    page.goto(f"{scoreboard}/hands/new")
    fill_hand(page)
    page.get_by_role("button", name="Save hand 1").dblclick()
    page.wait_for_url(f"**{scoreboard}")
    page.goto(scoreboard)
    assert side_totals(page) == ["900", "60"]
    expect(page.get_by_role("link", name="Enter hand 2")).to_be_visible()


def test_enter_in_a_field_does_not_submit(page: Page, app, live_server, language):
    scoreboard = start(page, app, live_server, language)
    page.goto(f"{scoreboard}/hands/new")
    sent = hand_posts(page)
    melds = page.locator("#sides-0-melds")
    melds.fill("300")
    melds.press("Enter")
    assert page.evaluate("document.activeElement.id") not in ("sides-0-melds", "")  # on to the next field
    page.locator("#sides-1-hand").fill("40")
    page.locator("#sides-1-hand").press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text(
        words(app, language, "Enter hand %(number)s", number=1)
    )
    assert sent == [] and page.url.endswith("/hands/new")
    page.goto(scoreboard)
    expect(page.get_by_text(words(app, language, "No hands yet."))).to_be_visible()


def test_a_blank_side_is_asked_about_before_it_is_saved_as_zero(page: Page, app, live_server, language):
    scoreboard = start(page, app, live_server, language)
    page.goto(f"{scoreboard}/hands/new")
    sent = hand_posts(page)
    page.locator("#went_out-0").check()  # nobody went out
    page.locator("#sides-0-melds").fill("200")
    page.locator("#sides-0-hand").fill("50")
    question = page.locator("[data-blank-question='1']")
    expect(question).to_be_hidden()
    save_button(page, app, language, 1).click()
    expect(question).to_be_visible()
    expect(question).to_contain_text(
        words(app, language, "%(side)s: nothing entered. Save with 0?", side="Ellos")
    )
    expect(page.locator("[data-blank-question='0']")).to_be_hidden()
    assert sent == []
    assert_fits_phone(page)
    # Typing in the side withdraws the question; emptying it again asks again.
    page.locator("#sides-1-melds").fill("5")
    expect(question).to_be_hidden()
    page.locator("#sides-1-melds").fill("")
    save_button(page, app, language, 1).click()
    expect(question).to_be_visible()
    assert sent == []
    question.get_by_role("button", name=words(app, language, "Save with 0")).click()
    page.wait_for_url(f"**{scoreboard}")
    assert side_totals(page) == ["150", "0"]


def test_undo_takes_back_the_hand_just_saved(page: Page, app, live_server, language):
    scoreboard = start(page, app, live_server, language)
    page.goto(f"{scoreboard}/hands/new")
    fill_hand(page)
    save_button(page, app, language, 1).click()
    page.wait_for_url(f"**{scoreboard}")
    undo = page.get_by_role("link", name=words(app, language, "Undo hand %(number)s", number=1))
    expect(undo).to_be_visible()
    assert_fits_phone(page)
    undo.click()  # asks once, naming the hand's scores (tests/browser/test_create_once_browser.py)
    page.get_by_role("button", name=words(app, language, "Undo hand %(number)s", number=1)).click()
    page.wait_for_url(f"**{scoreboard}")
    expect(
        page.get_by_text(words(app, language, "Hand %(number)s undone; enter it again when ready.", number=1))
    ).to_be_visible()
    assert side_totals(page) == ["0", "0"]
    expect(undo).to_have_count(0)
    expect(
        page.get_by_role("link", name=words(app, language, "Enter hand %(number)s", number=1))
    ).to_be_visible()
    page.goto(f"{scoreboard}/log")
    expect(
        page.get_by_text(words(app, language, "Hand %(number)s undone", number=1), exact=True)
    ).to_be_visible()


def test_without_the_script_the_server_asks_about_a_blank_side(page_without_script: Page, app, live_server):
    page = page_without_script
    scoreboard = start(page, app, live_server, "en")
    page.goto(f"{scoreboard}/hands/new")
    page.locator("#went_out-0").check()
    page.locator("#sides-0-melds").fill("200")
    page.locator("#sides-0-hand").fill("50")
    page.get_by_role("button", name="Save hand 1").click()
    question = page.locator("[data-blank-question='1']")
    expect(question).to_contain_text("Ellos: nothing entered. Save with 0?")
    expect(page.locator("#sides-0-melds")).to_have_value("200")
    question.get_by_role("button", name="Save with 0").click()
    page.wait_for_url(f"**{scoreboard}")
    assert side_totals(page) == ["150", "0"]
