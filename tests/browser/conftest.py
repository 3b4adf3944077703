"""Real-browser fixtures: the app served on 127.0.0.1 by a thread of this process, and Debian's
headless Chromium driven by Playwright at a phone's viewport (360 x 740, touch).

Playwright's own browser download cannot work here, so ``CHROMIUM`` (default ``/usr/bin/chromium``)
is launched instead; without it the browser tests are skipped, saying why.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from werkzeug.serving import BaseWSGIServer, make_server

from tests.browser.helpers import CHROMIUM, CHROMIUM_ARGS, phone_tab

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect, sync_playwright

from tests.browser.helpers import PHONE
from tests.browser.offline import new_phone


@pytest.fixture(scope="session")
def live_server(app: Flask) -> Iterator[str]:
    """The test app, served over real HTTP for the browser; yields its base URL."""
    server: BaseWSGIServer = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    if not (shutil.which(CHROMIUM) or Path(CHROMIUM).exists()):
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    browser = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture
def page(browser: Browser, live_server: str) -> Iterator[Page]:
    """The phone under test."""
    yield from phone_tab(browser, live_server)


@pytest.fixture
def phone_pair(browser: Browser, live_server: str) -> Iterator[tuple[BrowserContext, Page]]:
    """A phone whose pages run the service worker (tests/browser/offline.py), and its context (to
    take the signal away); no JavaScript error may happen on it."""
    context, page, errors = new_phone(browser, live_server)
    expect.set_options(timeout=10_000)  # two cores shared by many: pages may take a while
    yield context, page
    expect.set_options(timeout=5_000)  # Playwright's default, for the other modules
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def page_without_script(browser: Browser, live_server: str) -> Iterator[Page]:
    context = browser.new_context(base_url=live_server, java_script_enabled=False, **PHONE)
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()
