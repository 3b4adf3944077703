"""Joining a club by invitation: made by an owner (any role) or a director (scorers and members),
shown once as a link and a QR code; a person opens it, registers or logs in on the way, and lands in
the club; used up, expired or revoked, the page says which. Two people taking the last use at once:
one joins, the other is told it is used up. Everything lands in the club's log."""

from __future__ import annotations

import re
import threading
from datetime import timedelta
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import insert, select

from scorekeeper.extensions import db
from scorekeeper.models import Club, ClubLogEntry, Invitation, Membership, User
from scorekeeper.services import clubs, invitations
from tests.helpers import TEST_PASSWORD, counting, make_user
from tests.web.helpers import logged_in, post_form


@pytest.fixture
def club(app: Flask, password_hash: str) -> dict[str, Any]:
    """Club "centro" of owner ``ana`` with a director ``dir``; API tokens of both, and of ``eva``."""
    tokens = {name: make_user(app, name, password_hash) for name in ("ana", "dir", "eva", "luis")}
    with app.app_context():
        made = clubs.create_club(tokens["ana"][0], {"name": "Centro", "slug": "centro"})
        db.session.add(Membership(club_id=made.id, user_id=tokens["dir"][0], role="director"))
        db.session.commit()
    return {name: {"Authorization": f"Bearer {token}"} for name, (_id, token) in tokens.items()}


def invite(app: Flask, headers: dict[str, str], **body: Any) -> Any:
    return app.test_client().post("/api/v1/clubs/centro/invitations", json=body, headers=headers)


def test_an_invitation_joins_once_per_person_until_used_up(app: Flask, club: dict[str, Any]) -> None:
    made = invite(app, club["ana"], role="scorer", uses=1, expires_in_days=3)
    assert made.status_code == 201
    body = made.get_json()
    assert body["role"] == "scorer" and body["uses_left"] == 1 and len(body["token"]) >= 32
    assert body["url"].endswith("/join/" + body["token"])
    api = app.test_client()
    joined = api.post("/api/v1/invitations/accept", json={"token": body["token"]}, headers=club["eva"])
    assert joined.status_code == 201 and joined.get_json()["role"] == "scorer"
    again = api.post("/api/v1/invitations/accept", json={"token": body["token"]}, headers=club["eva"])
    assert again.status_code == 200  # a member already: nothing taken
    late = api.post("/api/v1/invitations/accept", json={"token": body["token"]}, headers=club["luis"])
    assert late.status_code == 410 and "used up" in late.get_json()["errors"]["_"][0]
    listed = api.get("/api/v1/clubs/centro/invitations", headers=club["dir"]).get_json()
    assert listed[0]["uses_left"] == 0 and "token" not in listed[0]
    with app.app_context():
        assert db.session.query(Invitation).one().token_hash != body["token"]  # only its hash is kept
        actions = [e.action for e in db.session.query(ClubLogEntry).order_by(ClubLogEntry.id)]
    assert actions == ["created", "invitation_made", "joined"]


def test_a_director_invites_scorers_and_members_only(app: Flask, club: dict[str, Any]) -> None:
    assert invite(app, club["dir"], role="member").status_code == 201
    assert invite(app, club["dir"], role="director").status_code == 403
    assert invite(app, club["ana"], role="director").status_code == 201
    assert invite(app, club["eva"], role="member").status_code == 404  # not in the club
    bad = invite(app, club["ana"], role="king", uses=0, expires_in_days=91)
    assert bad.status_code == 422 and set(bad.get_json()["errors"]) == {"role", "uses", "expires_in_days"}


def test_revoked_and_expired_invitations_say_so(app: Flask, club: dict[str, Any]) -> None:
    revoked = invite(app, club["ana"]).get_json()
    expired = invite(app, club["ana"]).get_json()
    api = app.test_client()
    path = f"/api/v1/clubs/centro/invitations/{revoked['id']}"
    assert api.delete(path, headers=club["dir"]).status_code == 204
    with app.app_context():
        found = db.session.get(Invitation, expired["id"])
        found.expires_at = found.expires_at - timedelta(days=30)
        db.session.commit()
    cases = ((revoked["token"], "revoked"), (expired["token"], "expired"), ("nothing-here", "No such"))
    for token, said in cases:
        answer = api.post("/api/v1/invitations/accept", json={"token": token}, headers=club["eva"])
        assert answer.status_code == 410 and said in answer.get_json()["errors"]["_"][0]
    page = app.test_client().get(f"/join/{revoked['token']}", headers={"Accept-Language": "es"})
    assert page.status_code == 410 and "El club la revocó" in page.get_data(as_text=True)


def test_a_newcomer_registers_on_the_way_and_lands_in_the_club(app: Flask, club: dict[str, Any]) -> None:
    token = invite(app, club["ana"], role="member", uses=30).get_json()["token"]
    phone = app.test_client()
    phone.set_cookie("lang", "en")
    page = phone.get(f"/join/{token}")
    assert page.status_code == 200 and "Join Centro" in page.get_data(as_text=True)
    assert page.headers["Cache-Control"].startswith("no-store")
    register = re.search(r'href="(/register\?next=[^"]+)"', page.get_data(as_text=True))
    assert register
    url = register.group(1).replace("&amp;", "&")
    made = post_form(phone, url, {"username": "noa", "password": TEST_PASSWORD, "confirm": TEST_PASSWORD})
    assert made.status_code == 302 and made.location.endswith(f"/join/{token}")
    joined = post_form(phone, f"/join/{token}", {})
    assert joined.status_code == 302
    home = phone.get("/").get_data(as_text=True)
    assert "Welcome to Centro: you joined as member." in home
    members = app.test_client().get("/api/v1/clubs/centro/members", headers=club["ana"]).get_json()
    assert ("noa", "member") in [(m["username"], m["role"]) for m in members]


def test_the_invitation_page_shows_the_link_and_its_qr_code_once(app: Flask, club: dict[str, Any]) -> None:
    director = logged_in(app, "dir")
    made = post_form(director, "/clubs/centro/invitations", {"role": "member", "uses": "30", "days": "14"})
    html = made.get_data(as_text=True)
    assert made.status_code == 200 and "<svg" in html and "/join/" in html
    assert made.headers["Cache-Control"].startswith("no-store")
    assert "/join/" not in director.get("/clubs/centro/invitations").get_data(as_text=True)
    refused = post_form(director, "/clubs/centro/invitations", {"role": "owner", "uses": "1", "days": "1"})
    assert refused.status_code == 422  # a director is not offered the owner's role
    log = director.get("/clubs/centro/log").get_data(as_text=True)
    assert "dir made invitation" in log


def test_two_people_taking_the_last_use_at_once(app: Flask, club: dict[str, Any]) -> None:
    token = invite(app, club["ana"], uses=1).get_json()["token"]
    barrier = threading.Barrier(2)
    answers: list[int] = []

    def take(who: str) -> None:
        client = app.test_client()
        barrier.wait()
        answer = client.post("/api/v1/invitations/accept", json={"token": token}, headers=club[who])
        answers.append(answer.status_code)

    threads = [threading.Thread(target=take, args=(who,)) for who in ("eva", "luis")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [201, 410]


def test_a_club_of_2000_members_and_200_invitations(app: Flask, club: dict[str, Any]) -> None:
    """The members page is paged (owners first) and costs the same few statements on any page;
    the invitations page lists 200 invitations in one statement."""
    with app.app_context():
        centro = db.session.query(Club).filter_by(slug="centro").one()
        newcomers = [{"username": f"m{n:04}", "password_hash": "x"} for n in range(2000)]
        db.session.execute(insert(User), newcomers)
        ids = db.session.scalars(select(User.id).where(User.username.like("m%"))).all()
        joined = [{"club_id": centro.id, "user_id": i, "role": "member"} for i in ids]
        db.session.execute(insert(Membership), joined)
        db.session.commit()
        for _n in range(200):
            invitations.create_invitation(centro, None, "owner", {"uses": 2})
    owner = logged_in(app, "ana")
    seen = []
    for page in (1, 21):
        with counting(app) as statements:
            html = owner.get(f"/clubs/centro/members?page={page}").get_data(as_text=True)
        seen.append(len(statements))
        assert "2,002 members." in html and f"Page {page} of 21" in html
    assert seen[0] == seen[1]
    first = owner.get("/clubs/centro/members").get_data(as_text=True)
    assert first.index("ana") < first.index("m0000")  # the owner first
    with counting(app) as statements:
        listed = owner.get("/clubs/centro/invitations").get_data(as_text=True)
    assert listed.count("Revoke") == 200 and len(statements) <= seen[0] + 1
    api = app.test_client().get("/api/v1/clubs/centro/members", headers=club["eva"])
    assert api.status_code == 404  # eva is not in it
    members = app.test_client().get("/api/v1/clubs/centro/members", headers=club["dir"]).get_json()
    assert len(members) == 2002 and members[0]["role"] == "owner"


def test_a_deleted_match_is_in_the_club_log(app: Flask, club: dict[str, Any]) -> None:
    api = app.test_client()
    sides = [{"name": "Nos", "players": ["Ana", "Luis"]}, {"name": "Ellos", "players": ["Eva", "Juan"]}]
    body = {"ruleset": "classic", "sides": sides}
    made = api.post("/api/v1/matches?club=centro", json=body, headers=club["dir"])
    assert made.status_code == 201
    assert api.delete(f"/api/v1/matches/{made.get_json()['id']}", headers=club["dir"]).status_code == 204
    log = logged_in(app, "ana").get("/clubs/centro/log").get_data(as_text=True)
    assert f"dir deleted match {made.get_json()['id']} (Nos – Ellos)." in log
