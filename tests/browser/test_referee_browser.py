"""The penalty page on a phone (360 x 740) in a real Chromium: one line per penalty, most of the list on
the first screen, a tap opens the book's words, and the live search finds penalties and rules by the
players' words, forgiving accents and a typo, exactly as the server does without JavaScript."""

from __future__ import annotations

from urllib.parse import parse_qs, urlencode, urlsplit

from flask import Flask
from playwright.sync_api import Page, expect

from scorekeeper.i18n import COOKIE
from scorekeeper.rules import get_ruleset
from tests.browser.helpers import assert_fits_phone, fill_hand, new_match, register, save_button, screenshot

#: The ids of the visible lines (penalties and rules) of the penalty page.
#: Classic's penalty table, as the rule data holds it.
CLASSIC_PENALTIES = len(get_ruleset("classic").penalties)
SHOWN = "() => [...document.querySelectorAll('[data-search]')].filter(e => !e.hidden).map(e => e.id).sort()"
#: The same in the order of the page (best match first in each list).
RANKED = "() => [...document.querySelectorAll('[data-search]')].filter(e => !e.hidden).map(e => e.id)"


def server_shown(page: Page, match_id: int, query: str) -> list[str]:
    """What the server shows for ``?q=query``, in its order, read off the page it sends (the script
    changes nothing until the search is typed in)."""
    page.goto(f"/matches/{match_id}/penalties?{urlencode({'q': query})}")
    shown: list[str] = page.evaluate(RANKED)
    return shown


def test_penalty_list_on_a_phone(app: Flask, page: Page) -> None:
    register(page)
    match_id = new_match(app)
    page.goto(f"/matches/{match_id}/penalties")
    assert_fits_phone(page)
    rows = page.locator("#penalty-table > li")
    expect(rows).to_have_count(CLASSIC_PENALTIES)
    on_first_screen = page.evaluate(
        """() => [...document.querySelectorAll('#penalty-table > li')]
            .filter(li => li.getBoundingClientRect().bottom <= window.innerHeight).length"""
    )
    shown = f"only {on_first_screen} of {CLASSIC_PENALTIES} penalties on the first screen"
    assert on_first_screen >= 7, shown
    short = page.evaluate(
        """() => [...document.querySelectorAll('.ref-item summary')].filter(s => s.offsetParent !== null)
            .filter(s => s.getBoundingClientRect().height < 44).length"""
    )
    assert short == 0, "a penalty line is smaller than a finger"

    # A tap opens the book's words and the book's title; another closes them.
    drew_two = page.locator("#penalty-drew_two_cards")
    quote = drew_two.locator("q[lang=es]")
    expect(quote).to_be_hidden()
    drew_two.locator("summary").click()
    expect(quote).to_have_text("Por tomar dos cartas en vez de una")
    expect(drew_two).to_contain_text("La Canasta (Uruguayan-Argentine rules, typed copy), PENALIDADES")
    drew_two.locator("summary").click()
    expect(quote).to_be_hidden()

    # Searching as you type: a typo in Spanish, then a rule rather than a penalty.
    search = page.get_by_label("Search penalties and rules")
    search.fill("robr dos")
    expect(drew_two).to_be_visible()
    expect(page.locator("#penalty-four_black_threes_in_hand")).to_be_hidden()
    expect(page.locator("[data-penalty-count]")).to_have_text(f"1 of {CLASSIC_PENALTIES} penalties shown")
    search.fill("pumba")
    expect(page.locator("#rule-pumba")).to_be_visible()
    expect(page.locator("[data-penalty-count]")).to_have_text(f"0 of {CLASSIC_PENALTIES} penalties shown")
    expect(page.locator("[data-penalty-none]")).to_be_hidden()
    search.fill("")
    expect(rows.filter(has=page.locator("summary:visible"))).to_have_count(CLASSIC_PENALTIES)
    expect(page.locator("#rule-pumba")).to_be_hidden()
    expect(page.locator("#rule-penalty_cards_what")).to_be_visible()
    screenshot(page, "referee-penalties")


def test_live_search_agrees_with_the_server(app: Flask, page: Page) -> None:
    register(page)
    match_id = new_match(app)
    queries = (
        "levantar", "mostrar", "piocehr deux", "COMPAÑERO", "drwe two", "empate", "zzz",
        # issue 18: forms and tenses, digits as words, a number's typo, ranking
        "robó dos cartas", "robo 2 cartas", "tomó dos cartas", "robar dso cartas", "drew 2",
        "pioche 2 cartes", "levanté", "took the pile", "piochée", "pioc", "robar robar dos",
        "robar dos cartas robo tomar 2 una carta zzzz",
    )
    for query in queries:
        expected = server_shown(page, match_id, query)
        page.goto(f"/matches/{match_id}/penalties")
        page.get_by_label("Search penalties and rules").fill(query)
        assert page.evaluate(RANKED) == expected, query
        assert parse_qs(urlsplit(page.url).query)["q"] == [query]  # the address keeps the search


def test_rules_page_in_spanish_fits_a_phone(app: Flask, page: Page) -> None:
    register(page)
    match_id = new_match(app)
    page.goto(f"/language/es?next=/matches/{match_id}/rules")
    page.wait_for_url(f"**/matches/{match_id}/rules")
    expect(page.locator("h1")).to_contain_text("Reglas")
    expect(page.locator("#rule-pumba q[lang=es]")).to_contain_text("“Pumba”")
    expect(page.locator("#rule-ties")).to_contain_text("se juega otra mano")
    assert_fits_phone(page)
    screenshot(page, "referee-rules-es")


def test_a_penalty_looked_up_during_a_hand_is_added_to_it_and_saved(
    app: Flask, page: Page, live_server: str
) -> None:
    """In Spanish: a hand half typed, then Ellos' penalties, "Buscar una penalidad"; the players'
    words find the penalty first; "Anotar en esta mano: Ellos" brings the hand form back with it and
    with what was typed; saved, the scoreboard counts it (Ellos 100 − 40 − 50 = 10)."""
    register(page)
    match_id = new_match(app)
    page.context.add_cookies([{"name": COOKIE, "value": "es", "url": live_server}])
    page.goto(f"/matches/{match_id}/hands/new")
    fill_hand(page)  # typed before the penalty comes up: kept on the phone meanwhile
    ellos = page.locator("#side-1")
    ellos.locator("summary", has_text="Penalidades").click()
    ellos.get_by_role("link", name="Buscar una penalidad").click()

    page.wait_for_url(f"**/matches/{match_id}/penalties?hand=1&side=1")
    page.get_by_label("Buscar penalizaciones y reglas").fill("robó dos cartas")
    first = page.locator("#penalty-table > li:visible").first
    expect(first).to_have_id("penalty-drew_two_cards")
    first.locator("summary").click()
    add = first.get_by_role("link", name="Anotar en esta mano: Ellos")
    expect(add).to_be_visible()
    assert_fits_phone(page)
    screenshot(page, "penalty-add-to-hand", full_page=False)
    add.click()

    page.wait_for_url(f"**/matches/{match_id}/hands/new?penalty=drew_two_cards&side=1")
    added = page.locator("#sides-1-penalties-drew_two_cards")
    expect(added).to_be_visible()  # its penalties are open
    expect(added).to_have_value("1")
    added.scroll_into_view_if_needed()
    assert_fits_phone(page)
    screenshot(page, "hand-penalty-added", full_page=False)
    expect(page.locator("#sides-0-penalties-drew_two_cards")).to_have_value("")
    notice = "Penalidad anotada para Ellos: Robar dos cartas en vez de una."
    expect(page.get_by_role("status").filter(has_text=notice)).to_be_visible()
    for field, value in (("#sides-0-melds", "300"), ("#sides-1-melds", "100"), ("#sides-1-hand", "40")):
        expect(page.locator(field)).to_have_value(value)
    expect(page.locator("#went_out-1")).to_be_checked()
    save_button(page, app, "es", 1).click()
    page.wait_for_url(f"**/matches/{match_id}")
    expect(page.locator("[data-total]")).to_have_text(["900", "10"])
