"""Deleting a match from its scoreboard, on a phone in Spanish: "Borrar partida" at the foot of the
scoreboard, a confirmation page that names the match and its hands (fits 360 px, axe finds nothing),
then the history without it; its address is "not found" from then on."""

from __future__ import annotations

import re

from flask import Flask
from playwright.sync_api import Browser, Page, expect

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Match, User
from tests.browser.helpers import (
    PHONE,
    assert_accessible,
    assert_fits_phone,
    register,
    screenshot,
    worker_ready,
)

HAND = {
    "number": 1,
    "went_out": 0,
    "going_out_kind": "normal",
    "sides": [{"melds": 300, "canastas": {"clean": 1}}, {"melds": 100, "hand": 40}],
}


def two_matches(app: Flask) -> tuple[int, int]:
    """Two matches of ``ana``'s: one to keep, and one with two hands to delete."""
    with app.app_context():
        owner = db.session.scalar(db.select(User.id).where(User.username == "ana"))
        assert owner is not None
        kept = services.create_match(
            owner,
            {
                "ruleset": "classic",
                "sides": [{"name": "Casa", "players": ["Sol"]}, {"name": "Visita", "players": ["Pía"]}],
            },
        )
        match = services.create_match(
            owner,
            {
                "ruleset": "classic",
                "sides": [
                    {"name": "Nosotros", "players": ["Ana", "Luis"]},
                    {"name": "Ellos", "players": ["Eva", "Juan"]},
                ],
            },
        )
        for number in (1, 2):
            services.add_hand(match, {**HAND, "number": number})
        return kept.id, match.id


def test_deleting_a_match_from_its_scoreboard(app: Flask, page: Page) -> None:
    register(page)  # (in English: the helper's labels)
    page.goto("/language/es")
    kept, match_id = two_matches(app)

    page.goto(f"/matches/{match_id}")
    page.get_by_role("link", name="Borrar partida").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("¿Borrar esta partida?")
    card = page.locator(".card")
    expect(card).to_contain_text("Nosotros")
    expect(card).to_contain_text("Ana, Luis")
    expect(card).to_contain_text("2 manos")
    button = page.get_by_role("button", name="Borrar la partida")
    expect(button).to_have_attribute("data-needs-network", "")
    assert_fits_phone(page)
    assert_accessible(page)
    screenshot(page, "delete-match", full_page=False)

    button.click()
    expect(page).to_have_url(re.compile(r"/history$"))
    expect(page.locator(".flash-success")).to_contain_text("Se borró la partida Nosotros – Ellos")
    expect(page.locator(f'a[href="/matches/{kept}"]')).to_have_count(1)
    expect(page.locator(f'a[href="/matches/{match_id}"]')).to_have_count(0)
    with app.app_context():
        assert db.session.get(Match, match_id) is None

    page.goto(f"/matches/{match_id}")
    expect(page.get_by_role("heading", level=1)).to_have_text("No se encontró la página")


KEPT_PAGES = """(id) => caches.keys()
    .then(names => Promise.all(names.filter(n => n.startsWith('pages-')).map(n => caches.open(n))))
    .then(caches => Promise.all(caches.map(c => c.keys())))
    .then(lists => lists.flat().map(r => new URL(r.url).pathname)
                        .filter(p => p === '/matches/' + id || p.startsWith('/matches/' + id + '/')))"""


def kept_pages(phone: Page, match_id: int, until: str) -> list[str]:
    """The paths of ``match_id``'s pages the phone keeps, once ``until`` (a condition on ``kept``)
    holds, or as they are after 5 seconds (the worker stores and drops them after answering)."""
    return phone.evaluate(  # type: ignore[no-any-return]
        f"""async (id) => {{
            const deadline = Date.now() + 5000;
            for (;;) {{
                const kept = await ({KEPT_PAGES})(id);
                if (({until}) || Date.now() > deadline) return kept;
                await new Promise(resolve => setTimeout(resolve, 50));
            }}
        }}""",
        match_id,
    )


def test_a_deleted_match_s_kept_copies_go_with_it(app: Flask, browser: Browser, live_server: str) -> None:
    """The phone keeps the pages it opened for reading without signal; deleting the match drops them,
    so that offline the phone says "No signal" instead of showing a match that is gone."""
    context = browser.new_context(base_url=live_server, service_workers="allow", **PHONE)
    context.set_default_timeout(10_000)
    phone = context.new_page()
    register(phone)
    worker_ready(phone)
    _kept, match_id = two_matches(app)
    for path in (f"/matches/{match_id}", f"/matches/{match_id}/penalties"):
        phone.goto(path)
    assert len(kept_pages(phone, match_id, until="kept.length >= 2")) >= 2

    phone.goto(f"/matches/{match_id}/delete")
    phone.get_by_role("button", name="Delete the match").click()
    expect(phone).to_have_url(re.compile(r"/history$"))
    assert kept_pages(phone, match_id, until="kept.length === 0") == []

    context.set_offline(True)
    phone.goto(f"/matches/{match_id}")
    expect(phone.get_by_role("heading", level=1)).to_have_text("No signal")
    context.close()
