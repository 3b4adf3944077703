"""``DELETE /api/v1/matches/ID`` (API.md, "Additions of turn 3"): 204, then 404 everywhere; another
account's match is 404 and stays; the match leaves the list, the statistics, the players' running
totals (partnerships included) and the exports; its hands, edit log, share links and idempotency
keys go with it; a match that must stay (the hook club-night events will use) answers 409."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, select, update

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import EditLog, Hand, IdempotencyKey, Match, PartnershipTotal, Player, ShareLink, Side
from scorekeeper.services import Conflict
from scorekeeper.services.player_reads import partnerships_of, player_stats
from tests.helpers import assert_totals_add_up
from tests.web.helpers import logged_in, post_form

from .helpers import create_match, get_match, match_body, match_count, post_hand, simple_hand

EVENT = "A match of an event cannot be deleted; correct it instead."


def _ids(app: Flask) -> dict[str, int]:
    with app.app_context():
        return {name: id_ for id_, name in db.session.execute(select(Player.id, Player.name))}


def _count(app: Flask, model: Any, **where: Any) -> int:
    with app.app_context():
        statement = select(func.count()).select_from(model)
        for name, value in where.items():
            statement = statement.where(getattr(model, name) == value)
        return int(db.session.scalar(statement) or 0)


def two(first: tuple[str, list[str]], second: tuple[str, list[str]]) -> dict[str, Any]:
    """A classic match of the sides ``(name, players)``."""
    return match_body(sides=[{"name": name, "players": players} for name, players in (first, second)])


def test_delete_answers_204_then_the_match_is_404(api):
    match_id = create_match(api)["id"]
    post_hand(api, match_id, simple_hand(1))
    response = api.delete(f"/matches/{match_id}")
    assert response.status_code == 204 and response.get_data() == b""
    assert api.get(f"/matches/{match_id}").status_code == 404
    assert api.get(f"/matches/{match_id}/hands/1").status_code == 404
    assert api.post(f"/matches/{match_id}/hands", simple_hand(2)).status_code == 404
    assert api.delete(f"/matches/{match_id}").status_code == 404
    assert match_count(api) == 0


def test_a_cached_answer_is_not_served_after_the_delete(api):
    match_id = create_match(api)["id"]
    assert get_match(api, match_id)["id"] == match_id  # now kept in the process's store
    assert get_match(api, match_id)["id"] == match_id  # served from it
    assert api.delete(f"/matches/{match_id}").status_code == 204
    assert api.get(f"/matches/{match_id}").status_code == 404


def test_another_account_s_match_is_404_and_stays(api, other_api):
    match_id = create_match(api)["id"]
    assert other_api.delete(f"/matches/{match_id}").status_code == 404
    assert get_match(api, match_id)["id"] == match_id
    assert api.delete("/matches/2147483648").status_code == 404  # past any id: no match either


def test_only_that_match_goes(api):
    kept = create_match(api)["id"]
    post_hand(api, kept, simple_hand(1))
    before = get_match(api, kept)
    gone = create_match(api)["id"]
    assert api.delete(f"/matches/{gone}").status_code == 204
    assert get_match(api, kept) == before
    assert match_count(api) == 1


def test_its_rows_go_with_it(app, api, client):
    match_id = create_match(api)["id"]
    post_hand(api, match_id, simple_hand(1))
    keyed = api.client.post(
        f"/api/v1/matches/{match_id}/hands",
        json=simple_hand(2),
        headers={**api.headers, "Idempotency-Key": "phone-1"},
    )
    assert keyed.status_code == 201
    browser = logged_in(app, "ana")
    shared = post_form(browser, f"/matches/{match_id}/share", {}, page=f"/matches/{match_id}")
    assert shared.status_code == 302
    with app.app_context():
        token = db.session.scalar(select(ShareLink.token))
    assert client.get(f"/s/{token}").status_code == 200

    assert api.delete(f"/matches/{match_id}").status_code == 204
    for model in (Hand, Side, EditLog, ShareLink):
        assert _count(app, model, match_id=match_id) == 0, model
    assert _count(app, IdempotencyKey, match_id=match_id) == 0
    assert client.get(f"/s/{token}").status_code == 404
    # The key is free again: with a new match it stores a new hand.
    again = create_match(api)["id"]
    response = api.client.post(
        f"/api/v1/matches/{again}/hands",
        json=simple_hand(1),
        headers={**api.headers, "Idempotency-Key": "phone-1"},
    )
    assert response.status_code == 201


def test_statistics_and_running_totals_lose_the_match(app, api):
    first = create_match(api)["id"]
    post_hand(api, first, simple_hand(1))  # Nosotros 900, Ellos 60
    second = create_match(api)["id"]
    post_hand(api, second, simple_hand(1))
    post_hand(api, second, simple_hand(2))
    owner = _owner(app)
    ana = _ids(app)["Ana"]
    with app.app_context():
        assert player_stats(owner, ana).hands == 3
    assert api.delete(f"/matches/{second}").status_code == 204
    with app.app_context():
        stats = player_stats(owner, ana)
        assert (stats.in_progress, stats.hands, stats.points) == (1, 1, 900)
        assert stats.best is not None and stats.best.match_id == first
        assert_totals_add_up(owner)
    assert api.delete(f"/matches/{first}").status_code == 204
    with app.app_context():
        assert player_stats(owner, ana).matches == 0
        assert_totals_add_up(owner)


def _owner(app: Flask) -> int:
    with app.app_context():
        return int(db.session.scalar(select(Player.club_id).limit(1)) or 0)


def test_a_partnership_s_latest_side_moves_to_its_previous_match(app, api):
    """The partnership row names its players from its latest side: deleting that side's match moves
    the reference to the newest other side, and the row goes with the partnership's last match."""
    older = create_match(api, two(("A", ["Ana", "Luis"]), ("B", ["Eva", "Juan"])))["id"]
    post_hand(api, older, simple_hand(1))
    create_match(api, two(("C", ["Ana", "Sol"]), ("D", ["Eva", "Juan"])))
    newer = create_match(api, two(("E", ["Luis", "Ana"]), ("F", ["Juan", "Eva"])))["id"]
    owner, ids = _owner(app), _ids(app)
    with app.app_context():
        row = db.session.get(PartnershipTotal, (ids["Ana"], ids["Luis"], ids["Luis"]))
        assert row is not None and row.latest_match_id == newer
    assert api.delete(f"/matches/{newer}").status_code == 204
    with app.app_context():
        row = db.session.get(PartnershipTotal, (ids["Ana"], ids["Luis"], ids["Luis"]))
        assert row is not None and row.latest_match_id == older
        assert db.session.get(Side, row.latest_side_id).match_id == older
        names = {p.names for p in partnerships_of(owner, ids["Ana"])}
        assert ("Ana", "Luis") in names  # seating order of the older match again
        assert_totals_add_up(owner)
    assert api.delete(f"/matches/{older}").status_code == 204
    with app.app_context():
        assert db.session.get(PartnershipTotal, (ids["Ana"], ids["Luis"], ids["Luis"])) is None
        assert {p.names for p in partnerships_of(owner, ids["Ana"])} == {("Ana", "Sol")}
        assert_totals_add_up(owner)


def test_the_exports_leave_it_out(app, api):
    kept = create_match(api)["id"]
    gone = create_match(api, two(("Otros", ["Pía"]), ("Ellos", ["Sol"])))["id"]
    post_hand(api, gone, simple_hand(1))
    assert api.delete(f"/matches/{gone}").status_code == 204
    browser = logged_in(app, "ana")
    exported = browser.get("/export/history.json").get_json()
    assert len(exported["matches"]) == 1
    assert [side["name"] for side in exported["matches"][0]["sides"]] == ["Nosotros", "Ellos"]
    assert "Otros" not in browser.get("/export/history.csv").get_data(as_text=True)
    assert browser.get(f"/matches/{gone}/export.json").status_code == 404
    assert browser.get(f"/matches/{kept}/export.json").status_code == 200


def test_a_match_that_must_stay_answers_409_and_stays(app, api, monkeypatch):
    """The hook a club night's matches will use (services.matches.DELETE_CHECKS)."""
    match_id = create_match(api)["id"]

    def of_an_event(match: Any) -> None:
        raise Conflict(EVENT)

    monkeypatch.setattr(services.matches, "DELETE_CHECKS", [of_an_event])
    response = api.delete(f"/matches/{match_id}")
    assert response.status_code == 409
    assert response.get_json() == {"errors": {"_": [EVENT]}}
    assert get_match(api, match_id)["id"] == match_id


@pytest.mark.parametrize("ruleset", ["samba", "canaston", "francaise"])
def test_any_rule_set_s_match_can_be_deleted(app, api, ruleset):
    match_id = create_match(api, match_body(ruleset))["id"]
    assert api.delete(f"/matches/{match_id}").status_code == 204
    with app.app_context():
        assert_totals_add_up(_owner(app))


def test_a_match_changed_meanwhile_is_not_deleted(app, api):
    """Another device's change, committed after this request read the match: 409, nothing goes, and
    the running totals stay as they were."""
    match_id = create_match(api)["id"]
    post_hand(api, match_id, simple_hand(1))
    owner = _owner(app)
    with app.app_context():
        stale = services.get_match(owner, match_id)
        assert stale.hands  # read now, as a request does
        with db.engine.begin() as other_device:
            other_device.execute(
                update(Match).where(Match.id == match_id).values(revision=Match.revision + 1)
            )
        with pytest.raises(Conflict):
            services.delete_match(stale)
        assert db.session.get(Match, match_id) is not None
        assert_totals_add_up(owner)
    assert get_match(api, match_id)["hands"]


def test_a_new_match_never_gets_the_id_of_a_deleted_one(api):
    """The newest match deleted, the next one gets a new id (SQLite's AUTOINCREMENT, PostgreSQL's
    sequence): a hand a phone queued offline for the deleted match is refused, never lands in the
    new one, and nothing else keyed by the id (share links, kept pages, caches) can mix the two."""
    kept = create_match(api)["id"]
    gone = create_match(api)["id"]
    post_hand(api, gone, simple_hand(1))
    assert api.delete(f"/matches/{gone}").status_code == 204
    new = create_match(api)["id"]
    assert new > gone > kept
    assert api.post(f"/matches/{gone}/hands", simple_hand(2)).status_code == 404  # the queued hand
    assert api.put(f"/matches/{gone}/hands/1", simple_hand(1)).status_code == 404
    assert get_match(api, new)["hands"] == []
