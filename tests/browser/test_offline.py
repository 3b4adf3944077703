"""The installable app and reading without signal, in Debian's Chromium with service workers allowed
(http://127.0.0.1 counts as a secure context): the manifest and icons Chromium asks for, the last
copy of the scoreboard and the referee pages shown offline and marked as such, and one account's
copies never shown to another."""

from __future__ import annotations

import struct
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect

from tests.browser.helpers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE,
    register,
    screenshot,
    start_match,
    wait_for_promise,
    wait_kept,
    worker_ready,
)


@pytest.fixture
def context(browser: Browser, live_server: str) -> Iterator[BrowserContext]:
    """A phone whose pages may run the service worker."""
    context = browser.new_context(base_url=live_server, service_workers="allow", **PHONE)
    context.set_default_timeout(10_000)
    yield context
    context.close()


@pytest.fixture
def phone(context: BrowserContext) -> Page:
    return context.new_page()


def png_size(body: bytes) -> tuple[int, int]:
    assert body[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", body[16:24])
    return width, height


@pytest.fixture
def installable_phone(playwright_instance: Playwright, live_server: str, tmp_path: Path) -> Iterator[Page]:
    """A phone with a profile on disk: Chromium never offers to install from an incognito context,
    which is what ``new_context`` makes."""
    context = playwright_instance.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, base_url=live_server,
        service_workers="allow", **PHONE,
    )
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def test_manifest_and_icons_meet_the_install_criteria(installable_phone: Page) -> None:
    phone = installable_phone
    phone.goto("/login")
    href = phone.locator("link[rel=manifest]").get_attribute("href")
    assert href
    manifest = phone.request.get(href).json()
    assert manifest["name"] and manifest["short_name"]
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"] and manifest["background_color"]
    sizes = {}
    for icon in manifest["icons"]:
        answer = phone.request.get(icon["src"])
        assert answer.status == 200 and answer.headers["content-type"] == "image/png"
        width, height = png_size(answer.body())
        assert icon["sizes"] == f"{width}x{height}"
        sizes.setdefault(icon["purpose"], set()).add(width)
    assert sizes["any"] >= {192, 512}
    assert 512 in sizes["maskable"]
    apple = phone.locator("link[rel=apple-touch-icon]").get_attribute("href")
    assert apple and png_size(phone.request.get(apple).body()) == (180, 180)

    # Chromium's own verdict (Lighthouse 12 has no PWA category any more).
    session = phone.context.new_cdp_session(phone)
    worker_ready(phone)
    errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors


def test_scoreboard_and_referee_pages_are_readable_offline_and_marked(
    context: BrowserContext, phone: Page
) -> None:
    register(phone)
    worker_ready(phone)
    scoreboard = start_match(phone)
    pages = [scoreboard, f"{scoreboard}/penalties", f"{scoreboard}/rules"]
    headings = {}
    for path in pages:
        phone.goto(path)
        headings[path] = phone.get_by_role("heading", level=1).inner_text()
        expect(phone.locator("#offline-note")).to_be_hidden()
    wait_kept(phone, *pages)

    context.set_offline(True)
    for path in pages:
        phone.goto(path)
        expect(phone.get_by_role("heading", level=1)).to_have_text(headings[path])
        note = phone.locator("#offline-note")
        expect(note).to_be_visible()
        expect(note).to_contain_text("Offline: this copy is as of")
        if path == scoreboard:
            screenshot(phone, "offline-scoreboard")

    # A page never opened online: the app's own offline page, not the browser's.
    phone.goto(f"{scoreboard}/charts")
    expect(phone.get_by_role("heading", level=1)).to_have_text("No signal")


def test_an_open_page_says_so_when_the_connection_drops(context: BrowserContext, phone: Page) -> None:
    register(phone, "dropped")
    start_match(phone)
    context.set_offline(True)
    expect(phone.locator("#offline-note")).to_contain_text("No connection")


def test_logout_drops_the_copies_and_another_account_sees_none(context: BrowserContext, phone: Page) -> None:
    register(phone, "carla")
    worker_ready(phone)
    scoreboard = start_match(phone, "Carla's side", "Rivals")
    phone.goto(scoreboard)
    wait_kept(phone, scoreboard)
    kept = phone.evaluate("caches.keys().then(names => names.filter(n => n.startsWith('pages-')).length)")
    assert kept == 1

    phone.get_by_role("button", name="Log out").click()
    phone.wait_for_url("**/login")
    kept = phone.evaluate("caches.keys().then(names => names.filter(n => n.startsWith('pages-')).length)")
    assert kept == 0

    register(phone, "diego")
    context.set_offline(True)
    phone.goto(scoreboard)
    expect(phone.get_by_role("heading", level=1)).to_have_text("No signal")
    assert "Carla's side" not in phone.content()


def test_a_new_release_replaces_the_old_caches(phone: Page, monkeypatch: pytest.MonkeyPatch) -> None:
    register(phone, "release")
    worker_ready(phone)
    scoreboard = start_match(phone)
    phone.goto(scoreboard)
    wait_kept(phone, scoreboard)
    old = phone.evaluate("caches.keys()")
    assert any(name.startswith("shell-") for name in old) and any(name.startswith("pages-") for name in old)

    monkeypatch.setattr("scorekeeper.pwa.PAGES", "nextrelease")  # what a deploy changes
    phone.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    wait_for_promise(
        phone, "() => caches.keys().then(ns => ns.length > 0 && ns.every(n => n.endsWith('-nextrelease')))"
    )
    assert "shell-nextrelease" in phone.evaluate("caches.keys()")
