"""What the offline browser tests share (tests/browser/test_offline_*.py): a phone whose pages run
the service worker, a player with a kept match, entering hands, and reading the queue and the
server's state.

Scores (classic, RULES.md): HAND, Nosotros go out with melds 300 + a clean canasta 500 + going out
100 = 900, Ellos 100 − 40 = 60; OTHER, Ellos go out with 200 + a dirty canasta 300 + 100 = 600,
Nosotros 50 − 20 = 30.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from playwright.sync_api import Browser, BrowserContext, Page, expect
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Hand
from tests.browser.helpers import PHONE, register, screenshot, start_match, type_hand, wait_kept, worker_ready

PASSWORD = "a long password"
HAND = (1, {"melds": "300", "canastas-clean": "1"}, {"melds": "100", "hand": "40"})
OTHER = (2, {"melds": "50", "hand": "20"}, {"melds": "200", "canastas-dirty": "1"})
#: How long a test waits for the queue to be sent: retries back off from 2 s (static/queue/main.js).
SENT = 20_000
NO_CANASTA = (1, {"melds": "300"}, {"melds": "100"})  # corrected: + a clean canasta, 900 and 100


def new_phone(browser: Browser, live_server: str) -> tuple[BrowserContext, Page, list[str]]:
    context = browser.new_context(base_url=live_server, service_workers="allow", **PHONE)
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return context, page, errors


def stored(app: Flask, scoreboard: str) -> list[tuple[int, int, int]]:
    """The match's hands as stored: (number, first side's melds, who went out)."""
    match_id = int(scoreboard.rsplit("/", 1)[1])
    with app.app_context():
        rows = db.session.scalars(select(Hand).where(Hand.match_id == match_id).order_by(Hand.id)).all()
        return [(h.number, h.input["sides"][0]["melds"], h.input["went_out"]) for h in rows]


def kept_for_hands(phone: Page, scoreboard: str) -> None:
    """Wait until the worker keeps the match's hand page and rule set."""
    wait_kept(phone, f"{scoreboard}/hands/template", f"{scoreboard}/rules.json")


def ready(phone: Page, username: str) -> str:
    """A registered player with a match whose scoreboard (and hand page) the worker keeps."""
    register(phone, username, PASSWORD)
    worker_ready(phone)
    scoreboard = start_match(phone)
    phone.goto(scoreboard)
    kept_for_hands(phone, scoreboard)
    return scoreboard


Typed = tuple[int, dict[str, str], dict[str, str]]


def enter(
    phone: Page, scoreboard: str, number: int, hand: Typed, preview: list[str] | None = None, shot: str = ""
) -> None:
    """Open the hand page, type ``hand`` (who went out, then each side's fields) and save it; the
    bar's scores are ``preview`` before Save, if given."""
    phone.goto(f"{scoreboard}/hands/new")
    expect(phone.get_by_role("heading", level=1)).to_have_text(f"Enter hand {number}")
    type_hand(phone, *hand)
    for i, score in enumerate(preview or []):
        expect(phone.locator(f'[data-preview="{i}"]')).to_have_text(score)
    if shot:
        screenshot(phone, shot)
    phone.get_by_role("button", name=f"Save hand {number}").click()
    phone.wait_for_url(f"**{scoreboard}")


def queued(phone: Page) -> Any:
    return phone.locator("#queue [data-queued]")


def queued_offline(context: BrowserContext, phone: Page, username: str, hand: Typed) -> str:
    """:func:`ready`, then the signal taken away and ``hand`` entered as hand 1: it waits in the
    phone's queue. The scoreboard's address."""
    scoreboard = ready(phone, username)
    context.set_offline(True)
    enter(phone, scoreboard, 1, hand)
    expect(queued(phone)).to_have_count(1)
    return scoreboard


def provisional(phone: Page) -> list[int]:
    return [int(phone.locator(f'#queue [data-provisional="{i}"] .num').inner_text()) for i in (0, 1)]


def server_totals(phone: Page) -> list[int]:
    return [int(phone.locator(f'[data-total="{i}"]').first.inner_text()) for i in (0, 1)]


def log_in(page: Page, username: str) -> None:
    page.goto("/login")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/")


