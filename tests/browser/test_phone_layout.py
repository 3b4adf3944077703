"""Every main page on a 360 x 740 phone, with two and with three sides: nothing sticks out sideways
(``document.documentElement.scrollWidth`` at most 360), axe-core finds no violation, tables that
scroll sideways are reachable by keyboard. Then the hand page made for one thumb: the bar with the
previews and Save in sight at all times, two screens tall, a card counter that adds to a typed total,
steppers that repeat while held.

Scores checked here are worked out from ../shared/RULES.md (classic): a joker counts 50, an ace 20,
cards 7 to 4 count 5; canastas clean 500, dirty 300.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Locator, Page, expect

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Player, User
from tests.browser.helpers import assert_accessible, assert_fits_phone, register, screenshot

SCREEN = 740  # the phone's height, px
SIDE_NAMES = ["Nosotros", "Ellos", "Aquellos"]


def new_match(app: Flask, sides: int, hands: int = 3, finish: bool = False) -> int:
    """A classic match of ana's with ``sides`` sides of two and ``hands`` hands, then (``finish``)
    one more that the first side wins the match with; its id."""
    with app.app_context():
        owner = db.session.scalar(db.select(User.id).where(User.username == "ana"))
        assert owner is not None
        names = SIDE_NAMES[:sides]
        body: dict[str, Any] = {
            "ruleset": "classic",
            "sides": [{"name": n, "players": [f"{n} Uno", f"{n} Dos"]} for n in names],
        }
        match_id = services.create_match(owner, body).id
        for number in range(1, hands + 1):
            winner = number % sides  # this side goes out with a clean canasta
            hand = {
                "number": number,
                "went_out": winner,
                "going_out_kind": "normal",
                "sides": [{"melds": 120, "hand": 35} for _ in names],
            }
            hand["sides"][winner] = {"melds": 700, "red_threes": 2, "canastas": {"clean": 1}}
            services.add_hand(services.get_match(owner, match_id), hand)
        if finish:
            # 7 clean canastas 3500 + their bonus 2000 + melds 1000 + four red threes 800 + going out 100.
            last: dict[str, Any] = {
                "number": hands + 1,
                "went_out": 0,
                "going_out_kind": "normal",
                "sides": [{"melds": 1000, "red_threes": 4, "canastas": {"clean": 7}}]
                + [{"melds": 0, "hand": 35} for _ in names[1:]],
            }
            services.add_hand(services.get_match(owner, match_id), last)
        return match_id


def player_id(app: Flask, name: str) -> int:
    with app.app_context():
        found = db.session.scalar(db.select(Player.id).where(Player.name == name))
        assert found is not None
        return found


def check(page: Page, path: str) -> None:
    """Open ``path`` (unless it is open already) and check it fits the phone and passes axe."""
    if path:
        page.goto(path)
    assert_fits_phone(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, page.url
    assert_accessible(page)


def test_login_and_register_pages(page: Page) -> None:
    for path in ("/login", "/register"):
        check(page, path)


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
@pytest.mark.parametrize("sides", [2, 3])
def test_every_page_fits_the_phone_and_passes_axe(page: Page, app: Flask, sides: int, lang: str) -> None:
    register(page)
    page.goto(f"/language/{lang}?next=/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    match_id = new_match(app, sides)
    match = f"/matches/{match_id}"
    finished = new_match(app, sides, finish=True)
    for path in (
        "/",
        f"/matches/{finished}",
        "/matches/new",
        match,
        f"{match}/hands/new",
        f"{match}/hands/3/edit",
        f"{match}/hands/1",
        f"{match}/charts",
        f"{match}/log",
        f"{match}/penalties",
        f"{match}/rules",
        f"{match}/opening",
        "/players",
        f"/players/{player_id(app, SIDE_NAMES[sides - 1] + ' Uno')}",
        f"/players/{player_id(app, SIDE_NAMES[0] + ' Uno')}/merge",
        f"{match}/hands/3/delete",
        "/account/password",
        "/account/tokens",
        "/transfer",
    ):
        check(page, path)

    # The scoreboard with its share panel open (QR code), and the shared live view.
    page.goto(match)
    page.locator("form[action$='/share'] button[type=submit]").click()
    page.locator("details.share-qr > summary").click()
    check(page, "")
    check(page, page.locator("#share-url").input_value())
    if sides == 3 and lang == "en":
        page.goto(match)
        screenshot(page, "scoreboard-three-sides")

    # Every hand on the scoreboard open, with its breakdown table; the hand page with its counters
    # and penalties open.
    page.goto(match)
    for summary in page.locator("details.hand > summary").all():
        summary.click()
    check(page, "")
    page.goto(f"{match}/hands/new")
    for summary in page.locator("form details > summary").all():
        summary.click()
    check(page, "")

    # The history with its filters open, filtering on a player.
    page.goto("/history")
    page.locator("details.filters > summary").click()
    page.locator("#player").select_option(label=f"{SIDE_NAMES[0]} Uno")
    page.locator("details.filters button[type=submit]").click()
    expect(page.locator("details.filters")).to_have_attribute("open", "")
    check(page, "")
    if sides == 3 and lang == "en":
        screenshot(page, "history-filters")

    # A player's statistics: the tables that are wider than the phone scroll, reached by keyboard.
    page.goto(f"/players/{player_id(app, SIDE_NAMES[0] + ' Uno')}")
    page.locator("details.pl-numbers > summary").first.click()
    check(page, "")
    regions = page.locator(".pl-table-wrap[role=region][tabindex='0'][aria-label]")
    assert regions.count() >= 3 and regions.count() == page.locator(".pl-table-wrap").count()
    regions.first.focus()
    expect(regions.first).to_be_focused()
    if sides == 3 and lang == "en":
        screenshot(page, "player-statistics")


def bar(page: Page) -> Locator:
    return page.locator("[data-hand-bar]")


def assert_in_sight(page: Page, locator: Locator) -> None:
    """``locator`` is entirely on the phone's screen as it is scrolled now."""
    box = locator.bounding_box()  # relative to the screen
    assert box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= SCREEN + 0.5, box


def assert_not_under_bar(page: Page, locator: Locator) -> None:
    box, bar_box = locator.bounding_box(), bar(page).bounding_box()
    assert box is not None and bar_box is not None
    assert box["y"] + box["height"] <= bar_box["y"] + 0.5, (box, bar_box)


def test_hand_page_for_one_thumb(page: Page, app: Flask) -> None:
    register(page)
    match_id = new_match(app, 2, hands=0)
    page.goto(f"/matches/{match_id}/hands/new")
    page.wait_for_load_state("load")

    # Everything closed, the whole page is at most two screens tall, in each language.
    for lang in ("es", "fr", "en"):
        page.goto(f"/language/{lang}?next=/matches/{match_id}/hands/new")
        page.wait_for_load_state("load")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("form details[open]")).to_have_count(0)
        height = page.evaluate("document.documentElement.scrollHeight")
        assert height <= 2 * SCREEN, f"the hand page is {height}px tall in {lang}"

    # The bar: each side's preview and Save, on the screen from the first moment...
    save = bar(page).get_by_role("button", name="Save hand 1")
    assert_in_sight(page, bar(page))
    expect(bar(page).locator("[data-preview]")).to_have_count(2)
    expect(bar(page)).to_contain_text("Nosotros")
    expect(bar(page)).to_contain_text("Ellos")
    screenshot(page, "hand-entry-top", full_page=False)

    # ...while typing far down the page, where the field being typed in is not hidden by it...
    page.locator("#went_out-1").check()
    page.locator("#going_out_kind-0").check()
    page.locator("#sides-0-canastas-clean").fill("1")
    page.locator("#sides-0-melds").fill("200")
    melds = page.locator("#sides-1-melds")
    melds.click()
    page.keyboard.type("120")
    hand = page.locator("#sides-1-hand")
    hand.click()
    page.keyboard.type("40")
    assert page.evaluate("window.scrollY") > 0
    assert_in_sight(page, bar(page))
    assert_not_under_bar(page, hand)
    # Ellos: 120 - 40 = 80. Nosotros: melds 200 + a clean canasta 500 + going out 100 = 800.
    expect(bar(page).locator("[data-preview='1']")).to_have_text("+80")
    expect(bar(page).locator("[data-preview='0']")).to_have_text("+800")
    expect(bar(page).locator("[data-preview-note]")).to_have_text("")
    assert_in_sight(page, save)

    # ...and at the very end of the page, where it covers nothing of the form.
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert_in_sight(page, bar(page))
    assert_not_under_bar(page, page.locator("#sides-1-penalties > summary"))

    save.click()
    page.wait_for_url(f"**/matches/{match_id}")
    assert [t.strip() for t in page.locator("[data-total]").all_inner_texts()] == ["800", "80"]


def test_card_counter_adds_to_a_typed_total(page: Page, app: Flask) -> None:
    register(page)
    match_id = new_match(app, 2, hands=0)
    page.goto(f"/matches/{match_id}/hands/new")
    melds = page.locator("#sides-0-melds")
    melds.fill("480")
    counter = page.locator("details.counter[data-counter=sides-0-melds]")
    counter.locator("summary").click()
    plus_joker = counter.locator("[data-stepper]:has(#sides-0-melds_cards-joker) [data-step='1']")
    plus_joker.tap()
    # 480 typed + one joker counted (50) = 530, and the counter says so.
    expect(melds).to_have_value("530")
    line = counter.locator(".counter-sum")
    expect(line).to_have_text("Counted: 50 + typed by hand: 480 = 530", use_inner_text=True)
    screenshot(page, "card-counter")
    # A corrected total typed in between is kept: 550, then one ace more (20) is 570.
    melds.fill("550")
    expect(line).to_contain_text("typed by hand: 500 = 550")
    counter.locator("[data-stepper]:has(#sides-0-melds_cards-ace) [data-step='1']").tap()
    expect(melds).to_have_value("570")
    # Taking the joker back takes its 50 off, not the typed part.
    counter.locator("[data-stepper]:has(#sides-0-melds_cards-joker) [data-step='-1']").tap()
    expect(melds).to_have_value("520")
    expect(line).to_have_text("Counted: 20 + typed by hand: 500 = 520", use_inner_text=True)

    # A blank field is filled by the counter alone, with no "typed by hand".
    hand_counter = page.locator("details.counter[data-counter=sides-0-hand]")
    hand_counter.locator("summary").click()
    hand_counter.locator("[data-stepper]:has(#sides-0-hand_cards-low) [data-step='1']").tap()
    expect(page.locator("#sides-0-hand")).to_have_value("5")
    expect(hand_counter.locator(".counter-sum")).to_have_text("Counted: 5", use_inner_text=True)


def hold(page: Page, button: Locator, input_id: str, until: int, down: bool = False) -> None:
    """Hold ``button`` down with a finger (real touch events) until the input reaches ``until``
    (counting up, or ``down``)."""
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    assert box is not None
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    page.wait_for_function(
        "([id, n, down]) => (parseInt(document.getElementById(id).value, 10) - n) * (down ? -1 : 1) >= 0",
        arg=[input_id, until, down],
    )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def test_steppers_repeat_while_held(page: Page, app: Flask) -> None:
    register(page)
    match_id = new_match(app, 2, hands=0)
    page.clock.install()  # time flows; run_for moves it on at once
    page.goto(f"/matches/{match_id}/hands/new")
    counter = page.locator("details.counter[data-counter=sides-1-hand]")
    counter.locator("summary").click()
    low = page.locator("#sides-1-hand_cards-low")
    plus = counter.locator("[data-stepper]:has(#sides-1-hand_cards-low) [data-step='1']")
    minus = counter.locator("[data-stepper]:has(#sides-1-hand_cards-low) [data-step='-1']")

    # Held, the + keeps counting; let go, it stops where it was.
    hold(page, plus, "sides-1-hand_cards-low", until=8)
    held_to = int(low.input_value())
    page.clock.run_for(800)  # longer than the pause and several repeats
    assert int(low.input_value()) == held_to
    expect(page.locator("#sides-1-hand")).to_have_value(str(5 * held_to))

    # A tap is one step, not two; the − held goes down to 0 and no further.
    plus.tap()
    expect(low).to_have_value(str(held_to + 1))
    hold(page, minus, "sides-1-hand_cards-low", until=0, down=True)
    page.clock.run_for(800)
    expect(low).to_have_value("0")
    expect(page.locator("#sides-1-hand")).to_have_value("0")

    # The keyboard: the buttons answer Enter; the input its arrow keys.
    plus.focus()
    page.keyboard.press("Enter")
    expect(low).to_have_value("1")
    low.focus()
    page.keyboard.press("ArrowUp")
    expect(low).to_have_value("2")
    expect(page.locator("#sides-1-hand")).to_have_value("10")


def test_disclosures_look_tappable(page: Page, app: Flask) -> None:
    register(page)
    match_id = new_match(app, 2)
    for path, selector in (
        (f"/matches/{match_id}/hands/new", "details.counter > summary, details.penalties > summary"),
        (f"/matches/{match_id}", "details.hand > summary"),
        ("/", "details.filters > summary"),
    ):
        page.goto(path)
        summaries = page.locator(selector)
        assert summaries.count() >= 1, path
        for summary in summaries.all():
            box = summary.bounding_box()
            assert box is not None and box["height"] >= 44, (path, box)
            chevron = summary.evaluate("s => getComputedStyle(s, '::after').borderRightWidth")
            assert chevron != "0px", (path, "no chevron")
        # The chevron turns when the section opens.
        first = summaries.first
        closed = first.evaluate("s => getComputedStyle(s, '::after').transform")
        first.click()
        page.wait_for_function(  # (it turns in a short transition)
            "([s, closed]) => getComputedStyle(s, '::after').transform !== closed",
            arg=[first.element_handle(), closed],
        )
