"""Offline without dead ends (issue 18, item 4), in Debian's Chromium with the service worker: what
needs the network (undo, rematch, continue editing, sharing, exports, logging out: every control
marked ``data-needs-network``) is hidden on a kept copy and while the phone is offline, and the note
says why; queued hands that reach the target end the match on the phone, which then offers no
further hand; a hand refused because the match had ended says so; the "No signal" page knows
whether the player is logged in and what the phone keeps. One language per flow.

Scores (classic, RULES.md): HAND, Nosotros go out with melds 300 + a clean canasta 500 + going out
100 = 900, Ellos 100 − 40 = 60; OTHER, Ellos go out with 200 + a dirty canasta 300 + 100 = 600,
Nosotros 50 − 20 = 30; BIG, Nosotros go out with 600 + 500 + 100 = 1,200, Ellos 100.
"""

from __future__ import annotations

from flask import Flask
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from tests.browser.helpers import (
    AXE,
    AXE_URL,
    assert_accessible,
    assert_fits_phone,
    register,
    screenshot,
    type_hand,
    wait_for_promise,
    worker_ready,
)
from tests.browser.offline import (
    HAND,
    OTHER,
    PASSWORD,
    SENT,
    Typed,
    enter,
    kept_for_hands,
    log_in,
    new_phone,
    queued,
    stored,
)

BIG: Typed = (1, {"melds": "600", "canastas-clean": "1"}, {"melds": "100"})

#: Resolves once the worker keeps a copy of ``path`` (in the language ``lang``, if given).
KEPT = """([path, lang]) => caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith('pages-'))
        .map((n) => caches.open(n).then((c) => c.match(path)).then((r) => (r ? r.text() : '')))))
    .then((texts) => texts.some((t) => t && (!lang || t.includes('<html lang="' + lang + '"'))))"""


def kept(phone: Page, path: str, lang: str | None = None) -> None:
    wait_for_promise(phone, KEPT, [path, lang])


def start(phone: Page, target: int, button: str = "Start the match") -> str:
    """A classic match of Nosotros (Ana) against Ellos (Eva) to ``target``; its scoreboard's path."""
    phone.goto("/matches/new")
    phone.locator("#sides-0-name").fill("Nosotros")
    phone.locator("#sides-0-players-0").fill("Ana")
    phone.locator("#sides-1-name").fill("Ellos")
    phone.locator("#sides-1-players-0").fill("Eva")
    phone.locator("#target").fill(str(target))
    phone.get_by_role("button", name=button).click()
    phone.wait_for_url("**/matches/*")
    return phone.url.removeprefix(phone.url.split("/matches/")[0])


def speak(context: BrowserContext, phone: Page, lang: str) -> None:
    context.add_cookies([{"name": "lang", "value": lang, "url": phone.url}])


def test_network_buttons_wait_offline_with_the_reason(browser: Browser, live_server: str) -> None:
    """Spanish. A finished match (undo, rematch, continue editing, share, exports, log out): hidden
    while the open page has no connection and on the kept copy, the note saying why; all back
    with the signal."""
    context, phone, errors = new_phone(browser, live_server)
    if AXE.exists():
        context.route(f"**{AXE_URL}", lambda route: route.fulfill(path=AXE, content_type="text/javascript"))
    register(phone, "sin-red", PASSWORD)
    worker_ready(phone)
    scoreboard = start(phone, 100)
    enter(phone, scoreboard, 1, HAND)  # Nosotros 900 of 100: the match is over
    speak(context, phone, "es")
    phone.goto(scoreboard)
    kept(phone, scoreboard, "es")
    buttons = [
        phone.get_by_role("link", name="Deshacer la mano 1"),
        phone.get_by_role("button", name="Revancha"),
        phone.get_by_role("button", name="Seguir editando"),
        phone.get_by_role("button", name="Compartir con la mesa"),
        phone.get_by_role("button", name="Cerrar sesión"),
        phone.locator(".transfer-links a[download]").first,  # the exports
    ]
    note = phone.locator("#offline-note")
    reason = "Lo que necesita conexión queda oculto hasta que haya señal."

    # The open page loses its connection, then finds it again.
    for control in buttons:
        expect(control).to_be_visible()
    context.set_offline(True)
    expect(note).to_contain_text("Sin conexión")
    expect(note).to_contain_text(reason)
    for control in buttons:
        expect(control).to_be_hidden()
    context.set_offline(False)
    expect(note).to_be_hidden()
    for control in buttons:
        expect(control).to_be_visible()

    # The kept copy: what needs the network waits, and says why.
    context.set_offline(True)
    phone.goto(scoreboard)
    expect(note).to_contain_text("Sin conexión: esta copia es de las")
    expect(note).to_contain_text(reason)
    for control in buttons:
        expect(control).to_be_hidden()
    expect(phone.get_by_role("link", name="Reglas")).to_be_visible()  # a page the phone may keep
    screenshot(phone, "offline-kept-waits", full_page=False)
    assert_fits_phone(phone)
    assert_accessible(phone)

    # The signal returns: the page afresh, with everything.
    context.set_offline(False)
    expect(note).to_be_hidden()
    for control in buttons:
        expect(control).to_be_visible()
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_a_queued_hand_that_reaches_the_target_ends_the_match_on_the_phone(
    app: Flask, browser: Browser, live_server: str
) -> None:
    """French. Hand 1 (BIG) queued offline takes Nosotros past the target: the phone says who wins if it is
    accepted and offers no hand 2, on the scoreboard or at the hand page's address."""
    context, phone, errors = new_phone(browser, live_server)
    register(phone, "fin-hors-ligne", PASSWORD)
    worker_ready(phone)
    speak(context, phone, "fr")
    scoreboard = start(phone, 500, "Commencer la partie")
    phone.goto(scoreboard)
    kept(phone, scoreboard, "fr")
    kept_for_hands(phone, scoreboard)

    context.set_offline(True)
    phone.goto(f"{scoreboard}/hands/new")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Saisir la manche 1")
    type_hand(phone, *BIG)
    phone.get_by_role("button", name="Enregistrer la manche 1").click()
    phone.wait_for_url(f"**{scoreboard}")
    expect(queued(phone)).to_have_count(1)
    # Numbers the French way (a narrow no-break space between thousands), as the server writes them.
    expect(queued(phone).first).to_have_text(
        "Manche 1 (pas encore envoyée) Nosotros +1\u202f200 · Ellos +100"
    )
    expect(phone.locator('#queue [data-provisional="0"]')).to_have_text("Nosotros : 1\u202f200")
    expect(phone.locator("#queue [data-winner]")).to_have_text("Nosotros gagne si c’est accepté.")
    expect(phone.locator("#queue")).to_contain_text("Plus de manches")
    expect(phone.get_by_role("link", name="Saisir la manche 2")).to_be_hidden()
    expect(phone.get_by_role("link", name="Saisir la manche 1")).to_be_hidden()
    screenshot(phone, "offline-match-ends", full_page=False)

    # The hand page's address, offline: no form, the way back.
    phone.goto(f"{scoreboard}/hands/new")
    expect(phone.get_by_role("status").filter(has_text="Plus de manches")).to_have_text(
        "Plus de manches : la partie se termine avec les manches de ce téléphone, si elles sont acceptées."
    )
    expect(phone.locator("[data-hand-form]")).to_have_count(0)
    phone.get_by_role("link", name="Retour au tableau des scores").click()
    expect(queued(phone)).to_have_count(1)

    context.set_offline(False)
    expect(phone.locator("#queue")).to_be_hidden(timeout=SENT)
    expect(phone.locator(".result")).to_be_visible()  # the server's word: the match is over
    assert stored(app, scoreboard) == [(1, 600, 0)]
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_a_hand_refused_because_the_match_had_ended_says_so(
    app: Flask, browser: Browser, live_server: str
) -> None:
    """English. This phone queues hands 1 and 2; meanwhile another phone's hand 1 ends the match.
    Hand 1 is a real clash (kept the saved one); hand 2 is refused because the match had ended, in
    those words, never as "saved meanwhile from another phone"."""
    context, phone, errors = new_phone(browser, live_server)
    register(phone, "ended-meanwhile", PASSWORD)
    worker_ready(phone)
    scoreboard = start(phone, 1000)
    phone.goto(scoreboard)
    kept_for_hands(phone, scoreboard)
    context.set_offline(True)
    enter(phone, scoreboard, 1, HAND)
    enter(phone, scoreboard, 2, OTHER)  # 930 to 660: still short of 1,000
    expect(queued(phone)).to_have_count(2)
    expect(phone.locator("#queue [data-winner]")).to_have_count(0)

    other_context, other, other_errors = new_phone(browser, live_server)
    log_in(other, "ended-meanwhile")
    enter(other, scoreboard, 1, BIG)  # 1,200: the match is over
    other_context.close()
    assert not other_errors

    context.set_offline(False)
    panel = phone.locator("#queue")
    expect(panel).to_contain_text("Hand 1 was saved meanwhile from another phone", timeout=SENT)
    phone.get_by_role("button", name="Keep the saved one").click()
    expect(panel).to_contain_text("Hand 2 was not accepted: the match had already ended.", timeout=SENT)
    expect(panel).not_to_contain_text("another phone")
    expect(panel).not_to_contain_text("wins if this is accepted")
    screenshot(phone, "offline-refused-ended", full_page=False)
    phone.get_by_role("button", name="Drop this phone’s hand").click()
    expect(panel).to_be_hidden()
    assert stored(app, scoreboard) == [(1, 600, 0)]
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_the_no_signal_page_knows_who_is_logged_in_and_what_is_kept(
    browser: Browser, live_server: str
) -> None:
    """English. Logged in: the kept scoreboards listed, the way to the matches, no "Log in /
    Register". After logout: says the copies were dropped at logout, never that the page was never
    opened on this phone."""
    context, phone, errors = new_phone(browser, live_server)
    register(phone, "no-signal", PASSWORD)
    worker_ready(phone)
    scoreboard = start(phone, 5000)
    kept(phone, scoreboard)

    def shown(words: str) -> Locator:
        return phone.locator("main p:visible", has_text=words)

    context.set_offline(True)
    phone.goto(f"{scoreboard}/charts")  # never opened
    expect(phone.get_by_role("heading", level=1)).to_have_text("No signal")
    expect(shown("This page was not opened on this phone")).to_have_count(1)
    expect(shown("The scoreboards and rule pages you opened before are still here.")).to_have_count(1)
    expect(phone.get_by_role("link", name="Canasta: Nosotros – Ellos")).to_be_visible()
    expect(phone.get_by_role("link", name="Back to my matches")).to_be_visible()
    expect(phone.get_by_role("link", name="Log in")).to_have_count(0)
    expect(phone.get_by_role("link", name="Register")).to_have_count(0)
    expect(shown("logged out")).to_have_count(0)
    expect(shown("keeps no pages")).to_have_count(0)
    screenshot(phone, "offline-no-signal", full_page=False)
    assert_fits_phone(phone)
    phone.get_by_role("link", name="Canasta: Nosotros – Ellos").click()
    expect(phone.locator("#offline-note")).to_contain_text("Offline: this copy is as of")

    context.set_offline(False)
    expect(phone.locator("#offline-note")).to_be_hidden()  # the kept copy gives way to the page afresh
    phone.get_by_role("button", name="Log out").click()
    phone.wait_for_url("**/login")
    context.set_offline(True)
    phone.goto(scoreboard)
    expect(phone.get_by_role("heading", level=1)).to_have_text("No signal")
    expect(shown("You logged out on this phone, and the pages it kept were dropped then")).to_have_count(1)
    expect(shown("was not opened on this phone")).to_have_count(0)
    expect(shown("are still here")).to_have_count(0)
    expect(shown("keeps no pages")).to_have_count(0)
    expect(phone.get_by_role("link", name="Back to my matches")).to_have_count(0)
    expect(phone.get_by_role("link", name="Log in")).to_have_count(0)
    screenshot(phone, "offline-no-signal-logged-out", full_page=False)
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
