"""Issue 32, item 2: the table cards and the console carry an address the phones at the tables can
reach (the configured public URL, which ``./scripts/serve --lan`` sets to the laptop's network
address), and say plainly, with the fix, when the address names the director's own device."""

from __future__ import annotations

import re

import pytest
import segno
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.i18n import COOKIE
from scorekeeper.public_urls import tables_base, tables_unreachable, unreachable
from tests.web.helpers import page
from tests.web.test_events_pages import button_form, console, new_event

WARNING = "The phones at the tables cannot open these links."


def make_cards(client: FlaskClient, event_id: int) -> str:
    action = f"/events/{event_id}/tables/1/link"
    response = client.post(action, data=button_form(console(client, event_id), action))
    assert response.status_code == 201
    return page(response)


def test_on_localhost_the_cards_and_the_console_warn_and_say_how_to_fix_it(
    user_client: FlaskClient, app: Flask
) -> None:
    event_id = new_event(user_client)
    html = console(user_client, event_id)
    assert WARNING in html and "./scripts/serve --lan" in html and "SCOREKEEPER_PUBLIC_URL" in html
    cards = make_cards(user_client, event_id)
    assert WARNING in cards and "http://localhost" in cards


def test_on_the_public_url_the_cards_qr_codes_open_the_laptops_address(
    user_client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(app.config, "PUBLIC_URL", "http://192.168.1.23:8000/")
    event_id = new_event(user_client)
    assert WARNING not in console(user_client, event_id)
    cards = make_cards(user_client, event_id)
    assert WARNING not in cards
    found = re.search(r'href="(http://192\.168\.1\.23:8000/t/[A-Za-z0-9_-]{40,})"', cards)
    assert found, re.findall(r"card-url.{0,120}", cards)
    assert "localhost" not in cards
    # The QR code printed is the code of that very address (segno draws the same modules).
    expected = segno.make(found.group(1), error="m").svg_inline(scale=5, svgclass="qr", lineclass=None)
    path = re.search(r'<path[^>]*d="([^"]+)"', expected)
    assert path and path.group(1) in cards
    assert "QR code to open the table" in cards


def test_reached_at_the_network_address_without_a_public_url_no_warning(app: Flask) -> None:
    with app.test_request_context("/", base_url="http://192.168.1.23:8000"):
        assert tables_base() == "http://192.168.1.23:8000"
        assert not tables_unreachable()
    with app.test_request_context("/", base_url="http://127.0.0.1:5000"):
        assert tables_unreachable()


def test_a_localized_console_warns_in_the_readers_language(user_client: FlaskClient, app: Flask) -> None:
    event_id = new_event(user_client)
    user_client.set_cookie(COOKIE, "es")
    spanish = console(user_client, event_id)
    user_client.set_cookie(COOKIE, "fr")
    french = console(user_client, event_id)
    assert "Los teléfonos de las mesas no pueden abrir estos enlaces." in spanish
    assert "Les téléphones des tables ne peuvent pas ouvrir ces liens." in french
    assert "./scripts/serve --lan" in spanish and "./scripts/serve --lan" in french


@pytest.mark.parametrize(
    ("url", "only_here"),
    [
        ("http://localhost:5000/t/x", True),
        ("http://LOCALHOST./", True),
        ("http://app.localhost/", True),
        ("http://127.0.0.1:5000/", True),
        ("http://127.1.2.3/", True),
        ("http://[::1]:5000/", True),
        ("http://0.0.0.0:8000/", True),
        ("http://192.168.1.23:8000/t/x", False),
        ("https://canasta.example.org/t/x", False),
        ("http://laptop.local:8000/", False),
    ],
)
def test_which_addresses_name_this_device_only(url: str, only_here: bool) -> None:
    assert unreachable(url) is only_here
