"""The offline protocol (docs/architecture.md), in Debian's Chromium with the service worker: a
match played offline through whole hands in each language; a queue written by the release before
(format 1: the hand form's fields) migrated on the phone and sent, one it cannot read shown and
dropped, never sent with missing values; a key the server holds with another hand refused in the
player's words, never taken as sent; a hand corrected after a lost answer sent with a new key and
kept; a phone whose session was ended from another device dropping its kept pages and queue.

Scores (classic, RULES.md) as in test_offline_hands.py: HAND 900 and 60, OTHER 30 and 600.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Match
from scorekeeper.services import add_hand
from scorekeeper.services.submission_keys import SubmissionKey, request_digest
from tests.browser.helpers import register, screenshot, start_match, type_hand, wait_for_promise, worker_ready
from tests.browser.offline import (
    HAND,
    OTHER,
    PASSWORD,
    SENT,
    kept_for_hands,
    log_in,
    queued,
    queued_offline,
    ready,
    server_totals,
    stored,
)
from tests.golden.build import form_fields

#: Resolves to this phone's queued records, as IndexedDB holds them.
RECORDS = """() => new Promise((resolve) => {
    const req = indexedDB.open('scorekeeper-queue');
    req.onupgradeneeded = () => req.transaction.abort();
    req.onerror = (e) => { e.preventDefault(); resolve([]); };
    req.onsuccess = () => {
        const get = req.result.transaction('hands').objectStore('hands').getAll();
        get.onsuccess = () => { req.result.close(); resolve(get.result); };
    };
})"""

#: Writes ``records`` as the release before did: database version 1, format-1 records.
SEED_FORMAT_1 = """(records) => new Promise((resolve, reject) => {
    const req = indexedDB.open('scorekeeper-queue', 1);
    req.onupgradeneeded = () => req.result.createObjectStore('hands', {keyPath: 'id', autoIncrement: true});
    req.onsuccess = () => {
        const tx = req.result.transaction('hands', 'readwrite');
        records.forEach((r) => tx.objectStore('hands').put(r));
        tx.oncomplete = () => { req.result.close(); resolve(true); };
        tx.onerror = () => reject(tx.error);
    };
    req.onerror = () => reject(req.error);
})"""

HEADINGS = {"en": "On this phone, not sent yet", "es": "En este teléfono, sin enviar todavía",
            "fr": "Sur ce téléphone"}


def save(phone: Page, scoreboard: str, hand: Any) -> None:
    """Type ``hand`` on the hand page and Save, in whatever language the page speaks."""
    phone.goto(f"{scoreboard}/hands/new")
    expect(phone.locator("[data-hand-form]")).to_be_visible()
    type_hand(phone, *hand)
    phone.locator("[data-hand-bar] [type=submit]").click()
    phone.wait_for_url(f"**{scoreboard}")


def match_id(scoreboard: str) -> int:
    return int(scoreboard.rsplit("/", 1)[1])


@pytest.mark.parametrize("lang", ["es", "en", "fr"])
def test_an_offline_match_through_whole_hands_in_each_language(
    app: Flask, phone_pair: tuple[BrowserContext, Page], lang: str
) -> None:
    context, phone = phone_pair
    register(phone, f"whole-{lang}", PASSWORD)
    worker_ready(phone)
    context.add_cookies([{"name": "lang", "value": lang, "url": phone.url}])
    scoreboard = start_match(phone) if lang == "en" else _start(phone)
    phone.goto(scoreboard)
    kept_for_hands(phone, scoreboard)
    context.set_offline(True)
    save(phone, scoreboard, HAND)
    expect(queued(phone)).to_have_count(1)
    save(phone, scoreboard, OTHER)
    expect(queued(phone)).to_have_count(2)
    expect(phone.locator("#queue h2")).to_contain_text(HEADINGS[lang])
    assert stored(app, scoreboard) == []
    context.set_offline(False)
    expect(phone.locator("#queue")).to_be_hidden(timeout=SENT)
    assert stored(app, scoreboard) == [(1, 300, 0), (2, 50, 1)]
    expect(phone.locator('[data-total="0"]').first).to_have_text("930")
    assert server_totals(phone) == [930, 660]


def _start(phone: Page) -> str:
    """A classic match through the new-match page in any language (its submit button, not its name)."""
    phone.goto("/matches/new")
    phone.locator("#sides-0-name").fill("Nosotros")
    phone.locator("#sides-0-players-0").fill("Ana")
    phone.locator("#sides-1-name").fill("Ellos")
    phone.locator("#sides-1-players-0").fill("Eva")
    phone.locator("form [type=submit]").last.click()
    phone.wait_for_url("**/matches/*")
    return phone.url.removeprefix(phone.url.split("/matches/")[0])


def test_a_queue_of_the_release_before_is_migrated_and_sent(
    app: Flask, phone_pair: tuple[BrowserContext, Page]
) -> None:
    """Format 1, exactly as the queue wrote it then (the form's FormData, CSRF token and all): read
    once as the API's hand and sent; a record it cannot read is said so and dropped, never sent."""
    _context, phone = phone_pair
    scoreboard = ready(phone, "old-format")
    account = phone.locator("#queue-texts").get_attribute("data-account")
    assert phone.evaluate(RECORDS) == []  # the scoreboard opens no queue while the phone holds none
    with app.test_request_context():
        typed = {"sides-0-melds": "300", "sides-0-canastas-clean": "1", "sides-1-melds": "100",
                 "sides-1-hand": "40"}
        fields = [["csrf_token", "an-old-token"], *form_fields("classic", 2, "0", "normal", "1", typed)]
    old = {"account": account, "match": match_id(scoreboard), "key": "old-key-1",
           "savedAt": "2026-11-20T21:40:00.000Z", "fields": fields, "number": 1, "state": None}
    torn = {"account": account, "match": match_id(scoreboard), "key": "old-key-2",
            "savedAt": "2026-11-20T21:41:00.000Z", "fields": [["number", "2"]], "number": 2, "state": None}
    assert phone.evaluate(SEED_FORMAT_1, [old, torn])

    phone.reload()  # the queue's scripts load (the phone holds hands), open the store, migrate, send
    expect(phone.locator('[data-total="0"]').first).to_have_text("900", timeout=SENT)
    assert stored(app, scoreboard) == [(1, 300, 0)]
    assert server_totals(phone) == [900, 60]
    unreadable = phone.locator("#queue .queued.paused")
    expect(unreadable).to_contain_text("Hand 2 was saved on this phone by an older version of the app")
    records = phone.evaluate(RECORDS)
    left = [(r["format"], r["key"], r["state"], r["hand"]) for r in records]
    assert left == [(2, "old-key-2", "unreadable", None)]
    screenshot(phone, "offline-old-format", full_page=False)
    phone.get_by_role("button", name="Drop this phone’s hand").click()
    expect(phone.locator("#queue")).to_be_hidden()
    assert stored(app, scoreboard) == [(1, 300, 0)]


def test_a_key_the_server_holds_with_another_hand_is_refused_and_shown(
    app: Flask, phone_pair: tuple[BrowserContext, Page]
) -> None:
    context, phone = phone_pair
    scoreboard = queued_offline(context, phone, "reused-key", HAND)
    key = phone.evaluate(RECORDS)[0]["key"]
    # Meanwhile the server stored another hand 1 under that very key (melds 500).
    with app.app_context():
        match = db.session.scalar(select(Match).where(Match.id == match_id(scoreboard)))
        assert match is not None
        other = {"number": 1, "went_out": 0, "going_out_kind": "normal", "sides": [
            {"melds": 500, "hand": 0, "red_threes": 0, "canastas": {"clean": 1}, "penalties": []},
            {"melds": 100, "hand": 40, "red_threes": 0, "canastas": {}, "penalties": []}]}
        submission = SubmissionKey(match.club_id, key, request_digest(match.id, other))
        add_hand(match, other, match.club_id, submission)
        db.session.commit()
    context.set_offline(False)
    refused = phone.locator("#queue .queued.paused")
    expect(refused).to_contain_text(
        "Hand 1 was not accepted: This phone sent a different hand 1 under the same key before", timeout=SENT
    )
    screenshot(phone, "offline-key-reused", full_page=False)
    assert stored(app, scoreboard) == [(1, 500, 0)]
    assert len(phone.evaluate(RECORDS)) == 1  # never taken as sent
    phone.get_by_role("button", name="Drop this phone’s hand").click()
    expect(phone.locator("#queue")).to_be_hidden()
    assert stored(app, scoreboard) == [(1, 500, 0)]


def test_a_hand_whose_answer_is_lost_is_sent_again_under_its_key_and_stored_once(
    app: Flask, phone_pair: tuple[BrowserContext, Page]
) -> None:
    """Save online (drawn in place, sent at once, issue 29) reaches the server, but its answer is
    lost: the hand stays in the phone's queue and is sent again under the form's own key; the
    server answers with the hand it kept, stored once."""
    context, phone = phone_pair
    scoreboard = ready(phone, "corrected")
    phone.goto(f"{scoreboard}/hands/new")
    online_key = phone.locator("input[name=key]").input_value()
    type_hand(phone, *HAND)
    lost: list[int] = []

    def answer_lost(route: Route) -> None:
        if route.request.method == "POST" and not lost:
            route.fetch()
            lost.append(1)
            route.abort("connectionreset")
        else:
            route.continue_()

    sent_keys: list[str] = []
    context.on("request", lambda r: sent_keys.append(r.headers.get("idempotency-key", ""))
               if r.method == "POST" and r.url.endswith("/hands.json") else None)
    phone.route("**/hands.json", answer_lost)
    phone.get_by_role("button", name="Save hand 1").click()
    phone.wait_for_url(f"**{scoreboard}")
    expect(phone.locator('[data-total="0"]').first).to_have_text("900", timeout=SENT)
    expect(phone.locator("#queue")).to_be_hidden()
    assert lost and len(sent_keys) >= 2 and set(sent_keys) == {online_key}
    assert stored(app, scoreboard) == [(1, 300, 0)]


#: Resolves to the names of the caches where the worker keeps pages.
PAGE_CACHES = "() => caches.keys().then((names) => names.filter((n) => n.startsWith('pages-')))"


def test_a_phone_logged_out_from_another_device_drops_what_it_keeps(
    app: Flask, browser: Browser, live_server: str, phone_pair: tuple[BrowserContext, Page]
) -> None:
    context, phone = phone_pair
    scoreboard = queued_offline(context, phone, "ended-elsewhere", HAND)
    assert phone.evaluate(PAGE_CACHES)

    other = browser.new_context(base_url=live_server)
    laptop = other.new_page()
    log_in(laptop, "ended-elsewhere")
    laptop.goto("/account/devices")
    laptop.get_by_role("button", name="Log out my other devices").click()
    expect(laptop.locator(".flash-success")).to_contain_text("Your other devices were logged out.")
    other.close()

    context.set_offline(False)
    phone.wait_for_url(lambda url: "/login" in url, timeout=SENT)
    expect(phone.get_by_role("heading", level=1)).to_have_text("Log in")
    wait_for_promise(phone, "() => caches.keys().then((ns) => !ns.some((n) => n.startsWith('pages-')))")
    wait_for_promise(phone, RECORDS.replace("resolve(get.result)", "resolve(get.result.length === 0)"))
    assert stored(app, scoreboard) == []
    context.set_offline(True)
    phone.goto(scoreboard)
    expect(phone.get_by_role("heading", level=1)).to_have_text("No signal")
    expect(phone.locator("main")).not_to_contain_text("Nosotros")
