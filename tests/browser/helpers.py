"""Helpers for the real-browser tests: Debian's headless Chromium at a phone's viewport (360 x 740,
touch), what every page must pass (fits the phone, axe-core), and screenshots for the README."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from flask import Flask
from flask_babel import force_locale, gettext
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.i18n import COOKIE
from scorekeeper.models import User

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
PHONE = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "locale": "en-US",
}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
#: axe-core, installed from npm by scripts/test (``npm install --prefix tests/browser/.node axe-core@4``).
AXE = Path(__file__).resolve().parent / ".node" / "node_modules" / "axe-core" / "axe.min.js"
#: Where the pages load axe from: the test browser answers this address with the file above, so axe
#: runs under the app's own Content-Security-Policy (script-src 'self', no inline script).
AXE_URL = "/__tests__/axe.min.js"


def phone_tab(browser: Browser, live_server: str, **options: object) -> Iterator[Page]:
    """A fresh phone-sized browser tab (its own cookies) on the live server, with any further
    context ``options`` (a ``timezone_id``...); after the test, no JavaScript error may have
    happened on it. Fixtures yield from it."""
    context = browser.new_context(base_url=live_server, **PHONE, **options)
    context.set_default_timeout(10_000)
    if AXE.exists():
        context.route(f"**{AXE_URL}", lambda route: route.fulfill(path=AXE, content_type="text/javascript"))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def register(page: Page, username: str = "ana", password: str = "a long password") -> None:
    page.goto("/register")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("Repeat the password").fill(password)
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url("**/")


def assert_fits_phone(page: Page) -> None:
    """Nothing sticks out sideways at 360 px, every visible button is big enough to tap, and every
    input has a label."""
    page.wait_for_load_state("load")  # styles applied
    # Not window.innerWidth: on a phone (is_mobile) the layout viewport grows to the content.
    width = page.viewport_size["width"] if page.viewport_size else 360
    overflow = page.evaluate("document.documentElement.scrollWidth") - width
    assert overflow <= 0, f"{page.url} is {overflow}px wider than the phone"
    small = page.evaluate(
        """() => [...document.querySelectorAll('button, input:not([type=hidden]), select, .button')]
            .filter(e => e.offsetParent !== null)
            .map(e => [e, e.getBoundingClientRect()])
            .filter(([e, r]) => r.height < 44 && !['checkbox', 'radio'].includes(e.type))
            .map(([e, r]) => (e.name || e.textContent.trim() || e.className) + ':' + Math.round(r.height))"""
    )
    assert not small, f"tap targets under 44px: {small}"
    unlabelled = page.evaluate(
        """() => [...document.querySelectorAll('input:not([type=hidden]), select, textarea')]
            .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label')
                         && !e.getAttribute('aria-labelledby'))
            .map(e => e.name || e.id)"""
    )
    assert not unlabelled, f"inputs without a label: {unlabelled}"


def assert_accessible(page: Page) -> None:
    """axe-core finds no violation on the page as it stands, and every region that scrolls sideways
    can be reached with the keyboard and is named (tabindex=0, role=region, a label)."""
    if not AXE.exists():
        pytest.skip(f"axe-core is not installed at {AXE} (scripts/test installs it from npm)")
    page.wait_for_load_state("load")
    page.add_script_tag(url=AXE_URL)
    violations = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
            .map(v => `${v.id} (${v.impact}): ${v.help} at `
                      + v.nodes.map(n => n.target.join(' ')).join(', '))"""
    )
    assert not violations, f"axe on {page.url}: {violations}"
    unreachable = page.evaluate(
        """() => [...document.querySelectorAll('body *')]
            .filter(e => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX)
                         && e.scrollWidth > e.clientWidth)
            .filter(e => !(e.tabIndex === 0 && e.getAttribute('role') === 'region'
                           && (e.getAttribute('aria-label') || e.getAttribute('aria-labelledby'))))
            .map(e => e.className || e.tagName)"""
    )
    assert not unreachable, f"regions scrolling sideways without keyboard access or a name: {unreachable}"


def screenshot(page: Page, name: str, full_page: bool = True) -> None:
    """Save a screenshot under docs/screenshots/ (committed, shown in the README): the whole page,
    scrolled to its end first so that a bar kept at the bottom of the screen sits where it belongs;
    or, with ``full_page=False``, what the phone's screen shows now."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    if full_page:
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page)


def start_match(page: Page, ours: str = "Nosotros", theirs: str = "Ellos") -> str:
    """Create a classic match through the new-match page; return the scoreboard's path."""
    page.goto("/matches/new")
    page.locator("#sides-0-name").fill(ours)
    page.locator("#sides-0-players-0").fill("Ana")
    page.locator("#sides-1-name").fill(theirs)
    page.locator("#sides-1-players-0").fill("Eva")
    page.get_by_role("button", name="Start the match").click()
    page.wait_for_url("**/matches/*")
    return page.url.removeprefix(page.url.split("/matches/")[0])


def worker_ready(page: Page) -> None:
    """Wait until the service worker controls the page (the first visit installs it; it claims the
    page once active). On a machine busy with other suites the claim has been seen to miss the page
    that registered the worker: the page is then loaded again, as a second visit would be, which an
    active worker always controls."""
    try:
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=15_000)
    except PlaywrightTimeoutError:
        page.wait_for_function("navigator.serviceWorker.ready.then(() => true)", timeout=15_000)
        page.reload()
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=15_000)


def wait_for_promise(page: Page, predicate: str, arg: object = None) -> None:
    """Wait until the JavaScript function ``predicate`` (``arg`` => a promise) resolves to a truthy
    value. Playwright's ``wait_for_function`` takes the promise itself for a truthy value at once,
    so each of its polls here starts the check and reads the answer of the one before."""
    page.wait_for_function(
        f"""(arg) => {{
            const answers = (window.__promised = window.__promised || {{}});
            const key = {json.dumps(predicate)};
            Promise.resolve(({predicate})(arg)).then((ok) => {{ answers[key] = Boolean(ok); }}, () => {{}});
            return answers[key] === true;
        }}""",
        arg=arg,
    )


#: Resolves to whether the worker keeps a copy of every one of the paths it is given.
KEPT_ALL = """(paths) => caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith('pages-')).map((n) => caches.open(n)
        .then((c) => Promise.all(paths.map((path) => c.match(path)))))))
    .then((found) => found.some((copies) => copies.every(Boolean)))"""


def wait_kept(page: Page, *paths: str) -> None:
    """Wait until the service worker keeps a copy of every one of ``paths`` (it stores its copies
    after answering, so a page just shown may not be kept yet)."""
    wait_for_promise(page, KEPT_ALL, list(paths))


def type_hand(page: Page, went_out: int, *sides: dict[str, str]) -> None:
    """On the hand page: who went out (``went_out``: 0 nobody, 1 the first side...), then each
    side's fields by their names (``melds``, ``canastas-clean``...)."""
    page.locator(f"#went_out-{went_out}").check()
    for i, side in enumerate(sides):
        for name, value in side.items():
            page.locator(f"#sides-{i}-{name}").fill(value)


def ana_id() -> int:
    owner = db.session.scalar(db.select(User.id).where(User.username == "ana"))
    assert owner is not None
    return owner


def new_match(app: Flask) -> int:
    with app.app_context():
        owner = ana_id()
        sides: list[dict[str, Any]] = [
            {"name": "Nosotros", "players": ["Ana", "Luis"]},
            {"name": "Ellos", "players": ["Eva", "Juan"]},
        ]
        return services.create_match(owner, {"ruleset": "classic", "sides": sides}).id


def words(app: Flask, language: str, text: str, **params: Any) -> str:
    """``text`` as the page shows it in ``language``."""
    with app.test_request_context(), force_locale(language):
        return gettext(text, **params)


def start(page: Page, app: Flask, live_server: str, language: str) -> str:
    """Ana's new classic match, the phone reading ``language``: the scoreboard's path."""
    register(page)
    page.context.add_cookies([{"name": COOKIE, "value": language, "url": live_server}])
    return f"/matches/{new_match(app)}"


def fill_hand(page: Page) -> None:
    page.locator("#went_out-1").check()  # choices: 0 = nobody, 1 = the first side...
    page.locator("#going_out_kind-0").check()
    page.locator("#sides-0-melds").fill("300")
    page.locator("#sides-0-canastas-clean").fill("1")
    page.locator("#sides-1-melds").fill("100")
    page.locator("#sides-1-hand").fill("40")


def save_button(page: Page, app: Flask, language: str, number: int) -> Any:
    return page.get_by_role("button", name=words(app, language, "Save hand %(number)s", number=number))


def side_totals(page: Page) -> list[str]:
    return [t.strip() for t in page.locator("[data-total]").all_inner_texts()]
