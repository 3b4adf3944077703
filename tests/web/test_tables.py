"""The table's page behind its link (/t/<token>) and the wall (/events/<id>/wall, /w/<token>), through
the test client: what a phone at a table and a screen in the room see, the links that open nothing,
the countdown under a set clock, the wall's ETag moving with a saved hand."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.extensions import db
from scorekeeper.models import EventRound
from tests.helpers import Api, counting, hand
from tests.web.helpers import logged_in

ENTRIES = [
    {"name": "Ana y Luis", "players": ["Ana", "Luis"]},
    {"name": "Eva y Juan", "players": ["Eva", "Juan"]},
    {"name": "Marta y Pablo", "players": ["Marta", "Pablo"]},
    {"name": "Lucía y Jorge", "players": ["Lucía", "Jorge"]},
]
#: The two sides of a hand (who went out is said by :func:`tests.helpers.hand`).
HAND = {"melds": 300, "canastas": {"clean": 1}}
OTHER = {"melds": 200, "hand": 50}


def new_event(api: Api, **extra: Any) -> dict[str, Any]:
    body = {
        "name": "Martes del club",
        "ruleset": "classic",
        "format": "round_robin",
        "rounds": 3,
        "game": {"hands": 2},
        "entries": ENTRIES,
        **extra,
    }
    response = api.post("/events", body)
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def seat(api: Api, event: int) -> dict[str, Any]:
    response = api.post(f"/events/{event}/rounds")
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def link(api: Api, event: int, table: int) -> str:
    response = api.post(f"/events/{event}/tables/{table}/link")
    assert response.status_code == 201, response.get_json()
    return str(response.get_json()["token"])


def table_hand(client: FlaskClient, token: str, body: dict[str, Any], key: str) -> Any:
    return client.post(
        "/api/v1/table/hands", json=body, headers={"Authorization": f"Bearer {token}", "Idempotency-Key": key}
    )


def names_at(round_: dict[str, Any], table: int, event: dict[str, Any]) -> list[str]:
    by_id = {e["id"]: e["name"] for e in event["entries"]}
    sides = round_["tables"][table - 1]["sides"]
    return [by_id[ids[0]] for ids in sides]


@pytest.fixture(autouse=True)
def _english(client: FlaskClient) -> None:
    """The phone of these tests reads English (the language switch's cookie)."""
    client.set_cookie("lang", "en")


@pytest.fixture
def night(app: Flask, client: FlaskClient, api: Api) -> dict[str, Any]:
    """An event of 4 pairs, round 1 seated (2 tables), a link for each table."""
    event = new_event(api)
    round_ = seat(api, event["id"])
    return {"event": event, "round": round_, "tokens": [link(api, event["id"], 1), link(api, event["id"], 2)]}


def test_the_table_page_shows_its_table_and_the_hand_entry_and_nothing_else(
    client: FlaskClient, night: dict[str, Any]
) -> None:
    response = client.get(f"/t/{night['tokens'][0]}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    mine = names_at(night["round"], 1, night["event"])
    theirs = names_at(night["round"], 2, night["event"])
    assert "Martes del club" in page and "Table 1" in page and "Round 1" in page
    assert all(name in page for name in mine)
    assert not any(name in page for name in theirs)  # never another table's data
    # The hand entry of this game, for the queue; the game it names is this table's.
    assert "data-hand-form" in page and "queue/main.js" in page
    assert f'data-match="{night["round"]["tables"][0]["match"]}"' in page
    # No way into the organiser's account from here.
    for account_link in ('href="/players', 'href="/matches', 'href="/export', 'href="/account', "Log out"):
        assert account_link not in page
    # The URL is a secret: no cache keeps it, no other site is told it.
    assert response.headers["Cache-Control"] == "no-store"
    assert response.headers["Referrer-Policy"] == "no-referrer"


def test_links_that_open_nothing_say_why_in_the_readers_language(
    app: Flask, client: FlaskClient, api: Api, night: dict[str, Any]
) -> None:
    unknown = app.test_client().get("/t/" + "x" * 43, headers={"Accept-Language": "es"})
    assert unknown.status_code == 404
    assert "Este enlace ya no funciona" in unknown.get_data(as_text=True)
    assert client.get("/t/" + "y" * 5000).status_code == 404
    assert client.get("/t/a%00b").status_code == 404
    old = night["tokens"][0]
    new = link(api, night["event"]["id"], 1)  # replaces the old one
    replaced = client.get(f"/t/{old}")
    assert replaced.status_code in (404, 410)
    text = replaced.get_data(as_text=True)
    assert "This link no longer works" in text
    assert not any(name in text for name in names_at(night["round"], 1, night["event"]))
    assert client.get(f"/t/{old}/state").get_json() == {"version": "gone"}
    assert client.get(f"/t/{new}").status_code == 200
    assert api.delete(f"/events/{night['event']['id']}/tables/1/link").status_code == 204
    assert client.get(f"/t/{new}").status_code in (404, 410)


def test_a_saved_hand_moves_the_page_and_the_finished_game_asks_both_sides(
    client: FlaskClient, night: dict[str, Any]
) -> None:
    token = night["tokens"][0]
    match = night["round"]["tables"][0]["match"]
    before = client.get(f"/t/{token}/state").get_json()["version"]
    first = table_hand(client, token, {**hand(1, 0, HAND, OTHER), "match": match}, "k1")
    assert first.status_code == 201, first.get_json()
    assert client.get(f"/t/{token}/state").get_json()["version"] != before
    page = client.get(f"/t/{token}").get_data(as_text=True)
    data = json.loads(re.search(r'data-template="([^"]+)"', page).group(1).replace("&#34;", '"'))
    assert data["next"] == 2 and data["totals"] == [
        side["total"] for side in first.get_json()["match"]["sides"]
    ]
    # The second hand ends the game (games of 2 hands): the page asks each side to agree.
    assert table_hand(client, token, {**hand(2, 1, OTHER, HAND), "match": match}, "k2").status_code == 201
    page = client.get(f"/t/{token}").get_data(as_text=True)
    assert "data-hand-form" not in page
    assert "Do you agree with this result?" in page
    assert page.count("data-confirm-side=") == 2
    confirmed = client.post(
        "/api/v1/table/confirm", json={"side": 1}, headers={"Authorization": f"Bearer {token}"}
    )
    assert confirmed.status_code == 200
    page = client.get(f"/t/{token}").get_data(as_text=True)
    assert page.count("data-confirm-side=") == 1 and 'data-confirmed="1"' in page


def test_the_same_link_shows_the_next_rounds_game(
    client: FlaskClient, api: Api, night: dict[str, Any]
) -> None:
    token = night["tokens"][0]
    event = night["event"]["id"]
    assert api.post(f"/events/{event}/rounds/1/close").status_code == 200
    closed = client.get(f"/t/{token}").get_data(as_text=True)
    assert "Do you agree with this result?" in closed  # settled as it stands: a draw at 0-0
    # A hand the phone queued for round 1's game is refused with the reason, not stored elsewhere.
    late = table_hand(
        client, token, {**hand(1, 0, HAND, OTHER), "match": night["round"]["tables"][0]["match"]}, "k"
    )
    assert late.status_code == 409
    round2 = seat(api, event)
    page = client.get(f"/t/{token}").get_data(as_text=True)
    assert "Round 2" in page and f'data-match="{round2["tables"][0]["match"]}"' in page


def test_the_countdown_counts_from_the_round_seated_by_the_servers_clock(
    app: Flask, client: FlaskClient, api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = new_event(api, game={"minutes": 30})
    seat(api, event["id"])
    token = link(api, event["id"], 1)
    with app.app_context():
        seated = db.session.query(EventRound).one().seated_at
    monkeypatch.setitem(app.config, "TABLES_CLOCK", lambda: seated + timedelta(minutes=10, seconds=15))
    page = client.get(f"/t/{token}").get_data(as_text=True)
    assert "19:45" in page and "data-countdown" in page
    monkeypatch.setitem(app.config, "TABLES_CLOCK", lambda: seated + timedelta(minutes=31))
    assert "Time is up" in client.get(f"/t/{token}").get_data(as_text=True)


def test_the_wall_follows_a_saved_hand_by_its_etag(
    app: Flask, client: FlaskClient, api: Api, night: dict[str, Any], password_hash: str
) -> None:
    event = night["event"]["id"]
    organiser = logged_in(app, "ana")
    wall = organiser.get(f"/events/{event}/wall")
    assert wall.status_code == 200
    page = wall.get_data(as_text=True)
    assert "Standings" in page and "Round 1" in page and all(e["name"] in page for e in ENTRIES)
    board = organiser.get(f"/events/{event}/wall/board")
    tag = board.headers["ETag"]
    assert organiser.get(f"/events/{event}/wall/board", headers={"If-None-Match": tag}).status_code == 304
    match = night["round"]["tables"][0]["match"]
    saved = table_hand(client, night["tokens"][0], {**hand(1, 0, HAND, OTHER), "match": match}, "w1")
    assert saved.status_code == 201
    again = organiser.get(f"/events/{event}/wall/board", headers={"If-None-Match": tag})
    assert again.status_code == 200 and again.headers["ETag"] != tag
    assert again.get_data(as_text=True).startswith('<section class="wall-round"')  # the board's HTML
    total = saved.get_json()["match"]["sides"][0]["total"]
    assert f'<span class="num">{total:,}</span>' in again.get_data(as_text=True)
    # The read-only link for phones: the same board, no login; a forged one opens nothing.
    phone = re.search(r'href="(http://localhost/w/[^"]+)"', page).group(1).removeprefix("http://localhost")
    anonymous = app.test_client()
    anonymous.set_cookie("lang", "en")
    assert anonymous.get(phone).status_code == 200
    assert anonymous.get(phone + "/board").headers["ETag"] == again.headers["ETag"]
    assert anonymous.get(phone[:-2] + "xx").status_code == 404
    assert anonymous.get(f"/events/{event}/wall").status_code == 302  # the organiser's: login


def test_the_wall_hides_the_last_rounds_on_request(app: Flask, api: Api, night: dict[str, Any]) -> None:
    event = night["event"]["id"]
    assert api.post(f"/events/{event}/rounds/1/close").status_code == 200  # every game a draw
    organiser = logged_in(app, "ana")
    shown = organiser.get(f"/events/{event}/wall").get_data(as_text=True)
    hidden = organiser.get(f"/events/{event}/wall?hide=1").get_data(as_text=True)
    match_points = re.compile(r'<td class="num strong">(\d+)</td>')
    assert match_points.findall(shown) == ["1"] * 4  # a draw each: 1 match point
    assert match_points.findall(hidden) == ["0"] * 4
    assert "the last round is hidden" in hidden


def test_another_accounts_wall_is_not_found(app: Flask, night: dict[str, Any], other_token: str) -> None:
    eva = logged_in(app, "eva")
    assert eva.get(f"/events/{night['event']['id']}/wall").status_code == 404
    assert eva.get(f"/events/{night['event']['id']}/wall/board").status_code == 404
    assert eva.get("/events/99999999999999999999/wall").status_code == 404  # beyond any id: no 500


def test_an_unchanged_wall_costs_one_query_and_a_correction_moves_it(
    app: Flask, client: FlaskClient, api: Api, night: dict[str, Any]
) -> None:
    event = night["event"]["id"]
    match = night["round"]["tables"][0]["match"]
    assert (
        table_hand(client, night["tokens"][0], {**hand(1, 0, HAND, OTHER), "match": match}, "c1").status_code
        == 201
    )
    organiser = logged_in(app, "ana")
    phone = re.search(
        r'href="http://localhost(/w/[^"]+)"', organiser.get(f"/events/{event}/wall").get_data(as_text=True)
    )
    board = phone.group(1) + "/board"
    tag = client.get(board).headers["ETag"]
    with counting(app) as statements:
        assert client.get(board, headers={"If-None-Match": tag}).status_code == 304
    assert len(statements) == 1, statements  # the wall's version: no row that every table writes
    corrected = api.put(f"/matches/{match}/hands/1", hand(1, 0, {**HAND, "melds": 400}, OTHER))
    assert corrected.status_code == 200, corrected.get_json()
    again = client.get(board, headers={"If-None-Match": tag})
    assert again.status_code == 200 and again.headers["ETag"] != tag


def test_an_ended_events_link_says_so(client: FlaskClient, api: Api, night: dict[str, Any]) -> None:
    event = night["event"]["id"]
    assert api.post(f"/events/{event}/rounds/1/close").status_code == 200
    assert api.post(f"/events/{event}/finish").status_code == 200
    ended = client.get(f"/t/{night['tokens'][0]}")
    assert ended.status_code == 410
    assert "The event has ended" in ended.get_data(as_text=True)


def test_a_save_without_scripts_stores_nothing_and_says_so(
    client: FlaskClient, night: dict[str, Any]
) -> None:
    token = night["tokens"][0]
    posted = client.post(f"/t/{token}", data={"went_out": "1", "sides-0-melds": "300"})
    assert posted.status_code == 400
    assert "This page needs JavaScript to save hands" in posted.get_data(as_text=True)
    table = client.get("/api/v1/table", headers={"Authorization": f"Bearer {token}"}).get_json()
    assert table["match"]["hands"] == []


def test_before_the_first_round_the_page_waits_for_it(client: FlaskClient, api: Api) -> None:
    event = new_event(api)
    token = link(api, event["id"], 2)
    page = client.get(f"/t/{token}").get_data(as_text=True)
    assert "The first round has not been seated yet." in page and "data-hand-form" not in page
    seat(api, event["id"])
    assert "data-hand-form" in client.get(f"/t/{token}").get_data(as_text=True)


def test_in_an_individual_event_each_side_is_two_players(client: FlaskClient, api: Api) -> None:
    players = [{"players": [name]} for name in ("Ana", "Luis", "Eva", "Juan")]
    event = new_event(api, format="individual", rounds=1, entries=players)
    seated = seat(api, event["id"])
    page = client.get(f"/t/{link(api, event['id'], 1)}").get_data(as_text=True)
    by_id = {e["id"]: e["name"] for e in event["entries"]}
    for side in seated["tables"][0]["sides"]:
        assert " &amp; ".join(by_id[i] for i in side) in page


def test_an_event_game_of_american_canasta_ended_by_a_dream_hand(client: FlaskClient, api: Api) -> None:
    """A club night of American Canasta, games of three hands: the table's page offers the League's
    Miami pairs and Dream Hands; a Dream Hand plus 4 in hand 1 (8500 against one canasta, 300 + 500 =
    800) ends the game at once with that side the winner, the page asks both sides to agree, and the
    standings count the win."""
    event = new_event(api, ruleset="american", game={"hands": 3})
    round_ = seat(api, event["id"])
    token = link(api, event["id"], 1)
    page = client.get(f"/t/{token}").get_data(as_text=True)
    for kind in ("special_miami_pairs", "special_dream_4", "special_dream_5"):
        assert f'value="{kind}"' in page, kind
    match = round_["tables"][0]["match"]
    dream = {**hand(1, 0, {"melds": 0}, {"melds": 300, "canastas": {"clean": 1}}), "match": match}
    dream["going_out_kind"] = "special_dream_4"
    answer = table_hand(client, token, dream, "dream-1")
    assert answer.status_code == 201, answer.get_json()
    game = answer.get_json()["match"]
    assert [s["total"] for s in game["sides"]] == [8500, 800]
    assert game["finished"] is True and game["winner"] == 0
    page = client.get(f"/t/{token}").get_data(as_text=True)
    assert "data-hand-form" not in page and "Do you agree with this result?" in page
    winner_entry = round_["tables"][0]["sides"][0][0]
    standings = api.get(f"/events/{event['id']}").get_json()["standings"]
    row = next(row for row in standings if row["entry"] == winner_entry)
    assert (row["played"], row["won"], row["lost"]) == (1, 1, 0)


def test_a_sides_agreement_and_the_correction_that_reopens_it_are_in_the_games_log(
    app: Flask, client: FlaskClient, api: Api, night: dict[str, Any]
) -> None:
    """Side 2 of table 1 agrees with the finished game's totals: the game's log (the director's game
    page, the match's log page) says so with the totals the reader's way; agreeing twice logs once; a
    correction of a hand says the confirmation is reopened, in the reader's language."""
    token = night["tokens"][0]
    event, match = night["event"]["id"], night["round"]["tables"][0]["match"]
    big = {"melds": 600, "canastas": {"clean": 2}}
    for body, key in ((hand(1, 0, big, OTHER), "c1"), (hand(2, 1, OTHER, HAND), "c2")):
        assert table_hand(client, token, {**body, "match": match}, key).status_code == 201
    totals = [side["total"] for side in api.get(f"/matches/{match}").get_json()["sides"]]
    assert totals[0] >= 1000  # grouped the reader's way below
    headers = {"Authorization": f"Bearer {token}"}
    for _ in range(2):
        assert client.post("/api/v1/table/confirm", json={"side": 1}, headers=headers).status_code == 200
    agreed = f"Table 1, side 2 agreed with {totals[0]:,} – {totals[1]:,}"
    organiser = logged_in(app, "ana")
    game_page = organiser.get(f"/events/{event}/games/{match}").get_data(as_text=True)
    assert game_page.count(agreed) == 1
    assert agreed in organiser.get(f"/matches/{match}/log").get_data(as_text=True)
    spanish = logged_in(app, "ana", "es").get(f"/matches/{match}/log").get_data(as_text=True)
    assert f"Mesa 1, equipo 2 de acuerdo con {totals[0]} – {totals[1]}" in spanish  # 1850: no group in es
    # The director corrects hand 2: the sides must agree again, and the log says why.
    corrected = api.put(f"/matches/{match}/hands/2", hand(2, 1, OTHER, big))
    assert corrected.status_code == 200, corrected.get_json()
    log = organiser.get(f"/matches/{match}/log").get_data(as_text=True)
    assert "A correction reopened the confirmation" in log
    assert client.get(f"/t/{token}").get_data(as_text=True).count("data-confirm-side=") == 2
