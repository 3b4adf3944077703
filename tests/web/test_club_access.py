"""Every route of the URL map, called by a stranger, a member, a scorer, a director and an owner of
the club that holds the resource, answers as :data:`scorekeeper.access.ACCESS` declares: 404 outside
the club, 403 below the route's role, and something else (never a 500) from the role up. The routes
are read from the app itself, so a route added tomorrow without a declaration fails here."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.routing import Rule

from scorekeeper import services
from scorekeeper.access import ACCESS, RANK, need_of
from scorekeeper.extensions import db
from scorekeeper.models import Hand, ImportJob, Membership, Player, Series
from scorekeeper.services import clubs, invitations
from tests.helpers import make_user
from tests.web.helpers import CSRF, form_key, hand_form, logged_in, post_form, submit

#: The people around the club "centro", lowest first; ``ana`` is its owner.
PEOPLE = {"out": None, "mem": "member", "sco": "scorer", "dir": "director", "ana": "owner"}
HAND = {
    "number": 1,
    "went_out": 0,
    "going_out_kind": "normal",
    "sides": [{"melds": 300, "canastas": {"clean": 1}}, {"melds": 100, "hand": 40}],
}


def app_rules(app: Flask) -> list[tuple[str, str]]:
    """(endpoint, method) of every route but the static files."""
    return sorted(
        (rule.endpoint, method)
        for rule in app.url_map.iter_rules()
        for method in rule.methods - {"HEAD", "OPTIONS"}
    )


def test_every_route_declares_who_may_call_it(app: Flask) -> None:
    missing = {endpoint for endpoint, _method in app_rules(app)} - set(ACCESS)
    assert not missing, f"routes without a line in scorekeeper.access.ACCESS: {sorted(missing)}"
    unknown = set(ACCESS) - {endpoint for endpoint, _method in app_rules(app)}
    assert not unknown, f"ACCESS names routes that do not exist: {sorted(unknown)}"


@pytest.fixture
def centro(app: Flask, password_hash: str) -> dict[str, Any]:
    """The club "centro" with a member of each role, and one of each thing a URL can name."""
    ids = {name: make_user(app, name, password_hash) for name in PEOPLE}
    with app.app_context():
        club = clubs.create_club(ids["ana"][0], {"name": "Centro", "slug": "centro"})
        for name, role in PEOPLE.items():
            if role not in (None, "owner"):
                db.session.add(Membership(club_id=club.id, user_id=ids[name][0], role=role))
        db.session.commit()
        match = services.create_match(
            club.id,
            {
                "ruleset": "classic",
                "sides": [
                    {"name": "Nos", "players": ["Ana", "Luis"]},
                    {"name": "Ellos", "players": ["Eva", "Juan"]},
                ],
            },
        )
        services.add_hand(match, HAND)
        services.create_share_link(match)
        player = db.session.query(Player).filter_by(club_id=club.id, name="Luis").one()
        event = services.events.create_event(
            club.id,
            {
                "name": "Martes",
                "ruleset": "classic",
                "format": "round_robin",
                "entries": [{"players": ["Ana", "Luis"]}, {"players": ["Eva", "Juan"]}],
            },
        )
        game = services.events.seat_round(event).tables[0].match_id
        invitation, _token = invitations.create_invitation(club, ids["ana"][0], "owner", {"uses": 5})
        series = Series(club_id=club.id, name="Otoño", best=4, minimum=1)
        job = ImportJob(club_id=club.id)
        db.session.add_all([series, job])
        db.session.commit()
        return {
            "tokens": {name: token for name, (_id, token) in ids.items()},
            "args": {
                "match_id": match.id,
                "player_id": player.id,
                "event_id": event.id,
                "entry_id": event.entries[0].id,
                "series_id": series.id,
                "job_id": job.id,
                "number": 1,
                "game_id": game, "invitation_id": invitation.id,
                "slug": "centro",
                "ruleset_id": "classic",
                "code": "en",
            },
        }


#: Arguments that name another thing on some routes: an event's game is a match of that event.
RENAMED = {"events.correct": {"match_id": "game_id"}}


def url_for_rule(rule: Rule, args: dict[str, Any], username: str) -> str:
    renamed = RENAMED.get(rule.endpoint, {})
    values = {
        name: username if name == "username" else args[renamed.get(name, name)] for name in rule.arguments
    }
    url = rule.build(values, append_unknown=False)
    assert url is not None
    return url[1]


def call(app: Flask, method: str, url: str, who: str, token: str, api: bool) -> int:
    """The status of ``method url`` sent by ``who``, with a valid CSRF token for a page's form."""
    if api:
        headers = {"Authorization": f"Bearer {token}"}
        body = {} if method in ("POST", "PUT", "PATCH") else None
        return app.test_client().open(url, method=method, json=body, headers=headers).status_code
    client: FlaskClient = logged_in(app, who)
    data = {}
    if method != "GET":
        found = CSRF.search(client.get("/account/password").get_data(as_text=True))
        assert found
        data = {"csrf_token": found.group(1) or found.group(2)}
    return client.open(url, method=method, data=data).status_code


CLUB_ROUTES = sorted(endpoint for endpoint, need in ACCESS.items() if need.role is not None)


@pytest.mark.parametrize("endpoint", CLUB_ROUTES)
def test_each_role_gets_what_the_route_declares(app: Flask, centro: dict[str, Any], endpoint: str) -> None:
    """A stranger and each role below the route's get 404 and 403; the lowest role allowed gets
    through (its answer is the route's own: a page, a redirect, a 409 or a 422 for an empty form),
    last, so that a write it makes cannot hide a refusal."""
    need = need_of(endpoint)
    assert need.role is not None
    boundary = next(name for name, role in PEOPLE.items() if role and RANK[role] <= RANK[need.role])
    for rule in (r for r in app.url_map.iter_rules() if r.endpoint == endpoint):
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            for who, role in PEOPLE.items():
                if role is not None and RANK[role] < RANK[need.role] and who != boundary:
                    continue  # above the lowest role allowed: it holds that role's rights
                url = url_for_rule(rule, centro["args"], who)
                if need.source == "requested":
                    url += ("&" if "?" in url else "?") + "club=centro"
                status = call(app, method, url, who, centro["tokens"][who], endpoint.startswith("api."))
                expected = "404" if role is None else "403" if RANK[role] > RANK[need.role] else "allowed"
                got = {404: "404", 403: "403"}.get(status, "allowed")
                assert status < 500, f"{method} {url} as {who}: {status}"
                assert got == expected, f"{method} {url} as {who} ({role}): {status}, expected {expected}"


def test_a_member_reads_the_board_and_a_scorer_enters_hands(app: Flask, centro: dict[str, Any]) -> None:
    match_id = centro["args"]["match_id"]
    pages = {who: logged_in(app, who).get(f"/matches/{match_id}") for who in ("mem", "sco", "dir")}
    assert all(page.status_code == 200 for page in pages.values())
    texts = {who: page.get_data(as_text=True) for who, page in pages.items()}
    assert "Enter hand 2" not in texts["mem"] and "Undo hand 1" not in texts["mem"]
    assert "Enter hand 2" in texts["sco"] and f"/matches/{match_id}/delete" not in texts["sco"]
    assert f"/matches/{match_id}/delete" in texts["dir"]


def test_a_removed_member_loses_the_club_at_the_next_request(app: Flask, centro: dict[str, Any]) -> None:
    """Pages and API tokens alike: nothing of the club answers once the membership is gone."""
    match_id = centro["args"]["match_id"]
    page = logged_in(app, "sco")
    token = {"Authorization": f"Bearer {centro['tokens']['sco']}"}
    api = app.test_client()
    assert page.get(f"/matches/{match_id}").status_code == 200
    assert api.get(f"/api/v1/matches/{match_id}", headers=token).status_code == 200
    owner = {"Authorization": f"Bearer {centro['tokens']['ana']}"}
    assert api.delete("/api/v1/clubs/centro/members/sco", headers=owner).status_code == 204
    assert page.get(f"/matches/{match_id}").status_code == 404
    assert api.get(f"/api/v1/matches/{match_id}", headers=token).status_code == 404
    assert api.get("/api/v1/matches?club=centro", headers=token).status_code == 404


def test_the_last_owner_can_neither_leave_nor_be_demoted(app: Flask, centro: dict[str, Any]) -> None:
    api = app.test_client()
    owner = {"Authorization": f"Bearer {centro['tokens']['ana']}"}
    path = "/api/v1/clubs/centro/members/"
    assert api.patch(path + "ana", json={"role": "member"}, headers=owner).status_code == 409
    assert api.delete(path + "ana", headers=owner).status_code == 409
    assert api.patch(path + "dir", json={"role": "owner"}, headers=owner).status_code == 200
    assert api.delete(path + "ana", headers=owner).status_code == 204
    director = {"Authorization": f"Bearer {centro['tokens']['dir']}"}
    members = api.get("/api/v1/clubs/centro/members", headers=director)
    assert next((m["username"], m["role"]) for m in members.get_json()) == ("dir", "owner")


@pytest.mark.parametrize(("body", "field"), [
    ({"name": "Otro", "slug": "centro"}, "slug"),
    ({"name": "Otro", "slug": "Centro Club"}, "slug"),
    ({"name": "Otro", "slug": "otro", "time_zone": "Mars/Olympus"}, "time_zone"),
    ({"name": "Otro", "slug": "otro", "language": "de"}, "language"),
    ({"name": "", "slug": "otro"}, "name"),
])
def test_a_bad_club_is_refused_at_its_field(app: Flask, centro: dict[str, Any], body: dict[str, Any],
                                            field: str) -> None:
    answer = app.test_client().post("/api/v1/clubs", json=body,
                                    headers={"Authorization": f"Bearer {centro['tokens']['mem']}"})
    assert answer.status_code == 422 and field in answer.get_json()["errors"]


def test_lists_and_creates_work_in_the_requested_club(app: Flask, centro: dict[str, Any]) -> None:
    api = app.test_client()
    scorer = {"Authorization": f"Bearer {centro['tokens']['sco']}"}
    sides = [{"name": "A", "players": ["Ana", "Luis"]}, {"name": "B", "players": ["Eva", "Juan"]}]
    body = {"club": "centro", "ruleset": "classic", "sides": sides}
    made = api.post("/api/v1/matches", headers=scorer, json=body)
    assert made.status_code == 201, made.get_json()
    in_centro = {m["id"] for m in api.get("/api/v1/matches?club=centro", headers=scorer).get_json()}
    personal = {m["id"] for m in api.get("/api/v1/matches", headers=scorer).get_json()}
    assert made.get_json()["id"] in in_centro and not personal
    member = {"Authorization": f"Bearer {centro['tokens']['mem']}"}
    refused = api.post("/api/v1/matches?club=centro", headers=member, json={"ruleset": "classic"})
    assert refused.status_code == 403
    assert api.get("/api/v1/matches?club=nowhere", headers=member).status_code == 404


def test_the_clubs_page_switches_the_club_the_lists_show(app: Flask, centro: dict[str, Any]) -> None:
    browser = logged_in(app, "mem")
    assert browser.get("/history").status_code == 200
    personal = browser.get("/history").get_data(as_text=True)
    form = CSRF.search(browser.get("/clubs").get_data(as_text=True))
    assert form
    switched = browser.post("/clubs/centro/switch", data={"csrf_token": form.group(1) or form.group(2)})
    assert switched.status_code == 302
    in_club = browser.get("/history").get_data(as_text=True)
    assert "Centro" in in_club and in_club != personal
    assert f'/matches/{centro["args"]["match_id"]}"' in in_club


@pytest.mark.parametrize(("language", "told"), [
    ("en", "Hand 2 was already entered, perhaps from another device."),
    ("es", "La mano 2 ya estaba anotada, quizá desde otro dispositivo."),
    ("fr", "La manche 2 a déjà été saisie, peut-être depuis un autre appareil."),
])
def test_two_scorers_saving_the_same_hand_store_one(app: Flask, centro: dict[str, Any], language: str,
                                                     told: str) -> None:
    """Two phones of two scorers of the club, each with the hand form of hand 2 open: the first
    save is stored, the second is told in its language that someone saved that hand first."""
    match_id = centro["args"]["match_id"]
    url = f"/matches/{match_id}/hands/new"
    phones = [logged_in(app, "sco", language), logged_in(app, "dir", language)]
    forms = [form_key(phone, url) for phone in phones]
    data = hand_form(2, 0, {"melds": 300, "canastas-clean": 1}, {"melds": 100, "hand": 40})
    first = submit(phones[0], match_id, data, *forms[0])
    second = submit(phones[1], match_id, {**data, "sides-1-melds": "150"}, *forms[1])
    assert first.status_code == 302
    assert second.status_code == 409 and told in second.get_data(as_text=True)
    with app.app_context():
        assert db.session.query(Hand).filter_by(match_id=match_id).count() == 2


def test_an_owner_changes_roles_and_removes_members_on_the_page(app: Flask, centro: dict[str, Any]) -> None:
    owner, members_page = logged_in(app, "ana"), "/clubs/centro/members"
    changed = post_form(owner, "/clubs/centro/members/mem/role", {"role": "scorer"}, page=members_page)
    assert changed.status_code == 302
    token = {"Authorization": f"Bearer {centro['tokens']['ana']}"}
    members = app.test_client().get("/api/v1/clubs/centro/members", headers=token)
    assert ("mem", "scorer") in [(m["username"], m["role"]) for m in members.get_json()]
    kept = post_form(owner, "/clubs/centro/members/ana/role", {"role": "member"}, page=members_page)
    assert kept.status_code == 302
    page = owner.get("/clubs/centro/members").get_data(as_text=True)
    assert "A club keeps at least one owner" in page
    assert post_form(owner, "/clubs/centro/members/sco/remove", {}, page=members_page).status_code == 302
    assert logged_in(app, "sco").get(f"/matches/{centro['args']['match_id']}").status_code == 404


def test_a_member_or_invitation_that_is_not_there_is_a_404_page(app: Flask, centro: dict[str, Any]) -> None:
    owner, members_page = logged_in(app, "ana"), "/clubs/centro/members"
    for url in ("/clubs/centro/members/nobody/remove", "/clubs/centro/members/nobody/role",
                "/clubs/centro/invitations/999999/revoke"):
        assert post_form(owner, url, {"role": "member"}, page=members_page).status_code == 404, url
