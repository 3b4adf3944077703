"""Clubs in a real phone-sized Chromium: an owner makes a club on the Clubs page and starts a match
in it; a member of the club (a phone of its own) reads that scoreboard without Save, a scorer gets
Enter hand; the Clubs and members pages fit the phone and pass axe in Spanish, English and French."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from scorekeeper.extensions import db
from scorekeeper.models import Club, Membership, User
from tests.browser.helpers import (
    assert_accessible,
    assert_fits_phone,
    phone_tab,
    register,
    screenshot,
    start_match,
)

LABELS = {
    "en": ("A new club", "Club name", "Create the club", "Members of Club del Centro"),
    "es": ("Un club nuevo", "Nombre del club", "Crear el club", "Miembros de Club del Centro"),
    "fr": ("Un nouveau club", "Nom du club", "Créer le club", "Membres de Club del Centro"),
}


@pytest.fixture
def second_phone(browser: Browser, live_server: str) -> Iterator[Page]:
    yield from phone_tab(browser, live_server)


def join(app: Flask, username: str, slug: str, role: str) -> None:
    """Put the account in the club with a role (what an invitation will do)."""
    with app.app_context():
        user = db.session.query(User).filter_by(username=username).one()
        club = db.session.query(Club).filter_by(slug=slug).one()
        db.session.add(Membership(club_id=club.id, user_id=user.id, role=role))
        db.session.commit()


def make_club(page: Page, language: str) -> None:
    heading, name, create, members = LABELS[language]
    page.goto("/clubs")
    expect(page.get_by_role("heading", name=heading)).to_be_visible()
    assert_fits_phone(page)
    assert_accessible(page)
    page.get_by_label(name).fill("Club del Centro")
    page.locator("#slug").fill(f"centro-{language}")
    page.locator("#time_zone").fill("America/Montevideo")
    page.get_by_role("button", name=create).click()
    expect(page.get_by_role("heading", name=members)).to_be_visible()
    assert_fits_phone(page)
    assert_accessible(page)


@pytest.mark.parametrize("language", ["es", "en", "fr"])
def test_an_owner_makes_a_club_and_works_in_it(page: Page, live_server: str, language: str) -> None:
    register(page, f"owner{language}")
    page.context.add_cookies([{"name": "lang", "value": language, "url": live_server}])
    make_club(page, language)
    screenshot(page, f"club-members-{language}")
    page.goto("/clubs")
    screenshot(page, f"clubs-{language}")
    # The header names the club worked in; its lists are the club's.
    page.goto("/")
    expect(page.locator("header nav").get_by_role("link", name="Club del Centro")).to_be_visible()


def test_a_member_reads_and_a_scorer_enters(app: Flask, page: Page, second_phone: Page) -> None:
    register(page, "ana")
    make_club(page, "en")
    board = start_match(page)
    register(second_phone, "eva")
    second_phone.goto(board)
    expect(second_phone.get_by_role("heading", level=1)).to_contain_text("Not found")
    join(app, "eva", "centro-en", "member")
    second_phone.goto(board)
    expect(second_phone.get_by_role("heading", name="Nosotros")).to_be_visible()
    expect(second_phone.get_by_role("link", name="Enter hand 1")).to_have_count(0)
    assert_fits_phone(second_phone)
    assert_accessible(second_phone)
    screenshot(second_phone, "club-member-scoreboard")
    with app.app_context():
        db.session.query(Membership).filter(Membership.role == "member").update({"role": "scorer"})
        db.session.commit()
    second_phone.goto(board)
    expect(second_phone.get_by_role("link", name="Enter hand 1")).to_be_visible()


@pytest.mark.parametrize("language", ["es", "fr"])
def test_a_newcomer_joins_by_the_invitation_link(
    page: Page, second_phone: Page, live_server: str, language: str
) -> None:
    """The owner (a laptop) makes an invitation; a phone in another language opens its link,
    creates an account on the way and lands in the club as a member."""
    register(page, f"boss{language}")
    make_club(page, "en")
    page.get_by_role("link", name="Invite people").click()
    page.get_by_label("They join as").select_option("member")
    page.get_by_label("How many people may use it").fill("30")
    page.get_by_role("button", name="Make the invitation").click()
    expect(page.locator(".invitation-made svg")).to_be_visible()
    expect(page.get_by_label("They join as")).to_have_value("member")  # the form again, ready
    assert_fits_phone(page)
    assert_accessible(page)
    screenshot(page, "club-invitation")
    link = page.locator(".invitation-made .link a").get_attribute("href")
    assert link
    second_phone.context.add_cookies([{"name": "lang", "value": language, "url": live_server}])
    second_phone.goto(link)
    assert_fits_phone(second_phone)
    assert_accessible(second_phone)
    screenshot(second_phone, f"club-join-{language}")
    create = {"es": "Crear una cuenta", "fr": "Créer un compte"}[language]
    second_phone.get_by_role("link", name=create).click()
    second_phone.locator("#username").fill(f"newcomer{language}")
    second_phone.locator("#password").fill("a long password")
    second_phone.locator("#confirm").fill("a long password")
    second_phone.locator("form button[type=submit]").last.click()
    second_phone.wait_for_url("**/join/**")
    join = {"es": "Unirse al club", "fr": "Rejoindre le club"}[language]
    second_phone.get_by_role("button", name=join).click()
    second_phone.wait_for_url(f"{live_server}/")
    welcome = {"es": "Bienvenido a Club del Centro", "fr": "Bienvenue à Club del Centro"}[language]
    expect(second_phone.get_by_text(welcome)).to_be_visible()
