"""Presets on the new-match page, in a real Chromium at 360 x 740: choose a rule set, tap a preset, see
its house rules filled in (and still editable), create the match, and find the preset named with its
source on the match's rules page (RULES.md, "House rules every rule set accepts", Presets)."""

from playwright.sync_api import Page, expect

from tests.browser.helpers import assert_fits_phone, register


def fill_sides(page: Page) -> None:
    page.locator("#sides-0-name").fill("Nosotros")
    page.locator("#sides-0-players-0").fill("Ana")
    page.locator("#sides-0-players-1").fill("Luis")
    page.locator("#sides-1-name").fill("Ellos")
    page.locator("#sides-1-players-0").fill("Eva")
    page.locator("#sides-1-players-1").fill("Juan")


def test_presets_fill_the_house_rules_and_are_named_on_the_rules_page(page: Page) -> None:
    register(page)
    page.get_by_role("link", name="New match").first.click()
    fill_sides(page)

    # Classic, international rules: concealed going out 200, red threes once opened, no 500/2000 bonuses.
    classic = page.locator("section[data-ruleset=classic]")
    classic.get_by_role("button", name="International rules").tap()
    expect(page.locator("#hr__classic__red_threes_when_opened")).to_be_checked()
    expect(page.locator("#hr__classic__going_out_kinds__concealed_from_hand_alone")).to_be_visible()
    expect(page.locator("#hr__classic__going_out_kinds__concealed_from_hand_alone")).to_have_value("200")
    expect(page.locator("#hr__classic__many_canastas__7")).to_have_value("0")
    expect(classic.locator("[data-preset-status]")).to_contain_text("International rules")
    # "The rule book" puts everything back.
    classic.get_by_role("button", name="The rule book").tap()
    expect(page.locator("#hr__classic__red_threes_when_opened")).not_to_be_checked()
    expect(page.locator("#hr__classic__many_canastas__7")).to_have_value("")

    # Samba, international rules: two canastas to go out and a fifth band, 7000 and above → 150.
    page.locator("label.ruleset-card").filter(has_text="Samba").click()
    expect(classic).to_be_hidden()
    samba = page.locator("section[data-ruleset=samba]")
    samba.get_by_role("button", name="International rules").tap()
    expect(page.locator("#hr__samba__going_out_min_canastas")).to_have_value("2")
    expect(page.locator("#hr__samba__opening_bands__from__4")).to_be_visible()
    expect(page.locator("#hr__samba__opening_bands__from__4")).to_have_value("7000")
    expect(page.locator("#hr__samba__opening_bands__minimum__4")).to_have_value("150")
    # The fields stay editable: a typed value replaces the preset's.
    page.locator("#hr__samba__going_out_min_canastas").fill("3")
    expect(page.locator("#hr__samba__going_out_min_canastas")).to_have_value("3")
    page.locator("#hr__samba__going_out_min_canastas").fill("2")
    assert_fits_phone(page)

    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Samba")
    page.get_by_role("link", name="Rules", exact=True).first.click()
    named = page.locator("[data-preset=samba_international]")
    expect(named).to_contain_text("International rules")
    expect(named.get_by_role("link", name='Pagat "Samba"')).to_have_attribute(
        "href", "https://www.pagat.com/rummy/samba.html"
    )
    expect(page.locator("#opening table")).to_contain_text("150")
    assert_fits_phone(page)
