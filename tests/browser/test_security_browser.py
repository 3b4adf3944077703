"""Issue 18's security items in a real phone-sized Chromium: a token made from a stolen session
goes when the owner logs out the other devices, and the tokens page says so (in Spanish); an
address given to the language switcher never takes the browser off the site."""

import pytest

from tests.browser.helpers import AXE, AXE_URL, PHONE, assert_accessible, assert_fits_phone, register

PASSWORD = "a long password"


def spanish_phone(browser, live_server):
    context = browser.new_context(base_url=live_server, **{**PHONE, "locale": "es-UY"})
    context.set_default_timeout(10_000)
    if AXE.exists():
        context.route(f"**{AXE_URL}", lambda route: route.fulfill(path=AXE, content_type="text/javascript"))
    return context, context.new_page()


def log_in(page):
    page.goto("/login")
    page.locator("#username").fill("ana")
    page.locator("#password").fill(PASSWORD)
    page.get_by_role("button", name="Iniciar sesión").click()
    page.wait_for_url("**/")


def make_token(page) -> str:
    page.goto("/account/tokens")
    page.get_by_role("button", name="Crear un token").click()
    return page.locator("#new-token").input_value()


def test_a_token_made_from_a_stolen_session_goes_with_it(browser, live_server, page):
    """The other phone stands for a thief's copy of a session: what it made goes with it."""
    register(page)  # the account, made in English
    thief_context, thief = spanish_phone(browser, live_server)
    owner_context, owner = spanish_phone(browser, live_server)
    try:
        log_in(thief)
        stolen = make_token(thief)
        log_in(owner)
        mine = make_token(owner)
        owner.goto("/account/devices")
        owner.get_by_role("button", name="Cerrar sesión en mis otros dispositivos").click()
        owner.wait_for_url("**/account/devices")
        said = owner.locator("main").inner_text()
        assert "También se revocó 1 token de API creado en otro dispositivo" in said
        owner.get_by_role("link", name="Tokens de la API").click()
        revoked = owner.locator(".revoked-tokens")
        assert revoked.locator("li").count() == 1
        assert "con la sesión en la que se creó" in revoked.inner_text()
        assert_fits_phone(owner)
        assert_accessible(owner)
        api = owner_context.request
        assert api.get("/api/v1/matches", headers={"Authorization": f"Bearer {stolen}"}).status == 401
        assert api.get("/api/v1/matches", headers={"Authorization": f"Bearer {mine}"}).status == 200
    finally:
        thief_context.close()
        owner_context.close()


@pytest.mark.parametrize("nasty", ["/%09/evil.example", "/%0A/evil.example", "/%5Cevil", "///evil.example"])
def test_the_language_switcher_keeps_the_browser_on_the_site(page, live_server, nasty):
    answer = page.goto(f"/language/fr?next={nasty}")
    assert answer is not None and answer.status == 200
    assert page.url == live_server + "/" or page.url.startswith(live_server + "/login")
    assert page.locator("html").get_attribute("lang") == "fr"
