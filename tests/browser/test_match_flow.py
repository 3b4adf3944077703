"""A whole classic match at a phone's size, in a real Chromium, as a player would do it: register,
create a match, enter three hands (one with a mistake), check totals and opening minimums, edit a
hand, look up a penalty, finish the match. Screenshots of the main pages go to docs/screenshots/.

Expected numbers are worked out from ../shared/RULES.md (classic): canastas clean 500 / dirty 300,
red three 100 (all four 800), going out 100, 7 canastas 2000; opening 50 from 0, 90 from 1500.
"""

from playwright.sync_api import Page, expect

from tests.browser.helpers import assert_fits_phone, register, screenshot


def side_totals(page: Page) -> list[str]:
    return [t.strip() for t in page.locator("[data-total]").all_inner_texts()]


def side_minimums(page: Page) -> list[str]:
    return [t.strip() for t in page.locator("[data-opening]").all_inner_texts()]


def fill_side(page: Page, i: int, melds: int | None = None, hand: int | None = None, **canastas: int) -> None:
    if melds is not None:
        page.locator(f"#sides-{i}-melds").fill(str(melds))
    if hand is not None:
        page.locator(f"#sides-{i}-hand").fill(str(hand))
    for kind, n in canastas.items():
        page.locator(f"#sides-{i}-canastas-{kind}").fill(str(n))


def tap_plus(page: Page, field_id: str, times: int = 1) -> None:
    plus = page.locator(f"[data-stepper]:has(#{field_id}) button[data-step]:not([data-step^='-'])")
    for _ in range(times):
        plus.tap()


def save(page: Page) -> None:
    """Save; a hand the page draws in place (a worker keeps the scoreboard) is then confirmed by the
    server's scoreboard, loaded once it answered: wait for that page (its totals are the server's)."""
    page.get_by_role("button", name="Save").click()
    page.wait_for_load_state()
    page.wait_for_function("() => !document.querySelector('#queue [data-queued]')")
    page.wait_for_load_state()


def test_a_whole_classic_match_on_a_phone(page: Page) -> None:
    register(page)
    page.get_by_role("link", name="New match").first.click()
    assert_fits_phone(page)
    page.locator("#sides-0-name").fill("Nosotros")
    page.locator("#sides-0-players-0").fill("Ana")
    page.locator("#sides-0-players-1").fill("Luis")
    page.locator("#sides-1-name").fill("Ellos")
    page.locator("#sides-1-players-0").fill("Eva")
    page.locator("#sides-1-players-1").fill("Juan")
    screenshot(page, "new-match")
    page.get_by_role("button", name="Start the match").click()

    expect(page.get_by_role("heading", level=1)).to_contain_text("Canasta")
    scoreboard = page.url
    assert side_totals(page) == ["0", "0"]
    assert side_minimums(page) == ["50", "50"]
    assert_fits_phone(page)

    # Hand 1. Nosotros go out: melds 640 + clean 500 + dirty 300 + 1 red three 100 + going out 100 = 1640.
    # Ellos: melds 210, cards in hand counted with the card counter: 2 aces 40 + 3 low cards 15 = 55;
    # 210 - 55 = 155.
    page.get_by_role("link", name="Enter hand 1").click()
    assert_fits_phone(page)
    page.locator("#went_out-1").check()  # choices: 0 = nobody, 1 = first side...
    page.locator("#going_out_kind-0").check()
    tap_plus(page, "sides-0-canastas-clean")
    tap_plus(page, "sides-0-canastas-dirty")
    tap_plus(page, "sides-0-red_threes")
    fill_side(page, 0, melds=640)
    fill_side(page, 1, melds=210)
    page.locator("details.counter[data-counter=sides-1-hand] summary").click()
    tap_plus(page, "sides-1-hand_cards-ace", 2)
    tap_plus(page, "sides-1-hand_cards-low", 3)
    expect(page.locator("#sides-1-hand")).to_have_value("55")
    expect(page.locator("[data-preview='0']")).to_have_text("+1,640")
    expect(page.locator("[data-preview='1']")).to_have_text("+155")
    screenshot(page, "hand-entry", full_page=False)  # the counter, with the bar and its previews
    save(page)
    assert side_totals(page) == ["1,640", "155"]
    assert side_minimums(page) == ["90", "50"]

    # Hand 2, with a mistake: Ellos go out without a canasta. The page says so next to their
    # canastas and keeps every value typed.
    page.get_by_role("link", name="Enter hand 2").click()
    page.locator("#went_out-2").check()
    page.locator("#going_out_kind-0").check()
    fill_side(page, 0, melds=300, hand=40)
    fill_side(page, 1, melds=500)
    save(page)
    expect(page.locator("#sides-1-canastas").get_by_role("listitem")).to_contain_text("canasta")
    expect(page.locator("#sides-0-melds")).to_have_value("300")
    expect(page.locator("#sides-0-hand")).to_have_value("40")
    expect(page.locator("#sides-1-melds")).to_have_value("500")
    screenshot(page, "hand-entry-error")
    # Corrected: Ellos had a clean canasta. Nosotros 300 - 40 = 260; Ellos 500 + 500 + 100 = 1100.
    fill_side(page, 1, clean=1)
    save(page)
    assert side_totals(page) == ["1,900", "1,255"]
    assert side_minimums(page) == ["90", "50"]

    # Hand 3: nobody went out (stock ran out). Nosotros 200 - 100 = 100.
    # Ellos 100 - 150 - drew two cards 50 = -100.
    page.get_by_role("link", name="Enter hand 3").click()
    page.locator("#went_out-0").check()
    fill_side(page, 0, melds=200, hand=100)
    fill_side(page, 1, melds=100, hand=150)
    page.locator("#sides-1-penalties summary").click()
    tap_plus(page, "sides-1-penalties-drew_two_cards")
    save(page)
    assert side_totals(page) == ["2,000", "1,155"]
    assert side_minimums(page) == ["90", "50"]

    # Edit hand 1: Ellos had melded 310, not 210; their hand 1 becomes 255 and their total 1255.
    page.locator("details#hand-1 summary").click()
    page.get_by_role("link", name="Edit hand 1").click()
    expect(page.locator("#sides-1-melds")).to_have_value("210")
    fill_side(page, 1, melds=310)
    save(page)
    assert side_totals(page) == ["2,000", "1,255"]

    # Look up a penalty mid-game.
    page.get_by_role("link", name="Penalties").first.click()
    assert_fits_phone(page)
    page.get_by_role("searchbox").fill("two cards")
    row = page.locator("tr:visible, .penalty:visible").filter(has_text="two cards")
    expect(row.first).to_contain_text("50")
    screenshot(page, "penalties")
    page.go_back()

    # Hand 4 ends it. Nosotros go out with 4 clean and 3 dirty canastas and all four red threes:
    # melds 1000 + canastas 2000 + 900 + red threes 800 + going out 100 + 7 canastas 2000 = 6800,
    # total 8800, past 5000. Ellos: 0 - 100 = -100, total 1155.
    page.get_by_role("link", name="Enter hand 4").click()
    page.locator("#went_out-1").check()
    page.locator("#going_out_kind-0").check()
    fill_side(page, 0, melds=1000, clean=4, dirty=3)
    page.locator("#sides-0-red_threes").fill("4")
    fill_side(page, 1, hand=100)
    save(page)
    assert side_totals(page) == ["8,800", "1,155"]
    expect(page.locator(".result h2")).to_contain_text("Nosotros won the match")
    expect(page.get_by_role("link", name="Enter hand 5")).to_have_count(0)
    assert_fits_phone(page)
    screenshot(page, "scoreboard-finished")

    # The same pages on a desktop: nothing sticks out, the sides sit side by side.
    page.set_viewport_size({"width": 1280, "height": 800})
    for path in ("", "/hands/1/edit", "/penalties", "/rules", "/opening"):
        page.goto(scoreboard + path)
        page.wait_for_load_state("load")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), path
