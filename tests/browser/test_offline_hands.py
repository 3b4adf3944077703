"""Hands entered with no signal, in Debian's Chromium with the service worker (``context.set_offline``):
the hand page at its usual address built from the kept key-less page, the queue on the phone with
provisional scores on the scoreboard, and sending when the signal returns: each hand stored once and
in order, also when a send is cut off after the server stored it; a hand another phone saved
meanwhile shown beside this phone's, each choice working; a hand the server refuses reopened with the
server's messages at their fields; an ended session keeping the queue until the next login.

Scores (classic, RULES.md): HAND, Nosotros go out with melds 300 + a clean canasta 500 + going out
100 = 900, Ellos 100 − 40 = 60; OTHER, Ellos go out with 200 + a dirty canasta 300 + 100 = 600,
Nosotros 50 − 20 = 30.
"""

from __future__ import annotations

from flask import Flask
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from tests.browser.helpers import (
    AXE,
    AXE_URL,
    assert_accessible,
    assert_fits_phone,
    register,
    screenshot,
    start_match,
    type_hand,
)
from tests.browser.offline import (
    HAND,
    NO_CANASTA,
    OTHER,
    PASSWORD,
    SENT,
    enter,
    log_in,
    new_phone,
    provisional,
    queued,
    queued_offline,
    ready,
    server_totals,
    stored,
)


def test_two_hands_entered_offline_are_stored_once_each_in_order(
    app: Flask, phone_pair: tuple[BrowserContext, Page]
) -> None:
    context, phone = phone_pair
    scoreboard = ready(phone, "offline-two")
    context.set_offline(True)
    enter(phone, scoreboard, 1, HAND, preview=["+900", "+60"])  # the scorer on the phone
    expect(queued(phone)).to_have_count(1)
    expect(phone.locator("#queue")).to_contain_text("Hand 1 is saved on this phone")
    enter(phone, scoreboard, 2, OTHER, preview=["+30", "+600"], shot="offline-hand")
    expect(queued(phone)).to_have_count(2)
    expect(queued(phone).first).to_contain_text("not sent yet")
    expect(queued(phone).nth(1)).to_contain_text("Nosotros +30 · Ellos +600")
    expect(phone.get_by_role("link", name="Enter hand 3")).to_be_visible()
    expect(phone.locator("#queue")).to_contain_text("opening minimum")
    screenshot(phone, "offline-queue")
    ahead = provisional(phone)
    assert ahead == [930, 660]
    assert stored(app, scoreboard) == []
    # The next hand's page, offline too, styled as online (its stylesheet is kept with the shell).
    phone.goto(f"{scoreboard}/hands/new")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Enter hand 3")
    assert phone.locator("[data-hand-bar]").evaluate("(bar) => getComputedStyle(bar).position") == "sticky"
    phone.goto(scoreboard)
    expect(queued(phone)).to_have_count(2)

    context.set_offline(False)
    expect(phone.locator("#queue")).to_be_hidden(timeout=SENT)
    assert stored(app, scoreboard) == [(1, 300, 0), (2, 50, 1)]
    assert server_totals(phone) == ahead


def test_an_offline_save_shows_the_scoreboard_with_the_hand_not_sent_yet(
    app: Flask, phone_pair: tuple[BrowserContext, Page]
) -> None:
    """What a player sees after Save with no signal: the scoreboard, at its own address and marked
    as the phone's copy, with the hand not sent yet, its scores and the totals if it is accepted;
    the totals the server has are unchanged. Back opens the next hand's page, Forward and a reload
    the same scoreboard; with the signal back, the server's scoreboard with those totals."""
    context, phone = phone_pair
    if AXE.exists():
        context.route(f"**{AXE_URL}", lambda route: route.fulfill(path=AXE, content_type="text/javascript"))
    scoreboard = ready(phone, "offline-seen")
    title = phone.title()
    context.set_offline(True)
    enter(phone, scoreboard, 1, HAND)

    def shows_the_queued_hand() -> None:
        assert phone.url.endswith(scoreboard)
        expect(phone).to_have_title(title)
        expect(phone.locator("[data-hand-form]")).to_have_count(0)
        expect(phone.locator("#offline-note")).to_contain_text("Offline: this copy is as of")
        expect(queued(phone)).to_have_count(1)
        expect(queued(phone).first).to_have_text("Hand 1 (not sent yet) Nosotros +900 · Ellos +60")
        expect(phone.locator('#queue [data-provisional="0"]')).to_have_text(
            "Nosotros: 900 · opening minimum 50"
        )
        expect(phone.locator('#queue [data-provisional="1"]')).to_have_text("Ellos: 60 · opening minimum 50")
        assert server_totals(phone) == [0, 0]  # the big figures are the server's, until it has the hand
        expect(phone.get_by_role("link", name="Enter hand 2")).to_be_visible()

    shows_the_queued_hand()
    expect(phone.locator("#queue")).to_contain_text("Hand 1 is saved on this phone")
    screenshot(phone, "offline-saved", full_page=False)
    assert_fits_phone(phone)
    assert_accessible(phone)

    phone.go_back()  # a new hand page, for the next hand
    expect(phone.get_by_role("heading", level=1)).to_have_text("Enter hand 2")
    assert phone.url.endswith(f"{scoreboard}/hands/new")
    expect(phone.locator("#sides-0-melds")).to_have_value("")
    phone.go_forward()
    shows_the_queued_hand()
    phone.reload()
    shows_the_queued_hand()
    assert stored(app, scoreboard) == []

    context.set_offline(False)
    expect(phone.locator("#queue")).to_be_hidden(timeout=SENT)
    assert stored(app, scoreboard) == [(1, 300, 0)]
    assert server_totals(phone) == [900, 60]
    expect(phone.locator("#offline-note")).to_be_hidden()


def test_a_hand_the_phone_cannot_keep_stays_on_its_page(
    app: Flask, phone_pair: tuple[BrowserContext, Page]
) -> None:
    """The phone's storage refuses the hand (full, say): the hand page comes back with what was
    typed and says so; Save then works once the storage does."""
    context, phone = phone_pair
    scoreboard = ready(phone, "offline-full")
    context.set_offline(True)
    phone.goto(f"{scoreboard}/hands/new")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Enter hand 1")
    type_hand(phone, *HAND)
    phone.evaluate("""() => {
        window.realPut = IDBObjectStore.prototype.put;
        IDBObjectStore.prototype.put = function () { this.transaction.abort(); return {}; };
    }""")
    phone.get_by_role("button", name="Save hand 1").click()
    expect(phone.locator("main")).to_contain_text("This phone could not keep the hand: it is still here.")
    assert phone.url.endswith(f"{scoreboard}/hands/new")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Enter hand 1")
    expect(phone.locator("#sides-0-melds")).to_have_value("300")
    expect(phone.locator("#sides-1-hand")).to_have_value("40")
    phone.evaluate("() => { IDBObjectStore.prototype.put = window.realPut; }")
    phone.get_by_role("button", name="Save hand 1").click()
    phone.wait_for_url(f"**{scoreboard}")
    expect(queued(phone)).to_have_count(1)
    context.set_offline(False)
    expect(phone.locator("#queue")).to_be_hidden(timeout=SENT)
    assert stored(app, scoreboard) == [(1, 300, 0)]


def test_a_send_cut_off_after_the_server_stored_it_is_still_stored_once(
    app: Flask, phone_pair: tuple[BrowserContext, Page]
) -> None:
    context, phone = phone_pair
    scoreboard = queued_offline(context, phone, "offline-cut", HAND)
    cut: list[int] = []

    def answer_lost(route: Route) -> None:
        """The first send reaches the server, but its answer never reaches the phone."""
        if route.request.method == "POST" and not cut:
            route.fetch()
            cut.append(1)
            route.abort("connectionreset")
        else:
            route.continue_()

    context.route("**/hands.json", answer_lost)
    context.set_offline(False)
    expect(phone.locator('[data-total="0"]').first).to_have_text("900", timeout=SENT)
    expect(phone.locator("#queue")).to_be_hidden()
    assert cut, "the send was never cut off"
    assert stored(app, scoreboard) == [(1, 300, 0)]
    assert server_totals(phone) == [900, 60]


def test_a_hand_saved_meanwhile_by_another_phone_is_shown_and_either_choice_works(
    app: Flask, browser: Browser, live_server: str, phone_pair: tuple[BrowserContext, Page]
) -> None:
    context, phone = phone_pair
    scoreboard = ready(phone, "offline-both")
    context.set_offline(True)
    enter(phone, scoreboard, 1, HAND)
    enter(phone, scoreboard, 2, HAND)

    other_context, other, errors = new_phone(browser, live_server)
    log_in(other, "offline-both")
    for number in (1, 2):  # online, drawn in place, then confirmed by the server's scoreboard
        enter(other, scoreboard, number, OTHER)
        expect(other.locator('[data-total="0"]').first).to_have_text(str(30 * number), timeout=SENT)
    other_context.close()
    assert not errors

    context.set_offline(False)
    conflict = phone.locator("#queue .conflict")
    expect(conflict).to_contain_text("Hand 1 was saved meanwhile from another phone", timeout=SENT)
    expect(conflict).to_contain_text("Saved on the server: Nosotros +30 · Ellos +600")
    expect(conflict).to_contain_text("On this phone: Nosotros +900 · Ellos +60")
    screenshot(phone, "offline-conflict")
    phone.get_by_role("button", name="Keep the saved one").click()  # drops this phone's hand 1

    expect(conflict).to_contain_text("Hand 2 was saved meanwhile")
    expect(queued(phone)).to_have_count(1)
    phone.get_by_role("button", name="Send this phone’s as a correction").click()
    expect(phone.locator("#queue")).to_be_hidden(timeout=SENT)
    assert stored(app, scoreboard) == [(1, 50, 1), (2, 300, 0)]
    assert server_totals(phone) == [30 + 900, 600 + 60]


def test_a_hand_the_server_refuses_reopens_with_its_messages(
    app: Flask, phone_pair: tuple[BrowserContext, Page]
) -> None:
    context, phone = phone_pair
    scoreboard = ready(phone, "offline-refused")
    context.set_offline(True)
    enter(phone, scoreboard, 1, NO_CANASTA)  # going out needs a canasta
    context.set_offline(False)
    refused = phone.locator("#queue .queued.paused")
    expect(refused).to_contain_text("Hand 1 was not accepted", timeout=SENT)
    phone.get_by_role("button", name="Open hand 1 to correct it").click()
    phone.wait_for_url(f"**{scoreboard}/hands/new?queued=*")
    # The server's message at the field it names (the API's path sides.0.canastas...).
    expect(phone.locator("#side-0 .errors, #sides-0-canastas .errors").first).to_be_visible()
    expect(phone.locator("#sides-0-melds")).to_have_value("300")
    expect(phone.locator("#sides-1-melds")).to_have_value("100")
    screenshot(phone, "offline-refused")
    phone.locator("#sides-0-canastas-clean").fill("1")
    phone.get_by_role("button", name="Save hand 1").click()
    phone.wait_for_url(f"**{scoreboard}")
    # Sent, and the page reloaded with the server's totals.
    expect(phone.locator('[data-total="0"]').first).to_have_text("900", timeout=SENT)
    expect(phone.locator("#queue")).to_be_hidden(timeout=SENT)
    assert stored(app, scoreboard) == [(1, 300, 0)]
    assert server_totals(phone) == [900, 100]  # Ellos melded 100 and held nothing


def test_an_ended_session_keeps_the_queue_until_the_next_login(
    app: Flask, phone_pair: tuple[BrowserContext, Page]
) -> None:
    context, phone = phone_pair
    scoreboard = ready(phone, "offline-session")
    context.set_offline(True)
    enter(phone, scoreboard, 1, HAND)
    context.clear_cookies()  # the session ended while the phone had no signal
    context.set_offline(False)
    expect(phone.locator("#queue")).to_contain_text("Log in again to send them", timeout=SENT)
    assert stored(app, scoreboard) == []
    phone.locator("#queue").get_by_role("link", name="Log in").click()
    phone.get_by_label("Username").fill("offline-session")
    phone.get_by_label("Password", exact=True).fill(PASSWORD)
    phone.get_by_role("button", name="Log in").click()
    phone.wait_for_url(f"**{scoreboard}")
    # Sent, and the page reloaded with the server's totals.
    expect(phone.locator('[data-total="0"]').first).to_have_text("900", timeout=SENT)
    expect(phone.locator("#queue")).to_be_hidden(timeout=SENT)
    assert stored(app, scoreboard) == [(1, 300, 0)]


def test_a_hand_saved_as_the_signal_goes_is_kept_and_sent_once(
    app: Flask, phone_pair: tuple[BrowserContext, Page]
) -> None:
    """Save on the online page (drawn in place, sent at once under the form's key, issue 29), but
    the connection fails on the way: the hand stays in the phone's queue on the scoreboard, and is
    stored once when the signal is back."""
    context, phone = phone_pair
    scoreboard = ready(phone, "offline-dropped")
    phone.goto(f"{scoreboard}/hands/new")
    online_key = phone.locator("input[name=key]").input_value()
    phone.locator("#went_out-1").check()
    phone.locator("#sides-0-melds").fill("300")
    phone.locator("#sides-0-canastas-clean").fill("1")
    phone.locator("#sides-1-melds").fill("100")
    phone.locator("#sides-1-hand").fill("40")
    keys: list[str] = []
    context.on(
        "request",
        lambda r: (
            keys.append(r.headers.get("idempotency-key", ""))
            if r.method == "POST" and r.url.endswith("/hands.json")
            else None
        ),
    )

    def no_signal(route: Route) -> None:
        if route.request.method == "POST":
            route.abort("internetdisconnected")
        else:
            route.continue_()

    phone.route("**/hands.json", no_signal)
    phone.get_by_role("button", name="Save hand 1").click()
    phone.wait_for_url(f"**{scoreboard}")
    expect(queued(phone)).to_have_count(1)
    expect(queued(phone).first).to_contain_text("Nosotros +900 · Ellos +60")
    phone.unroute("**/hands.json")
    expect(phone.locator('[data-total="0"]').first).to_have_text("900", timeout=SENT)
    assert keys and set(keys) == {online_key}  # the form's own key
    assert stored(app, scoreboard) == [(1, 300, 0)]


def test_the_queue_waits_through_another_accounts_session(
    app: Flask, phone_pair: tuple[BrowserContext, Page]
) -> None:
    """Another player logs in on the phone before the signal returns: the queue is not theirs to see
    or send; it goes when its own account logs in again."""
    context, phone = phone_pair
    scoreboard = queued_offline(context, phone, "offline-first", HAND)
    context.clear_cookies()
    context.set_offline(False)
    register(phone, "offline-second", PASSWORD)
    theirs = start_match(phone, "Los otros", "Rivales")
    phone.goto(theirs)
    expect(phone.get_by_role("link", name="Enter hand 1")).to_be_visible()
    expect(phone.locator("#queue")).to_be_hidden()
    assert stored(app, scoreboard) == [] and stored(app, theirs) == []

    phone.get_by_role("button", name="Log out").click()
    log_in(phone, "offline-first")
    phone.goto(scoreboard)
    expect(phone.locator('[data-total="0"]').first).to_have_text("900", timeout=SENT)
    assert stored(app, scoreboard) == [(1, 300, 0)] and stored(app, theirs) == []
