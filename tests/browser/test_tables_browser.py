"""A club night in Chromium: a table's phone (360 x 740, Spanish) entering hands through its link,
online and without signal, a hand refused once the round is closed, the sides' confirmation; the
wall (1280 x 720, French) following a saved hand on its next poll.

Scores (classic, RULES.md): HAND, side 1 goes out with melds 300 + a clean canasta 500 + going out
100 = 900, side 2 100 − 40 = 60.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Browser, BrowserContext, Page, expect
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Hand
from tests.browser.helpers import (
    AXE,
    AXE_URL,
    PHONE,
    assert_accessible,
    assert_fits_phone,
    screenshot,
    type_hand,
    wait_for_promise,
    words,
    worker_ready,
)
from tests.helpers import TEST_PASSWORD, Api, make_user

HAND = (1, {"melds": "300", "canastas-clean": "1"}, {"melds": "100", "hand": "40"})
ENTRIES = [
    {"name": "Ana y Luis", "players": ["Ana", "Luis"]},
    {"name": "Eva y Juan", "players": ["Eva", "Juan"]},
    {"name": "Marta y Pablo", "players": ["Marta", "Pablo"]},
    {"name": "Lucía y Jorge", "players": ["Lucía", "Jorge"]},
]


def club_night(
    app: Flask, password_hash: str, entries: list[dict[str, Any]] = ENTRIES, **game: Any
) -> tuple[Api, dict[str, Any], dict[str, Any]]:
    """Ana's event of ``entries`` (four pairs; games of 3 hands unless ``game`` says otherwise), round 1
    seated."""
    _user, token = make_user(app, "ana", password_hash)
    api = Api(app.test_client(), token)
    body = {
        "name": "Martes del club",
        "ruleset": "classic",
        "format": "round_robin",
        "rounds": 3,
        "game": game or {"hands": 3},
        "entries": entries,
    }
    event = api.post("/events", body).get_json()
    round_ = api.post(f"/events/{event['id']}/rounds").get_json()
    return api, event, round_


def hands_of(app: Flask, match: int) -> int:
    with app.app_context():
        return int(db.session.scalar(select(func.count(Hand.id)).where(Hand.match_id == match)) or 0)


def new_context(browser: Browser, live_server: str, **options: Any) -> tuple[BrowserContext, Page, list[str]]:
    context = browser.new_context(base_url=live_server, **options)
    context.set_default_timeout(15_000)
    if AXE.exists():
        context.route(f"**{AXE_URL}", lambda route: route.fulfill(path=AXE, content_type="text/javascript"))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return context, page, errors


@pytest.fixture
def table_phone(browser: Browser, live_server: str) -> Iterator[tuple[BrowserContext, Page]]:
    context, page, errors = new_context(browser, live_server, **{**PHONE, "locale": "es-ES"})
    expect.set_options(timeout=20_000)
    yield context, page
    expect.set_options(timeout=5_000)
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_a_table_phone_enters_hands_online_and_offline_and_confirms(
    app: Flask, password_hash: str, table_phone: tuple[BrowserContext, Page]
) -> None:
    context, phone = table_phone
    api, event, round_ = club_night(app, password_hash)
    match = round_["tables"][0]["match"]
    token = api.post(f"/events/{event['id']}/tables/1/link").get_json()["token"]
    es = lambda text, **params: words(app, "es", text, **params)  # noqa: E731

    phone.goto(f"/t/{token}")
    expect(phone.get_by_role("heading", level=1, name=es("Enter hand %(number)s", number=1))).to_be_visible()
    expect(phone.locator(".table-head")).to_contain_text(es("Table %(table)s", table=1))
    assert_fits_phone(phone)
    assert_accessible(phone)
    type_hand(phone, *HAND)
    expect(phone.locator('[data-preview="0"]')).to_have_text("+900")  # the phone's scorer
    screenshot(phone, "table-phone-hand")
    with phone.expect_navigation():  # sent at once with the table's token, then the page again
        phone.get_by_role("button", name=es("Save hand %(number)s", number=1)).click()
    # Sent at once with the table's token; the page comes back for hand 2.
    expect(phone.get_by_role("heading", level=1, name=es("Enter hand %(number)s", number=2))).to_be_visible()
    assert hands_of(app, match) == 1

    # No signal: hand 2 stays on the phone, the form is ready for hand 3.
    context.set_offline(True)
    type_hand(phone, *HAND)
    phone.get_by_role("button", name=es("Save hand %(number)s", number=2)).click()
    expect(phone.locator("#queue")).to_contain_text(es("Hand %(number)s", number=2))
    expect(phone.get_by_role("heading", level=1, name=es("Enter hand %(number)s", number=3))).to_be_visible()
    screenshot(phone, "table-phone-queued")
    assert hands_of(app, match) == 1
    context.set_offline(False)
    with phone.expect_navigation():  # sent when the signal is back, then the server's page
        phone.evaluate("window.dispatchEvent(new Event('online'))")
    expect(phone.get_by_role("heading", level=1, name=es("Enter hand %(number)s", number=3))).to_be_visible()
    expect(phone.locator("#queue")).to_be_hidden()
    assert hands_of(app, match) == 2  # once, whatever the retries

    # Hand 3 typed without signal while the organiser closes the round: refused with the reason,
    # kept on the phone (Drop is the player's choice), nothing stored.
    context.set_offline(True)
    type_hand(phone, 2, {"melds": "50"}, {"melds": "200", "canastas-dirty": "1"})
    phone.get_by_role("button", name=es("Save hand %(number)s", number=3)).click()
    expect(phone.locator("#queue")).to_contain_text(es("Hand %(number)s", number=3))
    assert api.post(f"/events/{event['id']}/rounds/1/close").status_code == 200
    context.set_offline(False)
    phone.evaluate("window.dispatchEvent(new Event('online'))")
    refused = es(
        "Hand %(number)s was not accepted: the game is over (finished, or its round was closed). It is"
        " kept here: show it to the organiser.",
        number=3,
    )
    phone.reload()  # (the page would find the closed round by itself within its poll)
    expect(phone.locator("#queue")).to_contain_text(refused)
    expect(phone.locator("#queue").get_by_role("button", name=es("Drop this phone’s hand"))).to_be_visible()
    assert hands_of(app, match) == 2

    # The game is over: each side confirms on this phone.
    expect(phone.get_by_role("heading", name=es("Do you agree with this result?"))).to_be_visible()
    phone.locator('[data-confirm-side="1"]').click()
    expect(phone.locator('[data-confirmed="1"]')).to_be_visible()
    assert api.get(f"/events/{event['id']}").get_json()["rounds"][0]["tables"][0]["confirmed"] == [
        False,
        True,
    ]
    assert_fits_phone(phone)
    assert_accessible(phone)
    screenshot(phone, "table-phone-confirm")


def test_the_wall_follows_a_saved_hand_on_its_next_poll(
    app: Flask, password_hash: str, browser: Browser, live_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(app.config, "WALL_POLL_SECONDS", 0.3)  # the test's poll; 1.5 s in production
    pairs = [
        {"name": f"Pareja {i + 1}", "players": [f"Jugador {2 * i + 1}", f"Jugador {2 * i + 2}"]}
        for i in range(40)
    ]
    api, event, round_ = club_night(app, password_hash, pairs, minutes=45)
    token = api.post(f"/events/{event['id']}/tables/1/link").get_json()["token"]
    context, wall, errors = new_context(
        browser, live_server, viewport={"width": 1280, "height": 720}, locale="fr-FR"
    )
    wall.goto("/login")
    wall.locator("#username").fill("ana")
    wall.locator("#password").fill(TEST_PASSWORD)
    wall.locator("main form [type=submit]").click()
    wall.wait_for_load_state("load")
    wall.goto(f"/events/{event['id']}/wall")
    fr = lambda text, **params: words(app, "fr", text, **params)  # noqa: E731
    expect(wall.get_by_role("heading", name=fr("Standings"))).to_be_visible()
    expect(wall.locator("[data-countdown-time]")).to_have_text(re.compile(r"^4[45]:\d\d$"))
    assert_accessible(wall)
    overflow = wall.evaluate("document.documentElement.scrollWidth") - 1280
    assert overflow <= 0
    # 40 pairs do not fit a screen: a page at a time, every row shown within the screen.
    wall.evaluate("window.wallLayout()")
    expect(wall.locator(".wall-standings [data-page-note]")).to_contain_text("40")
    for rows, count in ((".standings tbody tr", 40), (".wall-tables li", 20)):
        shown = wall.locator(f"{rows}:visible")
        assert 3 <= shown.count() < count
        assert shown.last.bounding_box()["y"] + shown.last.bounding_box()["height"] <= 720
    screenshot(wall, "wall-1280", full_page=False)

    hand = {
        "number": 1,
        "went_out": 0,
        "going_out_kind": "normal",
        "match": round_["tables"][0]["match"],
        "sides": [{"melds": 300, "canastas": {"clean": 1}}, {"melds": 100, "hand": 40}],
    }
    saved = app.test_client().post(
        "/api/v1/table/hands", json=hand, headers={"Authorization": f"Bearer {token}", "Idempotency-Key": "w"}
    )
    assert saved.status_code == 201
    expect(wall.locator(".wall-table").first).to_contain_text("900")
    expect(wall.get_by_role("heading", name=fr("Standings"))).to_be_visible()  # the board swapped in whole
    assert "\\n" not in wall.locator("#wall-board").inner_text()
    wall.set_viewport_size({"width": 1920, "height": 1080})
    wall.evaluate("window.wallLayout()")
    screenshot(wall, "wall-1920", full_page=False)
    context.close()
    assert not errors, f"JavaScript errors on the wall: {errors}"


def test_a_table_phone_reloaded_without_signal_still_queues_its_hands(
    app: Flask, password_hash: str, table_phone: tuple[BrowserContext, Page]
) -> None:
    context, phone = table_phone
    api, event, round_ = club_night(app, password_hash)
    match = round_["tables"][0]["match"]
    token = api.post(f"/events/{event['id']}/tables/1/link").get_json()["token"]
    es = lambda text, **params: words(app, "es", text, **params)  # noqa: E731
    phone.goto(f"/t/{token}")
    worker_ready(phone)
    phone.reload()  # a page the worker answers: it keeps the table's copy
    wait_for_promise(
        phone,
        """(path) => caches.keys().then((names) => Promise.all(names.filter((n) => n.startsWith('tables-'))
            .map((n) => caches.open(n).then((c) => c.match(path))))).then((found) => found.some(Boolean))""",
        f"/t/{token}",
    )
    context.set_offline(True)
    phone.reload()
    expect(phone.get_by_role("heading", level=1, name=es("Enter hand %(number)s", number=1))).to_be_visible()
    type_hand(phone, *HAND)
    phone.get_by_role("button", name=es("Save hand %(number)s", number=1)).click()
    expect(phone.locator("#queue")).to_contain_text(es("Hand %(number)s", number=1))
    assert hands_of(app, match) == 0
    context.set_offline(False)
    with phone.expect_navigation():
        phone.evaluate("window.dispatchEvent(new Event('online'))")
    expect(phone.get_by_role("heading", level=1, name=es("Enter hand %(number)s", number=2))).to_be_visible()
    assert hands_of(app, match) == 1
