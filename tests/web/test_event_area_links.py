"""Nothing a director needs is reachable only by typing a URL (issue 32, item 1): crawling from the
console with the test client, following links (``href``, a form sent with GET, and the ``data-url`` a
page's script polls) on this site, reaches every GET page of the event area: each route of the events
and tables blueprints that names an event, and the wall's read-only link for the players' phones."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import urlsplit

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.exceptions import HTTPException

from tests.web.helpers import hand_form, page, post_hand
from tests.web.test_events_pages import console, matches_of_round, new_event, seat

LINK = re.compile(r'(?:href|data-url|action)="([^"#]*)')
#: The table's own link (``/t/<token>``, its state and rules) is a secret shown once, on the cards
#: printed from a button (a POST): the console says which tables have one, and never shows it again.
SECRET_LINKS = {"tables.table", "tables.state", "tables.rules"}


def event_area(app: Flask) -> set[str]:
    """The endpoints of every GET page of the event area."""
    found = set()
    for rule in app.url_map.iter_rules():
        blueprint = rule.endpoint.split(".")[0]
        if blueprint not in ("events", "tables") or "GET" not in (rule.methods or ()):
            continue
        if "event_id" in rule.arguments or rule.endpoint.startswith("tables.wall_view"):
            found.add(rule.endpoint)
    return found - SECRET_LINKS


def crawl(app: Flask, client: FlaskClient, start: str, limit: int = 200) -> set[str]:
    """The endpoints reached from ``start`` through links on this site (each page fetched once)."""
    adapter = app.url_map.bind("localhost")
    seen: set[str] = set()
    todo = [start]
    reached: set[str] = set()
    while todo and len(seen) < limit:
        url = todo.pop()
        if url in seen:
            continue
        seen.add(url)
        try:
            endpoint, _args = adapter.match(urlsplit(url).path, method="GET")
        except HTTPException:
            continue  # a POST-only action, or not a page of this site
        reached.add(endpoint)
        if endpoint == "auth.logout" or not endpoint.startswith(("events.", "tables.", "matches.")):
            continue
        response = client.get(url)
        assert response.status_code in (200, 304), (url, response.status_code)
        if not response.mimetype.startswith("text/html"):
            continue
        for link in LINK.findall(page(response)):
            target = urlsplit(unescape(link))
            if target.netloc in ("", "localhost") and target.path.startswith("/"):
                todo.append(target.path + (f"?{target.query}" if target.query else ""))
    return reached


def test_every_page_of_the_event_area_is_linked_from_the_console(
    user_client: FlaskClient, app: Flask
) -> None:
    event_id = new_event(user_client)
    before = crawl(app, user_client, f"/events/{event_id}")  # "Seat round 1" shows before seating
    assert seat(user_client, event_id).status_code == 302
    game = matches_of_round(app, event_id, 1)[0]
    hand = hand_form(1, 0, {"melds": 300, "hand": 0, "canastas-clean": 1}, {"melds": 120, "hand": 40})
    assert post_hand(user_client, game, hand).status_code == 302
    html = console(user_client, event_id)
    assert f'href="/events/{event_id}/wall"' in html and "Open the wall" in html
    assert "projector" in html and 'class="qr"' in html  # the phones' link comes with its QR code

    missing = event_area(app) - before - crawl(app, user_client, f"/events/{event_id}")
    assert not missing, f"reachable only by typing a URL: {sorted(missing)}"


def test_the_consoles_phone_link_opens_the_wall_without_an_account(
    user_client: FlaskClient, app: Flask
) -> None:
    event_id = new_event(user_client)
    html = console(user_client, event_id)
    phones = re.search(r'<p class="wall-link"><a href="([^"]+)"', html)
    assert phones and "/w/" in phones.group(1)
    anonymous = app.test_client()
    wall = anonymous.get(urlsplit(phones.group(1)).path)
    assert wall.status_code == 200 and "Martes del club" in page(wall)
