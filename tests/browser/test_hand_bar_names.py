"""The hand page's bottom bar at 360 x 740 in French, with long side names, two and three sides:
every side's whole name can be read there (it wraps, never cut with "…"), beside its live score,
and the bar stays in sight with Save. The new-match form offers a third side only with a rule set
played by three. Screenshots: docs/screenshots/hand-bar-*-fr.png."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from scorekeeper import services
from scorekeeper.i18n import COOKIE
from tests.browser.helpers import ana_id, assert_fits_phone, register, screenshot

SCREEN = 740
LONG_NAMES = [
    ("Marta y Joaquín", ["Marta", "Joaquín"]),
    ("Anne-Sophie et Jean-Baptiste", ["Anne-Sophie", "Jean-Baptiste"]),
    ("Les cousins de Valladolid", ["Maximilien", "Bernadette"]),
]


def long_named_match(app: Flask, sides: int) -> int:
    with app.app_context():
        body: dict[str, Any] = {
            "ruleset": "classic",
            "sides": [{"name": name, "players": players} for name, players in LONG_NAMES[:sides]],
        }
        return services.create_match(ana_id(), body).id


def french_phone(page: Page, live_server: str) -> None:
    register(page)
    page.context.add_cookies([{"name": COOKIE, "value": "fr", "url": live_server}])


def cut_names(page: Page) -> list[str]:
    """The bar's side names that do not show whole (cut, or running out of their box)."""
    return page.evaluate(
        """() => [...document.querySelectorAll('[data-hand-bar] .bar-side')]
            .filter(e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1
                         || getComputedStyle(e).textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth)
            .map(e => e.textContent)"""
    )


@pytest.mark.parametrize("sides", [2, 3])
def test_the_bar_shows_every_long_side_name_whole(page: Page, app: Flask, live_server: str, sides: int):
    french_phone(page, live_server)
    match_id = long_named_match(app, sides)
    page.goto(f"/matches/{match_id}/hands/new")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    bar = page.locator("[data-hand-bar]")
    names = [name for name, _players in LONG_NAMES[:sides]]
    expect(bar.locator(".bar-side")).to_have_text(names)
    # Marta y Joaquín go out with a clean canasta: 640 + 500 + 100 = 1 240; the others 100 - 20.
    page.locator("#went_out-1").check()
    page.locator("#going_out_kind-0").check()
    page.locator("#sides-0-canastas-clean").fill("1")
    page.locator("#sides-0-melds").fill("640")
    for i in range(1, sides):
        page.locator(f"#sides-{i}-melds").fill("100")
        page.locator(f"#sides-{i}-hand").fill("20")
    expect(bar.locator("[data-preview='0']")).to_have_text("+1\u202f240")
    expect(bar.locator(f"[data-preview='{sides - 1}']")).to_have_text("+80")
    assert cut_names(page) == []
    # Each name sits in the bar beside its score, inside the screen, and Save is in sight.
    for i in range(sides):
        box = bar.locator(".bar-side").nth(i).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
        assert box["y"] + box["height"] <= SCREEN
    save = bar.get_by_role("button", name="Enregistrer la manche 1")
    expect(save).to_be_in_viewport()
    bar_box = bar.bounding_box()
    assert bar_box is not None and bar_box["height"] < SCREEN / 3, bar_box  # the form stays usable
    assert_fits_phone(page)
    screenshot(page, f"hand-bar-{sides}-sides-fr", full_page=False)


def test_the_new_match_form_offers_a_third_side_only_where_it_plays(page: Page, live_server: str):
    french_phone(page, live_server)
    page.goto("/matches/new")
    third = page.locator("fieldset[data-side='2']")
    expect(third).to_be_visible()  # Canasta, the first choice, is played by three sides too
    expect(third).to_contain_text("Seulement en Canasta et Canastón.")
    page.locator("input[data-ruleset-choice='samba']").check()
    expect(third).to_be_hidden()
    page.locator("input[data-ruleset-choice='canaston']").check()
    expect(third).to_be_visible()


def test_the_count_of_penalties_agrees_as_the_player_types(page: Page, app: Flask, live_server: str):
    french_phone(page, live_server)
    page.goto(f"/matches/{long_named_match(app, 2)}/penalties")
    count = page.locator("[data-penalty-count]")
    expect(count).to_contain_text("pénalités affichées sur")
    page.locator("#q").fill("zzzz qqqq")
    expect(count).to_have_text(re.compile(r"^\s*0 pénalité affichée sur \d+\s*$"))
    page.locator("#q").fill("")
    expect(count).to_have_text(re.compile(r"^\s*(\d+) pénalités affichées sur \1\s*$"))
