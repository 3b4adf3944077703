"""The devices page names each logged-in browser by its browser and system, read from its user
agent with ua-parser ("Chrome 131 on Android 14"), in the reader's language, never the raw string;
an agent that says nothing known reads "Unknown browser"."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.agents import Agent, describe
from tests.helpers import make_user
from tests.web.helpers import log_in

ANDROID = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/131.0.6778.135 Mobile Safari/537.36"
)
IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/17.5 Mobile/15E148 Safari/604.1"
)
WINDOWS = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0"
)


@pytest.mark.parametrize(
    ("agent", "browser", "system"),
    [
        (ANDROID, "Chrome 131", "Android 14"),
        (ANDROID[:120], "Chrome 131", "Android 14"),  # as stored: the first 120 characters
        (IPHONE, "Safari 17", "iOS 17.5"),
        (WINDOWS, "Edge 131", "Windows 10"),
        ("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox 133", "Linux"),
        ("curl/8.5.0", "curl 8", None),
        ("Werkzeug/3.1.3", None, None),
        ("", None, None),
    ],
)
def test_a_user_agent_in_words(agent: str, browser: str | None, system: str | None) -> None:
    assert describe(agent) == Agent(browser, system)


def browser_of(app: Flask, agent: str, language: str = "en") -> FlaskClient:
    """A new session of ``ana`` from a browser that sends ``agent``."""
    client = app.test_client()
    client.environ_base["HTTP_USER_AGENT"] = agent
    client.set_cookie("lang", language)
    assert log_in(client, "ana").status_code == 302
    return client


@pytest.mark.parametrize(
    ("language", "android", "iphone", "unknown"),
    [
        ("en", "Chrome 131 on Android 14", "Safari 17 on iOS 17.5", "Unknown browser"),
        ("es", "Chrome 131 en Android 14", "Safari 17 en iOS 17.5", "Navegador desconocido"),
        ("fr", "Chrome 131 sous Android 14", "Safari 17 sous iOS 17.5", "Navigateur inconnu"),
    ],
)
def test_the_devices_page_names_browser_and_system(
    app: Flask, password_hash: str, language: str, android: str, iphone: str, unknown: str
) -> None:
    make_user(app, "ana", password_hash)
    browser_of(app, ANDROID)
    browser_of(app, "Werkzeug/3.1.3")
    reader = browser_of(app, IPHONE, language)
    page = reader.get("/account/devices").get_data(as_text=True)
    assert android in page
    assert unknown in page
    this_device = page.split("<strong>", 1)[1].split("</li>", 1)[0]
    assert iphone in this_device  # this device is named too
    assert "Mozilla" not in page and "AppleWebKit" not in page and "Werkzeug" not in page
