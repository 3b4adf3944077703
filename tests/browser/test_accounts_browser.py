"""Accounts in a real phone-sized Chromium: register, log out, log in, switch language."""

from tests.browser.helpers import assert_fits_phone, register


def test_register_log_out_and_back_in(page):
    register(page)
    assert page.get_by_role("heading", name="Matches").is_visible()
    assert_fits_phone(page)
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url("**/login")
    page.get_by_label("Username").fill("Ana")  # phones capitalise; the account is found anyway
    page.get_by_label("Password").fill("a long password")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/")
    assert page.get_by_role("heading", name="Matches").is_visible()


def test_register_mistake_shown_next_to_field(page):
    page.goto("/register")
    assert_fits_phone(page)
    page.get_by_label("Username").fill("ana maria")
    page.get_by_label("Password", exact=True).fill("short")
    page.get_by_label("Repeat the password").fill("short")
    page.get_by_role("button", name="Create account").click()
    username = page.get_by_label("Username")
    assert username.input_value() == "ana maria"
    assert username.get_attribute("aria-invalid") == "true"
    assert "no spaces" in page.locator("#username-errors").inner_text()


def test_language_follows_the_browser_and_the_switch_is_remembered(browser, live_server):
    from tests.browser.helpers import PHONE

    context = browser.new_context(base_url=live_server, **{**PHONE, "locale": "es-UY"})
    page = context.new_page()
    page.goto("/login")
    assert page.get_by_role("heading", level=1).inner_text() == "Iniciar sesión"
    page.get_by_role("link", name="Français").click()
    assert page.get_by_role("heading", level=1).inner_text() == "Connexion"
    page.goto("/register")  # remembered on the next page
    assert page.locator("html").get_attribute("lang") == "fr"
    context.close()


def test_the_account_page_logs_out_the_other_devices(browser, live_server, page):
    from tests.browser.helpers import PHONE

    register(page)
    other = browser.new_context(base_url=live_server, **PHONE).new_page()
    other.goto("/login")
    other.get_by_label("Username").fill("ana")
    other.get_by_label("Password").fill("a long password")
    other.get_by_role("button", name="Log in").click()
    other.wait_for_url("**/")
    page.get_by_role("link", name="Account").click()
    assert_fits_phone(page)
    page.get_by_role("button", name="Log out my other devices").click()
    page.wait_for_url("**/account/devices")
    assert "Your other devices were logged out." in page.locator("main").inner_text()
    assert page.get_by_text("This device").is_visible()
    assert_fits_phone(page)
    other.goto("/")
    assert "/login" in other.url
    other.context.close()
