"""Every create is once, and Undo you can trust, in a real phone-sized Chromium (one language per
flow): a double tap on Start or on Rematch makes one match (with and without the page's script),
Rematch → Back → Rematch shows the first rematch, Enter in a name field moves on instead of
starting, and Undo asks once, naming the hand's scores, then "Enter it again" refills the hand.

Scores (classic, RULES.md): Nosotros go out with melds 300 + a clean canasta 500 + going out 100 =
900; Ellos melded 100 with 40 left in hand = 60.
"""

from __future__ import annotations

import re
from typing import Any, Final

from flask import Flask
from playwright.sync_api import Page, expect
from sqlalchemy import func, select

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Match
from tests.browser.helpers import ana_id, assert_accessible, assert_fits_phone, side_totals, start, words

#: A hand that Nosotros win with 900 to 60.
HAND: Final = {
    "went_out": 0,
    "going_out_kind": "normal",
    "sides": [{"melds": 300, "canastas": {"clean": 1}}, {"melds": 100, "hand": 40}],
}


#: A match's scoreboard.
SCOREBOARD: Final = re.compile(r"/matches/\d+$")


def match_count(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Match)) or 0


def fill_names(page: Page, fourth: bool = True) -> None:
    page.locator("#sides-0-players-0").fill("Ana")
    page.locator("#sides-0-players-1").fill("Luis")
    page.locator("#sides-1-players-0").fill("Eva")
    if fourth:
        page.locator("#sides-1-players-1").fill("Juan")


def finished_match(app: Flask) -> int:
    """Ana's classic match to 500, won by Nosotros in its first hand (900 to 60)."""
    with app.app_context():
        sides: list[dict[str, Any]] = [
            {"name": "Nosotros", "players": ["Ana", "Luis"]},
            {"name": "Ellos", "players": ["Eva", "Juan"]},
        ]
        match = services.create_match(ana_id(), {"ruleset": "classic", "target": 500, "sides": sides})
        services.add_hand(match, {"number": 1, **HAND})
        return match.id


def match_posts(page: Page) -> list[str]:
    """Every new-match form the page sends from now on."""
    sent: list[str] = []
    page.on(
        "request",
        lambda r: sent.append(r.url) if r.method == "POST" and r.url.endswith("/matches/new") else None,
    )
    return sent


def test_a_double_tap_on_start_makes_one_match(page: Page, app, live_server) -> None:
    start(page, app, live_server, "en")
    before = match_count(app)
    page.goto("/matches/new")
    fill_names(page)
    page.get_by_role("button", name="Start the match").dblclick()
    page.wait_for_url(SCOREBOARD)
    expect(page.get_by_role("link", name="Enter hand 1")).to_be_visible()
    assert match_count(app) == before + 1


def test_a_double_tap_on_start_without_the_script_makes_one_match(
    page_without_script: Page,
    app: Flask,
    live_server: str,
) -> None:
    """The server alone keeps the form single-use: both taps may reach it."""
    page = page_without_script
    start(page, app, live_server, "fr")
    before = match_count(app)
    page.goto("/matches/new")
    fill_names(page)
    page.get_by_role("button", name=words(app, "fr", "Start the match")).dblclick()
    # (the second tap aborts the first tap's navigation: wait for where the page ends up)
    expect(page).to_have_url(SCOREBOARD)
    expect(page.get_by_role("link", name=words(app, "fr", "Enter hand %(number)s", number=1))).to_be_visible()
    assert match_count(app) == before + 1


def test_a_double_tap_on_rematch_makes_one_rematch(page: Page, app, live_server) -> None:
    start(page, app, live_server, "es")
    old = f"/matches/{finished_match(app)}"
    page.goto(old)
    before = match_count(app)
    page.get_by_role("button", name=words(app, "es", "Rematch")).dblclick()
    page.wait_for_url(SCOREBOARD)
    expect(page.get_by_role("link", name=words(app, "es", "Enter hand %(number)s", number=1))).to_be_visible()
    assert not page.url.endswith(old)
    assert match_count(app) == before + 1


def test_rematch_back_rematch_shows_the_first_rematch(page: Page, app, live_server) -> None:
    start(page, app, live_server, "fr")
    old = f"/matches/{finished_match(app)}"
    page.goto(old)
    before = match_count(app)
    rematch = page.get_by_role("button", name=words(app, "fr", "Rematch"))
    rematch.click()
    page.wait_for_url(SCOREBOARD)
    first = page.url
    assert not first.endswith(old)
    page.go_back()
    expect(rematch).to_be_visible()
    assert page.url.endswith(old)
    rematch.click()
    expect(
        page.get_by_text(
            words(app, "fr", "The rematch was started already; here it is. Nothing was created twice.")
        )
    ).to_be_visible()
    assert page.url == first
    assert match_count(app) == before + 1
    assert_fits_phone(page)


def test_enter_in_a_name_moves_to_the_next_field_and_only_start_starts(page: Page, app, live_server) -> None:
    start(page, app, live_server, "en")
    before = match_count(app)
    page.goto("/matches/new")
    sent = match_posts(page)
    fill_names(page, fourth=False)
    page.locator("#sides-1-players-0").press("Enter")  # the fourth name is not typed yet
    expect(page.locator("#sides-1-players-1")).to_be_focused()
    page.keyboard.type("Juan")
    page.keyboard.press("Enter")
    expect(page.locator("#sides-1-players-2")).to_be_focused()
    assert sent == [] and page.url.endswith("/matches/new") and match_count(app) == before
    page.get_by_role("button", name="Start the match").click()
    page.wait_for_url(SCOREBOARD)
    assert match_count(app) == before + 1
    expect(page.get_by_text("Juan").first).to_be_visible()


def test_without_the_script_enter_too_early_is_asked_about(
    page_without_script: Page,
    app: Flask,
    live_server: str,
) -> None:
    """Enter in the third name submits the form (the browser's own way): no 2-against-1 match, but
    the question, with the names kept."""
    page = page_without_script
    start(page, app, live_server, "es")
    before = match_count(app)
    page.goto("/matches/new")
    fill_names(page, fourth=False)
    page.locator("#sides-1-players-0").press("Enter")
    expect(page.locator("#uneven-sides")).to_contain_text("(2 – 1)")
    assert match_count(app) == before
    expect(page.locator("#sides-1-players-0")).to_have_value("Eva")
    page.locator("#sides-1-players-1").fill("Juan")
    page.get_by_role("button", name=words(app, "es", "Start the match")).click()
    page.wait_for_url(SCOREBOARD)
    assert match_count(app) == before + 1


def test_undo_asks_once_and_enter_it_again_refills_the_hand(page: Page, app, live_server) -> None:
    language = "es"
    scoreboard = start(page, app, live_server, language)
    with app.app_context():
        match = services.get_match(ana_id(), int(scoreboard.rsplit("/", 1)[1]))
        services.add_hand(match, {"number": 1, **HAND})
    page.goto(scoreboard)
    undo = page.get_by_role("link", name=words(app, language, "Undo hand %(number)s", number=1))
    expect(undo).to_have_attribute("data-needs-network", "")
    undo.click()
    question = words(
        app, language, "Undo hand %(number)s: %(scores)s?", number=1, scores="Nosotros 900, Ellos 60"
    )
    expect(page.get_by_role("heading", level=1)).to_have_text(question)
    assert_fits_phone(page)
    assert_accessible(page)
    page.get_by_role("button", name=words(app, language, "Undo hand %(number)s", number=1)).click()
    page.wait_for_url(f"**{scoreboard}")
    assert side_totals(page) == ["0", "0"]
    expect(
        page.get_by_text(
            words(
                app,
                language,
                "Hand %(number)s was undone: %(scores)s.",
                number=1,
                scores="Nosotros 900, Ellos 60",
            )
        )
    ).to_be_visible()
    again = page.locator(".undone").get_by_role("link", name=words(app, language, "Enter it again"))
    expect(again).to_have_attribute("data-needs-network", "")
    assert_accessible(page)
    again.click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        words(app, language, "Enter hand %(number)s", number=1)
    )
    expect(page.locator("#sides-0-melds")).to_have_value("300")
    expect(page.locator("#sides-0-canastas-clean")).to_have_value("1")
    expect(page.locator("#sides-1-hand")).to_have_value("40")
    expect(page.locator("#went_out-1")).to_be_checked()
    page.get_by_role("button", name=words(app, language, "Save hand %(number)s", number=1)).click()
    page.wait_for_url(f"**{scoreboard}")
    # Drawn in place at once, then the server's scoreboard once it answered: its totals are the server's.
    page.wait_for_function("() => !document.querySelector('#queue [data-queued]')")
    page.wait_for_load_state()
    expect(page.locator("[data-total]").first).to_have_text("900")
    assert side_totals(page) == ["900", "60"]


def test_start_back_start_shows_the_first_match(page: Page, app, live_server) -> None:
    start(page, app, live_server, "en")
    before = match_count(app)
    page.goto("/matches/new")
    fill_names(page)
    page.get_by_role("button", name="Start the match").click()
    page.wait_for_url(SCOREBOARD)
    first = page.url
    page.go_back()  # a fresh form: the phone keeps neither the names nor the form's key
    expect(page.locator("#sides-1-players-1")).to_have_value("")
    fill_names(page)  # the same match typed in again
    page.get_by_role("button", name="Start the match").click()
    page.wait_for_url(SCOREBOARD)
    expect(
        page.get_by_text("This match was started already; here it is. Nothing was created twice.")
    ).to_be_visible()
    assert page.url == first and match_count(app) == before + 1
